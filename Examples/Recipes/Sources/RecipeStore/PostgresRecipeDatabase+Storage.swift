public import DiffablePostgres
public import Foundation
import PostgresNIO
public import RecipeKit

/// The app's reads, writes and lists on PostgreSQL: each write one transaction through the
/// store, so that this server's lists read it as soon as it commits.
extension PostgresRecipeDatabase: RecipeStorage {
    public var feed: ChangeFeed { ChangeFeed.feed(for: store) }

    public func controller(for list: RecipeList, clock: any WallClock, shared: Bool)
        async throws(FetchedResultsError)
        -> FetchedResultsController<String, Int64>
    {
        let request = list.postgresRequest()
        guard shared else { return FetchedResultsController(store: store, request: request, clock: clock) }
        return try await FetchedResultsController.shared(store: store, request: request, clock: clock)
    }

    public func records(for controller: FetchedResultsController<String, Int64>)
        -> RecordCache<String, Int64, RecipeSummary>
    {
        RecordCache(controller: controller, columns: RecipeSummary.postgresColumns) { row in
            try RecipeSummary(postgresRow: row)
        }
    }

    // MARK: Reads

    public func recipe(id: Int64) async throws -> Recipe? {
        try await store.read { connection in
            try await connection.rows("SELECT \(unescaped: Self.recipeColumns) FROM recipe WHERE id = \(id)")
                .first
                .map(Self.recipe)
        }
    }

    public func counts(now: Date) async throws -> RecipeCounts {
        let since = now.addingTimeInterval(-RecipeDatabase.recentInterval).timeIntervalSince1970
        // One snapshot, so that the counts agree with each other.
        return try await store.client.withTransaction(logger: Self.logger) { connection in
            var counts = RecipeCounts()
            if let row = try await connection.rows("SELECT recipeCount, favoriteCount FROM tally").first {
                (counts.all, counts.favorites) = try row.decode((Int, Int).self)
            }
            counts.recents =
                try await connection.rows("SELECT count(*) FROM recipe WHERE addedAt > \(since)").first?
                .decode(Int.self) ?? 0
            counts.collections = try await connection.rows(
                #"SELECT name, recipeCount FROM collection ORDER BY name COLLATE "C""#
            ).map { row in
                let (name, count) = try row.decode((String, Int).self)
                return (name, count)
            }
            return counts
        }
    }

    public func export(to output: FileHandle) async throws {
        try await Self.export(to: output) { [store] last in
            try await store.client.rows(
                "SELECT \(unescaped: Self.recipeColumns) FROM recipe WHERE id > \(last) ORDER BY id LIMIT 1000"
            ).map(Self.recipe)
        }
    }

    /// Whether the counts the triggers keep agree with the rows: `["ok"]`, or what does not.
    public func integrityCheck() async throws -> [String] {
        let row = try await store.client.rows(
            """
            SELECT recipeCount = (SELECT count(*) FROM recipe),
                favoriteCount = (SELECT count(*) FROM recipe WHERE isFavorite),
                NOT EXISTS (
                    SELECT 1 FROM collection FULL JOIN (
                        SELECT name, count(*) AS n FROM recipeCollection GROUP BY name) AS members USING (name)
                    WHERE recipeCount IS DISTINCT FROM n)
            FROM tally
            """
        ).first
        guard let (recipes, favorites, collections) = try row?.decode((Bool, Bool, Bool).self) else {
            return ["the tally row is missing"]
        }
        let problems = [
            recipes ? nil : "the recipe count does not match the recipes",
            favorites ? nil : "the favorite count does not match the favorites",
            collections ? nil : "the collection counts do not match the memberships",
        ].compactMap { $0 }
        return problems.isEmpty ? ["ok"] : problems
    }

    // MARK: Writes

    public func add(_ recipe: Recipe) async throws -> Int64 {
        let recipe = try RecipeDatabase.validated(recipe)
        return try await store.write { connection in try await Self.insert([recipe], connection)[0] }
    }

    public func update(_ recipe: Recipe) async throws {
        let recipe = try RecipeDatabase.validated(recipe)
        try await store.write { connection in
            try await connection.rows(
                """
                UPDATE recipe SET title = \(recipe.title), emoji = \(recipe.emoji),
                    prepMinutes = \(recipe.prepMinutes), cookMinutes = \(recipe.cookMinutes),
                    servings = \(recipe.servings), ingredients = \(RecipeFile.list(recipe.ingredients)),
                    directions = \(RecipeFile.list(recipe.directions)),
                    collections = \(RecipeFile.list(recipe.collections)), isFavorite = \(recipe.isFavorite),
                    revision = revision + 1
                WHERE id = \(recipe.id)
                """)
            try await connection.rows(
                "DELETE FROM recipeCollection WHERE recipeId = \(recipe.id) AND NOT (name = ANY(\(recipe.collections)))"
            )
            try await connection.rows(
                """
                INSERT INTO recipeCollection(name, recipeId)
                SELECT DISTINCT unnest(\(recipe.collections)::text[]), \(recipe.id) ON CONFLICT DO NOTHING
                """)
        }
    }

    public func setFavorite(_ isFavorite: Bool, id: Int64) async throws {
        try await store.write { connection in
            _ = try await connection.rows("UPDATE recipe SET isFavorite = \(isFavorite) WHERE id = \(id)")
        }
    }

    public func delete(id: Int64) async throws {
        try await store.write { connection in
            _ = try await connection.rows("DELETE FROM recipe WHERE id = \(id)")
        }
    }

    public func importFile(_ bytes: [UInt8], now: Date) async throws -> Int {
        let recipes = try RecipeFile.recipes(from: bytes, now: now)
        try await store.write { connection in
            for start in stride(from: 0, to: recipes.count, by: 1_000) {
                _ = try await Self.insert(
                    Array(recipes[start..<min(start + 1_000, recipes.count)]), connection)
            }
        }
        return recipes.count
    }

    public func generate(count: Int, startingAt first: Int, now: Date, progress: (Int) -> Void) async throws {
        let generator = SyntheticRecipes(now: now)
        try await store.write { connection in
            for start in stride(from: 0, to: count, by: 10_000) {
                let end = min(start + 10_000, count)
                _ = try await Self.insert((start..<end).map { generator.recipe(first + $0) }, connection)
                progress(end)
            }
        }
    }

    // MARK: Rows

    /// Inserts validated recipes and their memberships in one statement; returns their ids in
    /// order.
    static func insert(_ recipes: [Recipe], _ connection: PostgresConnection) async throws -> [Int64] {
        let rows = try await connection.rows(
            """
            WITH new AS (
                SELECT * FROM unnest(
                    \(recipes.map(\.title))::text[], \(recipes.map(\.emoji))::text[],
                    \(recipes.map(\.prepMinutes))::int[], \(recipes.map(\.cookMinutes))::int[],
                    \(recipes.map(\.servings))::int[], \(recipes.map { RecipeFile.list($0.ingredients) })::text[],
                    \(recipes.map { RecipeFile.list($0.directions) })::text[],
                    \(recipes.map { RecipeFile.list($0.collections) })::text[],
                    \(recipes.map(\.isFavorite))::boolean[], \(recipes.map { $0.addedAt.timeIntervalSince1970 })::float8[]
                ) WITH ORDINALITY AS new(title, emoji, prepMinutes, cookMinutes, servings, ingredients,
                    directions, collections, isFavorite, addedAt, position)
            ),
            inserted AS (
                INSERT INTO recipe(title, emoji, prepMinutes, cookMinutes, servings, ingredients, directions,
                    collections, isFavorite, addedAt)
                SELECT title, emoji, prepMinutes, cookMinutes, servings, ingredients, directions, collections,
                    isFavorite, addedAt
                FROM new ORDER BY position
                RETURNING id, collections
            ),
            memberships AS (
                INSERT INTO recipeCollection(name, recipeId)
                SELECT DISTINCT name, id FROM inserted, jsonb_array_elements_text(collections::jsonb) AS name
            )
            SELECT id FROM inserted ORDER BY id
            """)
        return try rows.map { try $0.decode(Int64.self) }
    }

    /// The columns ``recipe(_:)`` reads, in its order.
    static let recipeColumns =
        "id, title, emoji, prepMinutes, cookMinutes, servings, ingredients, directions, collections, isFavorite, addedAt"

    /// A recipe of a row of ``recipeColumns``.
    static func recipe(_ row: PostgresRow) throws -> Recipe {
        let (
            id, title, emoji, prep, cook, servings, ingredients, directions, collections, isFavorite, addedAt
        ) =
            try row.decode((Int64, String, String, Int, Int, Int, String, String, String, Bool, Double).self)
        return Recipe(
            id: id, title: title, emoji: emoji, prepMinutes: prep, cookMinutes: cook, servings: servings,
            ingredients: RecipeFile.strings(fromList: ingredients),
            directions: RecipeFile.strings(fromList: directions),
            collections: RecipeFile.strings(fromList: collections), isFavorite: isFavorite,
            addedAt: Date(timeIntervalSince1970: addedAt))
    }
}

extension RecipeSummary {
    /// The columns ``init(postgresRow:)`` reads, in its order.
    static let postgresColumns = "id, title, emoji, isFavorite, prepMinutes, cookMinutes, servings"

    /// Reads a row of ``postgresColumns``.
    init(postgresRow row: PostgresRow) throws {
        let (id, title, emoji, isFavorite, prep, cook, servings) =
            try row.decode((Int64, String, String, Bool, Int, Int, Int).self)
        self.init(
            id: id, title: title, emoji: emoji, isFavorite: isFavorite,
            subtitle: Recipe.subtitle(prepMinutes: prep, cookMinutes: cook, servings: servings))
    }
}
