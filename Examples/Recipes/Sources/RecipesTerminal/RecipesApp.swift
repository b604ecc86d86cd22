import Diffable
public import DiffableStore
public import DiffableTerminal
public import Foundation
import RecipeKit
public import RecipeStore
public import RecipesCore

/// The Recipes app in the terminal: a sidebar of lists, the recipes of the chosen one (a list or a
/// grid), and the selected recipe's detail, on a SQLite database that other processes may write
/// too. What it shows is a ``RecipesSession``'s; this type draws it and takes the keys.
@MainActor
public final class RecipesApp {
    public let session: RecipesSession
    public let sidebarView: TerminalCollectionView
    public let listView: TerminalCollectionView
    public private(set) var screen: RecipesScreen!
    public private(set) var application: TerminalApplication!
    public let searchField = TerminalSearchField(placeholder: "Search recipes")

    public private(set) var isGrid = false
    /// Set when the person moved the list's focus: the selection follows it at the next frame.
    var focusWasMoved = false

    /// Builds the app on a terminal; call ``start()`` to load it.
    public convenience init(
        device: any TerminalDevice, database: any RecipeStorage, clock: any WallClock = SystemWallClock()
    ) {
        self.init(device: device, library: RecipeLibrary(database: database, clock: clock))
    }

    /// Builds the app on a terminal, on a library other sessions may share.
    public init(device: any TerminalDevice, library: RecipeLibrary) {
        let weak = WeakReference<RecipesApp>()
        sidebarView = TerminalCollectionView(layout: Self.sidebarLayout, width: 20, height: 20)
        listView = TerminalCollectionView(
            layout: Self.listLayout(grid: false, headers: false), width: 40, height: 20)
        session = RecipesSession(
            library: library, sidebarDataSource: Self.makeSidebarDataSource(sidebarView, weak),
            listDataSource: Self.makeListDataSource(listView, weak))
        weak.object = self
        screen = RecipesScreen(app: self)
        application = TerminalApplication(device: device, content: screen)
        application.searchField = searchField
        searchField.textDidChange = { [weak self] text in
            // A sidebar choice clears the field; the session already shows the choice.
            guard let self, text != self.session.searchText else { return }
            self.session.search(text)
        }
        sidebarView.delegate = self
        listView.delegate = self
        session.onChange = { [weak self] in
            guard let self else { return }
            // The shown list's records are read ahead of scrolling, the UIKit way.
            self.listView.prefetchDataSource = self.session.shownEntry?.records
            self.application.statusMessage = self.session.lastWrite?.message ?? ""
            self.screen.redraw = true
        }
        session.onListHeadersChange = { [weak self] headers in
            guard let self else { return }
            self.listView.collectionViewLayout = Self.listLayout(grid: self.isGrid, headers: headers)
        }
        session.onShowFirstRow = { [weak self] indexPath in
            self?.listView.scrollToItem(at: indexPath, at: [], animated: false)
        }
        session.onSelectionChange = { [weak self] _ in self?.screen.detail.scrollToTop() }
    }

    /// Shows the sidebar and All Recipes, and starts following the database.
    public func start() async {
        await session.start()
        sidebarView.scrollToItem(at: IndexPath(item: 0, section: 0), at: [], animated: false)
        screen.focus(.list)
    }

    /// Runs until the person quits.
    public func run() async {
        await start()
        await application.run()
        stop()
    }

    /// Stops following the database.
    public func stop() {
        session.stop()
    }

    /// Shows a sidebar choice, and ends a search.
    public func choose(_ list: RecipeList) {
        session.choose(list)
        if !searchField.text.isEmpty { searchField.setText("") }
    }

    /// Switches the recipes between a list and a grid.
    public func toggleLayout() {
        isGrid.toggle()
        listView.collectionViewLayout = Self.listLayout(
            grid: isGrid, headers: RecipesSession.hasHeaders(session.shownList))
        // Rows and cards are different cells: every cell on screen is made again.
        listView.reloadData()
        listView.scrollToFocus()
        screen.redraw = true
    }

    // MARK: Selection

    /// The list's focus moved (the person's keys or mouse, or a test): the selection follows.
    public func focusMoved() {
        focusWasMoved = true
        // At once, not at the next frame: a key typed right after (f, e, d) acts on this recipe.
        syncSelection()
    }

    /// Keeps the selection and the list's focus together, before each frame: the focus the person
    /// moved selects its recipe; a selected recipe that is in the list has the focus (the sample's
    /// `selectRecipeIfNeeded`: one unfavorited in Favorites is selected again when it comes back).
    func syncSelection() {
        let dataSource = session.listDataSource
        let focusedID = listView.focusedIndexPath.flatMap { dataSource.itemIdentifier(for: $0) }
        if focusWasMoved || session.selectedID == nil {
            focusWasMoved = false
            if let focusedID, focusedID != session.selectedID { session.select(focusedID) }
            return
        }
        if let selectedID = session.selectedID, let path = dataSource.indexPath(for: selectedID),
            path != listView.focusedIndexPath,
            !listView.isAnimating
        {
            listView.scrollToItem(at: path, at: [], animated: false)
        }
    }
}

/// The app is its views' delegate, as the sample's view controllers are: Enter on a sidebar row
/// chooses a list, on a recipe opens its detail.
extension RecipesApp: CollectionViewDelegate {
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath
    ) {
        if collectionView === sidebarView {
            guard let list = session.sidebarDataSource.itemIdentifier(for: indexPath)?.list else { return }
            choose(list)
            // One pane at a time, choosing a list shows it, as a tap in a phone's sidebar does.
            if screen.split.isCollapsed { screen.focus(.list) }
        } else {
            screen.focus(.detail)
        }
    }

    /// A recipe's context menu (F10, the menu key, or the right button on its row).
    public func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        guard collectionView === listView else { return nil }
        return session.contextMenuConfiguration(forRowAt: indexPath) { [weak self] action, recipe in
            switch action {
            case .edit: self?.openForm(editing: recipe)
            case .delete: self?.confirmDeleting(recipe)
            }
            self?.screen.redraw = true
        }
    }
}
