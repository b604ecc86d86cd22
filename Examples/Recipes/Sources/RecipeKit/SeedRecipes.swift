import Foundation

extension Recipe {
    /// The forty recipes a new database starts with (`Resources/seed-recipes.json`, read by the
    /// import's own parser), added one every two days going back from `now`, so that the first
    /// few are recent.
    public static func seedRecipes(now: Date = Date()) -> [Recipe] {
        guard let url = Bundle.module.url(forResource: "seed-recipes", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            var recipes = try? RecipeFile.recipes(from: Array(data), now: now)
        else {
            preconditionFailure("Recipes: the seed recipes are missing from the bundle or do not read")
        }
        for index in recipes.indices {
            recipes[index].addedAt = now.addingTimeInterval(-Double(index) * 2 * 86_400)
        }
        return recipes
    }
}
