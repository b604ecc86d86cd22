import Diffable
import DiffableTerminal
import Foundation

/// The sections of the gallery, one per layout.
public enum GallerySection: Int, CaseIterable, Hashable, Sendable {
    case favorites, recipes, ingredients, browse, rows

    var title: String {
        switch self {
        case .favorites: return "Favorites"
        case .recipes: return "Recipes"
        case .ingredients: return "Ingredients"
        case .browse: return "Browse"
        case .rows: return "Rows"
        }
    }
}

/// The items of the gallery: identifiers only, unique across the whole snapshot.
public enum GalleryItem: Hashable, Sendable {
    case favorite(Int)
    case recipe(Int)
    case ingredient(Int)
    case browseRoot
    case cuisine(String)
    case browsed(Int)
    case row(Int)
}

/// `diffable-gallery`: every layout and interaction of `DiffableTerminal` on generated data — a
/// horizontal strip of favorites, a list of recipes (search, swipe to delete or favorite,
/// reorder), a grid of ingredients, an outline with lazily loaded children, and a section of a
/// million rows.
@MainActor
public final class Gallery {
    public typealias DataSource = CollectionViewDiffableDataSource<GallerySection, GalleryItem>

    public private(set) var store: RecipeStore
    public let rowCount: Int
    public let collectionView: TerminalCollectionView
    public let dataSource: DataSource
    public let application: TerminalApplication
    public let searchField = TerminalSearchField(placeholder: "Search recipes")

    /// Builds the gallery on a terminal; `rowCount` is the size of the last section.
    public init(device: any TerminalDevice, rowCount: Int = 1_000_000, recipeCount: Int = 48) {
        store = RecipeStore(count: recipeCount)
        self.rowCount = rowCount
        let weakSelf = WeakGallery()
        let layout = TerminalLayout { index in
            switch GallerySection(rawValue: index) ?? .rows {
            case .favorites:
                return .horizontal(itemWidth: 22)
            case .recipes:
                var list = CollectionLayoutListConfiguration(appearance: .grouped)
                list.headerMode = .supplementary
                list.trailingSwipeActionsConfigurationProvider = { indexPath in
                    weakSelf.gallery?.swipeActions(at: indexPath)
                }
                return .list(using: list)
            case .ingredients:
                return .grid(minimumItemWidth: 14, itemHeight: 2)
            case .browse:
                var list = CollectionLayoutListConfiguration(appearance: .sidebar)
                list.headerMode = .firstItemInSection
                return .list(using: list)
            case .rows:
                var list = CollectionLayoutListConfiguration(appearance: .grouped)
                list.headerMode = .supplementary
                return .list(using: list)
            }
        }
        let size = device.size
        collectionView = TerminalCollectionView(layout: layout, width: size.width, height: size.height - 2)
        // Favoriting a recipe far down the list grows or shrinks the strip above it; what is being
        // read stays put.
        collectionView.maintainsVisibleContentPosition = true
        dataSource = Self.makeDataSource(collectionView: collectionView, store: weakSelf)
        application = TerminalApplication(device: device, collectionView: collectionView)
        weakSelf.gallery = self
        application.searchField = searchField
        configureBehaviour()
        dataSource.applySnapshotUsingReloadData(initialSnapshot())
        dataSource.apply(browseSnapshot(), to: .browse, animatingDifferences: false)
    }

    /// Runs the gallery until the person quits.
    public func run() async {
        await application.run()
    }

    // MARK: Snapshots

    func initialSnapshot() -> DiffableDataSourceSnapshot<GallerySection, GalleryItem> {
        var snapshot = DiffableDataSourceSnapshot<GallerySection, GalleryItem>()
        snapshot.appendSections(GallerySection.allCases)
        snapshot.appendItems(store.favorites.map { .favorite($0.id) }, toSection: .favorites)
        snapshot.appendItems(store.recipes(matching: "").map { .recipe($0.id) }, toSection: .recipes)
        snapshot.appendItems(store.ingredients.indices.map { .ingredient($0) }, toSection: .ingredients)
        snapshot.appendItems((0..<rowCount).map { .row($0) }, toSection: .rows)
        return snapshot
    }

    /// An outline: Browse ▸ cuisines ▸ recipes, with the recipes loaded when a cuisine expands.
    func browseSnapshot() -> DiffableDataSourceSectionSnapshot<GalleryItem> {
        var outline = DiffableDataSourceSectionSnapshot<GalleryItem>()
        outline.append([.browseRoot])
        outline.append(store.cuisines.map { .cuisine($0) }, to: .browseRoot)
        for cuisine in store.cuisines {
            // One placeholder child so the cuisine shows a disclosure; the real ones load on expand.
            if let first = store.order.first(where: { store[$0]?.cuisine == cuisine }) {
                outline.append([.browsed(first)], to: .cuisine(cuisine))
            }
        }
        outline.expand([.browseRoot])
        return outline
    }

    /// Shows the recipes matching the search text; other sections are untouched.
    func applySearch(_ text: String) {
        var recipes = DiffableDataSourceSectionSnapshot<GalleryItem>()
        recipes.append(store.recipes(matching: text).map { .recipe($0.id) })
        dataSource.apply(recipes, to: .recipes) { [weak self] in
            // Show the results, wherever the list was scrolled to.
            self?.collectionView.scrollToItem(
                at: IndexPath(item: 0, section: GallerySection.recipes.rawValue), at: [], animated: true)
        }
        application.statusMessage = text.isEmpty ? "" : "\(recipes.items.count) matching"
    }

    /// Refreshes the favorites strip and reconfigures a recipe whose favorite flag changed.
    func refreshFavorites(reconfiguring id: Int?) {
        var snapshot = dataSource.snapshot()
        let shown = snapshot.itemIdentifiers(inSection: .favorites)
        snapshot.deleteItems(shown)
        snapshot.appendItems(store.favorites.map { .favorite($0.id) }, toSection: .favorites)
        if let id, snapshot.contains(item: .recipe(id)) { snapshot.reconfigureItems([.recipe(id)]) }
        dataSource.apply(snapshot)
    }

    // MARK: Behaviour

    func swipeActions(at indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard case .recipe(let id) = dataSource.itemIdentifier(for: indexPath), let recipe = store[id] else {
            return nil
        }
        let favorite = ContextualAction(
            style: .normal, title: recipe.isFavorite ? "Unfavorite" : "Favorite", key: "f"
        ) {
            [weak self] _, _, completion in
            self?.toggleFavorite(id)
            completion(self != nil)
        }
        let delete = ContextualAction(style: .destructive, title: "Delete", key: "d") {
            [weak self] _, _, completion in
            self?.delete(id)
            completion(self != nil)
        }
        return SwipeActionsConfiguration(actions: [delete, favorite])
    }

    /// A recipe's context menu (F10 or the right button): what its swipe actions do, as a UIKit
    /// list offers both.
    func contextMenu(at indexPath: IndexPath) -> ContextMenuConfiguration? {
        guard case .recipe(let id) = dataSource.itemIdentifier(for: indexPath), store[id] != nil else {
            return nil
        }
        return ContextMenuConfiguration(actionProvider: { [weak self] _ in
            Menu(children: [
                Action(title: "Favorite", image: "♥", state: self?.store[id]?.isFavorite == true ? .on : .off)
                {
                    _ in self?.toggleFavorite(id)
                },
                Action(title: "Delete", attributes: .destructive) { _ in self?.delete(id) },
            ])
        })
    }

    func toggleFavorite(_ id: Int) {
        store.toggleFavorite(id)
        refreshFavorites(reconfiguring: id)
    }

    func delete(_ id: Int) {
        guard let recipe = store[id] else { return }
        store.delete(id)
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([.recipe(id), .favorite(id), .browsed(id)])
        dataSource.apply(snapshot)
        application.statusMessage = "Deleted \(recipe.title)"
    }

    func configureBehaviour() {
        dataSource.coalescesApplies = true
        searchField.textDidChange = { [weak self] text in self?.applySearch(text) }
        collectionView.delegate = self
        dataSource.reorderingHandlers.canReorderItem = { item in
            if case .recipe = item { return true }
            return false
        }
        dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
            guard let self else { return }
            let shown = transaction.finalSnapshot.itemIdentifiers(inSection: .recipes).compactMap {
                item -> Int? in
                if case .recipe(let id) = item { return id }
                return nil
            }
            // Keep hidden (filtered-out) recipes after the shown ones, in their old order.
            self.store.order = shown + self.store.order.filter { !shown.contains($0) }
            self.application.statusMessage = "Moved"
        }
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { [weak self] parent, children in
            guard let self, case .cuisine(let cuisine) = parent else { return children }
            var loaded = DiffableDataSourceSectionSnapshot<GalleryItem>()
            loaded.append(self.store.order.filter { self.store[$0]?.cuisine == cuisine }.map { .browsed($0) })
            return loaded
        }
    }

    func title(of item: GalleryItem) -> String {
        switch item {
        case .favorite(let id), .recipe(let id), .browsed(let id): return store[id]?.title ?? "?"
        case .ingredient(let index): return store.ingredients[index].name
        case .browseRoot: return "Browse"
        case .cuisine(let cuisine): return cuisine
        case .row(let number): return "Row \(number.formatted())"
        }
    }

    // MARK: Cells

    static func makeDataSource(collectionView: TerminalCollectionView, store: WeakGallery) -> DataSource {
        let recipeCell = TerminalCollectionView.CellRegistration<TerminalListCell, Int> { cell, _, id in
            guard let recipe = store.gallery?.store[id] else { return }
            var content = cell.defaultContentConfiguration()
            content.image = recipe.emoji
            content.text = recipe.title
            content.secondaryText = "\(recipe.cuisine) · \(recipe.minutes) min"
            cell.contentConfiguration = content
            cell.accessories =
                (recipe.isFavorite ? [.label(text: "♥", style: TextStyle(foreground: .red))] : [])
                + [.disclosureIndicator()]
            // As a UIKit list styles its selected cell: the details read against the highlight.
            cell.configurationUpdateHandler = { [content] cell, state in
                var styled = content.updated(for: state)
                styled.secondaryTextStyle.dim = !(state.isSelected || state.isFocused)
                cell.contentConfiguration = styled
            }
        }
        let favoriteCell = TerminalCollectionView.CellRegistration<TerminalListCell, Int> { cell, _, id in
            guard let recipe = store.gallery?.store[id] else { return }
            var content = cell.defaultContentConfiguration()
            content.image = recipe.emoji
            content.text = recipe.title
            cell.contentConfiguration = content
        }
        let ingredientCell = TerminalCollectionView.CellRegistration<TerminalGridCell, Int> {
            cell, _, index in
            guard let ingredient = store.gallery?.store.ingredients[index] else { return }
            cell.image = ingredient.emoji
            cell.text = ingredient.name
        }
        let outlineCell = TerminalCollectionView.CellRegistration<TerminalListCell, GalleryItem> {
            cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = store.gallery?.title(of: item)
            if case .browsed(let id) = item { content.image = store.gallery?.store[id]?.emoji }
            cell.contentConfiguration = content
            // A folder opens with a tap, as the containers of Apple's outline sample do.
            cell.accessories = [.outlineDisclosure(options: .init(style: .header))]
        }
        let rowCell = TerminalCollectionView.CellRegistration<TerminalListCell, Int> { cell, _, number in
            var content = ListContentConfiguration.valueCell()
            content.text = "Row \(number.formatted())"
            content.secondaryText = "#\(String(number, radix: 16))"
            cell.contentConfiguration = content
        }
        let header = TerminalCollectionView.SupplementaryRegistration<TerminalListCell>(
            elementKind: TerminalCollectionView.elementKindSectionHeader
        ) { header, _, indexPath in
            var content = ListContentConfiguration.groupedHeader()
            // Supplementary views are not diffed (as in UIKit), so headers show nothing that changes.
            let section = GallerySection(rawValue: indexPath.section) ?? .rows
            content.text = section.title.uppercased()
            if section == .rows, let count = store.gallery?.rowCount {
                content.text = "\(count.formatted()) ROWS"
            }
            header.contentConfiguration = content
        }
        let dataSource = DataSource(collectionView: collectionView) { view, indexPath, item in
            switch item {
            case .recipe(let id):
                return view.dequeueConfiguredReusableCell(using: recipeCell, for: indexPath, item: id)
            case .favorite(let id):
                return view.dequeueConfiguredReusableCell(using: favoriteCell, for: indexPath, item: id)
            case .ingredient(let index):
                return view.dequeueConfiguredReusableCell(using: ingredientCell, for: indexPath, item: index)
            case .browseRoot, .cuisine, .browsed:
                return view.dequeueConfiguredReusableCell(using: outlineCell, for: indexPath, item: item)
            case .row(let number):
                return view.dequeueConfiguredReusableCell(using: rowCell, for: indexPath, item: number)
            }
        }
        dataSource.supplementaryViewProvider = { view, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        return dataSource
    }
}

/// Lets registrations and layout closures, made before the gallery exists, reach it.
@MainActor
final class WeakGallery: Sendable {
    weak var gallery: Gallery?
}

/// The gallery is its collection view's delegate, as a UIKit view controller is.
extension Gallery: CollectionViewDelegate {
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath
    ) {
        guard let item = dataSource.itemIdentifier(for: indexPath) else { return }
        application.statusMessage = "Selected \(title(of: item))"
    }

    public func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? { contextMenu(at: indexPath) }
}
