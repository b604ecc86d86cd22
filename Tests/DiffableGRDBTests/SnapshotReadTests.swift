#if GRDB
    import DiffableStore
    import Foundation
    import GRDB
    import Testing

    @testable import DiffableGRDB

    /// The feed reads a pool through snapshots: a connection of its own for each read.
    @Suite("The feed's snapshots")
    struct SnapshotReadTests {
        /// A snapshot's page cache starts empty and goes with it, so it is kept to SQLite's
        /// default size, whatever larger one the pool's connections were set to; a smaller one
        /// stays as it is (a positive size is in pages, of 4 KiB here).
        @Test(arguments: [(-16_000, -2_000), (-500, -500), (100, 100), (1_000, -2_000)])
        func aReadsSnapshotKeepsItsPageCacheSmall(configured: Int, kept: Int) async throws {
            let file = try TemporaryDatabase()
            var configuration = Configuration()
            configuration.prepareDatabase { try $0.execute(sql: "PRAGMA cache_size = \(configured)") }
            let pool = try DatabasePool(path: file.path, configuration: configuration)
            try await pool.write { db in
                try db.execute(sql: Recipe.schema)
                try SQLiteChangeLog.install(for: "recipe", in: db)
            }
            let source = _SQLiteChangeSource(database: pool) { _ in }
            let size = try await source.read(after: nil) { _, reader async throws(FetchedResultsError) in
                try await (reader as? _SQLiteReader)?.read(exact: false) { db in
                    try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0
                }
            }
            #expect(size == kept)
            #expect(try await pool.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == configured)
        }
    }
#endif
