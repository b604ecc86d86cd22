public import Diffable
import DiffableGRDB
public import DiffableTerminal
public import Foundation
public import RecipeKit
public import RecipeStore

/// The Recipes app: a sidebar of lists, the recipes of the chosen one (a list or a grid), and the
/// selected recipe's detail, on a SQLite database that other processes may write too.
///
/// The recipe list is driven by a `FetchedResultsController` per sidebar choice (and per search),
/// keyed by recipe id only; cells read their recipes through the controller's `RecordCache`.
/// Controllers stay alive once used (``RecipeLists``), so going back to a list costs no fetch; a
/// commit reaches the list as that commit's exact edit, and a recipe whose row changed is
/// reconfigured, alone.
@MainActor
public final class RecipesApp {
    public let database: RecipeDatabase
    public let lists: RecipeLists
    public let sidebarView: TerminalCollectionView
    public let listView: TerminalCollectionView
    public let sidebarDataSource: CollectionViewDiffableDataSource<SidebarSection, SidebarItem>
    public let listDataSource: CollectionViewDiffableDataSource<String, Int64>
    public private(set) var screen: RecipesScreen!
    public private(set) var application: TerminalApplication!
    public let searchField = TerminalSearchField(placeholder: "Search recipes")

    /// What the sidebar chose.
    public private(set) var chosenList = RecipeList.all
    /// What the list shows: the chosen list, or a search.
    public private(set) var shownList: RecipeList?
    /// The entry whose controller drives the list.
    var shownEntry: RecipeLists.Entry?
    var driving: Task<Void, Never>?
    /// Bumped at every change of list, so that a slow fetch does not replace a newer choice.
    var listGeneration = 0
    /// Whether the list waits for its first rows.
    public private(set) var isLoading = true

    /// The recipe the detail pane shows: it stays when its row leaves the list (unfavorited in
    /// Favorites) and is selected again when the row comes back.
    public internal(set) var selectedID: Int64?
    public internal(set) var selectedRecipe: Recipe?
    /// Set when the person moved the list's focus: the selection follows it at the next frame.
    var focusWasMoved = false

    public internal(set) var counts = RecipeCounts()
    public private(set) var isGrid = false
    var collectionsExpanded = true
    /// Watches the counts table, whose controller also sees other processes' commits.
    var countsWatcher: FetchedResultsController<String, Int64>?
    var countsTask: Task<Void, Never>?
    /// Writes started and not yet finished (with the counts and the detail read again).
    public internal(set) var pendingWrites = 0
    /// The last error, shown in the help line.
    public internal(set) var lastError: String?
    let now: @Sendable () -> Date

    /// Lists that together have at most this many rows animate from one to the other; larger
    /// ones reload: an animation of a hundred thousand rows shows nothing, and their diff costs
    /// more than the frame budget.
    public var animatedSwitchLimit = 5_000

    /// Builds the app on a terminal; call ``start()`` to load it.
    public init(
        device: any TerminalDevice, database: RecipeDatabase, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = database
        self.now = now
        let weak = WeakApp()
        lists = RecipeLists(database: database, now: now) { error in
            Task { @MainActor in weak.app?.lastError = "\(error)" }
        }
        sidebarView = TerminalCollectionView(layout: Self.sidebarLayout, width: 20, height: 20)
        listView = TerminalCollectionView(
            layout: Self.listLayout(grid: false, headers: false), width: 40, height: 20)
        sidebarDataSource = Self.makeSidebarDataSource(sidebarView, weak)
        listDataSource = Self.makeListDataSource(listView, weak)
        weak.app = self
        screen = RecipesScreen(app: self)
        application = TerminalApplication(device: device, content: screen)
        application.searchField = searchField
        searchField.textDidChange = { [weak self] text in self?.search(text) }
        sidebarView.didSelectItemAt = { [weak self] indexPath in
            guard let self, let item = self.sidebarDataSource.itemIdentifier(for: indexPath),
                let list = item.list
            else { return }
            self.choose(list)
        }
        listView.didSelectItemAt = { [weak self] _ in
            self?.screen.focusedPane = .detail
        }
        // Moving through a search's results skips the stale ones typed past.
        listDataSource.coalescesApplies = true
    }

    /// Shows the sidebar and All Recipes, and starts following the database.
    public func start() async {
        sidebarDataSource.apply(
            SidebarItem.librarySnapshot(), to: .library, animatingDifferences: false, completion: nil)
        refreshCounts()
        sidebarView.scrollToItem(at: IndexPath(item: 0, section: 0))
        await show(.all)
        screen.focusedPane = .list
        watchCounts()
    }

    /// Runs until the person quits.
    public func run() async {
        await start()
        await application.run()
        stop()
    }

    /// Stops following the database.
    public func stop() {
        driving?.cancel()
        countsTask?.cancel()
        countsWatcher?.stop()
    }

    // MARK: Lists

    /// The title of the list pane: the list's name and how many recipes it shows.
    public var listTitle: String {
        let count = listDataSource.snapshot().numberOfItems
        switch shownList ?? chosenList {
        case .search(let text):
            let more = count >= RecipeList.searchLimit ? "+" : ""
            return "“\(displaySafe(text))” · \(count.formatted())\(more) found"
        case let list:
            return "\(SidebarItem(list: list)?.title ?? "") · \(count.formatted())"
        }
    }

    /// What an empty list says.
    var emptyListMessage: String {
        switch shownList ?? chosenList {
        case .favorites: "No favorites yet: f on a recipe."
        case .search: "No recipe matches."
        case .recents: "Nothing added this week."
        default: "No recipes. a adds one."
        }
    }

    /// Shows a sidebar choice (and ends a search).
    public func choose(_ list: RecipeList) {
        chosenList = list
        if !searchField.text.isEmpty {
            searchField.setText("")  // reports the change: the search ends and shows `list`
            return
        }
        Task { await show(list) }
    }

    /// Shows the results of a search as the person types; an empty text shows the chosen list.
    public func search(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        Task { await show(trimmed.isEmpty ? chosenList : .search(trimmed)) }
    }

    /// Makes `list` drive the list view: from its kept controller at once, or once fetched. The
    /// first list reloads the view; later ones animate from the rows shown, unless the two are
    /// too large to (``animatedSwitchLimit``).
    func show(_ list: RecipeList) async {
        listGeneration += 1
        let generation = listGeneration
        if lists.loaded(list) == nil { isLoading = listDataSource.snapshot().numberOfItems == 0 }
        let entry: RecipeLists.Entry
        do {
            entry = try await lists.entry(for: list)
        } catch {
            lastError = "\(error)"
            return
        }
        guard generation == listGeneration else {
            if case .search = list { lists.drop(list) }  // typed past: no one will show it
            return
        }
        let previous = shownList
        let headersChange = Self.hasHeaders(previous) != Self.hasHeaders(list)
        driving?.cancel()
        shownList = list
        shownEntry = entry
        isLoading = false
        screen.redraw = true  // the pane's title names the list
        if headersChange {
            listView.collectionViewLayout = Self.listLayout(grid: isGrid, headers: Self.hasHeaders(list))
        }
        let rows = listDataSource.snapshot().numberOfItems + entry.controller.snapshot.numberOfItems
        let reloads = previous == nil || headersChange || rows > animatedSwitchLimit
        driving = entry.controller.drive(listDataSource, reloadingFirst: reloads)
        if case .search = previous, previous != list, let previous { lists.drop(previous) }
        // The drive's first apply runs before this continues (the main actor takes tasks in order).
        await Task.yield()
        if let selectedID, listDataSource.indexPath(for: selectedID) != nil { return }
        selectedID = nil
        if listDataSource.snapshot().numberOfItems > 0 {
            listView.scrollToItem(at: IndexPath(item: 0, section: 0))
        }
        screen.redraw = true
    }

    static func hasHeaders(_ list: RecipeList?) -> Bool {
        if case .search = list { return true }
        return false
    }

    /// Switches the recipes between a list and a grid.
    public func toggleLayout() {
        isGrid.toggle()
        listView.collectionViewLayout = Self.listLayout(grid: isGrid, headers: Self.hasHeaders(shownList))
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
        let focusedID = listView.focusedIndexPath.flatMap { listDataSource.itemIdentifier(for: $0) }
        if focusWasMoved || selectedID == nil {
            focusWasMoved = false
            if let focusedID, focusedID != selectedID { select(focusedID) }
            return
        }
        if let selectedID, let path = listDataSource.indexPath(for: selectedID),
            path != listView.focusedIndexPath,
            !listView.isAnimating
        {
            listView.scrollToItem(at: path)
        }
    }

    /// Selects a recipe and reads it for the detail pane.
    func select(_ id: Int64?) {
        if id != selectedID { screen.detail.scrollToTop() }
        selectedID = id
        refreshSelectedRecipe()
    }

    /// Reads the selected recipe again (after any change).
    func refreshSelectedRecipe() {
        guard let selectedID else {
            selectedRecipe = nil
            return
        }
        do {
            selectedRecipe = try database.recipe(id: selectedID)
            if selectedRecipe == nil {
                // Deleted: the focus, which the list moved to a neighbour, selects at the next frame.
                self.selectedID = nil
            }
        } catch {
            lastError = "\(error)"
        }
        screen.redraw = true
    }
}

/// Lets registrations and handlers, made before the app exists, reach it.
@MainActor
final class WeakApp: Sendable {
    weak var app: RecipesApp?
}
