public import DiffableStore
public import Foundation
public import RecipeKit

/// Where the recipes live: a SQLite file on this machine (``RecipeDatabase``) or a PostgreSQL
/// database several servers share (``PostgresRecipeDatabase``). The same schema, writes, counts
/// and lists on both; everything above this protocol (the library, the sessions, the terminal app
/// and the server) does not know which it runs on.
public protocol RecipeStorage: AnyObject, Sendable {
    /// Where the recipes are, for messages: a path or a URL without its password.
    var location: String { get }

    /// The database's change feed in this process, which every list and the counts follow.
    var feed: ChangeFeed { get }

    /// A live controller of a list's recipe ids; `shared` gives the one every caller in the
    /// process with an equal request shares, read now; otherwise a new one, not yet read. Its
    /// failures and recoveries come through its `errors()`.
    func controller(for list: RecipeList, clock: any WallClock, shared: Bool)
        async throws(FetchedResultsError)
        -> FetchedResultsController<String, Int64>

    /// The cells' records of a controller's rows, read a page at a time.
    func records(for controller: FetchedResultsController<String, Int64>)
        -> RecordCache<String, Int64, RecipeSummary>

    /// The recipe with an id, or `nil` if there is none; the database's deadline applies.
    func recipe(id: Int64) async throws -> Recipe?

    /// The sidebar's counts.
    func counts(now: Date) async throws -> RecipeCounts

    /// Adds a recipe and returns its id.
    ///
    /// - Throws: The recipe's first ``RecipeFieldError`` (nothing is written), or the database's
    ///   error.
    func add(_ recipe: Recipe) async throws -> Int64

    /// Replaces the recipe with `recipe.id`, keeping when it was added, and bumps its revision so
    /// that the lists refresh its row.
    func update(_ recipe: Recipe) async throws

    /// Makes a recipe a favorite or not.
    func setFavorite(_ isFavorite: Bool, id: Int64) async throws

    /// Deletes a recipe and its memberships.
    func delete(id: Int64) async throws

    /// Adds every recipe of an import file in one transaction: all of them, or none.
    ///
    /// - Returns: How many were added.
    func importFile(_ bytes: [UInt8], now: Date) async throws -> Int

    /// Adds `count` made-up recipes (``SyntheticRecipes``) in one transaction; `progress` hears
    /// how many are in, every 10,000.
    func generate(count: Int, startingAt first: Int, now: Date, progress: (Int) -> Void) async throws

    /// Writes every recipe, oldest first, as an import file to `output`, a page at a time.
    func export(to output: FileHandle) async throws

    /// What is wrong with the database, or `["ok"]`.
    func integrityCheck() async throws -> [String]
}

extension RecipeStorage {
    /// Writes the import file of every recipe to `output`, reading them a page at a time (the
    /// recipes after an id, in order of id) so that a million recipes never sit in memory.
    static func export(to output: FileHandle, page: (_ after: Int64) async throws -> [Recipe]) async throws {
        var last: Int64 = 0
        var first = true
        output.write(Data("{\n  \"recipes\": [".utf8))
        while true {
            let recipes = try await page(last)
            guard let end = recipes.last else { break }
            last = end.id
            let text = String(decoding: RecipeFile.data(for: recipes), as: UTF8.self)
            // The recipes' objects, without the file's opening and closing lines.
            let body = text.dropFirst("{\n  \"recipes\": [\n".count).dropLast("\n  ]\n}\n".count)
            output.write(Data(((first ? "\n" : ",\n") + body).utf8))
            first = false
        }
        output.write(Data((first ? "]\n}\n" : "\n  ]\n}\n").utf8))
    }
}
