import DiffableWeb
import RecipeKit
import RecipesCore

/// What the panels show: the list's title and buttons, the detail, the form, the confirmation.
/// Every text a recipe holds goes through `displaySafe` (control characters made visible); the
/// page puts it in as text.
extension RecipesPage {
    func headerContent() -> WebPanelContent {
        var blocks: [WebPanelContent.Block] = [
            .title(session.isLoading ? "Loading…" : session.listTitle),
            .buttons([
                .init(action: "list", title: "List", isOn: !isGrid),
                .init(action: "grid", title: "Grid", isOn: isGrid),
                .init(action: "new", title: "New Recipe", style: .primary),
            ]),
        ]
        // The detail shows what a write did; the bar says only what went wrong.
        if let error = session.lastError {
            blocks.append(.text(displaySafe(error), role: .error))
        } else if session.statusMessage.hasPrefix("Not saved") {
            blocks.append(.text(displaySafe(session.statusMessage), role: .error))
        } else if session.listDataSource.snapshot().numberOfItems == 0 && !session.isLoading {
            blocks.append(.text(emptyListMessage, role: .secondary))
        }
        return WebPanelContent(blocks)
    }

    /// What an empty list says, in the page's words (the session's messages name the terminal's keys).
    var emptyListMessage: String {
        switch session.shownList ?? session.chosenList {
        case .favorites: "No favorites yet: ♡ Favorite on a recipe."
        case .search: "No recipe matches."
        case .recents: "Nothing added this week."
        default: "No recipes yet: New Recipe adds one."
        }
    }

    static func detailContent(_ recipe: Recipe?) -> WebPanelContent {
        guard let recipe else { return WebPanelContent([.text("No recipe selected.", role: .secondary)]) }
        var blocks: [WebPanelContent.Block] = [
            .title(displaySafe(recipe.title), image: displaySafe(recipe.emoji)),
            .buttons([
                .init(
                    action: "favorite", title: recipe.isFavorite ? "♥ Favorite" : "♡ Favorite",
                    isOn: recipe.isFavorite),
                .init(action: "edit", title: "Edit"),
                .init(action: "delete", title: "Delete", style: .destructive),
            ]),
            .facts([
                .init("Prep", Recipe.duration(recipe.prepMinutes)),
                .init("Cook", Recipe.duration(recipe.cookMinutes)),
                .init("Serves", String(recipe.servings)),
            ]),
        ]
        if !recipe.collections.isEmpty {
            blocks += [.heading("Collections"), .tags(recipe.collections.map(displaySafe))]
        }
        blocks.append(.heading("Ingredients"))
        blocks.append(
            recipe.ingredients.isEmpty
                ? .text("None listed.", role: .secondary) : .list(recipe.ingredients.map(displaySafe)))
        blocks.append(.heading("Directions"))
        blocks.append(
            recipe.directions.isEmpty
                ? .text("None listed.", role: .secondary)
                : .list(recipe.directions.map(displaySafe), numbered: true))
        return WebPanelContent(blocks)
    }

    static func dialogContent(_ state: DialogState) -> WebPanelContent {
        switch state {
        case .confirmDelete(let recipe):
            return WebPanelContent(
                [
                    .title("Delete recipe"),
                    .text("Delete “\(displaySafe(recipe.title))”? This cannot be undone."),
                    .buttons([
                        .init(action: "cancel", title: "Cancel"),
                        .init(action: "delete", title: "Delete", style: .destructive),
                    ]),
                ], cancelAction: "cancel")
        case .form(let draft, let errors):
            var blocks: [WebPanelContent.Block] = [
                .title(draft.original.id == 0 ? "New recipe" : "Edit recipe")
            ]
            for (name, label) in RecipeDraft.fields {
                let isList = ["collections", "ingredients", "directions"].contains(name)
                let isNumber = ["prepMinutes", "cookMinutes", "servings"].contains(name)
                blocks.append(
                    .field(
                        .init(
                            name: name, label: label, value: draft.texts[name] ?? "",
                            kind: isList ? .multiline : isNumber ? .number : .text, error: errors[name],
                            hint: isList ? "One per line." : nil)))
            }
            blocks.append(
                .buttons([
                    .init(action: "cancel", title: "Cancel"),
                    .init(action: "save", title: "Save", style: .primary),
                ]))
            return WebPanelContent(blocks, submitAction: "save", cancelAction: "cancel")
        }
    }
}
