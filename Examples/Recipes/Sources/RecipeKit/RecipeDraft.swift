import Foundation

/// A recipe as a form holds it: one text per field, typed by a person. Both front ends' forms
/// read it back the same way, so they check it the same way.
public struct RecipeDraft: Sendable {
    /// The recipe edited (`id` 0 for a new one): fields not on the form come from it.
    public var original: Recipe
    /// The texts, by field name as ``RecipeFieldError/field`` names it (`title`, `prepMinutes`).
    public var texts: [String: String]

    /// The fields of the form, in order: name and label.
    public static let fields: [(name: String, label: String)] = [
        ("title", "Title"), ("emoji", "Emoji"), ("prepMinutes", "Prep (min)"), ("cookMinutes", "Cook (min)"),
        ("servings", "Servings"), ("collections", "Collections"), ("ingredients", "Ingredients"),
        ("directions", "Directions"),
    ]

    /// The draft of a recipe, its lists joined with `separator`.
    public init(editing recipe: Recipe?, separator: String) {
        let recipe = recipe ?? Recipe(title: "", emoji: "", prepMinutes: 10, cookMinutes: 20, servings: 4)
        original = recipe
        texts = [
            "title": recipe.title, "emoji": recipe.emoji, "prepMinutes": String(recipe.prepMinutes),
            "cookMinutes": String(recipe.cookMinutes), "servings": String(recipe.servings),
            "collections": recipe.collections.joined(separator: separator),
            "ingredients": recipe.ingredients.joined(separator: separator),
            "directions": recipe.directions.joined(separator: separator),
        ]
    }

    /// A draft of the texts a form sent back.
    public init(original: Recipe, texts: [String: String]) {
        self.original = original
        self.texts = texts
    }

    /// The recipe the texts describe, normalized, or what is wrong, by field; lists are split at
    /// each of `separators`.
    public func recipe(separators: Set<Character>) -> Result<Recipe, RecipeDraftErrors> {
        var errors: [String: String] = [:]
        func text(_ name: String) -> String { texts[name] ?? "" }
        func number(_ name: String, _ message: String) -> Int {
            guard let value = Int(text(name).trimmingCharacters(in: .whitespaces)) else {
                errors[name] = message
                return 0
            }
            return value
        }
        func list(_ name: String) -> [String] {
            text(name).split(whereSeparator: { separators.contains($0) }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
        var recipe = original
        recipe.title = text("title")
        recipe.emoji = text("emoji")
        recipe.prepMinutes = number("prepMinutes", "must be a number of minutes")
        recipe.cookMinutes = number("cookMinutes", "must be a number of minutes")
        recipe.servings = number("servings", "must be a number")
        recipe.collections = list("collections")
        recipe.ingredients = list("ingredients")
        recipe.directions = list("directions")
        recipe = recipe.normalized()
        for error in recipe.validationErrors() where errors[error.field] == nil {
            errors[error.field] = error.message
        }
        return errors.isEmpty ? .success(recipe) : .failure(RecipeDraftErrors(messages: errors))
    }
}

/// What is wrong with a draft: a message per field name.
public struct RecipeDraftErrors: Error, Sendable {
    public var messages: [String: String]
}
