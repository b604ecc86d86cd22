import DiffableWeb
import Foundation
public import RecipeStore

#if canImport(Glibc)
    import Glibc
#endif

/// Serves the Recipes app at `/` of `host:port`: every page that opens gets its own
/// ``RecipesPage`` (its own session: list, selection, search), all on one ``RecipeLibrary``, so a
/// list shown by a thousand pages is one controller, read once per change. Pages whose person has
/// not done anything yet show one page drawn for all of them (`sharingIdlePages`): what a page
/// first shows depends only on the library, so a change is drawn once for them, not once each.
///
/// - Parameters:
///   - sharing: `false` gives every page a library of its own (its own controllers and counts)
///     and a page of its own from the start: the design before sharing, for the load
///     benchmark's baseline.
///   - onServing: Called with the URL to open once the server listens.
@MainActor
public func serveRecipes(
    database: any RecipeStorage, host: String, port: Int, sharing: Bool = true,
    onServing: @escaping @Sendable (String) -> Void
) async throws {
    let server = WebServer(configuration: WebServerConfiguration(host: host, port: port))
    let library = RecipeLibrary(database: database)
    server.addPage("/", title: "Recipes", sharingIdlePages: sharing) { page in
        let pageLibrary = sharing ? library : RecipeLibrary(database: database, sharesControllers: false)
        let recipes = RecipesPage(page: page, library: pageLibrary)
        page.keep(recipes)
        Task { await recipes.start() }
    }
    let url = server.url
    try await server.run { onServing(url) }
}

/// Keeps glibc's allocator to two arenas, as servers with many threads are told to
/// (`MALLOC_ARENA_MAX=2`), unless the environment says otherwise: under contention each thread
/// gets an arena of its own, which keeps what is freed in it: a server of pages with a search
/// each holds about a sixth less with two (`Documentation/Performance.md`). Call it before the
/// server starts.
public func useTwoMallocArenas() {
    #if canImport(Glibc)
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil,
            // `mallopt` is in <malloc.h>, which the Glibc module leaves out.
            let symbol = dlsym(nil, "mallopt")
        else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-8, 2)  // M_ARENA_MAX
    #endif
}
