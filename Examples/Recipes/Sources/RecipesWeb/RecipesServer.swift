import DiffableWeb
public import RecipeStore

/// Serves the Recipes app at `/` of `host:port`: every page that opens gets its own
/// ``RecipesPage`` (its own session: list, selection, search), all on one ``RecipeLibrary``, so a
/// list shown by a thousand pages is one controller, read once per change.
///
/// - Parameters:
///   - sharing: `false` gives every page a library of its own (its own controllers and counts):
///     the design before sharing, for the load benchmark's baseline.
///   - onServing: Called with the URL to open once the server listens.
@MainActor
public func serveRecipes(
    database: any RecipeStorage, host: String, port: Int, sharing: Bool = true,
    onServing: @escaping @Sendable (String) -> Void
) async throws {
    let server = WebServer(configuration: WebServerConfiguration(host: host, port: port))
    let library = RecipeLibrary(database: database)
    server.addPage("/", title: "Recipes") { page in
        let pageLibrary = sharing ? library : RecipeLibrary(database: database, sharesControllers: false)
        let recipes = RecipesPage(page: page, library: pageLibrary)
        page.keep(recipes)
        Task { await recipes.start() }
    }
    let url = server.url
    try await server.run { onServing(url) }
}
