public import DiffableStore
import Foundation
public import RecipeKit
import Synchronization

/// What every session of the app on one database shares, in the terminal or on a server with a
/// thousand pages: one live controller (and record cache) per list, whatever the number of
/// sessions that show it; the sidebar's counts, read once per change; and the change feed that
/// tells each session when its detail may be stale.
///
/// A session asks for the lists it shows (``list(_:)``) and holds them while it wants them kept;
/// a list no session holds goes away. Lists and counts follow the database's one
/// ``ChangeFeed``, so a commit by anyone — this process, `recipes import`, another server,
/// `sqlite3` — costs one read per list, not one per session.
@MainActor
public final class RecipeLibrary {
    /// A list's controller and its records, shared by the sessions that show it.
    public final class LiveList: Sendable {
        public let list: RecipeList
        public let controller: FetchedResultsController<String, Int64>
        public let records: RecordCache<String, Int64, RecipeSummary>
        /// Tells the library of the controller's failures and recoveries while the list lives.
        private let following: Task<Void, Never>

        init(
            list: RecipeList, controller: FetchedResultsController<String, Int64>,
            database: any RecipeStorage,
            report: @escaping @Sendable (FetchedResultsError?) -> Void
        ) {
            self.list = list
            self.controller = controller
            records = database.records(for: controller)
            let errors = controller.errors()
            following = Task { for await error in errors { report(error) } }
        }

        deinit { following.cancel() }
    }

    /// Something a session hears from the library, on the main actor.
    public struct Observer {
        /// The database changed: the counts are up to date; the batch says which rows changed.
        public var changed: @MainActor (ChangeBatch) -> Void
        /// A list could not be read (`nil`: it reads again).
        public var failed: @MainActor (FetchedResultsError?) -> Void
        /// Whether the observer wrote since a change last reached it: it hears a change first
        /// then, and `changeShown` right after, so that a person sees their own write without
        /// waiting for every other session to draw it.
        public var hasWritten: @MainActor () -> Bool
        /// Called after `changed` for an observer that wrote: shows the change now (a web page
        /// sends its frame).
        public var changeShown: @MainActor () -> Void

        public init(
            changed: @escaping @MainActor (ChangeBatch) -> Void,
            failed: @escaping @MainActor (FetchedResultsError?) -> Void,
            hasWritten: @escaping @MainActor () -> Bool = { false },
            changeShown: @escaping @MainActor () -> Void = {}
        ) {
            self.changed = changed
            self.failed = failed
            self.hasWritten = hasWritten
            self.changeShown = changeShown
        }
    }

    /// Ends an observation when it goes away.
    public final class Observation: Sendable {
        private let end: @Sendable () -> Void
        init(end: @escaping @Sendable () -> Void) { self.end = end }
        deinit { end() }
    }

    public let database: any RecipeStorage
    /// Whether sessions share controllers with the other libraries of the process (equal
    /// requests, one controller). `false` gives each library its own: the design before
    /// sharing, which the load benchmark measures beside it.
    public let sharesControllers: Bool
    /// The sidebar's counts, as of the last change.
    public private(set) var counts = RecipeCounts()
    /// The clock the counts and Recents are read at.
    public let clock: any WallClock
    /// Recents, kept while the library follows the database: its count is the sidebar's, so
    /// that the count drops when a recipe ages out of the week, as the list does, with nothing
    /// written.
    private var recents: LiveList?

    private final class WeakList {
        weak var list: LiveList?
        init(_ list: LiveList) { self.list = list }
    }

    private var lists: [RecipeList: WeakList] = [:]
    private var loading: [RecipeList: Task<LiveList, any Error>] = [:]
    private var observers: [ObjectIdentifier: Observer] = [:]
    /// Whole recipes the sessions' details read, until their rows change: a recipe shown in a
    /// thousand details is read once per change. Only recipes that exist: a deleted one's id may
    /// come back with a recipe added later (SQLite reuses the largest rowid), and a kept "none"
    /// would hide it.
    private var recipes: [Int64: Recipe] = [:]
    /// The recipes read with the last change, deleted ones included (`nil`), for the sessions
    /// that show them to take while they hear of that change.
    private var readWithLastChange: [Int64: Recipe?] = [:]
    /// The reads of recipes under way, which every session that asks meanwhile waits for.
    private var readingRecipes: [Int64: Task<Recipe?, any Error>] = [:]
    /// Counts the times cached recipes were forgotten: a read that began before one is not kept.
    private var recipeGeneration = 0
    static let recipeCacheLimit = 256
    /// The ids of ``recipes``, for the reads inside the feed's (which read those that changed).
    private nonisolated let shownRecipeIDs = KeptIDs()

    /// A set of ids that the main actor writes and any thread reads.
    final class KeptIDs: Sendable {
        private let ids = Mutex<Set<Int64>>([])
        var current: Set<Int64> { ids.withLock { $0 } }
        func set(_ new: Set<Int64>) { ids.withLock { $0 = new } }
    }
    private var following: Task<Void, Never>?
    /// The first ``start()``'s work, which every later call waits for.
    private var starting: Task<Void, Never>?

    /// A library of a database. Lists are read when first asked for; the counts once
    /// ``start()`` has run.
    public init(
        database: any RecipeStorage, sharesControllers: Bool = true,
        clock: any WallClock = SystemWallClock()
    ) {
        self.database = database
        self.sharesControllers = sharesControllers
        self.clock = clock
    }

    deinit { following?.cancel() }

    /// Reads the counts and follows the database's changes, once; a call while the first is
    /// under way waits for it, so that every session that starts has the counts to show (sessions
    /// that returned early showed zero counts and no collections until the database changed).
    public func start() async {
        if starting == nil { starting = Task { await self.follow() } }
        await starting?.value
    }

    private func follow() async {
        // The recipes, and the memberships the collections' counts come from (any writer may
        // change one without the other). The counts and the recipes the details show are read
        // inside the feed's read, so that the news of a commit reaches the sessions with the
        // lists': a page draws its list, counts and detail of one commit in one frame.
        let database = database
        let clock = clock
        let shown = shownRecipeIDs
        let changes = database.feed.changes(of: ["recipe", "recipeCollection"]) { batch in
            await Self.read(batch, database, now: clock.now, shown: shown)
        }
        following = Task { [weak self] in
            for await (batch, read) in changes {
                guard let self else { return }
                self.take(batch, read)
                self.tell(batch)
            }
        }
        await refreshCounts()
        await followRecents()
    }

    /// Tells every observer of a change: those that wrote first, each shown before the others
    /// are told.
    ///
    /// A writer's list may not have caught up yet (its controller reads the changed rows on its
    /// own, and with a search per page its news came after the library's): its row then follows
    /// in the turn's frame. Yielding to wait for it put the writer's frame behind every other
    /// session's drawing.
    ///
    /// - Complexity: O(o) for o observers, besides what each does.
    private func tell(_ batch: ChangeBatch) {
        var others: [Observer] = []
        others.reserveCapacity(observers.count)
        for observer in observers.values {
            guard observer.hasWritten() else {
                others.append(observer)
                continue
            }
            observer.changed(batch)
            observer.changeShown()
        }
        for observer in others { observer.changed(batch) }
    }

    /// What the library reads of a commit, inside the feed's read.
    struct ChangeRead: Sendable {
        /// The counts, or `nil` if they could not be read (the last ones stay).
        var counts: RecipeCounts?
        /// The recipes that changed among those the details show, as they are now (`nil` for one
        /// deleted); one that could not be read is left out, and read again when asked for.
        var recipes: [Int64: Recipe?] = [:]
    }

    /// Reads the counts and the changed recipes among `shown`.
    nonisolated static func read(
        _ batch: ChangeBatch, _ database: any RecipeStorage, now: Date, shown: KeptIDs
    ) async -> ChangeRead {
        var read = ChangeRead(counts: try? await database.counts(now: now))
        guard batch.mayHaveChanged("recipe") else { return read }
        let shownIDs = shown.current
        let changed = batch.changedRowIDs(in: "recipe").map { shownIDs.intersection($0) } ?? shownIDs
        for id in changed {
            // `try?` would flatten a deleted recipe's `nil` into a failed read.
            do { read.recipes[id] = .some(try await database.recipe(id: id)) } catch {}
        }
        return read
    }

    /// Takes what was read of a commit: the counts, and the recipes the details show as they are
    /// now; every other changed recipe is forgotten, and reads under way are not kept.
    private func take(_ batch: ChangeBatch, _ read: ChangeRead) {
        if batch.mayHaveChanged("recipe") {
            recipeGeneration += 1
            if let rowIDs = batch.changedRowIDs(in: "recipe") {
                for id in rowIDs { recipes[id] = nil }
            } else {
                recipes = [:]
            }
            for case (let id, let recipe?) in read.recipes { recipes[id] = recipe }
            readWithLastChange = read.recipes
            rememberShown()
        }
        if let counts = read.counts { keep(counts) }
    }

    /// The ids of the recipes kept, for the feed's reads (off the main actor) to read again.
    private func rememberShown() {
        shownRecipeIDs.set(Set(recipes.keys))
    }

    /// Keeps Recents live and its count in the sidebar's: a change to it (a recipe added, one
    /// that aged out) tells every session, as a change of the database does.
    private func followRecents() async {
        guard let recents = try? await list(.recents) else { return }
        self.recents = recents
        let snapshots = recents.controller.snapshots()
        Task { [weak self] in
            for await snapshot in snapshots {
                guard let self else { return }
                guard self.counts.recents != snapshot.numberOfItems else { continue }
                self.counts.recents = snapshot.numberOfItems
                for observer in self.observers.values {
                    observer.changed(ChangeBatch(rowIDs: [:], position: nil))
                }
            }
        }
    }

    /// Reads the counts again, off the main actor; an error keeps the last ones. Recents' count
    /// is its list's, once the library follows it.
    private func refreshCounts() async {
        guard let counts = try? await database.counts(now: clock.now) else { return }
        keep(counts)
    }

    /// Takes counts read from the database, with Recents' the list's own length once the library
    /// follows it.
    private func keep(_ read: RecipeCounts) {
        var counts = read
        if let recents { counts.recents = recents.controller.snapshot.numberOfItems }
        self.counts = counts
    }

    /// The recipe with an id as last read, if it is kept: `nil` when it is not, `.some(nil)` when
    /// the last change deleted it. After a change, the sessions take the recipes their details
    /// show from here, read once for all of them with the change.
    public func keptRecipe(id: Int64) -> Recipe?? {
        if let read = readWithLastChange[id] { return read }
        return recipes[id].map { .some($0) }
    }

    /// The recipe with an id, or `nil` if there is none: read once for all sessions until its row
    /// changes, off the main actor; the sessions that ask while it is read wait for the one read.
    /// A database that does not answer keeps this waiting, never the main actor.
    public func recipe(id: Int64) async throws -> Recipe? {
        if let cached = recipes[id] { return cached }
        if let reading = readingRecipes[id] { return try await reading.value }
        let database = database
        let generation = recipeGeneration
        let reading = Task { try await database.recipe(id: id) }
        readingRecipes[id] = reading
        defer { if readingRecipes[id] == reading { readingRecipes[id] = nil } }
        let recipe = try await reading.value
        // Changed while it was read: the next reader reads it again.
        guard generation == recipeGeneration else { return recipe }
        if recipes.count >= Self.recipeCacheLimit { recipes.removeAll(keepingCapacity: true) }
        recipes[id] = recipe
        readWithLastChange[id] = nil
        rememberShown()
        return recipe
    }

    /// Tells `observer` of every change from now until the returned observation goes away.
    public func observe(_ observer: Observer) -> Observation {
        let token = Observation.Token()
        observers[ObjectIdentifier(token)] = observer
        return Observation { [weak self] in
            Task { @MainActor in self?.observers[ObjectIdentifier(token)] = nil }
        }
    }

    /// A list alive in some session, if any.
    public func loaded(_ list: RecipeList) -> LiveList? { lists[list]?.list }

    /// The list's live controller: the one another session holds, or one made and read now (off
    /// the main actor). It lives while a session holds it.
    public func list(_ list: RecipeList) async throws -> LiveList {
        if let live = lists[list]?.list { return live }
        if let task = loading[list] { return try await task.value }
        let database = database
        let report: @Sendable (FetchedResultsError?) -> Void = { [weak self] error in
            Task { @MainActor in self?.report(error) }
        }
        let shares = sharesControllers
        let clock = clock
        let task = Task {
            let controller = try await database.controller(for: list, clock: clock, shared: shares)
            if !shares { try await controller.performFetch() }
            return LiveList(list: list, controller: controller, database: database, report: report)
        }
        loading[list] = task
        defer { loading[list] = nil }
        let live = try await task.value
        lists = lists.filter { $0.value.list != nil }
        lists[list] = WeakList(live)
        return live
    }

    private func report(_ error: FetchedResultsError?) {
        for observer in observers.values { observer.failed(error) }
    }
}

extension RecipeLibrary.Observation {
    /// Identifies an observer.
    final class Token: Sendable {}
}
