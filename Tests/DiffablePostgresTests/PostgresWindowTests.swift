#if Postgres
    import Diffable
    @testable import DiffablePostgres
    import DiffableTesting
    import Foundation
    import PostgresNIO
    import StoreTestSupport
    import Testing

    /// Requests with `fetchLimit` and `fetchOffset` on PostgreSQL: each window stays equal to the
    /// same `SELECT … LIMIT … OFFSET …`, with PostgreSQL's places of `NULL` in both directions.
    @MainActor
    @Suite("Windows of a request, on PostgreSQL")
    struct PostgresWindowTests {
        /// A window the test follows, with the SQL of its keyset start.
        struct Window: CustomStringConvertible {
            var limit: Int?
            var offset = 0
            var ascending = true
            var after: [PostgresData]? = nil
            var afterSQL = "TRUE"

            var description: String {
                "limit \(limit.map(String.init) ?? "-"), offset \(offset), after \(afterSQL)"
            }

            var request: PostgresFetchedResultsRequest<String, Int64> {
                PostgresFetchedResultsRequest(
                    table: "entry", item: "id", section: "team", content: ["title"], filter: "NOT is_hidden",
                    ordering: [.ascending("score")], sectionsAscending: ascending, fetchLimit: limit,
                    fetchOffset: offset, fetchAfter: after)
            }

            func expected(_ fixture: PostgresFixture) async throws -> [[Int64]] {
                try await fixture.sectionedItems(
                    """
                    SELECT team || '|' || id FROM entry WHERE NOT is_hidden AND \(afterSQL)
                    ORDER BY team \(ascending ? "ASC" : "DESC"), score ASC, id
                    LIMIT \(limit.map(String.init) ?? "ALL") OFFSET \(offset)
                    """
                ).items
            }
        }

        static let windows: [Window] = [
            Window(limit: 5), Window(limit: 6, offset: 4, ascending: false), Window(limit: 4, offset: 22),
            Window(limit: nil, offset: 30), Window(limit: 8, offset: 60, ascending: false),
            Window(
                limit: 5, after: [PostgresData(string: "Green"), PostgresData(int: 10)],
                afterSQL: "(team > 'Green' OR (team = 'Green' AND (score > 10 OR score IS NULL)))"),
            Window(
                limit: 4, offset: 1, ascending: false,
                after: [PostgresData(string: "Green"), PostgresData(int: 12), PostgresData(int64: 30)],
                afterSQL:
                    "(team < 'Green' OR (team = 'Green' AND (score > 12 OR score IS NULL)) OR (team = 'Green' AND score = 12 AND id > 30))"
            ),
        ]

        @Test func windowsStayEqualToTheirQuery() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let fixture = try await PostgresFixture(rows: 0)
            let teams = ["Blue", "Green", "Red"]
            var setup = [
                """
                CREATE TABLE entry (id bigint PRIMARY KEY, team text NOT NULL, score integer,
                    title text NOT NULL, is_hidden boolean NOT NULL DEFAULT false);
                CREATE INDEX entry_order ON entry (team, score);
                """
            ]
            for id in 1...70 {
                let score =
                    Int.random(in: 0..<8, using: &rng) == 0
                    ? "NULL" : "\(Int.random(in: 0..<30, using: &rng))"
                setup.append(
                    "INSERT INTO entry VALUES (\(id), '\(teams.randomElement(using: &rng)!)', \(score), 'Entry \(id)');"
                )
            }
            try await fixture.psql(setup.joined(separator: "\n"))
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            let errors = ErrorLog()
            var controllers: [FetchedResultsController<String, Int64>] = []
            var views: [DrivenView] = []
            for window in Self.windows {
                let controller = FetchedResultsController(
                    store: fixture.store,
                    request: window.request
                ) { errors.append($0) }
                try await controller.performFetch()
                let view = DrivenView()
                controller.drive(view.dataSource)
                controllers.append(controller)
                views.append(view)
            }
            var next = 1000
            for step in 0..<SeededRandom.caseCount(30) {
                let id = Int.random(in: 1...70, using: &rng)
                let team = teams.randomElement(using: &rng)!
                let score =
                    Int.random(in: 0..<5, using: &rng) == 0
                    ? "NULL" : "\(Int.random(in: 0..<30, using: &rng))"
                next += 1
                let statement: String =
                    switch Int.random(in: 0..<8, using: &rng) {
                    case 0: "INSERT INTO entry VALUES (\(next), '\(team)', \(score), 'Entry \(next)')"
                    case 1: "DELETE FROM entry WHERE id = \(id)"
                    case 2, 3: "UPDATE entry SET score = \(score) WHERE id = \(id)"
                    case 4: "UPDATE entry SET team = '\(team)' WHERE id = \(id)"
                    case 5: "UPDATE entry SET is_hidden = NOT is_hidden WHERE id = \(id)"
                    case 6:
                        "DELETE FROM entry WHERE team = '\(team)' AND score < \(Int.random(in: 0..<30, using: &rng))"
                    default:
                        "INSERT INTO entry SELECT \(next * 10) + i, '\(team)', \(score), 'Burst ' || i FROM generate_series(0, 5) i"
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
                for (index, window) in Self.windows.enumerated() {
                    let expected = try await window.expected(fixture)
                    await eventually(
                        "window \(window): \(shownItems(views[index].view)), expected \(expected); \(comment)"
                    ) {
                        shownItems(views[index].view) == expected
                            && !views[index].dataSource.hasPendingUpdates
                    }
                    #expect(views[index].view.violations.isEmpty, comment)
                    #expect(controllers[index].statistics.wholeReads == 1, "window \(window); \(comment)")
                }
            }
            #expect(errors.all.isEmpty)
        }

        /// A window that follows the view on PostgreSQL: the data source knows the count of all
        /// 2,000 rows, a move brings the rows there, and commits by `psql` beyond the window
        /// change the count and the rows' places.
        @Test func aWindowFollowsTheViewOnPostgreSQL() async throws {
            let fixture = try await PostgresFixture(rows: 0)
            try await fixture.psql(
                """
                CREATE TABLE entry (id bigint PRIMARY KEY, score integer NOT NULL);
                CREATE INDEX entry_order ON entry (score DESC, id);
                INSERT INTO entry SELECT i, i FROM generate_series(1, 2000) i;
                """)
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            let controller = FetchedResultsController(
                store: fixture.store,
                request: PostgresFetchedResultsRequest<String, Int64>(
                    table: "entry", item: "id", section: "''", ordering: [.descending("score")],
                    fetchLimit: 24))
            try await controller.performFetch()
            let view = ValidatingCollectionView()
            let rows = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
                cell.text = "\(id)"
            }
            let placeholders = CellRegistration<ValidatingCollectionView.Cell, Int> { cell, _, _ in
                cell.text = "…"
            }
            let dataSource = WindowedCollectionViewDataSource(collectionView: view, controller: controller) {
                view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: id)
            } placeholderProvider: { view, indexPath in
                view.dequeueConfiguredReusableCell(using: placeholders, for: indexPath, item: indexPath.item)
            }
            func expected() async throws -> [Int64] {
                let offset = dataSource.windowOffset
                return try await fixture.sectionedItems(
                    "SELECT 'x|' || id FROM entry ORDER BY score DESC, id LIMIT 24 OFFSET \(offset)"
                ).items.first ?? []
            }
            await eventually { dataSource.numberOfItems == 2000 }
            dataSource.moveWindow(around: 1500)
            await eventually { dataSource.windowOffset == 1500 - 12 }
            #expect(dataSource.windowItems == (try await expected()))
            // Ordered by an integer column, with no filter: the change record places each row.
            let counted = controller.statistics.rowCounts
            try await fixture.psql("INSERT INTO entry VALUES (5000, 1999), (5001, 2)")
            await eventually { dataSource.numberOfItems == 2002 }
            await eventuallyAsync { dataSource.windowItems == ((try? await expected()) ?? []) }
            try await fixture.psql("DELETE FROM entry WHERE id IN (1990, 5001, 1000)")
            await eventually { dataSource.numberOfItems == 1999 }
            await eventuallyAsync { dataSource.windowItems == ((try? await expected()) ?? []) }
            #expect(view.violations.isEmpty)
            #expect(controller.statistics.wholeReads == 1)
            #expect(controller.statistics.rowCounts == counted, "\(controller.statistics)")
        }
    }
#endif
