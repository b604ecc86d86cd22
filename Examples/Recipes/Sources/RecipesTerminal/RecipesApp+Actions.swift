import DiffableTerminal
import RecipeKit
import RecipesCore

/// The forms and dialogs over the panes; what they do is the session's.
extension RecipesApp {
    /// Makes the selected recipe a favorite, or not.
    public func toggleFavorite() {
        session.toggleFavorite()
    }

    /// Opens the form for a new recipe.
    public func beginAdding() {
        openForm(editing: nil)
    }

    /// Opens the form on the selected recipe.
    public func beginEditing() {
        guard let recipe = session.selectedRecipe else { return }
        openForm(editing: recipe)
    }

    func openForm(editing recipe: Recipe?) {
        screen.overlay = RecipeForm(
            editing: recipe,
            onSave: { [weak self] recipe in
                self?.screen.overlay = nil
                self?.session.save(recipe)
            },
            onCancel: { [weak self] in self?.screen.overlay = nil })
    }

    /// Asks whether to delete the selected recipe.
    public func beginDeleting() {
        guard let recipe = session.selectedRecipe else { return }
        confirmDeleting(recipe)
    }

    func confirmDeleting(_ recipe: Recipe) {
        let title = truncate(displaySafe(recipe.title), toWidth: 40)
        screen.overlay = ConfirmDialog(
            title: "Delete recipe", message: "Delete “\(title)”? This cannot be undone."
        ) {
            [weak self] confirmed in
            guard let self else { return }
            self.screen.overlay = nil
            if confirmed { self.session.delete(recipe) }
        }
    }
}
