import Foundation
public import RecipeKit
import RecipeStore

/// What the person does to recipes. Each write is one transaction; the lists learn of it from
/// their controllers, the sidebar and the detail are read again after it.
extension RecipesSession {
    /// Makes the selected recipe a favorite, or not. The list reconfigures that one row (in
    /// Favorites, the row leaves, and comes back selected when toggled again).
    ///
    /// While the detail is still being read, the row's record has the heart and the title: a
    /// key pressed right after moving to a row is not lost.
    public func toggleFavorite() {
        guard let id = selectedID,
            let (isFavorite, title) = selectedRecipe.map({ ($0.isFavorite, $0.title) })
                ?? shownEntry?.records.record(for: id).map({ ($0.isFavorite, $0.title) })
        else { return }
        write("\(isFavorite ? "Unfavorited" : "Favorited") \(displaySafe(title))") { database in
            try await database.setFavorite(!isFavorite, id: id)
        }
    }

    /// Stores a recipe from a form: a new one (`id` 0) is selected once stored.
    public func save(_ recipe: Recipe) {
        if recipe.id == 0 {
            write("Added \(displaySafe(recipe.title))") { [weak self] database in
                let id = try await database.add(recipe)
                await MainActor.run { self?.select(id) }
            }
        } else {
            write("Saved \(displaySafe(recipe.title))") { database in try await database.update(recipe) }
        }
    }

    /// Deletes a recipe (the person has confirmed).
    public func delete(_ recipe: Recipe) {
        write("Deleted \(displaySafe(recipe.title))") { database in
            try await database.delete(id: recipe.id)
        }
    }

    /// Runs a write off the main actor, then shows `status` (or the error). The change feed
    /// brings the write to every session, this one too, with the counts and the recipe the detail
    /// shows, read once for all inside the feed's read: the list, the counts and the detail of a
    /// write reach a page together, the writer's as any other.
    func write(_ status: String, _ body: @escaping @Sendable (any RecipeStorage) async throws -> Void) {
        let database = database
        pendingWrites += 1
        hasWritten = true
        Task {
            defer { pendingWrites -= 1 }
            do {
                try await body(database)
                lastWrite = .saved(status)
                lastError = nil
            } catch {
                lastWrite = .notSaved(error)
            }
            onChange()
        }
    }
}

/// What a write did: what the status line says it did, or the error that stopped it (nothing
/// was written then).
public enum WriteOutcome: Sendable {
    case saved(String)
    case notSaved(any Error)

    /// `Favorited Banana Bread`, or `Not saved: ` and the error.
    public var message: String {
        switch self {
        case .saved(let message): message
        case .notSaved(let error): "Not saved: \(error)"
        }
    }

    /// Whether the write failed.
    public var failed: Bool {
        if case .notSaved = self { return true }
        return false
    }
}
