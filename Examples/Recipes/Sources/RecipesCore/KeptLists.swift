import RecipeStore

/// The lists one session keeps alive, so that coming back to one costs no fetch: All Recipes,
/// Favorites and Recents for the session's life, and the last ``limit`` collections and searches
/// used. The library shares each with the other sessions; one no session keeps goes away.
struct KeptLists {
    /// How many collection and search lists stay kept besides the three fixed ones.
    static let limit = 6

    private var lists: [RecipeList: RecipeLibrary.LiveList] = [:]
    /// Collections and searches, least recently used first.
    private var recentlyUsed: [RecipeList] = []

    subscript(list: RecipeList) -> RecipeLibrary.LiveList? { lists[list] }

    /// Keeps a list, as the most recently used; lets go of the least recently used beyond the
    /// limit.
    mutating func keep(_ live: RecipeLibrary.LiveList) {
        lists[live.list] = live
        switch live.list {
        case .all, .favorites, .recents: return
        case .collection, .search: break
        }
        recentlyUsed.removeAll { $0 == live.list }
        recentlyUsed.append(live.list)
        while recentlyUsed.count > Self.limit { drop(recentlyUsed[0]) }
    }

    /// Lets go of a list (a search that was replaced).
    mutating func drop(_ list: RecipeList) {
        lists[list] = nil
        recentlyUsed.removeAll { $0 == list }
    }
}
