#if Postgres
    import Diffable
    @testable import DiffablePostgres
    import DiffableTesting
    import Foundation
    import PostgresNIO
    import StoreTestSupport
    import Testing

    /// Requests that read other tables on PostgreSQL: a membership table with a composite text
    /// key, a parent table, a table without a primary key and a partitioned table, each followed
    /// for every writer; and a time window.
    @MainActor
    @Suite("Requests over several tables, on PostgreSQL")
    struct PostgresJoinedTablesTests {
        static let schema = """
            CREATE TABLE author (id bigint PRIMARY KEY, name text NOT NULL UNIQUE,
                is_banned boolean NOT NULL DEFAULT false);
            CREATE TABLE dish (id bigint PRIMARY KEY, author_id bigint NOT NULL, title text NOT NULL,
                minutes integer NOT NULL);
            CREATE INDEX dish_by_author ON dish (author_id);
            CREATE TABLE membership (name text NOT NULL, dish_id bigint NOT NULL, PRIMARY KEY (name, dish_id));
            CREATE INDEX membership_by_dish ON membership (dish_id);
            CREATE TABLE tag (dish_id bigint NOT NULL, label text NOT NULL);
            CREATE TABLE event (id bigint NOT NULL, day date NOT NULL, dish_id bigint NOT NULL,
                PRIMARY KEY (id, day)) PARTITION BY RANGE (day);
            CREATE TABLE event_2025 PARTITION OF event FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
            CREATE TABLE event_2026 PARTITION OF event FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
            """

        /// Baking dishes of authors not banned, without a "hidden" tag, by author then title;
        /// those with an event in 2026 are marked in their content.
        static let request = PostgresFetchedResultsRequest<String, Int64>(
            table: "dish", item: "id", section: "(SELECT name FROM author WHERE author.id = dish.author_id)",
            content: ["minutes", "EXISTS (SELECT 1 FROM event WHERE event.dish_id = dish.id)"],
            filter: """
                EXISTS (SELECT 1 FROM membership WHERE name = 'Baking' AND dish_id = dish.id)
                AND NOT EXISTS (SELECT 1 FROM author WHERE author.id = dish.author_id AND author.is_banned)
                AND NOT EXISTS (SELECT 1 FROM tag WHERE tag.dish_id = dish.id AND label = 'hidden')
                """,
            ordering: [.ascending("title")],
            keyPaths: [
                .init(table: "membership", column: "dish_id", matches: "id"),
                .init(table: "author", column: "id", matches: "author_id"),
                .init(table: "tag", column: "dish_id", matches: "id"),
                .init(table: "event", column: "dish_id", matches: "id"),
            ])

        static func expected(_ fixture: PostgresFixture) async throws -> [[Int64]] {
            try await fixture.sectionedItems(
                """
                SELECT author.name || '|' || dish.id FROM dish JOIN author ON author.id = dish.author_id
                WHERE EXISTS (SELECT 1 FROM membership WHERE name = 'Baking' AND dish_id = dish.id)
                AND NOT author.is_banned
                AND NOT EXISTS (SELECT 1 FROM tag WHERE tag.dish_id = dish.id AND label = 'hidden')
                ORDER BY author.name, dish.title, dish.id
                """
            ).items
        }

        @Test func commitsToEveryKindOfTableReachTheViewThroughKeyPaths() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let fixture = try await PostgresFixture(rows: 0)
            var setup = [Self.schema]
            for id in 1...5 { setup.append("INSERT INTO author VALUES (\(id), 'Author \(id)');") }
            for id in 1...20 {
                setup.append(
                    "INSERT INTO dish VALUES (\(id), \(Int.random(in: 1...5, using: &rng)), 'Dish \(id)', \(id));"
                )
                if Bool.random(using: &rng) {
                    setup.append("INSERT INTO membership VALUES ('Baking', \(id));")
                }
            }
            try await fixture.psql(setup.joined(separator: "\n"))
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            let errors = ErrorLog()
            let controller = FetchedResultsController(store: fixture.store, request: Self.request) {
                errors.append($0)
            }
            try await controller.performFetch()
            #expect(controller.followedTables == ["author", "dish", "event", "membership", "tag"])
            #expect(
                try await fixture.psql(
                    "SELECT relname::text || relreplident::text FROM pg_class WHERE relname IN ('tag', 'membership') ORDER BY 1"
                ).trimmingCharacters(in: .whitespacesAndNewlines) == "membershipd\ntagf",
                "the table without a key keeps its old rows; the membership's key carries its column")
            let view = DrivenView()
            controller.drive(view.dataSource)
            var next = 100
            for step in 0..<SeededRandom.caseCount(30) {
                let dish = Int.random(in: 1...20, using: &rng)
                let author = Int.random(in: 1...5, using: &rng)
                next += 1
                let statement: String =
                    switch Int.random(in: 0..<9, using: &rng) {
                    case 0: "INSERT INTO membership VALUES ('Baking', \(dish)) ON CONFLICT DO NOTHING"
                    case 1: "DELETE FROM membership WHERE dish_id = \(dish)"
                    case 2:
                        "UPDATE membership SET dish_id = \(dish) WHERE dish_id = (SELECT min(dish_id) FROM membership) AND NOT EXISTS (SELECT 1 FROM membership WHERE dish_id = \(dish))"
                    case 3: "UPDATE author SET is_banned = NOT is_banned WHERE id = \(author)"
                    case 4: "UPDATE author SET name = 'Author \(next)' WHERE id = \(author)"
                    case 5: "INSERT INTO tag VALUES (\(dish), 'hidden')"
                    case 6: "DELETE FROM tag WHERE dish_id = \(dish)"
                    case 7:
                        "INSERT INTO event VALUES (\(next), '2026-0\(Int.random(in: 1...9, using: &rng))-01', \(dish))"
                    default: "UPDATE dish SET author_id = \(author), minutes = minutes + 1 WHERE id = \(dish)"
                    }
                let comment = Comment(rawValue: "DIFFABLE_SEED=\(seed) step \(step): \(statement)")
                if Bool.random(using: &rng) {
                    try await fixture.psql(statement)
                } else {
                    try await fixture.store.write { connection in
                        _ = try await connection.query(
                            PostgresQuery(unsafeSQL: statement), logger: fixture.store.logger)
                    }
                }
                let expected = try await Self.expected(fixture)
                await eventually(comment) {
                    shownItems(view.view) == expected && !view.dataSource.hasPendingUpdates
                }
                #expect(view.view.violations.isEmpty, comment)
            }
            #expect(controller.statistics.wholeReads == 1, "every change was led to its rows")
            #expect(errors.all.isEmpty)
        }

        /// A filter that scans its own table again (the first matches of a subquery, as Recipes'
        /// search keeps its first 1,000) reads every row on a change to it: a row that enters
        /// pushes another out.
        @Test func aFilterThatReadsItsOwnTableIsReadWholeOnPostgreSQL() async throws {
            let fixture = try await PostgresFixture(rows: 0)
            try await fixture.psql(
                "CREATE TABLE note (id bigint PRIMARY KEY, body text NOT NULL);"
                    + (1...8).map { "INSERT INTO note VALUES (\($0 * 10), 'note \($0)');" }.joined())
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            let firstThree =
                "id IN (SELECT id FROM note AS n WHERE n.body LIKE 'note%' ORDER BY n.id LIMIT 3)"
            let controller = FetchedResultsController(
                store: fixture.store,
                request: PostgresFetchedResultsRequest<String, Int64>(
                    table: "note", item: "id", section: "''",
                    filter: PostgresCondition(PostgresQuery(unsafeSQL: firstThree)),
                    ordering: [.ascending("id")]))
            try await controller.performFetch()
            #expect(controller.snapshot.itemIdentifiers == [10, 20, 30])
            #expect(controller.followedTables == ["note"])
            try await fixture.psql("INSERT INTO note VALUES (5, 'note first');")
            await eventually { controller.snapshot.itemIdentifiers == [5, 10, 20] }
            try await fixture.psql("DELETE FROM note WHERE id = 10;")
            await eventually { controller.snapshot.itemIdentifiers == [5, 20, 30] }
            #expect(controller.statistics.wholeReadsForTablesWithoutKeyPaths == 2)
        }

        @Test func aTimeWindowLetsRowsInAndOutOnPostgreSQL() async throws {
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let clock = ManualWallClock(now: start)
            let fixture = try await PostgresFixture(rows: 0)
            try await fixture.psql(
                "CREATE TABLE post (id bigint PRIMARY KEY, added timestamptz NOT NULL);"
                    + [-90, -50, -10, 20, 60].enumerated().map { index, offset in
                        "INSERT INTO post VALUES (\(index + 1), to_timestamp(\(Int(start.timeIntervalSince1970) + offset)));"
                    }.joined())
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            let controller = FetchedResultsController(
                store: fixture.store,
                request: PostgresFetchedResultsRequest<String, Int64>(
                    table: "post", item: "id", section: "''", ordering: [.descending("added")],
                    timeWindow: .init(column: "added", opensAfter: 0, closesAfter: 100)),
                clock: clock)
            try await controller.performFetch()
            #expect(controller.snapshot.itemIdentifiers == [3, 2, 1])
            clock.advance(by: 15)  // 1 leaves (added 90 s before now was)
            await eventually { controller.snapshot.itemIdentifiers == [3, 2] }
            clock.advance(by: 60)  // 2 leaves; 4 and 5 come out (20 and 60 s after)
            await eventually { controller.snapshot.itemIdentifiers == [5, 4, 3] }
            #expect(controller.statistics.wholeReads == 1)
        }
    }
#endif
