import Foundation

/// What is wrong with one field of a recipe: the form shows it under the field, the import names
/// it with its line.
public struct RecipeFieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field, as the import file names it: `title`, `prepMinutes`, `collections`.
    public var field: String
    /// What is wrong, for a person: `must not be empty`.
    public var message: String

    /// An error about a field.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `title: must not be empty`.
    public var description: String { "\(field): \(message)" }
}

extension Recipe {
    /// The longest title kept, in characters.
    public static let maximumTitleLength = 4_000
    /// The most minutes a preparation or a cooking time can take: a week.
    public static let maximumMinutes = 10_080
    /// The most servings.
    public static let maximumServings = 1_000
    /// The most ingredients, directions or collections.
    public static let maximumEntries = 200
    /// The longest collection name, in characters.
    public static let maximumCollectionNameLength = 40

    /// The problems that keep the recipe from being stored, one per field at most, in the order
    /// of the form; empty when it can be.
    ///
    /// Titles, ingredients and directions may hold any character (an import file may bring
    /// control characters and escape sequences; they are shown with ``displaySafe(_:)``), but a
    /// title must have something besides spaces. Collection names, shown in the sidebar, must
    /// not hold control characters.
    public func validationErrors() -> [RecipeFieldError] {
        var errors: [RecipeFieldError] = []
        if title.allSatisfy(\.isWhitespace) {
            errors.append(.init(field: "title", message: "must not be empty"))
        } else if title.count > Self.maximumTitleLength {
            errors.append(
                .init(field: "title", message: "is longer than \(Self.maximumTitleLength) characters"))
        }
        if emoji.count > 8 {
            errors.append(.init(field: "emoji", message: "must be one emoji"))
        }
        for (field, minutes) in [("prepMinutes", prepMinutes), ("cookMinutes", cookMinutes)]
        where !(0...Self.maximumMinutes).contains(minutes) {
            errors.append(
                .init(field: field, message: "must be between 0 and \(Self.maximumMinutes) minutes"))
        }
        if !(1...Self.maximumServings).contains(servings) {
            errors.append(.init(field: "servings", message: "must be between 1 and \(Self.maximumServings)"))
        }
        for (field, entries) in [("ingredients", ingredients), ("directions", directions)]
        where entries.count > Self.maximumEntries {
            errors.append(.init(field: field, message: "has more than \(Self.maximumEntries) entries"))
        }
        if let error = Self.collectionError(collections) {
            errors.append(error)
        }
        return errors
    }

    /// What is wrong with a list of collection names, if anything.
    static func collectionError(_ names: [String]) -> RecipeFieldError? {
        if names.count > Self.maximumEntries {
            return .init(field: "collections", message: "has more than \(Self.maximumEntries) entries")
        }
        for name in names {
            if name.allSatisfy(\.isWhitespace) {
                return .init(field: "collections", message: "has an empty name")
            }
            if name.count > Self.maximumCollectionNameLength {
                return .init(
                    field: "collections",
                    message: "has a name longer than \(Self.maximumCollectionNameLength) characters")
            }
            if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return .init(field: "collections", message: "has a name with a control character")
            }
        }
        return nil
    }

    /// The recipe as it is stored: the title's and collections' outer spaces trimmed, each
    /// collection once, empty entries dropped, a missing emoji defaulted.
    public func normalized() -> Recipe {
        var recipe = self
        recipe.title = title.trimmingCharacters(in: .whitespaces)
        recipe.emoji = emoji.trimmingCharacters(in: .whitespaces)
        if recipe.emoji.isEmpty { recipe.emoji = Self.defaultEmoji }
        var seen = Set<String>()
        recipe.collections = collections.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && seen.insert($0).inserted
        }
        recipe.ingredients = ingredients.filter { !$0.allSatisfy(\.isWhitespace) }
        recipe.directions = directions.filter { !$0.allSatisfy(\.isWhitespace) }
        return recipe
    }
}
