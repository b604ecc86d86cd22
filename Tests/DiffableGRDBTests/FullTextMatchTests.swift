#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// Full-text searches as requests (`match:`): a search per page on one table. The feed
    /// evaluates every list's pattern on a commit's rows in a scratch full-text table of those
    /// rows, and only lists that show a changed row or may show one read; a search that keeps its
    /// first matches reads its rows again then (one match may push another out), one without a
    /// limit reads the changed rows.
    @MainActor
    @Suite("Full-text searches")
    struct FullTextMatchTests {
        nonisolated static let schema = """
            CREATE TABLE dish(id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE VIRTUAL TABLE dishSearch USING fts5(
                title, content='dish', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
            CREATE TRIGGER dish_indexed AFTER INSERT ON dish BEGIN
                INSERT INTO dishSearch(rowid, title) VALUES (new.id, new.title);
            END;
            CREATE TRIGGER dish_unindexed AFTER DELETE ON dish BEGIN
                INSERT INTO dishSearch(dishSearch, rowid, title) VALUES ('delete', old.id, old.title);
            END;
            CREATE TRIGGER dish_reindexed AFTER UPDATE OF title ON dish BEGIN
                INSERT INTO dishSearch(dishSearch, rowid, title) VALUES ('delete', old.id, old.title);
                INSERT INTO dishSearch(rowid, title) VALUES (new.id, new.title);
            END;
            """

        /// The dishes whose title has a word starting with `w<word>`: the first `limit` by id.
        nonisolated static func search(_ word: Int, limit: Int?) -> FetchedResultsRequest<String, Int64> {
            FetchedResultsRequest(
                table: "dish", item: Column("id"), section: "".databaseValue, content: [Column("title")],
                match: .init(table: "dishSearch", pattern: "\"w\(word)\"", limit: limit),
                ordering: [.ascending(Column("title")), .descending(Column("id"))])
        }

        /// What each search shows, read with SQL of its own.
        nonisolated static func expected(_ db: Database, searches: Int, limit: Int?) throws -> [[Int64]] {
            try (0..<searches).map { word in
                let limited = limit.map { "ORDER BY rowid LIMIT \($0)" } ?? ""
                return try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM dish WHERE id IN (
                            SELECT rowid FROM dishSearch WHERE dishSearch MATCH ? \(limited))
                        ORDER BY title, id DESC
                        """,
                    arguments: ["\"w\(word)\""])
            }
        }

        /// The schema and `count` dishes, dish n titled `title(n)`.
        static func fill(
            _ database: some DatabaseWriter, count: Int, title: @escaping @Sendable (Int) -> String
        ) async throws {
            try await database.write { db in
                try db.execute(sql: Self.schema)
                for id in 1...count {
                    try db.execute(sql: "INSERT INTO dish VALUES (?, ?)", arguments: [id, title(id)])
                }
            }
        }

        /// The lists of the first `count` searches, fetched, on a feed that polls often.
        static func searches(_ count: Int, limit: Int?, on database: some DatabaseWriter) async throws
            -> [FetchedResultsController<String, Int64>]
        {
            ChangeFeed.feed(for: database).pollInterval = .milliseconds(5)
            var lists: [FetchedResultsController<String, Int64>] = []
            for word in 0..<count {
                let list = FetchedResultsController(database: database, request: search(word, limit: limit))
                try await list.performFetch()
                lists.append(list)
            }
            return lists
        }

        /// Every read a list made, whole or row by row.
        static func reads(_ list: FetchedResultsController<String, Int64>) -> Int {
            list.statistics.wholeReads + list.statistics.rowReads
        }

        /// 120 searches, each keeping its first 5 matches: each commit is read by the searches
        /// that showed one of its rows or whose pattern finds one after it, and by no other —
        /// by another connection and by Python's `sqlite3`.
        @Test func aCommitReachesExactlyTheSearchesItMayChange() async throws {
            let searches = 120
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await Self.fill(pool, count: 2000) { "w\($0 % searches) w\(($0 * 7) % searches)" }
            let lists = try await Self.searches(searches, limit: 5, on: pool)
            #expect(lists[5].snapshot.itemIdentifiers.contains(5))
            #expect(lists[5].followedTables == ["dish"])
            let other = try file.secondConnection()
            let commits: [(statements: [String], lists: Set<Int>)] = [
                // A sixth match of w5 and w77: beyond their first five, read, nothing shown changes.
                (["INSERT INTO dish VALUES (9001, 'w5 w77')"], [5, 77]),
                // Row 7 (w7, w49, shown by both) leaves them for w9: both let their sixth match in.
                (["UPDATE dish SET title = 'w9' WHERE id = 7"], [7, 49, 9]),
                // A row no search finds, and row 3 (w3, w21) keeping its words in another order.
                (
                    [
                        "INSERT INTO dish VALUES (9002, 'nothing here')",
                        "UPDATE dish SET title = 'w21 w3' WHERE id = 3",
                    ], [3, 21]
                ),
                // A match with a smaller id than w100's shown ones pushes its fifth out.
                (["DELETE FROM dish WHERE id = 1", "INSERT INTO dish VALUES (1, 'w100')"], [1, 7, 100]),
            ]
            for (index, commit) in commits.enumerated() {
                let before = lists.map(Self.reads)
                if index.isMultiple(of: 2) {
                    try await other.write { db in
                        for statement in commit.statements { try db.execute(sql: statement) }
                    }
                } else {
                    #expect(try await runPythonSQLite(file.path, commit.statements) == 0)
                }
                await eventually("commit \(index)") {
                    commit.lists.allSatisfy { Self.reads(lists[$0]) != before[$0] }
                        && ChangeFeed.feed(for: pool).phase == .idle
                }
                let reached = Set(lists.indices.filter { Self.reads(lists[$0]) != before[$0] })
                #expect(reached == commit.lists, "commit \(index): \(commit.statements)")
            }
            let expected = try await pool.read { try Self.expected($0, searches: searches, limit: 5) }
            for (word, list) in lists.enumerated() {
                #expect(list.snapshot.itemIdentifiers == expected[word], "search w\(word)")
                #expect(list.statistics.rowReads == 0)
                #expect(list.statistics.wholeReads == 1 + list.statistics.wholeReadsForLimitedMatches)
            }
            #expect(lists[100].statistics.wholeReadsForLimitedMatches == 1)
            #expect(lists[100].snapshot.itemIdentifiers.contains(1))
        }

        /// One search alone that keeps its first matches (a single page's): a commit it neither
        /// finds nor shows reads nothing, where without the feed's evaluation it read every row.
        @Test func aSearchAloneReadsOnlyTheCommitsItMayChange() async throws {
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await Self.fill(pool, count: 200) { "w\($0 % 10)" }
            let list = try await Self.searches(1, limit: 5, on: pool)[0]
            let other = try file.secondConnection()
            for (statement, reads) in [
                ("INSERT INTO dish VALUES (9001, 'nothing here')", false),
                ("UPDATE dish SET title = 'w3' WHERE id = 13", false),
                ("INSERT INTO dish VALUES (9002, 'w0')", true),
            ] {
                let before = Self.reads(list)
                let position = ChangeFeed.feed(for: pool).readCount
                try await other.write { try $0.execute(sql: statement) }
                await eventually(Comment(rawValue: statement)) {
                    ChangeFeed.feed(for: pool).readCount > position
                        && ChangeFeed.feed(for: pool).phase == .idle
                        && (Self.reads(list) != before) == reads
                }
                #expect((Self.reads(list) != before) == reads, Comment(rawValue: statement))
            }
            let expected = try await pool.read { try Self.expected($0, searches: 1, limit: 5) }
            #expect(list.snapshot.itemIdentifiers == expected[0])
            #expect(list.statistics.wholeReads == 2)
        }

        /// Random inserts, updates and deletes through three writers: after each, every search
        /// (12 with a limit of 3, 12 without, over 40 rows of a few words each, so that most
        /// searches have more matches than their limit) equals its query; the lists that read are
        /// those that showed the changed row or find it now, and a search without a limit reads
        /// the changed row alone.
        @Test func searchesStayEqualToTheirQueryUnderRandomCommits() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let searches = 12
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await Self.fill(pool, count: 40) { "w\($0 % searches) w\($0 % 5)" }
            let limited = try await Self.searches(searches, limit: 3, on: pool)
            let unlimited = try await Self.searches(searches, limit: nil, on: pool)
            let other = try file.secondConnection()
            var next: Int64 = 40
            for step in 0..<SeededRandom.caseCount(40) {
                let ids = try await pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM dish") }
                let words = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    "w\(Int.random(in: 0..<(searches + 2), using: &rng))"
                }
                let title = words.joined(separator: " ")
                let changed: Int64
                let statement: String
                if ids.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 {
                    // Now and then a small id again, which pushes matches out of the limit.
                    let free = (1...max(1, next)).filter { !ids.contains($0) }
                    if let reused = free.randomElement(using: &rng), Bool.random(using: &rng) {
                        changed = reused
                    } else {
                        next += 1
                        changed = next
                    }
                    statement = "INSERT INTO dish VALUES (\(changed), '\(title)')"
                } else {
                    changed = ids.randomElement(using: &rng)!
                    statement =
                        Bool.random(using: &rng)
                        ? "UPDATE dish SET title = '\(title)' WHERE id = \(changed)"
                        : "DELETE FROM dish WHERE id = \(changed)"
                }
                next = max(next, changed)
                let lists = limited + unlimited
                let before = lists.map(Self.reads)
                let showing = Set(
                    lists.indices.filter { lists[$0].snapshot.itemIdentifiers.contains(changed) })
                switch step % 3 {
                case 0: try await pool.write { db in try db.execute(sql: statement) }
                case 1: try await other.write { db in try db.execute(sql: statement) }
                default: #expect(try await runPythonSQLite(file.path, [statement]) == 0)
                }
                let expectedLimited = try await pool.read {
                    try Self.expected($0, searches: searches, limit: 3)
                }
                let expectedAll = try await pool.read {
                    try Self.expected($0, searches: searches, limit: nil)
                }
                let context = "DIFFABLE_SEED=\(seed) step \(step): \(statement)"
                for word in 0..<searches {
                    await eventually("\(context); search w\(word) (limit 3)") {
                        limited[word].snapshot.itemIdentifiers == expectedLimited[word]
                    }
                    await eventually("\(context); search w\(word)") {
                        unlimited[word].snapshot.itemIdentifiers == expectedAll[word]
                    }
                }
                await eventually { ChangeFeed.feed(for: pool).phase == .idle }
                // The lists whose pattern finds the row now, limit or not.
                let finding = Set(
                    expectedAll.indices.filter { expectedAll[$0].contains(changed) }.flatMap {
                        [$0, $0 + searches]
                    })
                let reached = Set(lists.indices.filter { Self.reads(lists[$0]) != before[$0] })
                #expect(reached == showing.union(finding), "\(context)")
            }
            for list in unlimited {
                #expect(
                    list.statistics.wholeReads == 1, "a search without a limit reads the changed rows alone")
            }
        }

        /// A search with a filter too: a changed row is read by the searches whose pattern finds
        /// it and whose filter holds for it.
        @Test func aSearchWithAFilterReadsTheRowsBothHoldFor() async throws {
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await Self.fill(pool, count: 20) { "w\($0 % 2)" }
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            var lists: [FetchedResultsController<String, Int64>] = []
            for (word, filter) in [(0, "id > 100"), (0, "id <= 100"), (1, "id <= 100")] {
                var request = Self.search(word, limit: nil)
                request.filter = SQL(sql: filter).sqlExpression
                let list = FetchedResultsController(database: pool, request: request)
                try await list.performFetch()
                lists.append(list)
            }
            let before = lists.map(Self.reads)
            try await pool.write { db in try db.execute(sql: "INSERT INTO dish VALUES (50, 'w0')") }
            await eventually { lists[1].snapshot.itemIdentifiers.contains(50) }
            await eventually { ChangeFeed.feed(for: pool).phase == .idle }
            #expect(lists.indices.filter { Self.reads(lists[$0]) != before[$0] } == [1])
            #expect(lists[0].snapshot.itemIdentifiers.isEmpty)
        }

        /// A search of a table that is no full-text table over the listed one is refused with an
        /// error that names it and says what to change.
        @Test func aSearchOfAnotherTableIsATypedError() async throws {
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await pool.write { db in
                try db.execute(sql: Self.schema)
                try db.execute(
                    sql: """
                        CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);
                        CREATE VIRTUAL TABLE noteSearch USING fts5(body, content='note', content_rowid='id');
                        CREATE VIRTUAL TABLE oldSearch USING fts4(title);
                        """)
            }
            for (table, words) in [
                ("noteSearch", "content is not dish"), ("oldSearch", "not FTS5"),
                ("dish", "not a full-text table"),
            ] {
                let list = FetchedResultsController(
                    database: pool,
                    request: FetchedResultsRequest<String, Int64>(
                        table: "dish", item: Column("id"), section: "".databaseValue,
                        match: .init(table: table, pattern: "w1")))
                await #expect {
                    try await list.performFetch()
                } throws: { error in
                    guard case .changeLogUnavailable(table, let reason) = error as? FetchedResultsError else {
                        return false
                    }
                    return reason.contains(words)
                }
            }
        }

        /// On a `DatabaseQueue` (no snapshots; its reads may write no scratch table) the searches
        /// are still exact: each reads for itself.
        @Test func searchesOnAQueueStayExact() async throws {
            let file = try TemporaryDatabase()
            let queue = try DatabaseQueue(path: file.path)
            try await Self.fill(queue, count: 20) { "w\($0 % 4)" }
            let lists = try await Self.searches(4, limit: 2, on: queue)
            try await queue.write { db in
                try db.execute(sql: "DELETE FROM dish WHERE id = 4")
                try db.execute(sql: "UPDATE dish SET title = 'w1' WHERE id = 2")
            }
            let expected = try await queue.read { try Self.expected($0, searches: 4, limit: 2) }
            for (word, list) in lists.enumerated() {
                await eventually("search w\(word)") { list.snapshot.itemIdentifiers == expected[word] }
            }
        }
    }
#endif
