import Diffable
public import DiffableWeb
import Foundation
import RecipeKit
public import RecipeStore
public import RecipesCore

/// The Recipes app in a browser page: the sidebar (a collection view of its own, at the page's
/// leading edge), the recipes of the chosen list (the page's main collection view, a list or a
/// grid), the selected recipe's detail (a panel at the trailing edge), and the form and the
/// delete confirmation (a dialog). What it shows is a ``RecipesSession``'s, one per page, on the
/// library every page of the server shares, on a database other processes may write too; this
/// type draws it and takes the clicks.
@MainActor
public final class RecipesPage {
    public let session: RecipesSession
    let page: WebPage
    let sidebarView: WebCollectionView
    var listView: WebCollectionView { page.collectionView }
    /// The list's title and buttons, over the list.
    let header: WebPanel
    /// The selected recipe.
    let detail: WebPanel
    /// The form, or the delete confirmation.
    let dialog: WebPanel
    /// The three columns as a split view's: side by side on a wide window, one at a time on a
    /// phone (the list first, a recipe's detail over it, the sidebar one step back).
    public let split = SplitViewController(style: .tripleColumn)

    /// Whether the recipes show as a grid.
    public private(set) var isGrid = false
    /// The dialog's state: what it edits or asks about.
    var dialogState: DialogState?
    /// The recipe the detail shows (`nil` inside for none), once drawn.
    var drawnRecipe: Recipe??
    var drawnLoading = false
    /// What the header was last drawn from.
    var drawnHeader: HeaderState?
    /// Where the selected recipe last was in the list, for selecting its neighbour once it is
    /// deleted.
    var lastSelectedPath: IndexPath?

    /// What the dialog shows.
    enum DialogState {
        /// The form, with what the person typed and what is wrong with it.
        case form(RecipeDraft, errors: [String: String])
        case confirmDelete(Recipe)
    }

    /// Sets up a page: its regions, data sources and handlers; call ``start()`` to load it.
    public init(page: WebPage, library: RecipeLibrary) {
        self.page = page
        let weak = WeakReference<RecipesPage>()
        sidebarView = page.addCollectionView(
            named: "sidebar", placement: .leading, width: 250, layout: Self.sidebarLayout)
        header = page.addPanel(named: "list-header", placement: .header)
        detail = page.addPanel(named: "detail", placement: .trailing, width: 380)
        dialog = page.addPanel(named: "dialog", placement: .dialog, width: 560)
        page.collectionView.collectionViewLayout = Self.listLayout(grid: false, headers: false)
        session = RecipesSession(
            library: library, sidebarDataSource: Self.makeSidebarDataSource(sidebarView, weak),
            listDataSource: Self.makeListDataSource(page.collectionView, weak))
        weak.object = self
        page.searchPlaceholder = "Search recipes"
        page.searchHandler = { [weak self] text in
            guard let self, text != self.session.searchText else { return }
            self.session.search(text)
        }
        page.didClose = { [weak self] in self?.session.stop() }
        split.delegate = self
        split.setTitle("Recipes", for: .primary)
        split.setTitle("Recipe", for: .secondary)
        split.preferredDisplayMode = .twoBesideSecondary  // a tablet and a desktop: the three columns
        split.show(.supplementary)  // what a phone shows first
        page.setSplitViewController(
            split, regions: [.primary: "sidebar", .supplementary: "", .secondary: "detail"])
        connectHandlers()
    }

    /// Shows the sidebar and All Recipes, and starts following the database.
    public func start() async {
        await session.start()
        selectChosenListInSidebar()
    }

    private func connectHandlers() {
        sidebarView.delegate = self
        listView.delegate = self
        // The selection and the panels follow the list and the session once a turn, however
        // many changes the turn made (a commit updates the list, the counts and the detail).
        page.updatePropertiesHandler = { [weak self] in
            self?.syncSelection()
            self?.redraw()
        }
        listView.didPerformUpdates = { [weak self] in
            // The list's title counts its rows.
            self?.page.setNeedsUpdateProperties()
        }
        session.onChange = { [weak self] in
            guard let self else { return }
            // The shown list's records are read ahead of scrolling, the UIKit way.
            self.listView.prefetchDataSource = self.session.shownEntry?.records
            self.page.setNeedsUpdateProperties()
        }
        // The page whose person wrote goes first: its frame, not the turn's last.
        session.onOwnChangeDrawn = { [weak self] in self?.page.flush() }
        session.onListHeadersChange = { [weak self] headers in
            guard let self else { return }
            self.listView.collectionViewLayout = Self.listLayout(grid: self.isGrid, headers: headers)
        }
        session.onShowFirstRow = { [weak self] indexPath in
            guard let self, let id = self.session.listDataSource.itemIdentifier(for: indexPath) else {
                return
            }
            self.listView.selectItem(at: indexPath, animated: false, scrollPosition: [])
            self.lastSelectedPath = indexPath
            self.session.select(id)
        }
        // An action the page did not offer (a stale page, a forged message) does nothing.
        header.actionHandler = { [weak self] action, _ in
            PanelAction(rawValue: action).map { self?.perform($0) }
        }
        detail.actionHandler = { [weak self] action, _ in
            PanelAction(rawValue: action).map { self?.perform($0) }
        }
        dialog.actionHandler = { [weak self] action, values in
            PanelAction(rawValue: action).map { self?.dialogAction($0, values: values) }
        }
    }

    // MARK: Lists and selection

    private func sidebarSelected(_ indexPath: IndexPath) {
        guard let item = session.sidebarDataSource.itemIdentifier(for: indexPath) else { return }
        guard let list = item.list else {
            // The Collections row expands and collapses; the chosen list stays selected.
            var collections = session.sidebarDataSource.snapshot(for: .collections)
            if collections.isExpanded(item) {
                collections.collapse([item])
            } else {
                collections.expand([item])
            }
            session.sidebarDataSource.apply(collections, to: .collections)
            selectChosenListInSidebar()
            return
        }
        choose(list)
    }

    /// Shows a sidebar choice, and ends a search.
    public func choose(_ list: RecipeList) {
        let wasSearching = !session.searchText.isEmpty
        session.choose(list)
        if wasSearching { page.setSearchText("") }
        selectChosenListInSidebar()
        split.show(.supplementary)  // on a phone, a sidebar choice shows its list
    }

    private func selectChosenListInSidebar() {
        let path = SidebarItem(list: session.chosenList).flatMap {
            session.sidebarDataSource.indexPath(for: $0)
        }
        if sidebarView.selectedIndexPaths != Set(path.map { [$0] } ?? []) {
            sidebarView.selectItem(at: path, animated: false, scrollPosition: [])
        }
    }

    /// Keeps the list's selection and the session's together (the sample's
    /// `selectRecipeIfNeeded`): the selected recipe is selected in the list whenever its row is
    /// there (one unfavorited in Favorites is selected again when it comes back); once it is
    /// deleted, its neighbour is; with none, the first.
    func syncSelection() {
        let dataSource = session.listDataSource
        if let id = session.selectedID {
            guard let path = dataSource.indexPath(for: id) else { return }
            lastSelectedPath = path
            if listView.selectedIndexPaths != [path] {
                listView.selectItem(at: path, animated: false, scrollPosition: [])
                listView.scrollToItem(at: path, at: [], animated: false)
            }
            return
        }
        let count = dataSource.snapshot().numberOfItems
        // As the terminal's focus on the first row selects it, a list shown with nothing
        // selected selects its first recipe.
        guard listView.selectedIndexPaths.isEmpty, count > 0 else { return }
        let last = lastSelectedPath ?? IndexPath(item: 0, section: 0)
        let snapshot = dataSource.snapshot()
        var index = last.item
        for section in snapshot.sectionIdentifiers.prefix(last.section) {
            index += snapshot.numberOfItems(inSection: section)
        }
        let id = snapshot.itemIdentifiers[min(index, count - 1)]
        guard let path = dataSource.indexPath(for: id) else { return }
        listView.selectItem(at: path, animated: false, scrollPosition: [])
        listView.scrollToItem(at: path, at: [], animated: false)
        lastSelectedPath = path
        session.select(id)
    }

    // MARK: Actions

    /// Performs an action of the header or the detail.
    func perform(_ action: PanelAction) {
        switch action {
        case .list, .grid:
            guard (action == .grid) != isGrid else { return }
            isGrid.toggle()
            listView.collectionViewLayout = Self.listLayout(
                grid: isGrid, headers: RecipesSession.hasHeaders(session.shownList))
            redraw()
        case .new: openForm(editing: nil)
        case .favorite: session.toggleFavorite()
        case .edit: if let recipe = session.selectedRecipe { openForm(editing: recipe) }
        case .delete:
            if let recipe = session.selectedRecipe { showDialog(.confirmDelete(recipe)) }
        case .cancel, .save: break
        }
    }

    private func openForm(editing recipe: Recipe?) {
        showDialog(.form(RecipeDraft(editing: recipe, separator: "\n"), errors: [:]))
    }

    func showDialog(_ state: DialogState?) {
        dialogState = state
        dialog.content = state.map(Self.dialogContent)
    }

    private func dialogAction(_ action: PanelAction, values: [String: String]) {
        switch (action, dialogState) {
        case (.cancel, _): showDialog(nil)
        case (.save, .form(let draft, _)):
            var edited = draft
            for (name, _) in RecipeDraft.fields { edited.texts[name] = values[name] ?? "" }
            switch edited.recipe(separators: ["\n", "\r"]) {
            case .success(let recipe):
                showDialog(nil)
                session.save(recipe)
            case .failure(let errors):
                showDialog(.form(edited, errors: errors.messages))
            }
        case (.delete, .confirmDelete(let recipe)):
            showDialog(nil)
            session.delete(recipe)
        default: break
        }
    }

    // MARK: Drawing

    /// Draws what the session holds outside the two collection views: the list's title and
    /// buttons, and the detail.
    func redraw() {
        let state = headerState
        if state != drawnHeader {
            drawnHeader = state
            let title = session.listTitle
            split.setTitle(title, for: .supplementary)  // what the detail's back says
            header.content = Self.headerContent(state, title: title)
        }
        // The detail is drawn again only for another recipe, or the same one changed.
        let loading = session.isLoadingSelection
        guard drawnRecipe != .some(session.selectedRecipe) || drawnLoading != loading else { return }
        drawnRecipe = session.selectedRecipe
        drawnLoading = loading
        detail.content = Self.sharedDetailContent(session.selectedRecipe, loading: loading)
    }

    /// The detail the last page drew, for its recipe: the pages that show one recipe (every page,
    /// after a write to the recipe they all show) share one content, which each panel then
    /// compares with what it showed and what the last panel sent at the cost of an identity check.
    private static var lastDetail: (recipe: Recipe?, loading: Bool, content: WebPanelContent)?

    /// ``detailContent(_:loading:)``, shared with the page that drew the same recipe last.
    ///
    /// - Complexity: O(1) when the recipe is the one the last page drew, as one value; otherwise
    ///   a comparison of the two recipes and the content built.
    private static func sharedDetailContent(_ recipe: Recipe?, loading: Bool) -> WebPanelContent {
        if let last = lastDetail, last.loading == loading, last.recipe == recipe { return last.content }
        let content = detailContent(recipe, loading: loading)
        lastDetail = (recipe, loading, content)
        return content
    }
}

/// The page is its views' delegate, as the sample's view controllers are: a click on a sidebar
/// row chooses a list, one on a recipe selects it.
extension RecipesPage: CollectionViewDelegate {
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath
    ) {
        if collectionView === sidebarView {
            sidebarSelected(indexPath)
        } else if let id = session.listDataSource.itemIdentifier(for: indexPath) {
            lastSelectedPath = indexPath
            session.select(id)
            split.show(.secondary)  // on a phone, a recipe's detail over the list
        }
    }

    /// A recipe's context menu (a right-click, a long press, Shift-F10 on its row).
    public func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        guard collectionView === listView else { return nil }
        return session.contextMenuConfiguration(forRowAt: indexPath) { [weak self] action, recipe in
            switch action {
            case .edit: self?.openForm(editing: recipe)
            case .delete: self?.showDialog(.confirmDelete(recipe))
            }
        }
    }
}

/// On a phone the list comes first, with the sidebar one step back, as Apple's sample's split
/// view shows its supplementary column when it collapses.
extension RecipesPage: SplitViewControllerDelegate {
    public func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column {
        proposedTopColumn == .primary ? .supplementary : proposedTopColumn
    }
}
