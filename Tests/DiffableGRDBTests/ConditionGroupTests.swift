#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// Requests whose filters cannot be routed by a column's value — a search per page — on one
    /// table: the feed evaluates their conditions on a commit's rows together, and only the lists
    /// that show a changed row or whose condition holds for one read it.
    @MainActor
    @Suite("Searches evaluated together")
    struct ConditionGroupTests {
        nonisolated static let schema = """
            CREATE TABLE message(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            """

        /// The messages with the word `w<word>` (bodies are words between spaces).
        nonisolated static func search(_ word: Int) -> FetchedResultsRequest<String, Int64> {
            FetchedResultsRequest(
                table: "message", item: Column("id"), section: "".databaseValue, content: [Column("body")],
                filter: Column("body").like("% w\(word) %"), ordering: [.ascending(Column("id"))])
        }

        nonisolated static func body(_ words: [Int]) -> String {
            " " + words.map { "w\($0)" }.joined(separator: " ") + " "
        }

        /// A fetched list for each of the first `count` searches (`request` makes each word's), on
        /// a feed that polls often.
        static func searches(
            _ count: Int, on pool: DatabasePool,
            request: (Int) -> FetchedResultsRequest<String, Int64> = { search($0) }
        ) async throws -> [FetchedResultsController<String, Int64>] {
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            var lists: [FetchedResultsController<String, Int64>] = []
            for word in 0..<count {
                let list = FetchedResultsController(database: pool, request: request(word))
                try await list.performFetch()
                lists.append(list)
            }
            return lists
        }

        /// The first `limit` messages with the word `w<word>`, from the `offset`-th on.
        nonisolated static func windowedSearch(_ word: Int, limit: Int, offset: Int) -> FetchedResultsRequest<
            String, Int64
        > {
            FetchedResultsRequest(
                table: "message", item: Column("id"), section: "".databaseValue, content: [Column("body")],
                filter: Column("body").like("% w\(word) %"), ordering: [.ascending(Column("id"))],
                fetchLimit: limit, fetchOffset: offset)
        }

        /// A database of `count` messages, message `id` with the words `id % searches` and
        /// `id * 7 % searches`.
        static func messages(_ count: Int, searches: Int) async throws -> (TemporaryDatabase, DatabasePool) {
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await pool.write { db in
                try db.execute(sql: Self.schema)
                for id in 1...count {
                    try db.execute(
                        sql: "INSERT INTO message VALUES (?, ?)",
                        arguments: [id, Self.body([id % searches, (id * 7) % searches])])
                }
            }
            return (file, pool)
        }

        /// What each search shows, read with SQL.
        nonisolated static func expected(_ db: Database, searches: Int) throws -> [[Int64]] {
            try (0..<searches).map { word in
                try Int64.fetchAll(
                    db, sql: "SELECT id FROM message WHERE body LIKE ? ORDER BY id",
                    arguments: ["% w\(word) %"])
            }
        }

        /// 120 searches, evaluated 50 to a statement (three statements, the last one short): each
        /// commit is read by the lists that showed one of its rows or whose search finds one after
        /// it, and by no other.
        @Test func aCommitReachesExactlyTheSearchesItConcerns() async throws {
            let searches = 120
            let (file, pool) = try await Self.messages(2000, searches: searches)
            let lists = try await Self.searches(searches, on: pool)
            // Set once the lists hold the feed: a feed nothing follows is let go.
            ChangeFeed.feed(for: pool).conditionsPerStatement = 50
            #expect(lists[5].snapshot.itemIdentifiers.contains(605))
            let other = try file.secondConnection()
            let commits: [(statements: [String], lists: Set<Int>)] = [
                (["INSERT INTO message VALUES (9001, '\(Self.body([5, 77, 110]))')"], [5, 77, 110]),
                // Row 7 has w7 and w49; it moves to w9.
                (["UPDATE message SET body = '\(Self.body([9]))' WHERE id = 7"], [7, 49, 9]),
                // A change no search finds, and one of row 3 (w3, w21) that keeps its words.
                (
                    [
                        "INSERT INTO message VALUES (9002, ' nothing here ')",
                        "UPDATE message SET body = '\(Self.body([21, 3]))' WHERE id = 3",
                    ], [3, 21]
                ),
                (["DELETE FROM message WHERE id = 605"], [5, 35]),
            ]
            for (index, commit) in commits.enumerated() {
                let reached = try await listsReading(
                    commit: commit.statements, index: index, lists: lists, expected: commit.lists, pool: pool,
                    other: other, path: file.path)
                #expect(reached == commit.lists, "commit \(index): \(commit.statements)")
            }
            let expected = try await pool.read { try Self.expected($0, searches: searches) }
            for (word, list) in lists.enumerated() {
                #expect(list.snapshot.itemIdentifiers == expected[word], "search w\(word)")
                #expect(list.statistics.wholeReads == 1)
            }
        }

        /// Random inserts, updates and deletes: after each, every search equals its query, and the
        /// lists that read are exactly those that showed a changed row or find one now.
        @Test func searchesStayEqualToTheirQueryUnderRandomCommits() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let searches = 40
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await pool.write { db in try db.execute(sql: Self.schema) }
            let lists = try await Self.searches(searches, on: pool)
            var next: Int64 = 0
            for step in 0..<SeededRandom.caseCount(50) {
                let ids = try await pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM message") }
                let words = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    Int.random(in: 0..<(searches + 5), using: &rng)
                }
                let changed: Int64
                let statement: String
                if ids.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 {
                    next += 1
                    changed = next
                    statement = "INSERT INTO message VALUES (\(next), '\(Self.body(words))')"
                } else {
                    changed = ids.randomElement(using: &rng)!
                    statement =
                        Bool.random(using: &rng)
                        ? "UPDATE message SET body = '\(Self.body(words))' WHERE id = \(changed)"
                        : "DELETE FROM message WHERE id = \(changed)"
                    next = max(next, ids.max()!)
                }
                let before = lists.map(\.statistics.rowReads)
                let showing = Set(
                    lists.indices.filter { lists[$0].snapshot.itemIdentifiers.contains(changed) })
                try await pool.write { db in try db.execute(sql: statement) }
                let expected = try await pool.read { try Self.expected($0, searches: searches) }
                let finding = Set(expected.indices.filter { expected[$0].contains(changed) })
                for (word, list) in lists.enumerated() {
                    await eventually("DIFFABLE_SEED=\(seed) step \(step): \(statement); search w\(word)") {
                        list.snapshot.itemIdentifiers == expected[word]
                    }
                }
                await eventually { ChangeFeed.feed(for: pool).phase == .idle }
                let reached = Set(lists.indices.filter { lists[$0].statistics.rowReads != before[$0] })
                #expect(
                    reached == showing.union(finding), "DIFFABLE_SEED=\(seed) step \(step): \(statement)")
            }
        }

        /// Windowed searches (the first 3 matches) are evaluated together too: random commits,
        /// after each every window equals its `LIMIT` query, and a window that neither held the
        /// changed row nor finds it after the commit reads nothing. Windows further down than their
        /// margin (rows before them not held) also depend on rows they do not hold, which an
        /// evaluation after the commit cannot see: they read what they cannot rule out, and stay
        /// exact.
        @Test func windowedSearchesAreEvaluatedTogetherAndStayExact() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let searches = 30
            let limit = 3
            let offsets = (0..<searches).map { $0 % 5 == 4 ? 10 : 0 }
            let (file, pool) = try await Self.messages(300, searches: searches)
            defer { withExtendedLifetime(file) {} }
            let lists = try await Self.searches(searches, on: pool) {
                Self.windowedSearch($0, limit: limit, offset: offsets[$0])
            }
            var next: Int64 = 300
            for step in 0..<SeededRandom.caseCount(40) {
                let before = try await pool.read { try Self.expected($0, searches: searches) }
                let ids = try await pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM message") }
                let words = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                    Int.random(in: 0..<(searches + 5), using: &rng)
                }
                let changed: Int64
                let statement: String
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    next += 1
                    changed = next
                    statement = "INSERT INTO message VALUES (\(next), '\(Self.body(words))')"
                case 1:
                    changed = ids.randomElement(using: &rng)!
                    statement = "UPDATE message SET body = '\(Self.body(words))' WHERE id = \(changed)"
                default:
                    changed = ids.randomElement(using: &rng)!
                    statement = "DELETE FROM message WHERE id = \(changed)"
                }
                let reads = lists.map(\.statistics.rowReads)
                try await pool.write { db in try db.execute(sql: statement) }
                let after = try await pool.read { try Self.expected($0, searches: searches) }
                for (word, list) in lists.enumerated() {
                    let window = Array(after[word].dropFirst(offsets[word]).prefix(limit))
                    await eventually("DIFFABLE_SEED=\(seed) step \(step): \(statement); search w\(word)") {
                        list.snapshot.itemIdentifiers == window
                    }
                }
                await eventually { ChangeFeed.feed(for: pool).phase == .idle }
                // A window with an offset reads what it cannot rule out while the rows before it
                // are not held (`PostgresConditionGroupTests` counts that case's reads).
                for word in 0..<searches where offsets[word] == 0 {
                    let read = lists[word].statistics.rowReads != reads[word]
                    let concerned = before[word].contains(changed) || after[word].contains(changed)
                    let shownBefore = before[word].prefix(limit).contains(changed)
                    if !concerned {
                        #expect(
                            !read, "DIFFABLE_SEED=\(seed) step \(step): \(statement); search w\(word) read")
                    }
                    if shownBefore || after[word].prefix(limit).contains(changed) {
                        #expect(
                            read,
                            "DIFFABLE_SEED=\(seed) step \(step): \(statement); search w\(word) did not read")
                    }
                }
            }
        }
    }
#endif
