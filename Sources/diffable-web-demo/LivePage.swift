#if Web && GRDB
    import DiffableGRDB
    import DiffableWeb
    import Foundation
    import GRDB

    /// A row of the live list.
    struct LiveItem: FetchableRecord, Identifiable, Sendable {
        var id: Int64
        var score: Int
        var title: String

        init(row: Row) {
            id = row["id"]
            score = row["score"]
            title = row["title"]
        }
    }

    /// Ten million rows of an SQLite table, ordered by score, that another writer keeps changing:
    /// each page holds only a window of 200 rows around where it is scrolled, knows the count of
    /// all, and shows every write inside its window as it lands (`WindowedCollectionViewDataSource`).
    /// The table is made the first time a page opens (and again when its size differs), in the
    /// background: a server whose pages never show it makes nothing.
    @MainActor
    final class LiveModel {
        let path: String
        let rowCount: Int
        let writeInterval: Double
        private var opening: Task<DatabasePool, any Error>?
        private var writer: Task<Void, Never>?

        init(path: String, rows: Int, writeInterval: Double) {
            self.path = path
            rowCount = rows
            self.writeInterval = writeInterval
        }

        /// The database, opened (made and filled, the first time) once.
        private func database() async throws -> DatabasePool {
            if let opening { return try await opening.value }
            let (path, rows) = (path, rowCount)
            let opening = Task.detached { try await Self.open(path: path, rows: rows) }
            self.opening = opening
            let pool = try await opening.value
            if writeInterval > 0, writer == nil { startWriting(to: pool, every: writeInterval) }
            return pool
        }

        /// Opens (or makes and fills) the database: `rows` rows with random scores.
        nonisolated private static func open(path: String, rows: Int) async throws -> DatabasePool {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let pool = try DatabasePool(path: path, configuration: configuration)
            // The table's size and layout, as made: made again when either differs.
            let layout = rows * 10 + 1
            let made = try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
            guard made != layout else { return pool }
            FileHandle.standardError.write(Data("Filling \(path) with \(rows) rows…\n".utf8))
            try await pool.write { db in
                // The index is in the list's order (score descending, then rowid), so that a
                // window read by position walks it without sorting.
                try db.execute(
                    sql: """
                        DROP TABLE IF EXISTS item;
                        CREATE TABLE item(id INTEGER PRIMARY KEY, score INTEGER NOT NULL, title TEXT NOT NULL);
                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
                        INSERT INTO item SELECT i, abs(random()) % 1000000000, 'Item ' || i FROM n;
                        CREATE INDEX item_score ON item(score DESC);
                        PRAGMA user_version = \(layout);
                        """)
            }
            _ = try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            return pool
        }

        /// Every `interval` seconds, one commit: a row's score changes (it moves), a row is added
        /// or a row is deleted, as another writer of a live database would.
        private func startWriting(to pool: DatabasePool, every interval: Double) {
            writer = Task.detached {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(interval))
                    try? await pool.write { db in
                        let top = try Int64.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 1
                        let id = top + 1
                        let score = Int.random(in: 0..<1_000_000_000)
                        switch Int.random(in: 0..<5) {
                        case 0:
                            try db.execute(
                                sql: "INSERT INTO item VALUES (?, ?, ?)",
                                arguments: [id, score, "New item \(id)"])
                        case 1:
                            try db.execute(
                                sql: "DELETE FROM item WHERE id = ?", arguments: [Int64.random(in: 1...top)])
                        default:
                            try db.execute(
                                sql: "UPDATE item SET score = ? WHERE id = ?",
                                arguments: [score, Int64.random(in: 1...top)])
                        }
                    }
                }
            }
        }

        /// Shows the list in a page once the database is open (the first page waits while it
        /// is filled).
        func make(_ page: WebPage) {
            Task {
                do {
                    show(in: page, from: try await database())
                } catch {
                    FileHandle.standardError.write(
                        Data("/live: the database could not be opened: \(error)\n".utf8))
                }
            }
        }

        private func show(in page: WebPage, from pool: DatabasePool) {
            let request = FetchedResultsRequest<String, Int64>(
                table: "item", item: Column("id"), section: "".databaseValue,
                content: [Column("score"), Column("title")], ordering: [.descending(Column("score"))],
                fetchLimit: 200)
            let controller = FetchedResultsController(database: pool, request: request)
            let records = RecordCache<String, Int64, LiveItem>(controller: controller, pageSize: 100)
            page.collectionView.collectionViewLayout = .list(
                using: CollectionLayoutListConfiguration(appearance: .plain))
            let rows = WebCollectionView.CellRegistration<WebListCell, Int64> { cell, _, id in
                var content = cell.defaultContentConfiguration()
                let item = records.record(for: id)
                content.text = item?.title ?? "Item \(id)"
                content.secondaryText = item.map { "score \($0.score.formatted())" }
                cell.contentConfiguration = content
            }
            let placeholders = WebCollectionView.CellRegistration<WebListCell, Int> { cell, _, _ in
                var content = cell.defaultContentConfiguration()
                content.text = "…"
                cell.contentConfiguration = content
            }
            let dataSource = WindowedCollectionViewDataSource(
                collectionView: page.collectionView, controller: controller
            ) { view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: id)
            } placeholderProvider: { view, indexPath in
                view.dequeueConfiguredReusableCell(using: placeholders, for: indexPath, item: indexPath.item)
            }
            page.collectionView.prefetchDataSource = dataSource
            page.keep(dataSource)
            page.keep(records)
            page.didClose = { controller.stop() }
            Task { try? await controller.performFetch() }
        }
    }
#endif
