import Diffable
import DiffableTerminal
import Foundation
import RecipeKit
import RecipeStore

/// What the person does to recipes. Each write is one transaction; the lists learn of it from
/// their controllers, the sidebar and the detail are read again after it.
extension RecipesApp {
    /// Makes the selected recipe a favorite, or not. The list reconfigures that one row (in
    /// Favorites, the row leaves, and comes back selected when toggled again).
    public func toggleFavorite() {
        guard let recipe = selectedRecipe else { return }
        write("\(recipe.isFavorite ? "Unfavorited" : "Favorited") \(displaySafe(recipe.title))") { database in
            try await database.setFavorite(!recipe.isFavorite, id: recipe.id)
        }
    }

    /// Opens the form for a new recipe.
    public func beginAdding() {
        openForm(editing: nil)
    }

    /// Opens the form on the selected recipe.
    public func beginEditing() {
        guard let recipe = selectedRecipe else { return }
        openForm(editing: recipe)
    }

    private func openForm(editing recipe: Recipe?) {
        screen.overlay = RecipeForm(
            editing: recipe, onSave: { [weak self] recipe in self?.save(recipe) },
            onCancel: { [weak self] in self?.screen.overlay = nil })
    }

    /// Stores what the form holds: a new recipe is selected once stored.
    func save(_ recipe: Recipe) {
        screen.overlay = nil
        if recipe.id == 0 {
            write("Added \(displaySafe(recipe.title))") { [weak self] database in
                let id = try await database.add(recipe)
                await MainActor.run { self?.select(id) }
            }
        } else {
            write("Saved \(displaySafe(recipe.title))") { database in try await database.update(recipe) }
        }
    }

    /// Asks whether to delete the selected recipe.
    public func beginDeleting() {
        guard let recipe = selectedRecipe else { return }
        let title = truncate(displaySafe(recipe.title), toWidth: 40)
        screen.overlay = ConfirmDialog(
            title: "Delete recipe", message: "Delete “\(title)”? This cannot be undone."
        ) {
            [weak self] confirmed in
            guard let self else { return }
            self.screen.overlay = nil
            guard confirmed else { return }
            self.write("Deleted \(title)") { database in try await database.delete(id: recipe.id) }
        }
    }

    /// Runs a write off the main actor, then shows `status` (or the error) and reads the counts
    /// and the selected recipe again.
    func write(_ status: String, _ body: @escaping @Sendable (RecipeDatabase) async throws -> Void) {
        let database = database
        pendingWrites += 1
        Task {
            defer { pendingWrites -= 1 }
            do {
                try await body(database)
                application.statusMessage = status
                lastError = nil
            } catch {
                application.statusMessage = "Not saved: \(error)"
            }
            refreshCounts()
            refreshSelectedRecipe()
        }
    }
}
