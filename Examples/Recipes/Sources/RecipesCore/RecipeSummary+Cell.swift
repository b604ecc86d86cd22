public import DiffableCells
import RecipeKit
public import RecipeStore

/// What a recipe's row in the list shows, in both front ends.
extension RecipeSummary {
    /// A heart, in red.
    static let heart = CellAccessory.label(text: "♥", style: TextStyle(foreground: .red))

    /// The row of a recipe (`nil`: its record is still being read): its emoji, its title, and its
    /// times and servings below (a subtitle cell).
    public static func rowConfiguration(_ recipe: RecipeSummary?) -> ListContentConfiguration {
        var content = ListContentConfiguration.subtitleCell()
        guard let recipe else {
            content.text = "…"
            return content
        }
        content.image = displaySafe(recipe.emoji)
        content.text = displaySafe(recipe.title)
        content.secondaryText = recipe.subtitle
        return content
    }

    /// The row styled for its state, as a UIKit list's `configurationUpdateHandler` styles it: the
    /// times and servings of a row drawn highlighted (selected, or focused: the terminal's
    /// current recipe) are not dimmed, so that they read against the highlight.
    public static func rowConfiguration(
        _ content: ListContentConfiguration, for state: CellConfigurationState
    )
        -> ListContentConfiguration
    {
        var styled = content.updated(for: state)
        if state.isSelected || state.isFocused { styled.secondaryTextStyle.dim = false }
        return styled
    }

    /// The row's accessories: a heart for a favorite.
    public static func rowAccessories(_ recipe: RecipeSummary?) -> [CellAccessory] {
        recipe?.isFavorite == true ? [heart] : []
    }

    /// The list's look: plain, or grouped with a header per collection (search results).
    public static func listConfiguration(headers: Bool) -> CollectionLayoutListConfiguration {
        var list = CollectionLayoutListConfiguration(appearance: headers ? .grouped : .plain)
        list.headerMode = headers ? .supplementary : .none
        return list
    }

    /// The header of a collection's search results (`""`: the recipes in no collection).
    public static func headerConfiguration(collection name: String) -> ListContentConfiguration {
        var content = ListContentConfiguration.groupedHeader()
        content.text = name.isEmpty ? "Other" : displaySafe(name)
        return content
    }
}
