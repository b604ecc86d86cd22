#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// Requests with `fetchLimit` and `fetchOffset`: the window stays equal to the same
    /// `SELECT … LIMIT … OFFSET …` as rows enter, leave and move across both of its edges, each
    /// commit one batch update with the fewest moves, the rows held never the whole table, and no
    /// change read by running the query again.
    @MainActor
    @Suite("Windows of a request")
    struct WindowTests {
        nonisolated static let schema = """
            CREATE TABLE entry(
                id INTEGER PRIMARY KEY, team TEXT NOT NULL, score INTEGER, title TEXT NOT NULL,
                isHidden INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX entry_order ON entry(team, score);
            """

        /// A window the test follows, with the SQL of its keyset start.
        struct Window: Sendable, CustomStringConvertible {
            var limit: Int?
            var offset = 0
            var ascending = true
            var after: [any DatabaseValueConvertible & Sendable]? = nil
            var afterSQL = "1"

            var description: String {
                "limit \(limit.map(String.init) ?? "-"), offset \(offset), after \(afterSQL)"
            }

            var request: FetchedResultsRequest<String, Int64> {
                FetchedResultsRequest(
                    table: "entry", item: Column("id"), section: Column("team"), content: [Column("title")],
                    filter: Column("isHidden") == false, ordering: [.descending(Column("score"))],
                    sectionsAscending: ascending, fetchLimit: limit, fetchOffset: offset, fetchAfter: after)
            }

            /// What the window shows, read straight from the database.
            func expected(_ db: Database) throws -> (items: [[Int64]], sections: [String]) {
                var snapshot = DiffableDataSourceSnapshot<String, Int64>()
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, team FROM entry WHERE NOT isHidden AND \(afterSQL)
                        ORDER BY team \(ascending ? "ASC" : "DESC"), score DESC, rowid
                        LIMIT \(limit ?? -1) OFFSET \(offset)
                        """)
                for row in rows {
                    let section: String = row[1]
                    if !snapshot.contains(section: section) { snapshot.appendSections([section]) }
                    snapshot.appendItems([row[0]], toSection: section)
                }
                return (items(of: snapshot), snapshot.sectionIdentifiers)
            }
        }

        /// The windows the test follows: at the top, in the middle, far down, past the end, an
        /// offset alone, with sections in both directions, and after a row (keyset pages).
        nonisolated static let windows: [Window] = [
            Window(limit: 5), Window(limit: 7, offset: 3), Window(limit: 4, offset: 20, ascending: false),
            Window(limit: 10, offset: 45), Window(limit: nil, offset: 25), Window(limit: 1, ascending: false),
            Window(limit: 6, offset: 90),
            Window(
                limit: 5, after: ["Green", 20],
                afterSQL: "(team > 'Green' OR (team = 'Green' AND (score < 20 OR score IS NULL)))"),
            Window(
                limit: 4, offset: 2, after: ["Blue", 15, 30],
                afterSQL:
                    "(team > 'Blue' OR (team = 'Blue' AND (score < 15 OR score IS NULL)) OR (team = 'Blue' AND score = 15 AND id > 30))"
            ),
        ]

        nonisolated static func titles(_ db: Database) throws -> [Int64: String] {
            var titles: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, title FROM entry") { titles[row[0]] = row[1] }
            return titles
        }

        /// Random commits — inserts, deletes, scores that move rows (to `NULL` too), teams that
        /// move them across sections, rows hidden and shown, titles that change their content,
        /// and deletes of many rows at once that empty a window's margin — by three writers.
        /// After each, every window equals its `SELECT`, its view applied one valid batch update
        /// with the fewest moves and reconfigured exactly the rows whose title changed, and no
        /// controller read its rows again or held more than its window and two margins a side.
        @Test func windowsStayEqualToTheirQueryUnderRandomCommits() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let file = try TemporaryDatabase()
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let pool = try DatabasePool(path: file.path, configuration: configuration)
            let teams = ["Blue", "Green", "Red"]
            var statements = [Self.schema]
            for id in 1...80 {
                let score =
                    Int.random(in: 0..<8, using: &rng) == 0
                    ? "NULL" : "\(Int.random(in: 0..<40, using: &rng))"
                statements.append(
                    "INSERT INTO entry(id, team, score, title) VALUES (\(id), '\(teams.randomElement(using: &rng)!)', \(score), 'Entry \(id)')"
                )
            }
            try await pool.write { [statements] db in
                for statement in statements { try db.execute(sql: statement) }
            }
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let errors = ErrorLog()
            var controllers: [FetchedResultsController<String, Int64>] = []
            var views: [DrivenView] = []
            for window in Self.windows {
                let controller = FetchedResultsController(
                    database: pool,
                    request: window.request
                ) { errors.append($0) }
                try await controller.performFetch()
                let view = DrivenView()
                controller.drive(view.dataSource)
                controllers.append(controller)
                views.append(view)
            }
            let other = try file.secondConnection()
            var nextID: Int64 = 1000
            for step in 0..<SeededRandom.caseCount(70) {
                let ids = try await pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM entry") }
                var statements: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    defer { nextID += 1 }
                    let id = ids.randomElement(using: &rng) ?? 1
                    let team = teams.randomElement(using: &rng)!
                    let score =
                        Int.random(in: 0..<6, using: &rng) == 0
                        ? "NULL" : "\(Int.random(in: 0..<40, using: &rng))"
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0, 1:
                        statements.append(
                            "INSERT INTO entry(id, team, score, title) VALUES (\(nextID), '\(team)', \(score), 'Entry \(nextID)')"
                        )
                    case 2: statements.append("DELETE FROM entry WHERE id = \(id)")
                    case 3, 4: statements.append("UPDATE entry SET score = \(score) WHERE id = \(id)")
                    case 5: statements.append("UPDATE entry SET team = '\(team)' WHERE id = \(id)")
                    case 6: statements.append("UPDATE entry SET isHidden = NOT isHidden WHERE id = \(id)")
                    case 7: statements.append("UPDATE entry SET title = 'Entry \(nextID)' WHERE id = \(id)")
                    case 8:
                        // Many rows at once: a window's margin runs out.
                        let low = Int.random(in: 0..<40, using: &rng)
                        statements.append(
                            "DELETE FROM entry WHERE team = '\(team)' AND score BETWEEN \(low) AND \(low + 6)"
                        )
                    default:
                        for offset in 0..<6 {
                            statements.append(
                                "INSERT INTO entry(id, team, score, title) VALUES (\(nextID * 10 + Int64(offset)), '\(team)', \(score), 'Burst \(nextID) \(offset)')"
                            )
                        }
                    }
                }
                let writer = [Writer.pool, .secondConnection, .pythonSQLite].randomElement(using: &rng)!
                let comment = Comment(
                    rawValue: "DIFFABLE_SEED=\(seed) step \(step), writer \(writer): \(statements)")
                for view in views { view.view.clearRecords() }
                let before = try await pool.read { db in try Self.titles(db) }
                let shown = controllers.map(\.snapshot)
                #expect(
                    try await writer.commit(statements, pool: pool, other: other, path: file.path), comment)
                let (expected, after) = try await pool.read { db in
                    (
                        try Self.windows.map { try $0.expected(db) },
                        try Self.titles(db)
                    )
                }
                for (index, window) in Self.windows.enumerated() {
                    let view = views[index]
                    let reconfigured = reconfiguredItems(
                        shown: shown[index], expected: expected[index].items,
                        sections: expected[index].sections,
                        before: before, after: after)
                    await eventually(
                        "window \(window): shows \(shownItems(view.view)), expected \(expected[index].items), reconfigured \(view.reconfiguredItems()) for \(reconfigured); \(comment)"
                    ) {
                        shownItems(view.view) == expected[index].items && !view.dataSource.hasPendingUpdates
                            && view.reconfiguredItems() == reconfigured
                    }
                    #expect(view.view.violations.isEmpty, "window \(window); \(comment)")
                    let updates = view.view.operations.compactMap { operation -> BatchUpdate? in
                        if case .batchUpdate(let update, _) = operation { update } else { nil }
                    }
                    if updates.count == 1 {
                        #expect(
                            updates[0].movedItems.count
                                == minimalItemMoveCount(from: shown[index], to: controllers[index].snapshot),
                            "window \(window): \(updates[0]); \(comment)")
                    }
                    let statistics = controllers[index].statistics
                    #expect(statistics.wholeReads == 1, "window \(window) read again; \(comment)")
                    if let limit = window.limit {
                        let margin = min(64, max(8, limit / 4))
                        #expect(
                            statistics.heldRows <= limit + 4 * margin,
                            "window \(window): \(statistics); \(comment)")
                    }
                }
            }
            #expect(errors.all.isEmpty)
        }

        /// The top rows of a large table: the controller holds the window and its margins, and a
        /// delete inside the window pulls the next row in from the margin.
        @Test func theTopOfALargeTableHoldsOnlyItsWindow() async throws {
            let (file, pool) = try await databaseOfRows(
                schema: Self.schema, count: 20000,
                filling: "INSERT INTO entry(id, team, score, title) SELECT i, 'Blue', i, 'Entry ' || i FROM n"
            )
            let controller = FetchedResultsController(
                database: pool, request: Window(limit: 50).request)
            try await controller.performFetch()
            #expect(controller.snapshot.itemIdentifiers == Array((19951...20000).reversed()))
            #expect(controller.statistics.heldRows <= 50 + 2 * 12)
            let view = DrivenView()
            controller.drive(view.dataSource)
            try await pool.write { db in try db.execute(sql: "DELETE FROM entry WHERE id = 19990") }
            await eventually {
                shownItems(view.view) == [Array((19950...20000).reversed()).filter { $0 != 19990 }]
            }
            #expect(view.view.violations.isEmpty)
            #expect(controller.statistics.wholeReads == 1)
            withExtendedLifetime(file) {}  // its directory goes with it
        }
    }
#endif
