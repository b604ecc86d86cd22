import DiffableWeb
public import RecipeStore

/// Serves the Recipes app at `/` of `host:port`: every page that opens gets its own
/// ``RecipesPage`` (its own session: list, selection, search), all on one database.
///
/// - Parameter onServing: Called with the URL to open once the server listens.
@MainActor
public func serveRecipes(
    database: RecipeDatabase, host: String, port: Int, onServing: @escaping @Sendable (String) -> Void
) async throws {
    let server = WebServer(configuration: WebServerConfiguration(host: host, port: port))
    server.addPage("/", title: "Recipes") { page in
        let recipes = RecipesPage(page: page, database: database)
        page.keep(recipes)
        Task { await recipes.start() }
    }
    let url = server.url
    try await server.run { onServing(url) }
}
