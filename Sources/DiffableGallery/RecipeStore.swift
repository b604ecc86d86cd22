import Foundation

/// A recipe, after the model of Apple's "Recipes" sample: a title, a cuisine, an emoji, a time,
/// ingredients, and whether it is a favorite.
public struct Recipe: Identifiable, Hashable, Sendable {
    public var id: Int
    public var title: String
    public var cuisine: String
    public var emoji: String
    public var minutes: Int
    public var ingredients: [String]
    public var isFavorite: Bool
}

/// Generated recipes and ingredients, the same on every run.
public struct RecipeStore: Sendable {
    public private(set) var recipes: [Int: Recipe] = [:]
    /// Recipe identifiers in the order the list shows them (reordering changes it).
    public var order: [Int] = []
    public let ingredients: [(name: String, emoji: String)]

    static let dishes: [(String, String, String)] = [
        ("Pancakes", "🥞", "American"), ("Ramen", "🍜", "Japanese"), ("Tacos", "🌮", "Mexican"),
        ("Paella", "🥘", "Spanish"), ("Curry", "🍛", "Indian"), ("Dumplings", "🥟", "Chinese"),
        ("Pizza", "🍕", "Italian"), ("Salad", "🥗", "Greek"), ("Burger", "🍔", "American"),
        ("Sushi", "🍣", "Japanese"), ("Burrito", "🌯", "Mexican"), ("Pasta", "🍝", "Italian"),
        ("Soup", "🍲", "French"), ("Bagel", "🥯", "American"), ("Waffles", "🧇", "Belgian"),
        ("Falafel", "🧆", "Lebanese"), ("Pie", "🥧", "British"), ("Fondue", "🫕", "Swiss"),
    ]
    static let styles = ["Classic", "Spicy", "Smoky", "Lemony", "Garden", "Sunday", "Midnight", "Rustic"]

    /// `count` recipes with a few favorites.
    public init(count: Int = 48) {
        var recipes: [Int: Recipe] = [:]
        for id in 0..<count {
            let dish = Self.dishes[id % Self.dishes.count]
            let style = Self.styles[(id / Self.dishes.count + id) % Self.styles.count]
            recipes[id] = Recipe(
                id: id, title: "\(style) \(dish.0)", cuisine: dish.2, emoji: dish.1,
                minutes: 10 + (id * 7) % 80,
                ingredients: [], isFavorite: id % 7 == 2)
        }
        self.recipes = recipes
        order = Array(0..<count)
        ingredients = [
            ("Tomato", "🍅"), ("Lemon", "🍋"), ("Garlic", "🧄"), ("Onion", "🧅"), ("Carrot", "🥕"),
            ("Pepper", "🫑"), ("Egg", "🥚"), ("Cheese", "🧀"), ("Bread", "🍞"), ("Rice", "🍚"),
            ("Avocado", "🥑"), ("Mushroom", "🍄"), ("Corn", "🌽"), ("Potato", "🥔"), ("Basil", "🌿"),
            ("Honey", "🍯"),
        ]
    }

    public subscript(id: Int) -> Recipe? { recipes[id] }

    public var cuisines: [String] { Array(Set(recipes.values.map(\.cuisine))).sorted() }

    /// The recipes in list order whose title or cuisine contains `query` (all when empty).
    public func recipes(matching query: String) -> [Recipe] {
        let needle = query.lowercased()
        return order.compactMap { recipes[$0] }.filter {
            needle.isEmpty || $0.title.lowercased().contains(needle)
                || $0.cuisine.lowercased().contains(needle)
        }
    }

    public var favorites: [Recipe] { order.compactMap { recipes[$0] }.filter(\.isFavorite) }

    public mutating func toggleFavorite(_ id: Int) {
        recipes[id]?.isFavorite.toggle()
    }

    public mutating func delete(_ id: Int) {
        recipes[id] = nil
        order.removeAll { $0 == id }
    }
}
