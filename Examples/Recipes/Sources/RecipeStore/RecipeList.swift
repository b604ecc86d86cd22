public import DiffableGRDB
public import DiffablePostgres
import Foundation
import GRDB
import PostgresNIO

/// What the recipe list shows: a sidebar choice, or the results of a search. Each is a
/// ``FetchedResultsRequest`` of recipe ids, so each has its own controller, shared by every
/// session that shows it (``RecipeLibrary``).
public enum RecipeList: Hashable, Sendable {
    case all
    case favorites
    /// Added in the last week, newest first.
    case recents
    case collection(String)
    /// Titles with words starting with each word typed, grouped by their first collection.
    case search(String)

    /// The request on SQLite: ids only, a constant section but for search (the first collection), and
    /// `isFavorite` and `revision` as content, so that a row whose recipe changed in any way
    /// refreshes, and only that row (one narrow column the covering indexes carry, instead of
    /// every column a cell shows).
    ///
    /// A collection's list reads `recipeCollection`, whose rows lead to recipes by `recipeId`:
    /// a membership added or removed by any writer re-places that recipe alone. Recents is a
    /// time window of a week on `addedAt`: a recipe leaves it a week after it was added, with
    /// nothing written. A search is a full-text match of `recipeSearch` (whose content is
    /// `recipe`) keeping the first 1,000 matches by rowid: the feed matches every page's search
    /// on a commit's rows together, and only a search that shows a changed recipe or finds one
    /// reads its results again (at most 1,000 rows: a new match may push another out).
    public func request() -> FetchedResultsRequest<String, Int64> {
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
            return .init(
                table: "recipe", item: Column("id"), section: oneSection, content: content,
                ordering: [.descending(Column("addedAt"))],
                timeWindow: .init(
                    column: Column("addedAt"), closesAfter: RecipeDatabase.recentInterval,
                    storage: .secondsSince1970))
        case .collection(let name):
            return .init(
                table: "recipe", item: Column("id"), section: oneSection, content: content,
                filter: SQL(
                    "EXISTS (SELECT 1 FROM recipeCollection WHERE name = \(name) AND recipeId = recipe.id)"),
                ordering: byTitle,
                keyPaths: [.init(table: "recipeCollection", column: "recipeId", matches: Column("id"))])
        case .search(let text):
            let pattern = Self.matchQuery(text)
            return .init(
                table: "recipe", item: Column("id"),
                section: SQL("coalesce(json_extract(collections, '$[0]'), '')"),
                content: content, filter: pattern.isEmpty ? SQL("0") : nil,
                match: pattern.isEmpty
                    ? nil : .init(table: "recipeSearch", pattern: pattern, limit: Self.searchLimit),
                ordering: byTitle)
        }
    }

    /// The same request on PostgreSQL (``PostgresRecipeDatabase``): titles ordered by their
    /// lowercase form in byte order, as SQLite's `NOCASE` orders them, and searches through a
    /// full-text index of the titles (`simple`, so words are not stemmed).
    public func postgresRequest() -> PostgresFetchedResultsRequest<String, Int64> {
        let content = ["isFavorite", "revision"]
        let byTitle = [
            PostgresFetchedResultsRequest<String, Int64>.SortTerm.ascending(#"lower(title) COLLATE "C""#)
        ]
        let oneSection = "''"
        switch self {
        case .all:
            return .init(
                table: "recipe", item: "id", section: oneSection, content: content, ordering: byTitle)
        case .favorites:
            return .init(
                table: "recipe", item: "id", section: oneSection, content: content, filter: "isFavorite",
                ordering: byTitle)
        case .recents:
            return .init(
                table: "recipe", item: "id", section: oneSection, content: content,
                ordering: [.descending("addedAt")],
                timeWindow: .init(
                    column: "addedAt", closesAfter: RecipeDatabase.recentInterval, storage: .secondsSince1970)
            )
        case .collection(let name):
            return .init(
                table: "recipe", item: "id", section: oneSection, content: content,
                filter:
                    "EXISTS (SELECT 1 FROM recipeCollection WHERE name = \(name) AND recipeId = recipe.id)",
                ordering: byTitle,
                keyPaths: [.init(table: "recipeCollection", column: "recipeId", matches: "id")])
        case .search(let text):
            let words = Self.searchWords(text)
            let query = words.map { $0 + ":*" }.joined(separator: " & ")
            // The first matches by id, as SQLite's `match:` keeps them: a commit the search neither
            // finds nor shows reads nothing.
            let filter: PostgresCondition =
                words.isEmpty ? "FALSE" : "to_tsvector('simple', title) @@ to_tsquery('simple', \(query))"
            return .init(
                table: "recipe", item: "id", section: "coalesce(collections::jsonb ->> 0, '')",
                content: content, filter: filter, filterLimit: words.isEmpty ? nil : Self.searchLimit,
                ordering: byTitle)
        }
    }

    /// The most results a search shows: a person narrows a search by typing more, and a list of
    /// every recipe with a word that starts with "c" helps nobody.
    public static let searchLimit = 1_000

    /// The FTS5 query for what was typed: each word a quoted prefix, all of them required.
    /// Quoting makes every character literal, so nothing typed is FTS syntax.
    static func matchQuery(_ text: String) -> String {
        searchWords(text).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(
            separator: " ")
    }

    /// The words typed: runs of letters and digits.
    static func searchWords(_ text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
