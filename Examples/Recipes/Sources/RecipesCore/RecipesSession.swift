public import Diffable
import DiffableStore
public import Foundation
public import RecipeKit
public import RecipeStore

/// What one person's Recipes app holds, whatever draws it: the sidebar's and the list's data
/// sources, which list is shown, the selected recipe, the counts, and the writes. The terminal
/// app and the browser page each make the two data sources on their own views and draw what the
/// session holds; the session tells them, through its callbacks, when to.
///
/// The recipe list is driven by a `FetchedResultsController` per sidebar choice (and per search),
/// keyed by recipe id only; cells read their recipes through the controller's `RecordCache`
/// (``shownEntry``). Controllers come from the ``RecipeLibrary`` every session of the process
/// shares: a list shown in a thousand sessions is one controller. A session keeps the lists it
/// used (``KeptLists``), so going back to one costs no fetch; a commit reaches the list as that
/// commit's exact edit, and a recipe whose row changed is reconfigured, alone.
@MainActor
public final class RecipesSession {
    public let library: RecipeLibrary
    public var database: any RecipeStorage { library.database }
    /// The lists this session keeps alive.
    var kept = KeptLists()
    public let sidebarDataSource: CollectionViewDiffableDataSource<SidebarSection, SidebarItem>
    public let listDataSource: CollectionViewDiffableDataSource<String, Int64>

    /// What the sidebar chose.
    public private(set) var chosenList = RecipeList.all
    /// What the list shows: the chosen list, or a search.
    public private(set) var shownList: RecipeList?
    /// The list whose controller drives the list view; its records are what the cells show.
    public private(set) var shownEntry: RecipeLibrary.LiveList?
    /// The items whose cells show a placeholder: their records were not read when the cells
    /// were configured.
    private var placeholders: Set<Int64> = []
    private var driving: Task<Void, Never>?
    /// Bumped at every change of list, so that a slow fetch does not replace a newer choice.
    private var listGeneration = 0
    /// Whether the list waits for its first rows.
    public private(set) var isLoading = true
    /// The text searched for, as typed; empty when the list shows the sidebar's choice.
    public private(set) var searchText = ""

    /// The recipe selected: its id, and the recipe as last read (`nil` until read, or when it
    /// cannot be). It stays when its row leaves the list (unfavorited in Favorites) and is
    /// selected again when the row comes back.
    public struct Selection: Equatable, Sendable {
        public var id: Int64
        public var recipe: Recipe?
    }

    /// What the detail shows.
    public private(set) var selection: Selection?
    /// The selected recipe's id.
    public var selectedID: Int64? { selection?.id }
    /// The selected recipe, as last read.
    public var selectedRecipe: Recipe? { selection?.recipe }
    /// Whether a recipe is selected and not read yet: the detail says it is loading.
    public var isLoadingSelection: Bool { selection != nil && selection?.recipe == nil }

    public internal(set) var counts = RecipeCounts()
    /// Whether the sidebar's Collections row is expanded, kept across count refreshes.
    var collectionsExpanded = true
    /// The library's news of changes, while the session runs.
    var observation: RecipeLibrary.Observation?
    /// Writes started and not yet finished (with the counts and the detail read again).
    public internal(set) var pendingWrites = 0
    /// Whether a write started since a change last reached the session, or is under way: the
    /// library tells the session of a change before the others then.
    var hasWritten = false
    /// Reads of the selected recipe under way.
    public private(set) var pendingDetailReads = 0
    /// Bumped at every read of the selected recipe: an older read's answer is dropped.
    private var detailGeneration = 0
    /// What the last write did, or why it did not, for a status line.
    public internal(set) var lastWrite: WriteOutcome?
    /// Why a list or the detail could not be read, until a write succeeds.
    public internal(set) var lastError: String?

    /// Lists that together have at most this many rows animate from one to the other; larger
    /// ones reload: an animation of a hundred thousand rows shows nothing, and their diff costs
    /// more than the frame budget.
    public var animatedSwitchLimit = 5_000

    // MARK: What the front end hears

    /// Something drawn outside the two views changed: the list's title, the detail, the counts,
    /// the status.
    public var onChange: @MainActor () -> Void = {}
    /// A change reached the session after it wrote, and is drawn: the front end shows it now,
    /// ahead of the sessions that did not write (a web page sends its frame).
    public var onOwnChangeDrawn: @MainActor () -> Void = {}
    /// The list is about to show a list whose layout differs in headers (search results have a
    /// header per collection): the front end sets its layout.
    public var onListHeadersChange: @MainActor (_ hasHeaders: Bool) -> Void = { _ in }
    /// A new list is shown and the selected recipe is not in it: the front end shows its first row
    /// (the terminal moves its focus there, which selects it).
    public var onShowFirstRow: @MainActor (IndexPath) -> Void = { _ in }
    /// Another recipe was selected: the front end scrolls its detail to the top.
    public var onSelectionChange: @MainActor (_ id: Int64?) -> Void = { _ in }

    /// A session on a library, with the data sources the front end made on its views (their
    /// cells read ``counts`` and ``shownEntry`` through the front end's weak reference).
    public init(
        library: RecipeLibrary,
        sidebarDataSource: CollectionViewDiffableDataSource<SidebarSection, SidebarItem>,
        listDataSource: CollectionViewDiffableDataSource<String, Int64>
    ) {
        self.library = library
        self.sidebarDataSource = sidebarDataSource
        self.listDataSource = listDataSource
        // Moving through a search's results skips the stale ones typed past.
        listDataSource.coalescesApplies = true
    }

    /// Shows the sidebar and All Recipes, and starts following the database.
    public func start() async {
        sidebarDataSource.apply(
            SidebarItem.librarySnapshot(), to: .library, animatingDifferences: false, completion: nil)
        await library.start()
        refreshCounts()
        observation = library.observe(
            .init(
                changed: { [weak self] batch in self?.databaseChanged(batch) },
                failed: { [weak self] error in
                    self?.lastError = error.map { "\($0)" }
                    self?.onChange()
                },
                hasWritten: { [weak self] in self?.hasWritten ?? false },
                changeShown: { [weak self] in self?.onOwnChangeDrawn() }))
        // A search typed while the library started is shown already: All Recipes would replace it.
        guard listGeneration == 0 else { return }
        await show(.all)
    }

    /// Stops following the database, and lets go of the lists.
    public func stop() {
        driving?.cancel()
        observation = nil
        kept = KeptLists()
        shownEntry = nil
    }

    // MARK: Lists

    /// The title of the list: the list's name and how many recipes it shows.
    public var listTitle: String {
        let count = listDataSource.snapshot().numberOfItems
        switch shownList ?? chosenList {
        case .search(let text):
            let more = count >= RecipeList.searchLimit ? "+" : ""
            return "“\(displaySafe(text))” · \(CountText.text(count))\(more) found"
        case let list:
            return "\(SidebarItem(list: list)?.title ?? "") · \(CountText.text(count))"
        }
    }

    /// What the list shows, for a front end's words when it is empty.
    public var listShown: RecipeList { shownList ?? chosenList }

    /// Whether a list's layout has section headers: search results have one per collection.
    public static func hasHeaders(_ list: RecipeList?) -> Bool {
        if case .search = list { return true }
        return false
    }

    /// Shows a sidebar choice (and ends a search: the front end clears its field).
    public func choose(_ list: RecipeList) {
        chosenList = list
        searchText = ""
        Task { await show(list) }
    }

    /// Shows the results of a search as the person types; an empty text shows the chosen list.
    public func search(_ text: String) {
        searchText = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        Task { await show(trimmed.isEmpty ? chosenList : .search(trimmed)) }
    }

    /// Makes `list` drive the list's data source: from its kept controller at once, or once
    /// fetched. The first list reloads the view; later ones animate from the rows shown, unless
    /// the two are too large to (``animatedSwitchLimit``).
    public func show(_ list: RecipeList) async {
        listGeneration += 1
        let generation = listGeneration
        if kept[list] == nil && library.loaded(list) == nil {
            isLoading = listDataSource.snapshot().numberOfItems == 0
        }
        let entry: RecipeLibrary.LiveList
        do {
            if let kept = kept[list] {
                entry = kept
            } else {
                entry = try await library.list(list)
            }
        } catch {
            lastError = "\(error)"
            onChange()
            return
        }
        // Typed past or chosen past: not kept (a search no one shows goes away).
        guard generation == listGeneration else { return }
        kept.keep(entry)
        let previous = shownList
        let headersChange = Self.hasHeaders(previous) != Self.hasHeaders(list)
        driving?.cancel()
        shownList = list
        shownEntry = entry
        isLoading = false
        onChange()  // the title names the list
        if headersChange { onListHeadersChange(Self.hasHeaders(list)) }
        let rows = listDataSource.snapshot().numberOfItems + entry.controller.snapshot.numberOfItems
        let reloads = previous == nil || headersChange || rows > animatedSwitchLimit
        driving = entry.controller.drive(listDataSource, reloadingFirst: reloads)
        if case .search = previous, previous != list, let previous { kept.drop(previous) }
        // The drive's first apply runs before this continues (the main actor takes tasks in order).
        await Task.yield()
        reconfigurePlaceholders()
        if let selectedID, listDataSource.indexPath(for: selectedID) != nil { return }
        selection = nil
        if listDataSource.snapshot().numberOfItems > 0 { onShowFirstRow(IndexPath(item: 0, section: 0)) }
        onChange()
    }

    /// The record of a row of the shown list, for its cell; `nil` while it is read, and the cell
    /// shows a placeholder until the record arrives (the list's `RecordCache` reconfigures it).
    public func recipe(forCell id: Int64) -> RecipeSummary? {
        let recipe = shownEntry?.records.record(for: id)
        if recipe == nil { placeholders.insert(id) } else { placeholders.remove(id) }
        return recipe
    }

    /// Reconfigures the cells that show placeholders: a list switched to keeps the cells of the
    /// rows it shares with the list before (the same items), and the list before, whose records
    /// they waited for, reconfigures only the views it still drives.
    private func reconfigurePlaceholders() {
        var snapshot = listDataSource.snapshot()
        let waiting = placeholders.filter { snapshot.indexOfItem($0) != nil }
        placeholders = []
        guard !waiting.isEmpty else { return }
        snapshot.reconfigureItems(Array(waiting))
        listDataSource.apply(snapshot, animatingDifferences: false)
    }

    // MARK: Selection

    /// Selects a recipe and reads it for the detail.
    public func select(_ id: Int64?) {
        if id != selectedID { onSelectionChange(id) }
        selection = id.map { id in Selection(id: id, recipe: selection?.id == id ? selection?.recipe : nil) }
        refreshSelectedRecipe()
    }

    /// Shows `kept` as the selected recipe, read after a change (`.some(nil)`: it was deleted,
    /// and the front end selects the neighbour its list moved to); a read under way is older, and
    /// dropped. Returns `false`, changing nothing, when `kept` is `nil` (not read).
    func takeSelectedRecipe(_ kept: Recipe??) -> Bool {
        guard let selectedID, case .some(let recipe) = kept else { return false }
        detailGeneration += 1
        selection = recipe.map { Selection(id: selectedID, recipe: $0) }
        return true
    }

    /// Reads the selected recipe again (after any change), off the main actor: the detail shows
    /// what it showed (or that it is loading) until the recipe arrives, and a database that does
    /// not answer holds up only this read. A read overtaken by a newer one is dropped.
    func refreshSelectedRecipe() {
        onChange()
        guard let id = selectedID else { return }
        detailGeneration += 1
        let generation = detailGeneration
        pendingDetailReads += 1
        Task {
            defer { pendingDetailReads -= 1 }
            let recipe: Recipe?
            do {
                recipe = try await library.recipe(id: id)
            } catch {
                guard generation == detailGeneration else { return }
                lastError = "\(error)"
                onChange()
                return
            }
            guard generation == detailGeneration, selectedID == id else { return }
            // Deleted: no selection; the front end selects the neighbour its list moved to.
            selection = recipe.map { Selection(id: id, recipe: $0) }
            onChange()
        }
    }
}
