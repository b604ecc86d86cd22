import Foundation

/// A recipe: what the list, the grid and the detail pane show, and what the import file holds.
///
/// Lists hold only ``id``s; a cell reads the recipe through the store's record cache.
public struct Recipe: Identifiable, Hashable, Sendable {
    /// The database's rowid; 0 for a recipe not stored yet.
    public var id: Int64
    /// The name of the dish. May hold anything an import file holds, control characters included:
    /// ``displaySafe(_:)`` makes it safe to show.
    public var title: String
    /// One emoji that stands for the dish.
    public var emoji: String
    /// Minutes of preparation.
    public var prepMinutes: Int
    /// Minutes of cooking.
    public var cookMinutes: Int
    /// How many people it feeds.
    public var servings: Int
    /// One ingredient per entry, with its quantity.
    public var ingredients: [String]
    /// One step per entry.
    public var directions: [String]
    /// The collections it belongs to; the first is the one search results group it under.
    public var collections: [String]
    /// Whether the person marked it as a favorite.
    public var isFavorite: Bool
    /// When it was added: the Recents list shows the last week's.
    public var addedAt: Date

    /// Creates a recipe.
    public init(
        id: Int64 = 0, title: String, emoji: String = Recipe.defaultEmoji, prepMinutes: Int, cookMinutes: Int,
        servings: Int, ingredients: [String] = [], directions: [String] = [], collections: [String] = [],
        isFavorite: Bool = false, addedAt: Date = Date()
    ) {
        self.id = id
        self.title = title
        self.emoji = emoji
        self.prepMinutes = prepMinutes
        self.cookMinutes = cookMinutes
        self.servings = servings
        self.ingredients = ingredients
        self.directions = directions
        self.collections = collections
        self.isFavorite = isFavorite
        self.addedAt = addedAt
    }

    /// The emoji of a recipe that names none.
    public static let defaultEmoji = "🍴"

    /// `Prep 10 min · Cook 20 min · Serves 4`: the list's subtitle.
    public var subtitle: String {
        Self.subtitle(prepMinutes: prepMinutes, cookMinutes: cookMinutes, servings: servings)
    }

    /// The list's subtitle of a recipe with these times and servings.
    public static func subtitle(prepMinutes: Int, cookMinutes: Int, servings: Int) -> String {
        "Prep \(duration(prepMinutes)) · Cook \(duration(cookMinutes)) · Serves \(servings)"
    }

    /// `45 min`, `1 h 30`, `2 h`.
    public static func duration(_ minutes: Int) -> String {
        guard minutes >= 60 else { return "\(minutes) min" }
        let rest = minutes % 60
        return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(rest)"
    }
}
