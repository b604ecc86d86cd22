import DiffableWeb
import RecipeKit
import RecipeStore
import RecipesCore

/// What a panel's button does: its raw value is the action the page sends back.
enum PanelAction: String {
    case list, grid, new, favorite, edit, delete
    /// The dialog's.
    case cancel, save
}

/// What the panels show: the list's title and buttons, the detail, the form, the confirmation.
/// Every text a recipe holds goes through `displaySafe` (control characters made visible); the
/// page puts it in as text.
extension RecipesPage {
    /// What the header is drawn from, as plain values: a page redraws after every change, and
    /// the header (its title, a formatted count) is made again only when one of them changed.
    struct HeaderState: Equatable {
        var list: RecipeList
        var count: Int
        var isLoading: Bool
        var isGrid: Bool
        /// What went wrong, or what an empty list says.
        var note: WebPanelContent.Block?
    }

    var headerState: HeaderState {
        let count = session.listDataSource.snapshot().numberOfItems
        let note: WebPanelContent.Block?
        // The detail shows what a write did; the bar says only what went wrong.
        if let error = session.lastError {
            note = .text(displaySafe(error), role: .error)
        } else if let write = session.lastWrite, write.failed {
            note = .text(displaySafe(write.message), role: .error)
        } else if count == 0 && !session.isLoading {
            note = .text(emptyListMessage, role: .secondary)
        } else {
            note = nil
        }
        return HeaderState(
            list: session.listShown, count: count, isLoading: session.isLoading, isGrid: isGrid, note: note)
    }

    static func headerContent(_ state: HeaderState, title: String) -> WebPanelContent {
        var blocks: [WebPanelContent.Block] = [
            .title(state.isLoading ? "Loading…" : title),
            .buttons([
                .init(action: PanelAction.list.rawValue, title: "List", isOn: !state.isGrid),
                .init(action: PanelAction.grid.rawValue, title: "Grid", isOn: state.isGrid),
                .init(action: PanelAction.new.rawValue, title: "New Recipe", style: .primary),
            ]),
        ]
        if let note = state.note { blocks.append(note) }
        return WebPanelContent(blocks)
    }

    /// What an empty list says, in the page's words.
    var emptyListMessage: String {
        switch session.listShown {
        case .favorites: "No favorites yet: ♡ Favorite on a recipe."
        case .search: "No recipe matches."
        case .recents: "Nothing added this week."
        default: "No recipes yet: New Recipe adds one."
        }
    }

    static func detailContent(_ recipe: Recipe?, loading: Bool = false) -> WebPanelContent {
        guard let recipe else {
            return WebPanelContent([.text(loading ? "Loading…" : "No recipe selected.", role: .secondary)])
        }
        var blocks: [WebPanelContent.Block] = [
            .title(displaySafe(recipe.title), image: displaySafe(recipe.emoji)),
            .buttons([
                .init(
                    action: PanelAction.favorite.rawValue,
                    title: recipe.isFavorite ? "♥ Favorite" : "♡ Favorite",
                    isOn: recipe.isFavorite),
                .init(action: PanelAction.edit.rawValue, title: "Edit"),
                .init(action: PanelAction.delete.rawValue, title: "Delete", style: .destructive),
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
                        .init(action: PanelAction.cancel.rawValue, title: "Cancel"),
                        .init(action: PanelAction.delete.rawValue, title: "Delete", style: .destructive),
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
                    .init(action: PanelAction.cancel.rawValue, title: "Cancel"),
                    .init(action: PanelAction.save.rawValue, title: "Save", style: .primary),
                ]))
            return WebPanelContent(blocks, submitAction: "save", cancelAction: "cancel")
        }
    }
}
