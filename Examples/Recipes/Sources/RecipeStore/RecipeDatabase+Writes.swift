import Foundation
import GRDB
public import RecipeKit

/// Every write the app and the command line make, each one transaction. The triggers keep the
/// counts and the search index; the collection memberships are written here.
extension RecipeDatabase {
    /// Adds a recipe and returns its id.
    ///
    /// - Throws: The recipe's first ``RecipeFieldError`` (nothing is written), or SQLite's error.
    @discardableResult
    public func add(_ recipe: Recipe) async throws -> Int64 {
        let recipe = try Self.validated(recipe)
        return try await pool.write { db in try Self.insert(recipe, db) }
    }

    /// Replaces the recipe with `recipe.id`, keeping when it was added, and bumps its revision so
    /// that the lists refresh its row.
    ///
    /// - Throws: The recipe's first ``RecipeFieldError`` (nothing is written), or SQLite's error.
    public func update(_ recipe: Recipe) async throws {
        let recipe = try Self.validated(recipe)
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE recipe SET title = ?, emoji = ?, prepMinutes = ?, cookMinutes = ?, servings = ?,
                        ingredients = ?, directions = ?, collections = ?, isFavorite = ?, revision = revision + 1
                    WHERE id = ?
                    """,
                arguments: [
                    recipe.title, recipe.emoji, recipe.prepMinutes, recipe.cookMinutes, recipe.servings,
                    RecipeFile.list(recipe.ingredients), RecipeFile.list(recipe.directions),
                    RecipeFile.list(recipe.collections), recipe.isFavorite, recipe.id,
                ])
            let old = try String.fetchSet(
                db, sql: "SELECT name FROM recipeCollection WHERE recipeId = ?", arguments: [recipe.id])
            let new = Set(recipe.collections)
            for name in old.subtracting(new) {
                try db.execute(
                    sql: "DELETE FROM recipeCollection WHERE name = ? AND recipeId = ?",
                    arguments: [name, recipe.id])
            }
            for name in new.subtracting(old) {
                try db.execute(
                    sql: "INSERT INTO recipeCollection(name, recipeId) VALUES (?, ?)",
                    arguments: [name, recipe.id])
            }
        }
    }

    /// Makes a recipe a favorite or not.
    public func setFavorite(_ isFavorite: Bool, id: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE recipe SET isFavorite = ? WHERE id = ?", arguments: [isFavorite, id])
        }
    }

    /// Deletes a recipe (its memberships go with it, by trigger).
    public func delete(id: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM recipe WHERE id = ?", arguments: [id])
        }
    }

    /// Adds every recipe of an import file in one transaction: all of them, or, on the first
    /// error, none.
    ///
    /// - Returns: How many were added.
    /// - Throws: ``RecipeFileError`` naming the line and the field, or SQLite's error; nothing is
    ///   written then.
    @discardableResult
    public func importFile(_ bytes: [UInt8], now: Date = Date()) throws -> Int {
        let recipes = try RecipeFile.recipes(from: bytes, now: now)
        try pool.write { db in
            for recipe in recipes { _ = try Self.insert(recipe, db) }
        }
        return recipes.count
    }

    /// Adds `count` made-up recipes (``SyntheticRecipes``), in one transaction, with prepared
    /// statements; `progress` hears how many are in, every 10,000.
    public func generate(
        count: Int, startingAt first: Int = 1, now: Date = Date(), progress: (Int) -> Void = { _ in }
    ) throws {
        let generator = SyntheticRecipes(now: now)
        try pool.write { db in
            // A page cache large enough that the indexes' pages are written once, at the commit,
            // rather than spilled to the WAL again and again while the transaction grows.
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -16000
            try db.execute(sql: "PRAGMA cache_size = -1000000")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
            for number in 0..<count {
                _ = try Self.insert(generator.recipe(first + number), db)
                if (number + 1) % 10_000 == 0 { progress(number + 1) }
            }
        }
    }

    // MARK: Rows

    /// A recipe normalized, or its first validation error.
    static func validated(_ recipe: Recipe) throws(RecipeFieldError) -> Recipe {
        let recipe = recipe.normalized()
        if let error = recipe.validationErrors().first { throw error }
        return recipe
    }

    /// Inserts a validated recipe and its memberships with cached statements; returns its id.
    static func insert(_ recipe: Recipe, _ db: Database) throws -> Int64 {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO recipe(title, emoji, prepMinutes, cookMinutes, servings, ingredients, directions,
                    collections, isFavorite, addedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        try statement.execute(arguments: [
            recipe.title, recipe.emoji, recipe.prepMinutes, recipe.cookMinutes, recipe.servings,
            RecipeFile.list(recipe.ingredients), RecipeFile.list(recipe.directions),
            RecipeFile.list(recipe.collections), recipe.isFavorite, recipe.addedAt.timeIntervalSince1970,
        ])
        let id = db.lastInsertedRowID
        let membership = try db.cachedStatement(
            sql: "INSERT INTO recipeCollection(name, recipeId) VALUES (?, ?)")
        for name in recipe.collections {
            try membership.execute(arguments: [name, id])
        }
        return id
    }
}
