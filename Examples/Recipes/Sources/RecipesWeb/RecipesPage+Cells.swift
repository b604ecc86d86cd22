import Diffable
import DiffableWeb
import RecipeKit
import RecipeStore
import RecipesCore

/// The layouts and the cells of the sidebar and the recipe list.
extension RecipesPage {
    /// The sidebar: the library lists, then the collections under their expandable header.
    static let sidebarLayout = WebLayout { section in
        var list = CollectionLayoutListConfiguration(appearance: .sidebar)
        if section == SidebarSection.collections.rawValue { list.headerMode = .firstItemInSection }
        return .list(using: list, rowHeight: 36)
    }

    /// The recipes as a list of two-line rows (title, then times and servings) or as a grid of
    /// cards; with a header per collection when they are search results.
    static func listLayout(grid: Bool, headers: Bool) -> WebLayout {
        WebLayout { _ in
            if grid { return .grid(minimumItemWidth: 180, itemHeight: 150, hasHeader: headers) }
            return .list(using: RecipeSummary.listConfiguration(headers: headers), rowHeight: 60)
        }
    }

    static func makeSidebarDataSource(
        _ view: WebCollectionView, _ page: WeakReference<RecipesPage>
    ) -> CollectionViewDiffableDataSource<SidebarSection, SidebarItem> {
        let cell = WebCollectionView.CellRegistration<WebListCell, SidebarItem> { cell, _, item in
            cell.contentConfiguration = item.contentConfiguration(counts: page.object?.session.counts)
            cell.accessories = item.accessories
        }
        return CollectionViewDiffableDataSource(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
    }

    static func makeListDataSource(
        _ view: WebCollectionView, _ page: WeakReference<RecipesPage>
    ) -> CollectionViewDiffableDataSource<String, Int64> {
        let row = WebCollectionView.CellRegistration<WebListCell, Int64> { cell, _, id in
            let recipe = page.object?.session.recipe(forCell: id)
            let content = RecipeSummary.rowConfiguration(recipe)
            cell.contentConfiguration = content
            cell.accessories = RecipeSummary.rowAccessories(recipe)
            cell.configurationUpdateHandler = { cell, state in
                cell.contentConfiguration = RecipeSummary.rowConfiguration(content, for: state)
            }
        }
        let card = WebCollectionView.CellRegistration<WebGridCell, Int64> { cell, _, id in
            guard let recipe = page.object?.session.recipe(forCell: id) else {
                cell.text = "…"
                return
            }
            cell.image = displaySafe(recipe.emoji)
            cell.text = displaySafe(recipe.title)
            cell.secondaryText = recipe.subtitle
            cell.accessories = RecipeSummary.rowAccessories(recipe)
        }
        let header = WebCollectionView.SupplementaryRegistration<WebListCell>(
            elementKind: WebCollectionView.elementKindSectionHeader
        ) { header, _, indexPath in
            let name = page.object?.session.listDataSource.sectionIdentifier(for: indexPath.section) ?? ""
            header.contentConfiguration = RecipeSummary.headerConfiguration(collection: name)
        }
        let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) {
            view, indexPath, id in
            if page.object?.isGrid == true {
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
