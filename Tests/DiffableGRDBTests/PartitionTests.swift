#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// Requests that differ only in the value of a partition column — a list per channel — on one
    /// table: a commit reaches exactly the lists whose value its rows had before or after, and
    /// every list stays equal to its query.
    @MainActor
    @Suite("Lists partitioned by a column")
    struct PartitionTests {
        nonisolated static let schema = """
            CREATE TABLE message(
                id INTEGER PRIMARY KEY, channel INTEGER NOT NULL, room TEXT COLLATE NOCASE NOT NULL,
                body TEXT NOT NULL);
            CREATE INDEX message_byChannel ON message(channel, id);
            """

        nonisolated static func channel(_ value: any DatabaseValueConvertible, column: String = "channel")
            -> FetchedResultsRequest<String, Int64>
        {
            FetchedResultsRequest(
                table: "message", item: Column("id"), section: "".databaseValue, content: [Column("body")],
                ordering: [.ascending(Column("id"))], partition: .init(column: column, value: value))
        }

        /// A thousand lists, one per channel: each commit is read by the lists of the channels
        /// its rows were in or went to, and by no other.
        @Test func aCommitReachesExactlyTheListsItConcerns() async throws {
            let (file, pool) = try await databaseOfRows(
                schema: Self.schema, count: 5000,
                filling: "INSERT INTO message SELECT i, i % 1000, 'Room ' || (i % 3), 'Hello ' || i FROM n")
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            var lists: [FetchedResultsController<String, Int64>] = []
            for channel in 0..<1000 {
                let list = FetchedResultsController(database: pool, request: Self.channel(channel))
                try await list.performFetch()
                lists.append(list)
            }
            #expect(lists[7].snapshot.itemIdentifiers == [7, 1007, 2007, 3007, 4007])
            let other = try file.secondConnection()
            let commits: [(statements: [String], channels: Set<Int>)] = [
                (["INSERT INTO message VALUES (9001, 5, 'Room 0', 'New')"], [5]),
                (["UPDATE message SET channel = 9 WHERE id = 1007"], [7, 9]),
                (["UPDATE message SET body = 'Edited' WHERE id = 42"], [42]),
                (["DELETE FROM message WHERE id = 3"], [3]),
                (["UPDATE message SET channel = '12' WHERE id = 12"], [12]),  // text, stored as a number
                (
                    [
                        "INSERT INTO message VALUES (9002, 600, 'Room 1', 'A')",
                        "UPDATE message SET channel = 601 WHERE id = 9002",
                    ], [600, 601]
                ),
            ]
            for (index, commit) in commits.enumerated() {
                let reached = try await listsReading(
                    commit: commit.statements, index: index, lists: lists, expected: commit.channels,
                    pool: pool,
                    other: other, path: file.path)
                #expect(reached == commit.channels, "commit \(index): \(commit.statements)")
            }
            let expected = try await pool.read { db in
                try (0..<1000).map { channel in
                    try Int64.fetchAll(
                        db, sql: "SELECT id FROM message WHERE channel = ? ORDER BY id", arguments: [channel])
                }
            }
            for (channel, list) in lists.enumerated() {
                #expect(list.snapshot.itemIdentifiers == expected[channel], "channel \(channel)")
                #expect(list.statistics.wholeReads == 1)
            }
        }

        /// Random commits across a few channels and rooms, through text and number partitions (a
        /// `NOCASE` room matches whatever its case): every list equals its query after each.
        @Test func partitionedListsStayEqualToTheirQuery() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let file = try TemporaryDatabase()
            let pool = try DatabasePool(path: file.path)
            try await pool.write { db in try db.execute(sql: Self.schema) }
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let requests: [(request: FetchedResultsRequest<String, Int64>, sql: String)] =
                (0..<4).map { (Self.channel($0), "channel = \($0)") }
                + [
                    (Self.channel("room a", column: "room"), "room = 'room a'"),
                    (Self.channel("ROOM B", column: "room"), "room = 'ROOM B'"),
                    (Self.channel(2.0), "channel = 2"),
                ]
            var lists: [FetchedResultsController<String, Int64>] = []
            for (request, _) in requests {
                let list = FetchedResultsController(database: pool, request: request)
                try await list.performFetch()
                lists.append(list)
            }
            var next = 1
            for step in 0..<SeededRandom.caseCount(60) {
                next += 1
                let channel = Int.random(in: 0..<5, using: &rng)
                let room = ["Room A", "room b", "ROOM A", "Room C"].randomElement(using: &rng)!
                let ids = try await pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM message") }
                let id = ids.randomElement(using: &rng) ?? 1
                let statement =
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0, 1: "INSERT INTO message VALUES (\(next), \(channel), '\(room)', 'Body \(next)')"
                    case 2: "UPDATE message SET channel = \(channel) WHERE id = \(id)"
                    case 3: "UPDATE message SET room = '\(room)', body = 'Body \(next)' WHERE id = \(id)"
                    default: "DELETE FROM message WHERE id = \(id)"
                    }
                try await pool.write { db in try db.execute(sql: statement) }
                let expected = try await pool.read { db in
                    try requests.map {
                        try Int64.fetchAll(db, sql: "SELECT id FROM message WHERE \($0.sql) ORDER BY id")
                    }
                }
                for (index, list) in lists.enumerated() {
                    await eventually(
                        "DIFFABLE_SEED=\(seed) step \(step): \(statement); list \(requests[index].sql)"
                    ) {
                        list.snapshot.itemIdentifiers == expected[index]
                    }
                }
            }
        }
    }
#endif
