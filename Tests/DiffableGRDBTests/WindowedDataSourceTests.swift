#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTerminal
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// A window that moves with where the person looks, over a list it does not hold: the data
    /// source knows the count of every row, shows the window's rows at their positions among them
    /// and placeholders elsewhere, and stays equal to the same `SELECT` as rows are written and as
    /// the window moves.
    @MainActor
    @Suite("A window that follows the view")
    struct WindowedDataSourceTests {
        nonisolated static let schema = """
            CREATE TABLE entry(
                id INTEGER PRIMARY KEY, score INTEGER, title TEXT NOT NULL,
                isHidden INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX entry_order ON entry(score);
            """
        nonisolated static let limit = 24
        nonisolated static let placeholder = "…"

        /// The window's request: over the rows not hidden (whose positions the controller
        /// counts after a change beyond its rows), or over every row (whose positions the change
        /// record gives: no count).
        static func request(filtered: Bool = true) -> FetchedResultsRequest<String, Int64> {
            FetchedResultsRequest(
                table: "entry", item: Column("id"), section: "".databaseValue, content: [Column("title")],
                filter: filtered ? Column("isHidden") == false : nil,
                ordering: [.descending(Column("score"))],
                fetchLimit: limit)
        }

        /// Every row's text as the view should show it: the window's rows by id, the others
        /// placeholders; and the window's rows.
        nonisolated static func expected(_ db: Database, offset: Int, filtered: Bool) throws -> (
            texts: [String], window: [Int64]
        ) {
            let filter = filtered ? "WHERE NOT isHidden" : ""
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry \(filter)")!
            let window = try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM entry \(filter) ORDER BY score DESC, rowid
                    LIMIT \(limit) OFFSET \(offset)
                    """)
            var texts = [String](repeating: placeholder, count: count)
            for (index, id) in window.enumerated() { texts[offset + index] = "\(id)" }
            return (texts, window)
        }

        @MainActor
        struct Shown {
            let view = ValidatingCollectionView()
            let dataSource: WindowedCollectionViewDataSource<String, Int64>

            init(_ controller: FetchedResultsController<String, Int64>) {
                let rows = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
                    cell.text = "\(id)"
                }
                let placeholders = CellRegistration<ValidatingCollectionView.Cell, Int> { cell, _, _ in
                    cell.text = WindowedDataSourceTests.placeholder
                }
                dataSource = WindowedCollectionViewDataSource(collectionView: view, controller: controller) {
                    view, indexPath, id in
                    view.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: id)
                } placeholderProvider: { view, indexPath in
                    view.dequeueConfiguredReusableCell(
                        using: placeholders, for: indexPath, item: indexPath.item)
                }
                view.prefetchDataSource = dataSource
            }

            var texts: [String] { view.visibleTexts.first?.map { $0 ?? "" } ?? [] }
        }

        /// Random commits by three writers — inserts, deletes, scores that move rows, rows hidden
        /// and shown, bursts — and random scrolls, near and far. After each step the view shows
        /// every row's position, the window's rows where the same `SELECT … LIMIT … OFFSET …`
        /// has them, every update valid under UIKit's rules, and the controller holds only its
        /// window and margins, never reading every row again.
        @Test func theWindowFollowsScrollsAndCommitsExactly() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let file = try TemporaryDatabase()
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let pool = try DatabasePool(path: file.path, configuration: configuration)
            var statements = [Self.schema]
            for id in 1...300 {
                statements.append(
                    "INSERT INTO entry(id, score, title) VALUES (\(id), \(Int.random(in: 0..<500, using: &rng)), 'Entry \(id)')"
                )
            }
            try await pool.write { [statements] db in
                for statement in statements { try db.execute(sql: statement) }
            }
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let errors = ErrorLog()
            var controllers: [FetchedResultsController<String, Int64>] = []
            var views: [Shown] = []
            // The list over every row first: its triggers record the score, so the second list
            // installs none (a trigger installed later makes the lists read everything once).
            for filtered in [false, true] {
                let controller = FetchedResultsController(
                    database: pool, request: Self.request(filtered: filtered)
                ) { errors.append($0) }
                try await controller.performFetch()
                controllers.append(controller)
                views.append(Shown(controller))
            }
            // The data sources turn counting on; the first count is at the feed's next read.
            await eventually { controllers.allSatisfy { $0.windowPosition?.numberOfRows != nil } }
            let other = try file.secondConnection()
            var nextID: Int64 = 1000
            for step in 0..<SeededRandom.caseCount(60) {
                let ids = try await pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM entry") }
                var comment = Comment(rawValue: "DIFFABLE_SEED=\(seed) step \(step)")
                var targets: [Int?] = [nil, nil]
                let counted = controllers.map(\.statistics.rowCounts)
                let isScroll = Bool.random(using: &rng)
                if isScroll {
                    // A scroll of each view: near its window's edge, or far away.
                    for (index, shown) in views.enumerated() {
                        let count = shown.dataSource.numberOfItems
                        let target = max(
                            0,
                            Bool.random(using: &rng)
                                ? min(
                                    count - 1,
                                    shown.dataSource.windowOffset + Self.limit
                                        + Int.random(in: -4...4, using: &rng))
                                : Int.random(in: 0..<max(count, 1), using: &rng))
                        targets[index] = target
                        comment = Comment(
                            rawValue: "\(comment.rawValue): view \(index) to \(target) of \(count)")
                        if Bool.random(using: &rng) {
                            shown.dataSource.moveWindow(around: target)
                        } else {
                            // As a view tells its prefetching data source of the rows ahead.
                            shown.dataSource.collectionView(
                                shown.view, prefetchItemsAt: [IndexPath(item: target, section: 0)])
                        }
                    }
                } else {
                    var statements: [String] = []
                    for _ in 0..<Int.random(in: 1...3, using: &rng) {
                        defer { nextID += 1 }
                        let id = ids.randomElement(using: &rng) ?? 1
                        let score = Int.random(in: 0..<500, using: &rng)
                        switch Int.random(in: 0..<8, using: &rng) {
                        case 0, 1:
                            statements.append(
                                "INSERT INTO entry(id, score, title) VALUES (\(nextID), \(score), 'Entry \(nextID)')"
                            )
                        case 2: statements.append("DELETE FROM entry WHERE id = \(id)")
                        case 3, 4: statements.append("UPDATE entry SET score = \(score) WHERE id = \(id)")
                        case 5: statements.append("UPDATE entry SET isHidden = NOT isHidden WHERE id = \(id)")
                        case 6:
                            statements.append("UPDATE entry SET title = 'Entry \(nextID)' WHERE id = \(id)")
                        default:
                            let low = Int.random(in: 0..<500, using: &rng)
                            statements.append("DELETE FROM entry WHERE score BETWEEN \(low) AND \(low + 20)")
                        }
                    }
                    let writer = [Writer.pool, .secondConnection, .pythonSQLite].randomElement(using: &rng)!
                    comment = Comment(rawValue: "\(comment.rawValue), writer \(writer): \(statements)")
                    #expect(
                        try await writer.commit(statements, pool: pool, other: other, path: file.path),
                        comment)
                }
                for (index, shown) in views.enumerated() {
                    let filtered = index == 1
                    var expected: (texts: [String], window: [Int64]) = ([], [])
                    await eventuallyAsync(
                        "\(comment): view \(index) shows \(shown.texts), expected \(expected.texts)"
                    ) {
                        guard !shown.dataSource.hasPendingUpdates else { return false }
                        let offset = shown.dataSource.windowOffset
                        guard
                            let found = try? await pool.read({ db in
                                try Self.expected(db, offset: offset, filtered: filtered)
                            })
                        else { return false }
                        expected = found
                        let covers =
                            targets[index].map { target in
                                expected.texts.isEmpty
                                    || (offset...(offset + Self.limit)).contains(
                                        min(target, expected.texts.count - 1))
                            } ?? true
                        return covers && shown.texts == expected.texts
                            && shown.dataSource.windowItems == expected.window
                    }
                    let statistics = controllers[index].statistics
                    #expect(shown.view.violations.isEmpty, comment)
                    #expect(statistics.wholeReads == 1, comment)
                    #expect(statistics.heldRows <= Self.limit + 4 * 8, comment)
                    if !filtered, !isScroll {
                        // Over every row, ordered by a column: the change record places each
                        // changed row, before the window or after it, without a count.
                        #expect(statistics.rowCounts == counted[index], "\(statistics); \(comment)")
                    }
                }
            }
            #expect(errors.all.isEmpty)
        }

        /// A row written far above the window moves the rows on screen down by one, as a
        /// placeholder inserted before the window: nothing in the window is deleted or reloaded.
        @Test func aRowWrittenAboveTheWindowIsAPlaceholderAtItsEdge() async throws {
            let (file, pool) = try await databaseOfRows(
                schema: Self.schema, count: 5000,
                filling: "INSERT INTO entry(id, score, title) SELECT i, i, 'Entry ' || i FROM n")
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let controller = FetchedResultsController(database: pool, request: Self.request())
            try await controller.performFetch()
            let shown = Shown(controller)
            await eventually { shown.dataSource.numberOfItems == 5000 }
            shown.dataSource.moveWindow(around: 2500)
            await eventually { shown.dataSource.windowOffset == 2500 - Self.limit / 2 }
            let offset = shown.dataSource.windowOffset
            #expect(
                shown.dataSource.windowItems
                    == Array((5000 - offset - Self.limit + 1...5000 - offset).reversed()).map(Int64.init))
            shown.view.clearRecords()
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO entry(id, score, title) VALUES (9001, 4990, 'Above')")
            }
            await eventually { shown.dataSource.numberOfItems == 5001 }
            let updates = shown.view.operations.compactMap { operation -> BatchUpdate? in
                if case .batchUpdate(let update, _) = operation { update } else { nil }
            }
            // The window keeps its offset: the row that was just above it comes in at its top,
            // and its last row leaves at its bottom, where a placeholder takes its place.
            #expect(updates.count == 1)
            #expect(
                updates.first?.insertedItems == [
                    IndexPath(item: offset, section: 0), IndexPath(item: offset + Self.limit, section: 0),
                ])
            #expect(updates.first?.deletedItems == [IndexPath(item: offset + Self.limit - 1, section: 0)])
            #expect(shown.view.violations.isEmpty)
            #expect(controller.statistics.wholeReads == 1)
            #expect(controller.statistics.heldRows <= Self.limit + 4 * 8)
            withExtendedLifetime(file) {}  // its directory goes with it
        }

        /// The terminal's collection view over 100,000 rows: it draws only the rows on screen,
        /// End and Page Up bring the rows there from the database, and a row another connection
        /// writes on screen is drawn where it belongs.
        @Test func theTerminalViewShowsTheRowsWhereItIsScrolled() async throws {
            let (file, pool) = try await databaseOfRows(
                schema: Self.schema, count: 100_000,
                filling: "INSERT INTO entry(id, score, title) SELECT i, i, 'Entry ' || i FROM n")
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let controller = FetchedResultsController(database: pool, request: Self.request(filtered: false))
            try await controller.performFetch()
            let view = TerminalCollectionView(
                layout: .list(using: CollectionLayoutListConfiguration(appearance: .plain)), width: 24,
                height: 5)
            let rows = TerminalCollectionView.CellRegistration<TerminalListCell, Int64> {
                cell, indexPath, id in
                var content = cell.defaultContentConfiguration()
                content.text = "\(indexPath.item + 1): \(id)"
                cell.contentConfiguration = content
            }
            let placeholders = TerminalCollectionView.CellRegistration<TerminalListCell, Int> { cell, _, _ in
                var content = cell.defaultContentConfiguration()
                content.text = Self.placeholder
                cell.contentConfiguration = content
            }
            let dataSource = WindowedCollectionViewDataSource(collectionView: view, controller: controller) {
                view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: id)
            } placeholderProvider: { view, indexPath in
                view.dequeueConfiguredReusableCell(using: placeholders, for: indexPath, item: indexPath.item)
            }
            view.prefetchDataSource = dataSource
            dataSource.animatingDifferences = false  // an inserted row is drawn at once
            func screen() -> [String] { view.render().text.split(separator: "\n").map(String.init) }
            await eventually { dataSource.numberOfItems == 100_000 }
            #expect(screen() == ["1: 100000", "2: 99999", "3: 99998", "4: 99997", "5: 99996"])
            #expect(view.visibleCellCount <= 10)

            _ = view.handle(.end)
            await eventually { screen().last == "100000: 1" }
            #expect(screen() == ["99996: 5", "99997: 4", "99998: 3", "99999: 2", "100000: 1"])
            // Page up until the screen scrolls: the rows there arrive, each at its place (row p
            // has score and id 100,001 - p).
            while screen().first == "99996: 5" { _ = view.handle(.pageUp) }
            await eventually { !screen().contains(Self.placeholder) }
            let places = screen().map { line in
                line.split(separator: ":").map { Int($0.trimmingCharacters(in: .whitespaces))! }
            }
            #expect(
                places.allSatisfy { $0[0] + $0[1] == 100_001 } && places.first![0] < 99_996, "\(screen())")

            // Another connection writes a row among those on screen: it sorts after the row
            // of the same score, the third on screen, so it is drawn fourth.
            let first = places.first![0]
            let other = try file.secondConnection()
            try await other.write { db in
                try db.execute(
                    sql: "INSERT INTO entry(id, score, title) VALUES (200000, ?, 'Between')",
                    arguments: [100_001 - (first + 2)])
            }
            await eventually {
                dataSource.numberOfItems == 100_001 && screen().contains("\(first + 3): 200000")
            }
            #expect(screen()[3] == "\(first + 3): 200000", "\(screen())")
            #expect(controller.statistics.wholeReads == 1)
            #expect(controller.statistics.heldRows <= Self.limit + 4 * 8)
        }
    }

    /// The example of Documentation/Store.md's "A window that follows the view": a view, its
    /// cells and a table of 1,000 items are made first.
    @MainActor
    struct ViewportExample {
        let file: TemporaryDatabase
        let pool: DatabasePool
        let view = ValidatingCollectionView()
        let rows = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in cell.text = "\(id)"
        }
        let placeholders = CellRegistration<ValidatingCollectionView.Cell, Int> { cell, _, _ in
            cell.text = "…"
        }

        init() throws {
            file = try TemporaryDatabase()
            pool = try DatabasePool(path: file.path)
            try pool.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE item(id INTEGER PRIMARY KEY, score INTEGER NOT NULL);
                        CREATE INDEX item_score ON item(score DESC);
                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
                        INSERT INTO item SELECT i, i FROM n;
                        """)
            }
        }

        @Test func viewport() async throws {
            var request = FetchedResultsRequest<String, Int64>(
                table: "item", item: Column("id"), section: "".databaseValue,
                ordering: [.descending(Column("score"))])
            request.fetchLimit = 200  // a few screens
            let controller = FetchedResultsController(database: pool, request: request)
            let dataSource = WindowedCollectionViewDataSource(collectionView: view, controller: controller) {
                view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: id)
            } placeholderProvider: { view, indexPath in
                view.dequeueConfiguredReusableCell(using: placeholders, for: indexPath, item: indexPath.item)
            }
            view.prefetchDataSource = dataSource
            try await controller.performFetch()

            await eventually { dataSource.numberOfItems == 1000 }
            #expect(dataSource.windowItems.first == 1000 && dataSource.windowItems.count == 200)
            dataSource.moveWindow(around: 900)
            await eventually { dataSource.windowItems.last == 1 }
            #expect(view.visibleTexts[0][999] == "1" && view.visibleTexts[0][0] == "…")
            #expect(view.violations.isEmpty)
        }
    }
#endif
