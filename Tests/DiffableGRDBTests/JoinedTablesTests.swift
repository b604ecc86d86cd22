#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// Requests that read other tables: a membership table (`WITHOUT ROWID`, composite key), a
    /// parent table, views and full-text tables, followed for every writer.
    @MainActor
    @Suite("Requests over several tables")
    struct JoinedTablesTests {
        nonisolated static let schema = """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, isBanned INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE dish(
                id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL, title TEXT NOT NULL UNIQUE,
                minutes INTEGER NOT NULL);
            CREATE INDEX dish_byAuthor ON dish(authorId);
            CREATE TABLE membership(
                name TEXT NOT NULL, dishId INTEGER NOT NULL, PRIMARY KEY(name, dishId)) WITHOUT ROWID;
            CREATE INDEX membership_byDish ON membership(dishId);
            """

        /// The baking dishes of authors not banned, by author name, then title.
        nonisolated static let filter = SQL(
            """
            EXISTS (SELECT 1 FROM membership WHERE name = 'Baking' AND dishId = dish.id)
            AND NOT EXISTS (SELECT 1 FROM author WHERE author.id = dish.authorId AND author.isBanned)
            """)
        nonisolated static let section = SQL("(SELECT name FROM author WHERE author.id = dish.authorId)")

        nonisolated static func request(keyed: Bool) -> FetchedResultsRequest<String, Int64> {
            FetchedResultsRequest(
                table: "dish", item: Column("id"), section: section, content: [Column("minutes")],
                filter: filter, ordering: [.ascending(Column("title"))],
                keyPaths: keyed
                    ? [
                        .init(table: "membership", column: "dishId", matches: Column("id")),
                        .init(table: "author", column: "id", matches: Column("authorId")),
                    ] : [])
        }

        /// What the requests show, read straight from the database.
        nonisolated static func expected(_ db: Database) throws -> [[Int64]] {
            var snapshot = DiffableDataSourceSnapshot<String, Int64>()
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT dish.id, author.name FROM dish JOIN author ON author.id = dish.authorId
                    WHERE EXISTS (SELECT 1 FROM membership WHERE name = 'Baking' AND dishId = dish.id)
                    AND NOT author.isBanned ORDER BY author.name, dish.title, dish.rowid
                    """)
            {
                let section: String = row[1]
                if !snapshot.contains(section: section) { snapshot.appendSections([section]) }
                snapshot.appendItems([row[0]], toSection: section)
            }
            return items(of: snapshot)
        }

        nonisolated static func contents(_ db: Database) throws -> [Int64: Int] {
            var contents: [Int64: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, minutes FROM dish") { contents[row[0]] = row[1] }
            return contents
        }

        /// A file with six authors, thirty dishes and some of them in Baking or Dinner.
        nonisolated static func makeDatabase(_ rng: inout SeededRandom) throws -> (
            TemporaryDatabase, DatabasePool
        ) {
            let file = try TemporaryDatabase()
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let pool = try DatabasePool(path: file.path, configuration: configuration)
            var statements = [schema]
            for id in 1...6 {
                statements.append("INSERT INTO author(id, name) VALUES (\(id), 'Author \(id)')")
            }
            for id in 1...30 {
                statements.append(
                    "INSERT INTO dish VALUES (\(id), \(Int.random(in: 1...6, using: &rng)), 'Dish \(id)', \(id))"
                )
                for name in ["Baking", "Dinner"] where Bool.random(using: &rng) {
                    statements.append("INSERT INTO membership VALUES ('\(name)', \(id))")
                }
            }
            try pool.write { db in for statement in statements { try db.execute(sql: statement) } }
            return (file, pool)
        }

        /// Random commits to the listed table, the membership table and the parent table — plain
        /// writes, `INSERT OR REPLACE` on a unique column, `UPDATE OR REPLACE` of a composite key —
        /// by four writers: the pool the controllers read from, a second connection, another
        /// process, and Python's `sqlite3` (as an administrator's shell would). After every commit
        /// has settled, every view equals a fresh `SELECT`, exactly the rows whose content changed
        /// were reconfigured, the controller with key paths never read every row again, and the one
        /// without read every row once for each commit that touched a table it reads.
        @Test func commitsToEveryTableReachTheViewsWithKeyPathsAndWithout() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let (file, pool) = try Self.makeDatabase(&rng)
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let errors = ErrorLog()
            let keyed = FetchedResultsController(database: pool, request: Self.request(keyed: true)) {
                errors.append($0)
            }
            let unkeyed = FetchedResultsController(database: pool, request: Self.request(keyed: false)) {
                errors.append($0)
            }
            try await keyed.performFetch()
            try await unkeyed.performFetch()
            #expect(keyed.followedTables == ["author", "dish", "membership"])
            #expect(unkeyed.followedTables == ["author", "dish", "membership"])
            let views = (DrivenView(), DrivenView())
            keyed.drive(views.0.dataSource)
            unkeyed.drive(views.1.dataSource)
            let other = try file.secondConnection()
            // Batches of every table, to know when the feed has read a commit: the next commit
            // then comes in a read of its own, and the whole reads can be counted.
            var batches = ChangeFeed.feed(for: pool).changes().makeAsyncIterator()
            var nextID: Int64 = 100
            var touchingReadTables = 0
            for step in 0..<SeededRandom.caseCount(80) {
                let (dishes, memberships) = try await pool.read { db in
                    (
                        try Int64.fetchAll(db, sql: "SELECT id FROM dish"),
                        try Row.fetchAll(db, sql: "SELECT name, dishId FROM membership").map {
                            ($0[0] as String, $0[1] as Int64)
                        }
                    )
                }
                let dish = dishes.randomElement(using: &rng) ?? 1
                let author = Int.random(in: 1...6, using: &rng)
                let name = Bool.random(using: &rng) ? "Baking" : "Dinner"
                var statements: [String] = []
                for _ in 0..<Int.random(in: 1...2, using: &rng) {
                    // Each statement takes new titles and names from a number of its own.
                    defer { nextID += 1 }
                    switch Int.random(in: 0..<11, using: &rng) {
                    case 0:
                        statements.append(
                            "INSERT INTO dish VALUES (\(nextID), \(author), 'Dish \(nextID)', \(nextID % 7))")
                    case 1: statements.append("DELETE FROM dish WHERE id = \(dish)")
                    case 2: statements.append("UPDATE dish SET minutes = minutes + 1 WHERE id = \(dish)")
                    case 3: statements.append("UPDATE dish SET title = 'Dish \(nextID)' WHERE id = \(dish)")
                    case 4: statements.append("UPDATE dish SET authorId = \(author) WHERE id = \(dish)")
                    case 5: statements.append("INSERT OR IGNORE INTO membership VALUES ('\(name)', \(dish))")
                    case 6:
                        if let (name, dish) = memberships.randomElement(using: &rng) {
                            statements.append(
                                "DELETE FROM membership WHERE name = '\(name)' AND dishId = \(dish)")
                        }
                    case 7:
                        statements.append("UPDATE author SET isBanned = NOT isBanned WHERE id = \(author)")
                    case 8:
                        statements.append("UPDATE author SET name = 'Author \(nextID)' WHERE id = \(author)")
                    case 9:
                        // Takes another dish's title: SQLite deletes that dish, with no delete trigger.
                        statements.append(
                            "INSERT OR REPLACE INTO dish VALUES (\(nextID), \(author), 'Dish \(dish)', 1)")
                    default:
                        if let (name, from) = memberships.randomElement(using: &rng) {
                            statements.append(
                                "UPDATE OR REPLACE membership SET dishId = \(dish) WHERE name = '\(name)' AND dishId = \(from)"
                            )
                        }
                    }
                }
                let writer = Writer.allCases.randomElement(using: &rng)!
                let comment = Comment(
                    rawValue: "DIFFABLE_SEED=\(seed) step \(step), writer \(writer): \(statements)")
                views.0.view.clearRecords()
                views.1.view.clearRecords()
                let (before, logged) = try await pool.read { db in
                    (
                        try Self.contents(db),
                        try Int64.fetchOne(
                            db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'diffable_change'") ?? 0
                    )
                }
                let shown = (keyed.snapshot, unkeyed.snapshot)
                #expect(
                    try await writer.commit(statements, pool: pool, other: other, path: file.path), comment)
                let (expected, after, head) = try await pool.read { db in
                    (
                        try Self.expected(db), try Self.contents(db),
                        try Int64.fetchOne(
                            db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'diffable_change'") ?? 0
                    )
                }
                // The batches that bring the feed to the commit: did they touch a table read?
                var touched = false
                while head > logged, let batch = await batches.next() {
                    touched = touched || batch.mayHaveChanged("author") || batch.mayHaveChanged("membership")
                    if (batch.position ?? 0) >= head { break }
                }
                if touched { touchingReadTables += 1 }
                let sections = expected.compactMap { items in
                    try? pool.read { db in
                        try String.fetchOne(
                            db,
                            sql:
                                "SELECT author.name FROM dish JOIN author ON author.id = dish.authorId WHERE dish.id = ?",
                            arguments: [items[0]])
                    }
                }
                // The view may show the rows before the change that reconfigures one arrives: the
                // reconfigured items are part of what settles.
                let reconfigured = [shown.0, shown.1].map {
                    reconfiguredItems(
                        shown: $0, expected: expected, sections: sections, before: before, after: after)
                }
                await eventually(
                    "\(comment); reconfigured \(views.0.reconfiguredItems()) \(views.1.reconfiguredItems()), expected \(reconfigured)"
                ) {
                    zip([views.0, views.1], reconfigured).allSatisfy { view, reconfigured in
                        shownItems(view.view) == expected && !view.dataSource.hasPendingUpdates
                            && view.reconfiguredItems() == reconfigured
                    }
                }
                #expect(views.0.view.violations.isEmpty && views.1.view.violations.isEmpty, comment)
                #expect(keyed.statistics.wholeReads == 1, "a key path leads to every changed row; \(comment)")
                await eventually(
                    "one whole read per commit to a table read without a key path (\(unkeyed.statistics), \(touchingReadTables)); \(comment)"
                ) {
                    unkeyed.statistics.wholeReadsForTablesWithoutKeyPaths == touchingReadTables
                }
            }
            #expect(errors.all.isEmpty)
        }

        /// A fetched controller of the dishes that pass `filter`, in one section.
        func dishes(
            _ pool: DatabasePool, filter: String,
            keyPaths: [FetchedResultsRequest<String, Int64>.KeyPath] = []
        ) async throws -> FetchedResultsController<String, Int64> {
            let controller = FetchedResultsController(
                database: pool,
                request: FetchedResultsRequest<String, Int64>(
                    table: "dish", item: Column("id"), section: "".databaseValue, filter: SQL(sql: filter),
                    keyPaths: keyPaths))
            try await controller.performFetch()
            return controller
        }

        @Test func aViewInTheFilterIsFollowedThroughItsTablesAndCannotBeListed() async throws {
            var rng = SeededRandom(seed: 1)
            let (file, pool) = try Self.makeDatabase(&rng)
            defer { withExtendedLifetime(file) {} }
            try await pool.write { db in
                try db.execute(
                    sql: "CREATE VIEW baking AS SELECT dishId FROM membership WHERE name = 'Baking'")
            }
            let controller = try await dishes(
                pool, filter: "id IN (SELECT dishId FROM baking)",
                keyPaths: [.init(table: "membership", column: "dishId", matches: Column("id"))])
            #expect(controller.followedTables == ["dish", "membership"])
            try await pool.write {
                try $0.execute(sql: "INSERT OR IGNORE INTO membership VALUES ('Baking', 1)")
            }
            await eventually { controller.snapshot.itemIdentifiers.contains(1) }
            try await pool.write { try $0.execute(sql: "DELETE FROM membership WHERE dishId = 1") }
            await eventually { !controller.snapshot.itemIdentifiers.contains(1) }
            #expect(controller.statistics.wholeReads == 1)

            let listed = FetchedResultsController(
                database: pool,
                request: FetchedResultsRequest<String, Int64>(
                    table: "baking", item: Column("dishId"), section: "".databaseValue))
            await #expect {
                try await listed.performFetch()
            } throws: { error in
                guard case .changeLogUnavailable("baking", let reason) = error as? FetchedResultsError else {
                    return false
                }
                return reason.contains("view")
            }
        }

        /// A filter that reads its own table again — the first rows a subquery finds — cannot be
        /// read row by row: a row that enters pushes another out. The table is then a table read
        /// without a key path, so a change to it reads every row.
        @Test func aFilterThatReadsItsOwnTableIsReadWhole() async throws {
            var rng = SeededRandom(seed: 3)
            let (file, pool) = try Self.makeDatabase(&rng)
            defer { withExtendedLifetime(file) {} }
            let firstFive = "id IN (SELECT id FROM dish AS d ORDER BY d.title LIMIT 5)"
            let list = try await dishes(pool, filter: firstFive)
            #expect(list.followedTables == ["dish"])
            let expected = { @Sendable (db: Database) throws -> [Int64] in
                try Int64.fetchAll(
                    db, sql: "SELECT id FROM dish WHERE \(firstFive) ORDER BY rowid")
            }
            // A title that sorts first: it enters, and pushes the fifth out.
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO dish VALUES (100, 1, 'A first dish', 100)")
            }
            let afterInsert = try await pool.read(expected)
            #expect(afterInsert.contains(100) && afterInsert.count == 5)
            await eventually { list.snapshot.itemIdentifiers == afterInsert }
            #expect(list.statistics.wholeReadsForTablesWithoutKeyPaths == 1)
            // One shown leaves: the sixth comes in.
            try await pool.write { db in try db.execute(sql: "DELETE FROM dish WHERE id = 100") }
            let afterDelete = try await pool.read(expected)
            await eventually { list.snapshot.itemIdentifiers == afterDelete }
            #expect(list.statistics.wholeReadsForTablesWithoutKeyPaths == 2)
        }

        @Test func fullTextTablesAreFollowedThroughTheirContent() async throws {
            var rng = SeededRandom(seed: 2)
            let (file, pool) = try Self.makeDatabase(&rng)
            defer { withExtendedLifetime(file) {} }
            try await pool.write { db in
                try db.execute(
                    sql: """
                        CREATE VIRTUAL TABLE dishSearch USING fts5(title, content='dish', content_rowid='id');
                        INSERT INTO dishSearch(dishSearch) VALUES ('rebuild');
                        CREATE VIRTUAL TABLE note USING fts5(body);
                        INSERT INTO note(rowid, body) VALUES (1, 'crisp'), (2, 'soft');
                        """)
            }
            // The full-text table's content is the listed table: no key path, so each change to
            // it reads every row (a LIMIT in the filter keeps no per-row read exact).
            let search = try await dishes(
                pool, filter: "id IN (SELECT rowid FROM dishSearch WHERE dishSearch MATCH 'dish' LIMIT 5)")
            #expect(search.followedTables == ["dish"])
            // A full-text table with its own content, followed through its shadow table.
            let noted = try await dishes(
                pool, filter: "id IN (SELECT rowid FROM note WHERE note MATCH 'crisp')",
                keyPaths: [.init(table: "note", column: "rowid", matches: Column("id"))])
            #expect(noted.followedTables == ["dish", "note_content"])
            #expect(noted.snapshot.itemIdentifiers == [1])
            try await pool.write {
                try $0.execute(sql: "INSERT INTO note(rowid, body) VALUES (3, 'crisp crust')")
            }
            await eventually { noted.snapshot.itemIdentifiers == [1, 3] }
            try await pool.write { try $0.execute(sql: "DELETE FROM note WHERE rowid = 1") }
            await eventually { noted.snapshot.itemIdentifiers == [3] }
            #expect(noted.statistics.wholeReads == 1)
            try await pool.write { try $0.execute(sql: "DELETE FROM dish WHERE id = 1") }
            await eventually { search.statistics.wholeReadsForTablesWithoutKeyPaths == 1 }
            let matches = try await pool.read { db in
                try Int64.fetchAll(
                    db,
                    sql:
                        "SELECT id FROM dish WHERE id IN (SELECT rowid FROM dishSearch WHERE dishSearch MATCH 'dish' LIMIT 5) ORDER BY rowid"
                )
            }
            #expect(search.snapshot.itemIdentifiers == matches)
        }

        @Test func anEarlierVersionsLogIsUpgradedInPlaceAndItsReadersStillRead() async throws {
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            // The log and triggers version 1 made: row ids only.
            try await pool.write { db in
                try db.execute(sql: Self.schema)
                try db.execute(
                    sql:
                        "INSERT INTO author(id, name) VALUES (1, 'Ada'); INSERT INTO dish VALUES (1, 1, 'Pie', 5)"
                )
                try db.execute(
                    sql: """
                        CREATE TABLE diffable_change(
                            position INTEGER PRIMARY KEY AUTOINCREMENT, tableName TEXT NOT NULL,
                            rowID INTEGER NOT NULL, kind TEXT NOT NULL);
                        CREATE TABLE diffable_change_reader(id TEXT PRIMARY KEY, position INTEGER NOT NULL, seenAt REAL NOT NULL);
                        CREATE TRIGGER diffable_change_dish_insert AFTER INSERT ON dish BEGIN
                            INSERT INTO diffable_change(tableName, rowID, kind) VALUES ('dish', new.rowid, 'insert');
                        END;
                        CREATE TRIGGER diffable_change_dish_update AFTER UPDATE ON dish BEGIN
                            INSERT INTO diffable_change(tableName, rowID, kind) VALUES ('dish', new.rowid, 'update');
                        END;
                        CREATE TRIGGER diffable_change_dish_delete AFTER DELETE ON dish BEGIN
                            INSERT INTO diffable_change(tableName, rowID, kind) VALUES ('dish', old.rowid, 'delete');
                        END;
                        INSERT INTO diffable_change(tableName, rowID, kind) VALUES ('dish', 1, 'insert');
                        """)
            }
            let controller = try await dishes(
                pool, filter: "EXISTS (SELECT 1 FROM membership WHERE dishId = dish.id)",
                keyPaths: [.init(table: "membership", column: "dishId", matches: Column("id"))])
            try await pool.write { try $0.execute(sql: "INSERT INTO membership VALUES ('Baking', 1)") }
            await eventually { controller.snapshot.itemIdentifiers == [1] }
            #expect(controller.statistics.wholeReads == 1)
            controller.stop()
            await eventually { ChangeFeed.feed(for: pool).phase == .stopped }
            // The triggers are this version's, and the rows they write (with no feed left to trim
            // them) read as version 1 reads them: position, table, row id.
            let rows = try await file.secondConnection().write { db in
                let before = try Int64.fetchOne(db, sql: "SELECT max(position) FROM diffable_change") ?? 0
                try db.execute(
                    sql:
                        "INSERT INTO dish VALUES (2, 1, 'Tart', 5); INSERT INTO membership VALUES ('Baking', 2)"
                )
                return try Row.fetchAll(
                    db,
                    sql:
                        "SELECT tableName, rowID, kind FROM diffable_change WHERE position > ? ORDER BY position",
                    arguments: [before]
                ).map { "\($0[0] as String) \($0[1] as Int64) \($0[2] as String)" }
            }
            let versions = try await pool.read { db in
                try Row.fetchAll(db, sql: "SELECT tableName, version FROM diffable_change_table ORDER BY 1")
                    .map {
                        "\($0[0] as String) \($0[1] as Int)"
                    }
            }
            #expect(versions == ["dish 2", "membership 2"])
            #expect(rows == ["dish 2 insert", "membership 0 insert"])
        }

        @Test func aTimeWindowLetsRowsInAndOutAtTheirTimesWithNothingWritten() async throws {
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            let clock = ManualWallClock(now: start)
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            let offsets: [Double] = [-90, -50, -10, 20, 60, 130]
            try await pool.write { db in
                try db.execute(sql: "CREATE TABLE post(id INTEGER PRIMARY KEY, addedAt REAL NOT NULL)")
                for (index, offset) in offsets.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO post VALUES (?, ?)",
                        arguments: [index + 1, start.timeIntervalSince1970 + offset])
                }
            }
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            func request(_ window: FetchedResultsRequest<String, Int64>.TimeWindow) -> FetchedResultsRequest<
                String, Int64
            > {
                FetchedResultsRequest(
                    table: "post", item: Column("id"), section: "".databaseValue,
                    ordering: [.descending(Column("addedAt"))], timeWindow: window)
            }
            // Added in the last 100 seconds; and published once their time has come.
            let recent = FetchedResultsController(
                database: pool,
                request: request(
                    .init(column: Column("addedAt"), closesAfter: 100, storage: .secondsSince1970)),
                clock: clock)
            let published = FetchedResultsController(
                database: pool,
                request: request(.init(column: Column("addedAt"), opensAfter: 0, storage: .secondsSince1970)),
                clock: clock)
            try await recent.performFetch()
            try await published.performFetch()
            let views = (DrivenView(), DrivenView())
            recent.drive(views.0.dataSource)
            published.drive(views.1.dataSource)
            func expected(_ condition: String) async throws -> [[Int64]] {
                let now = clock.now.timeIntervalSince1970
                let ids = try await pool.read { db in
                    try Int64.fetchAll(
                        db, sql: "SELECT id FROM post WHERE \(condition) ORDER BY addedAt DESC",
                        arguments: [now])
                }
                return ids.isEmpty ? [] : [ids]
            }
            var rng = SeededRandom(seed: SeededRandom.baseSeed())
            for step in 0..<24 {
                if step == 10 {
                    try await pool.write { db in
                        try db.execute(
                            sql: "INSERT INTO post VALUES (100, ?)",
                            arguments: [clock.now.timeIntervalSince1970 + 15])
                    }
                }
                clock.advance(by: Double(Int.random(in: 1...25, using: &rng)))
                let recentRows = try await expected("addedAt > ? - 100")
                let publishedRows = try await expected("addedAt <= ?")
                await eventually("step \(step) at \(clock.now)") {
                    shownItems(views.0.view) == recentRows && shownItems(views.1.view) == publishedRows
                        && !views.0.dataSource.hasPendingUpdates && !views.1.dataSource.hasPendingUpdates
                }
                #expect(views.0.view.violations.isEmpty && views.1.view.violations.isEmpty)
                if step == 0 {
                    await eventually("each controller waits for its next boundary") {
                        clock.sleeperCount == 2
                    }
                }
            }
            // Every row has entered and left: nothing is left to wait for.
            clock.advance(to: start.addingTimeInterval(1_000))
            let everything = try await expected("addedAt <= ?")
            await eventually {
                shownItems(views.0.view) == [] && shownItems(views.1.view) == everything
                    && clock.sleeperCount == 0
            }
            #expect(recent.statistics.wholeReads == 1 && published.statistics.wholeReads == 1)
        }
    }

#endif
