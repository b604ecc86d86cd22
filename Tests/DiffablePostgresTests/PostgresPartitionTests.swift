#if Postgres
    import Diffable
    @testable import DiffablePostgres
    import DiffableTesting
    import Foundation
    import PostgresNIO
    import StoreTestSupport
    import Testing

    /// Lists partitioned by a column on PostgreSQL: a commit reaches exactly the lists whose value
    /// its rows had before or after (the old values come from the table's replica identity).
    @MainActor
    @Suite("Lists partitioned by a column, on PostgreSQL")
    struct PostgresPartitionTests {
        @Test func aCommitReachesExactlyTheListsItConcerns() async throws {
            let fixture = try await PostgresFixture(rows: 0)
            try await fixture.psql(
                """
                CREATE TABLE message (id bigint PRIMARY KEY, channel bigint NOT NULL, room text NOT NULL,
                    body text NOT NULL);
                CREATE INDEX message_by_channel ON message (channel, id);
                INSERT INTO message SELECT g, g % 100, 'room ' || (g % 3), 'Hello ' || g FROM generate_series(1, 1000) g;
                """)
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            func list(_ column: String, _ value: String) -> PostgresFetchedResultsRequest<String, Int64> {
                PostgresFetchedResultsRequest(
                    table: "message", item: "id", section: "''", content: ["body"],
                    ordering: [.ascending("id")],
                    partition: .init(column: column, value: value))
            }
            var lists: [FetchedResultsController<String, Int64>] = []
            for channel in 0..<100 {
                let controller = FetchedResultsController(
                    store: fixture.store, request: list("channel", "\(channel)"))
                try await controller.performFetch()
                lists.append(controller)
            }
            let rooms = FetchedResultsController(store: fixture.store, request: list("room", "room 1"))
            try await rooms.performFetch()
            let seventh: [Int64] = (0..<10).map { Int64($0) * 100 + 7 }
            #expect(lists[7].snapshot.itemIdentifiers == seventh)
            let commits: [(statement: String, channels: Set<Int>)] = [
                ("INSERT INTO message VALUES (5001, 5, 'room 0', 'New')", [5]),
                ("UPDATE message SET channel = 9 WHERE id = 107", [7, 9]),
                ("UPDATE message SET body = 'Edited' WHERE id = 42", [42]),
                ("DELETE FROM message WHERE id = 3", [3]),
                ("UPDATE message SET channel = channel + 1 WHERE id IN (10, 20)", [10, 11, 20, 21]),
            ]
            for (index, commit) in commits.enumerated() {
                let reached = try await fixture.listsReading(
                    commit.statement, lists: lists, expected: commit.channels, "commit \(index)")
                #expect(reached == commit.channels, "commit \(index): \(commit.statement)")
            }
            let byChannel = try await fixture.idsByKey(
                "SELECT channel || '|' || id FROM message ORDER BY channel, id")
            for (channel, controller) in lists.enumerated() {
                #expect(
                    controller.snapshot.itemIdentifiers == byChannel[Int64(channel), default: []],
                    "channel \(channel)")
            }
            try await fixture.psql("UPDATE message SET room = 'room 1' WHERE id = 3000 OR id = 999")
            let expected = try await fixture.ids("SELECT id FROM message WHERE room = 'room 1' ORDER BY id")
            await eventually { rooms.snapshot.itemIdentifiers == expected }
        }
    }
#endif
