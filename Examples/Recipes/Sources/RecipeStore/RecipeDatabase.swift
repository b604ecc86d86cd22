public import DiffableGRDB
public import Foundation
public import GRDB
import RecipeKit

/// The recipes' SQLite database: opened (and made, migrated and seeded on first use) at a path,
/// written only through this type, so that every write keeps the counts and the search index.
///
/// A `DatabasePool` in WAL mode: readers never wait for the writer, and another process (a
/// `recipes import` while the app runs) writes beside it; the app's lists see that commit through
/// SQLite's `data_version`.
public final class RecipeDatabase: Sendable {
    /// The connection pool.
    public let pool: DatabasePool
    /// The file.
    public let path: String

    /// Opens the database at `path`, making its folder and the database when they do not exist,
    /// and brings its schema up to date. A new database gets the forty seed recipes, unless
    /// `seeding` is `false`.
    ///
    /// - Throws: The error of SQLite or of the file system; a file that is not a recipes database
    ///   fails to migrate.
    public init(path: String, seeding: Bool = true, now: Date = Date()) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var configuration = Configuration()
        // Another process may hold the write lock for a moment (an import): wait for it.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // WAL with NORMAL: a commit is on disk once the WAL is, which survives a killed
            // process; only a power cut may lose the last commits, never corrupt the file.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // SQLite's default page cache (2 MB a connection): the pages come from the file's
            // mapping or the system's cache, and a larger cache on every reader grows the server's
            // heap by as much when its pages read rows from all over a million-row table.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator(seeding: seeding, now: now).migrate(pool)
    }

    /// Where the app keeps its database unless told otherwise: `$XDG_DATA_HOME/recipes`, or
    /// `~/.local/share/recipes`, as the XDG base directories say.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(".local/share")
        }
        return (base as NSString).appendingPathComponent("recipes/recipes.sqlite")
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public func integrityCheck() throws -> [String] {
        try pool.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
    }
}

extension RecipeDatabase: RecipeStorage {
    public var location: String { path }

    public var feed: ChangeFeed { ChangeFeed.feed(for: pool) }

    public func controller(for list: RecipeList, clock: any WallClock, shared: Bool)
        async throws(FetchedResultsError)
        -> FetchedResultsController<String, Int64>
    {
        let request = list.request()
        guard shared else { return FetchedResultsController(database: pool, request: request, clock: clock) }
        return try await FetchedResultsController.shared(database: pool, request: request, clock: clock)
    }

    public func records(for controller: FetchedResultsController<String, Int64>)
        -> RecordCache<String, Int64, RecipeSummary>
    {
        RecordCache(controller: controller)
    }
}
