public import DiffableCells
public import Foundation
public import RecipeKit

/// A recipe row's context menu, the same in the terminal and the browser.
extension RecipesSession {
    /// What a recipe's context menu leaves to the front end: a form, or a confirmation.
    public enum RecipeMenuAction: Sendable {
        case edit, delete
    }

    /// The context menu of a row of the list, as a UIKit list offers one on a long press:
    /// Favorite (checked when it is one), then Edit and Delete; `nil` for a row with no recipe.
    /// Choosing selects the recipe, as a tap does; Favorite is done here, and Edit and Delete go
    /// to `perform` with the recipe once it is read, to open the form or the confirmation.
    public func contextMenuConfiguration(
        forRowAt indexPath: IndexPath, perform: @escaping @MainActor (RecipeMenuAction, Recipe) -> Void
    ) -> ContextMenuConfiguration? {
        guard let id = listDataSource.itemIdentifier(for: indexPath) else { return nil }
        return ContextMenuConfiguration(identifier: id, previewProvider: nil) { [weak self] _ in
            let isFavorite = self?.shownEntry?.records.record(for: id)?.isFavorite ?? false
            let open = { (action: RecipeMenuAction) -> ActionHandler in
                { _ in
                    self?.select(id)
                    Task {
                        guard let recipe = await self?.loadRecipe(id) else { return }
                        perform(action, recipe)
                    }
                }
            }
            return Menu(children: [
                Action(title: "Favorite", image: "♥", state: isFavorite ? .on : .off) { _ in
                    self?.select(id)
                    self?.toggleFavorite()
                },
                Menu(
                    options: .displayInline,
                    children: [
                        Action(title: "Edit", image: "✎", handler: open(.edit)),
                        Action(title: "Delete", image: "⌫", attributes: .destructive, handler: open(.delete)),
                    ]),
            ])
        }
    }

    /// Reads a recipe whole, for a form or a confirmation that needs it: the detail's copy when
    /// it is this one and has arrived, else a read; `nil` if it is gone or the database failed
    /// (the error is shown as a write's would be).
    public func loadRecipe(_ id: Int64) async -> Recipe? {
        if let recipe = selectedRecipe, recipe.id == id { return recipe }
        do {
            return try await library.recipe(id: id)
        } catch {
            lastError = "\(error)"
            onChange()
            return nil
        }
    }
}
