public import DiffableGRDB
import Foundation
import GRDB

/// What the recipe list shows: a sidebar choice, or the results of a search. Each is a
/// ``FetchedResultsRequest`` of recipe ids, so each has its own controller.
public enum RecipeList: Hashable, Sendable {
    case all
    case favorites
    /// Added in the last week, newest first.
    case recents
    case collection(String)
    /// Titles with words starting with each word typed, grouped by their first collection.
    case search(String)

    /// The request: ids only, a constant section but for search (the first collection), and
    /// `isFavorite` and `revision` as content, so that a row whose recipe changed in any way
    /// refreshes, and only that row.
    ///
    /// - Parameter now: The end of Recents' week.
    public func request(now: Date = Date()) -> FetchedResultsRequest<String, Int64> {
        let content = [Column("isFavorite"), Column("revision")]
        let byTitle = [
            FetchedResultsRequest<String, Int64>.SortTerm.ascending(Column("title").collating(.nocase))
        ]
        let oneSection = "".databaseValue
        switch self {
        case .all:
            return .init(
                table: "recipe", item: Column("id"), section: oneSection, content: content, ordering: byTitle)
        case .favorites:
            return .init(
                table: "recipe", item: Column("id"), section: oneSection, content: content,
                filter: Column("isFavorite") == true, ordering: byTitle)
        case .recents:
            let since = now.addingTimeInterval(-RecipeDatabase.recentInterval).timeIntervalSince1970
            return .init(
                table: "recipe", item: Column("id"), section: oneSection, content: content,
                filter: Column("addedAt") >= since, ordering: [.descending(Column("addedAt"))])
        case .collection(let name):
            return .init(
                table: "recipe", item: Column("id"), section: oneSection, content: content,
                filter: SQL(
                    "EXISTS (SELECT 1 FROM recipeCollection WHERE name = \(name) AND recipeId = recipe.id)"),
                ordering: byTitle)
        case .search(let text):
            let match = Self.matchQuery(text)
            let filter: SQL =
                match.isEmpty
                ? "0"
                : "id IN (SELECT rowid FROM recipeSearch WHERE recipeSearch MATCH \(match) ORDER BY rowid LIMIT \(Self.searchLimit))"
            return .init(
                table: "recipe", item: Column("id"),
                section: SQL("coalesce(json_extract(collections, '$[0]'), '')"),
                content: content, filter: filter, ordering: byTitle)
        }
    }

    /// The most results a search shows: a person narrows a search by typing more, and a list of
    /// every recipe with a word that starts with "c" helps nobody.
    public static let searchLimit = 1_000

    /// The FTS5 query for what was typed: each word a quoted prefix, all of them required.
    /// Quoting makes every character literal, so nothing typed is FTS syntax.
    static func matchQuery(_ text: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(
            separator: " ")
    }
}

/// The lists the app has shown, each a live controller with its record cache, kept so that coming
/// back to one costs no fetch: a controller kept alive follows every commit.
///
/// All Recipes, Favorites and Recents are kept for the app's life; collections and searches, the
/// last ``collectionLimit`` used.
@MainActor
public final class RecipeLists {
    /// A list's controller and its records.
    public struct Entry: Sendable {
        public let list: RecipeList
        public let controller: FetchedResultsController<String, Int64>
        public let records: RecordCache<String, Int64, RecipeSummary>
    }

    /// How many collection and search lists stay alive besides the three fixed ones.
    public static let collectionLimit = 6

    public let database: RecipeDatabase
    private var entries: [RecipeList: Entry] = [:]
    private var loading: [RecipeList: Task<Entry, any Error>] = [:]
    /// Collections and searches, least recently used first.
    private var recentlyUsed: [RecipeList] = []
    private let onError: @Sendable (FetchedResultsError) -> Void

    /// When Recents' week ends.
    private let now: @Sendable () -> Date

    /// Lists of a database; `onError` hears a list's read errors.
    public init(
        database: RecipeDatabase, now: @escaping @Sendable () -> Date = Date.init,
        onError: @escaping @Sendable (FetchedResultsError) -> Void = { _ in }
    ) {
        self.database = database
        self.now = now
        self.onError = onError
    }

    /// The list's entry if its controller has fetched.
    public func loaded(_ list: RecipeList) -> Entry? { entries[list] }

    /// The list's entry: kept, or made and fetched (off the main actor) now.
    public func entry(for list: RecipeList) async throws -> Entry {
        if let entry = entries[list] {
            touch(list)
            return entry
        }
        if let task = loading[list] { return try await task.value }
        let database = database.pool
        let onError = onError
        let request = list.request(now: now())
        let task = Task {
            let controller = FetchedResultsController(database: database, request: request, onError: onError)
            try await controller.performFetch()
            return Entry(list: list, controller: controller, records: RecordCache(controller: controller))
        }
        loading[list] = task
        defer { loading[list] = nil }
        let entry = try await task.value
        entries[list] = entry
        touch(list)
        return entry
    }

    /// Stops and forgets a list (a search that was replaced).
    public func drop(_ list: RecipeList) {
        entries.removeValue(forKey: list)?.controller.stop()
        recentlyUsed.removeAll { $0 == list }
    }

    private func touch(_ list: RecipeList) {
        switch list {
        case .all, .favorites, .recents: return
        case .collection, .search: break
        }
        recentlyUsed.removeAll { $0 == list }
        recentlyUsed.append(list)
        while recentlyUsed.count > Self.collectionLimit {
            drop(recentlyUsed[0])
        }
    }
}
