import Foundation
public import GRDB
public import RecipeKit

/// What a list's cell shows of a recipe, as its ``RecordCache`` reads it: the ingredients and
/// directions, long JSON lists that only the detail shows, are never parsed for a cell.
public struct RecipeSummary: FetchableRecord, Identifiable, Sendable {
    public var id: Int64
    public var title: String
    public var emoji: String
    public var isFavorite: Bool
    /// `Prep 10 min · Cook 20 min · Serves 4`.
    public var subtitle: String
}

extension RecipeSummary {
    /// Reads a `SELECT *` row of `recipe`.
    public init(row: Row) {
        id = row["id"]
        title = row["title"]
        emoji = row["emoji"]
        isFavorite = row["isFavorite"]
        subtitle = Recipe.subtitle(
            prepMinutes: row["prepMinutes"], cookMinutes: row["cookMinutes"], servings: row["servings"])
    }
}

/// A whole recipe as a row, for the detail and the export.
public struct StoredRecipe: FetchableRecord, Identifiable, Sendable {
    /// The recipe.
    public var recipe: Recipe
    /// Its id.
    public var id: Int64 { recipe.id }

    /// Reads a `SELECT *` row of `recipe`.
    public init(row: Row) {
        recipe = Recipe(
            id: row["id"], title: row["title"], emoji: row["emoji"], prepMinutes: row["prepMinutes"],
            cookMinutes: row["cookMinutes"], servings: row["servings"],
            ingredients: RecipeFile.strings(fromList: row["ingredients"]),
            directions: RecipeFile.strings(fromList: row["directions"]),
            collections: RecipeFile.strings(fromList: row["collections"]), isFavorite: row["isFavorite"],
            addedAt: Date(timeIntervalSince1970: row["addedAt"]))
    }
}

/// What the sidebar counts.
public struct RecipeCounts: Hashable, Sendable {
    /// Every recipe.
    public var all = 0
    /// The favorites.
    public var favorites = 0
    /// Those added in the last week.
    public var recents = 0
    /// Each collection, by name, in the order of their names.
    public var collections: [(name: String, count: Int)] = [] {
        didSet { countByCollection = Dictionary(collections, uniquingKeysWith: { first, _ in first }) }
    }
    /// The same counts, by name, for ``count(ofCollection:)``.
    private var countByCollection: [String: Int] = [:]

    /// The number of recipes in a collection, or `nil` when there is no such collection.
    ///
    /// - Complexity: O(1) expected.
    public func count(ofCollection name: String) -> Int? { countByCollection[name] }

    /// No recipes.
    public init() {}

    public static func == (a: Self, b: Self) -> Bool {
        a.all == b.all && a.favorites == b.favorites && a.recents == b.recents
            && a.collections.elementsEqual(b.collections) { $0.name == $1.name && $0.count == $1.count }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(all)
        hasher.combine(favorites)
        hasher.combine(recents)
        for collection in collections {
            hasher.combine(collection.name)
            hasher.combine(collection.count)
        }
    }
}

extension RecipeDatabase {
    /// How far back Recents goes.
    public static let recentInterval: TimeInterval = 7 * 86_400

    /// The recipe with an id, or `nil` if there is none: read on one of the pool's readers, off
    /// the caller's thread (WAL: it never waits for a writer).
    public func recipe(id: Int64) async throws -> Recipe? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM recipe WHERE id = ?", arguments: [id]).map {
                StoredRecipe(row: $0).recipe
            }
        }
    }

    /// The sidebar's counts: from the tables the triggers keep, and, for Recents, an index range.
    ///
    /// - Complexity: O(c + r) for c collections and r recent recipes; not the number of recipes.
    public func counts(now: Date = Date()) throws -> RecipeCounts {
        try pool.read { try Self.counts($0, now: now) }
    }

    /// The sidebar's counts, read without holding a thread of Swift's concurrency pool while
    /// waiting for a connection (what a session, a task or a server page uses).
    public func counts(now: Date = Date()) async throws -> RecipeCounts {
        try await pool.read { try Self.counts($0, now: now) }
    }

    private static func counts(_ db: Database, now: Date) throws -> RecipeCounts {
        var counts = RecipeCounts()
        if let row = try Row.fetchOne(db, sql: "SELECT recipeCount, favoriteCount FROM tally") {
            counts.all = row[0]
            counts.favorites = row[1]
        }
        counts.recents =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM recipe WHERE addedAt > ?",
                arguments: [now.addingTimeInterval(-Self.recentInterval).timeIntervalSince1970]) ?? 0
        counts.collections = try Row.fetchAll(
            db, sql: "SELECT name, recipeCount FROM collection ORDER BY name"
        ).map { ($0[0], $0[1]) }
        return counts
    }

    /// Writes every recipe, oldest first, as an import file (``RecipeFile``) to `output`, a page
    /// at a time, so that a million recipes do not sit in memory at once.
    public func export(to output: FileHandle) async throws {
        try await Self.export(to: output) { [pool] last in
            try await pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM recipe WHERE id > ? ORDER BY id LIMIT 1000", arguments: [last]
                ).map { StoredRecipe(row: $0).recipe }
            }
        }
    }
}
