import Foundation

/// Made-up recipes for scale (`recipes generate N`): the same for the same numbers, about one in
/// eight a favorite, each in one to three collections, added over the two years before `now`.
public struct SyntheticRecipes: Sendable {
    static let styles = [
        "Smoky", "Lemony", "Spicy", "Garden", "Rustic", "Sunday", "Midnight", "Classic", "Crispy", "Creamy",
        "Charred", "Golden", "Herby", "Sticky", "Zesty", "Tangy", "Roasted", "Slow", "Quick", "Honey",
    ]
    static let mains = [
        ("Chickpea", "🥫"), ("Chicken", "🍗"), ("Salmon", "🐟"), ("Mushroom", "🍄"), ("Tofu", "🍱"),
        ("Lentil", "🥣"), ("Beef", "🥩"), ("Shrimp", "🍤"), ("Eggplant", "🍆"), ("Potato", "🥔"),
        ("Tomato", "🍅"), ("Pumpkin", "🎃"), ("Corn", "🌽"), ("Cheese", "🧀"), ("Apple", "🍎"),
        ("Pork", "🥓"), ("Spinach", "🥬"), ("Carrot", "🥕"), ("Rice", "🍚"), ("Egg", "🥚"),
    ]
    static let dishes = [
        "Curry", "Tacos", "Stew", "Salad", "Soup", "Pie", "Bowl", "Noodles", "Skewers", "Bake", "Risotto",
        "Burger", "Wraps", "Fritters", "Hash", "Pasta", "Toast", "Dumplings", "Gratin", "Flatbread",
    ]
    static let collections = [
        "Breakfast", "Lunch", "Dinner", "Dessert", "Quick", "Vegetarian", "Vegan", "Baking", "Soup", "Salad",
        "Weeknight", "Party",
    ]
    static let pantry = [
        "1 onion", "2 cloves garlic", "1 tbsp olive oil", "1 tsp salt", "400 g canned tomatoes", "1 lemon",
        "200 ml stock", "1 bunch parsley", "2 eggs", "100 g butter", "1 cup rice", "1 tsp cumin",
    ]

    /// The words a made-up title begins with: a style, a main ingredient and a dish, each one of
    /// twenty ("Smoky Chicken Curry No. 17").
    public static var titleWords: [[String]] { [styles, mains.map(\.0), dishes] }

    /// When the newest made-up recipe was added.
    public var now: Date

    /// A generator for recipes added up to `now`.
    public init(now: Date = Date()) {
        self.now = now
    }

    /// The made-up recipe number `number`.
    public func recipe(_ number: Int) -> Recipe {
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let main = Self.mains[random.next(Self.mains.count)]
        let dish = Self.dishes[random.next(Self.dishes.count)]
        let title = "\(Self.styles[random.next(Self.styles.count)]) \(main.0) \(dish) No. \(number)"
        var collections: [String] = []
        for _ in 0...random.next(3) {
            let name = Self.collections[random.next(Self.collections.count)]
            if !collections.contains(name) { collections.append(name) }
        }
        let ingredients =
            ["500 g \(main.0.lowercased())"]
            + (0..<(2 + random.next(4))).map { _ in
                Self.pantry[random.next(Self.pantry.count)]
            }
        return Recipe(
            title: title, emoji: main.1, prepMinutes: 5 + random.next(40), cookMinutes: random.next(120),
            servings: 1 + random.next(8), ingredients: ingredients,
            directions: [
                "Prepare the \(main.0.lowercased()).", "Cook it with the rest until done.",
                "Serve the \(dish.lowercased()).",
            ], collections: collections, isFavorite: random.next(8) == 0,
            addedAt: now.addingTimeInterval(-Double(random.next(2 * 365 * 24)) * 3_600))
    }
}

/// A small, fast, seeded generator: the same numbers for the same seed everywhere.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
