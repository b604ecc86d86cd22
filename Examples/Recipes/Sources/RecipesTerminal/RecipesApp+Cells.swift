import Diffable
import DiffableTerminal
import RecipeKit
import RecipeStore
import RecipesCore

/// The layouts and the cells of the sidebar and the recipe list.
extension RecipesApp {
    /// The sidebar: the library lists, a blank row, then the collections under their header.
    static let sidebarLayout = TerminalLayout { section in
        if section == SidebarSection.collections.rawValue {
            var list = CollectionLayoutListConfiguration(appearance: .grouped)
            list.headerMode = .firstItemInSection
            return .list(using: list)
        }
        return .list(using: CollectionLayoutListConfiguration(appearance: .sidebar))
    }

    /// The recipes as a list of two-row cells (title, then times and servings) or as a grid of
    /// cards; with a header per collection when they are search results.
    static func listLayout(grid: Bool, headers: Bool) -> TerminalLayout {
        TerminalLayout { _ in
            if grid { return .grid(minimumItemWidth: 22, itemHeight: 3, hasHeader: headers) }
            return .list(using: RecipeSummary.listConfiguration(headers: headers), rowHeight: 2)
        }
    }

    static func makeSidebarDataSource(
        _ view: TerminalCollectionView, _ app: WeakReference<RecipesApp>
    ) -> CollectionViewDiffableDataSource<SidebarSection, SidebarItem> {
        let cell = TerminalCollectionView.CellRegistration<TerminalListCell, SidebarItem> { cell, _, item in
            cell.contentConfiguration = item.contentConfiguration(counts: app.object?.session.counts)
            cell.accessories = item.accessories
        }
        return CollectionViewDiffableDataSource(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
    }

    static func makeListDataSource(
        _ view: TerminalCollectionView, _ app: WeakReference<RecipesApp>
    ) -> CollectionViewDiffableDataSource<String, Int64> {
        let row = TerminalCollectionView.CellRegistration<TerminalListCell, Int64> { cell, _, id in
            let recipe = app.object?.session.recipe(forCell: id)
            var content = RecipeSummary.rowConfiguration(recipe)
            // The terminal gives a glyph two columns.
            content.image = content.image.map { truncate($0, toWidth: 2, ellipsis: "") }
            cell.contentConfiguration = content
            cell.accessories = RecipeSummary.rowAccessories(recipe)
            cell.configurationUpdateHandler = { [content] cell, state in
                cell.contentConfiguration = RecipeSummary.rowConfiguration(content, for: state)
            }
        }
        let card = TerminalCollectionView.CellRegistration<TerminalGridCell, Int64> { cell, _, id in
            guard let recipe = app.object?.session.recipe(forCell: id) else {
                cell.text = "…"
                return
            }
            cell.image = truncate(displaySafe(recipe.emoji), toWidth: 2, ellipsis: "")
            cell.text = (recipe.isFavorite ? "♥ " : "") + displaySafe(recipe.title)
            cell.textStyle = recipe.isFavorite ? TextStyle(foreground: .red) : .plain
        }
        let header = TerminalCollectionView.SupplementaryRegistration<TerminalListCell>(
            elementKind: TerminalCollectionView.elementKindSectionHeader
        ) { header, _, indexPath in
            let name = app.object?.session.listDataSource.sectionIdentifier(for: indexPath.section) ?? ""
            var content = RecipeSummary.headerConfiguration(collection: name)
            // A terminal has no smaller type: capitals set the header apart.
            content.text = content.text?.uppercased()
            header.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) {
            view, indexPath, id in
            if app.object?.isGrid == true {
                return view.dequeueConfiguredReusableCell(using: card, for: indexPath, item: id)
            }
            return view.dequeueConfiguredReusableCell(using: row, for: indexPath, item: id)
        }
        dataSource.supplementaryViewProvider = { _, _, indexPath in
            view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        return dataSource
    }
}
