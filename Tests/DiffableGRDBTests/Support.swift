#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// A database file in a directory of its own, removed when the value goes away.
    final class TemporaryDatabase: Sendable {
        let directory: URL
        var path: String { directory.appendingPathComponent("store.sqlite").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "diffable-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Another connection to the file, as another app would open it: it waits for the lock
        /// (the feed's own writes, another writer) rather than failing at once.
        func secondConnection() throws -> DatabaseQueue {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            return try DatabaseQueue(path: path, configuration: configuration)
        }

        /// A pool on the file (WAL mode), with the recipes table made and filled.
        func makeRecipes(_ recipes: [Recipe] = []) throws -> DatabasePool {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.write { db in
                try db.execute(sql: Recipe.schema)
                for recipe in recipes { try recipe.insert(db) }
            }
            return pool
        }
    }

    /// The rows the tests store.
    struct Recipe: Codable, FetchableRecord, PersistableRecord, Hashable, Sendable {
        var id: Int64
        var collection: String
        var title: String
        var minutes: Int
        var isFavorite: Bool = false
        var isArchived: Bool = false

        static let schema = """
            CREATE TABLE recipe(
                id INTEGER PRIMARY KEY,
                collection TEXT NOT NULL,
                title TEXT NOT NULL,
                minutes INTEGER NOT NULL,
                isFavorite INTEGER NOT NULL DEFAULT 0,
                isArchived INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX recipe_order ON recipe(collection, title);
            """

        /// Shown rows by collection then title; archived ones are not shown.
        static let request = FetchedResultsRequest<String, Int64>(
            table: "recipe", item: Column("id"), section: Column("collection"),
            content: [Column("title"), Column("minutes"), Column("isFavorite")],
            filter: Column("isArchived") == false, ordering: [.ascending(Column("title"))])

        /// What `request` shows, read straight from the database.
        static func expectedSnapshot(_ db: Database) throws -> DiffableDataSourceSnapshot<String, Int64> {
            var snapshot = DiffableDataSourceSnapshot<String, Int64>()
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT id, collection FROM recipe WHERE NOT isArchived ORDER BY collection, title, rowid"
            )
            for row in rows {
                let section: String = row[1]
                if !snapshot.contains(section: section) { snapshot.appendSections([section]) }
                snapshot.appendItems([row[0]], toSection: section)
            }
            return snapshot
        }

        /// What a cell of `request` shows: the content columns.
        static func contents(_ db: Database) throws -> [Int64: [DatabaseValue]] {
            var contents: [Int64: [DatabaseValue]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, title, minutes, isFavorite FROM recipe") {
                contents[row[0]] = [row[1], row[2], row[3]]
            }
            return contents
        }
    }

    /// Who commits a test's statements: the pool the controllers read from, another connection
    /// of this process, another process, or Python's `sqlite3` (as an administrator's shell
    /// would: a writer that knows nothing of this library).
    enum Writer: Int, CaseIterable {
        case pool, secondConnection, otherProcess, pythonSQLite

        /// Runs `statements` in one transaction; returns whether they committed.
        func commit(_ statements: [String], pool: DatabasePool, other: DatabaseQueue, path: String)
            async throws
            -> Bool
        {
            switch self {
            case .pool:
                try await pool.write { db in for statement in statements { try db.execute(sql: statement) } }
            case .secondConnection:
                try await other.write { db in for statement in statements { try db.execute(sql: statement) } }
            case .otherProcess:
                return try await runStoreWriter([path] + statements) == 0
            case .pythonSQLite:
                return try await runPythonSQLite(path, statements) == 0
            }
            return true
        }
    }

    /// Commits `statements` — through `other` for an even `index`, through Python's `sqlite3` for
    /// an odd one — and returns the lists that read the commit: once `expected` have and the feed
    /// is idle, no other will (the feed hands a read to every list it concerns before it goes
    /// idle).
    @MainActor
    func listsReading(
        commit statements: [String], index: Int, lists: [FetchedResultsController<String, Int64>],
        expected: Set<Int>, pool: DatabasePool, other: DatabaseQueue, path: String
    ) async throws -> Set<Int> {
        let before = lists.map(\.statistics.rowReads)
        if index.isMultiple(of: 2) {
            try await other.write { db in for statement in statements { try db.execute(sql: statement) } }
        } else {
            #expect(try await runPythonSQLite(path, statements) == 0)
        }
        await eventually("commit \(index)") {
            expected.allSatisfy { lists[$0].statistics.rowReads != before[$0] }
                && ChangeFeed.feed(for: pool).phase == .idle
        }
        return Set(lists.indices.filter { lists[$0].statistics.rowReads != before[$0] })
    }

    /// Runs statements in one transaction with Python's `sqlite3` module.
    func runPythonSQLite(_ path: String, _ statements: [String]) async throws -> Int32 {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            for statement in sys.argv[2:]:
                db.execute(statement)
            db.execute("COMMIT")
            """
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "python-\(UUID().uuidString).log"
        ).path
        defer { try? FileManager.default.removeItem(atPath: output) }
        return try await runProgram(
            ["/usr/bin/env", "python3", "-c", script, path] + statements, outputPath: output)
    }

    /// The path of the helper executable that writes from another process.
    var storeWriterPath: String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // Swift Testing's runner may live inside the .xctest bundle on some platforms.
        while !FileManager.default.fileExists(
            atPath: directory.appendingPathComponent("diffable-store-writer").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("diffable-store-writer").path
    }

    /// Runs the writer in another process to its end; returns its exit status.
    func runStoreWriter(_ arguments: [String]) async throws -> Int32 {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "writer-\(UUID().uuidString).log"
        ).path
        defer { try? FileManager.default.removeItem(atPath: output) }
        return try await runProgram([storeWriterPath] + arguments, outputPath: output)
    }

    /// A new database file made with `schema`, and `count` rows inserted by `filling`, an
    /// `INSERT … SELECT … FROM n` over the numbers `n(i)` from 1 to `count`.
    func databaseOfRows(schema: String, count: Int, filling: String) async throws -> (
        TemporaryDatabase, DatabasePool
    ) {
        let file = try TemporaryDatabase()
        let pool = try DatabasePool(path: file.path)
        try await pool.write { db in
            try db.execute(sql: schema)
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                    \(filling)
                    """)
        }
        return (file, pool)
    }
#endif
