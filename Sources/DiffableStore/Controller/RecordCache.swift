import Diffable
import DiffableCells
import Foundation

/// Whole records for the cells of a `FetchedResultsController`'s rows, by item identifier:
/// the `dataStore.recipe(with:)` a cell provider calls, so that snapshots hold identifiers only.
///
/// ```swift
/// let recipes = RecordCache<String, Int64, Recipe>(controller: controller)
/// let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) {
///     view, indexPath, id in
///     let recipe = recipes.record(for: id)  // nil while its page is read: a placeholder
///     …
/// }
/// ```
///
/// Nothing waits for the database: a cell provider that asks for a record not read yet gets
/// `nil` and configures a placeholder, as a UIKit app does while an image loads; the page of rows
/// around the item (in the controller's order) is read in the background, one query, and every
/// data source the controller drives reconfigures the items that were asked for once their
/// records are in. As the rows asked for move on, the next page in that direction is read ahead,
/// and a view's prefetching (`view.prefetchDataSource = recipes`) reads pages before their cells
/// are made, so that misses are rare.
///
/// A row that changes has its record read again in the change feed's own read, with the rows
/// the controller reads, so the cell that reconfigures finds it up to date; a row that goes has
/// its record dropped. Past ``pageLimit`` pages, the page asked for least recently is dropped, so
/// a million-row table keeps a few pages, and views far apart on one list (pages of a server
/// that share the cache) keep theirs. A page that cannot be read (the error goes to the
/// controller's `onError`) is read again a second later while its items are still wanted.
///
/// Each backend reads the records its own way (DiffableGRDB's and DiffablePostgres's
/// initializers): a record is identified by its `id`, the item identifier of its row.
public final class RecordCache<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable,
    Record: Identifiable & Sendable
>: Sendable where Record.ID == ItemIdentifierType {
    private struct State {
        var records: [ItemIdentifierType: Record] = [:]
        /// The flat position of the item asked for last, and the direction the asks move in.
        var lastPosition: Int?
        var direction = 0
        /// The items of each page read, by its first position.
        var pages: [Int: [ItemIdentifierType]] = [:]
        /// When each page was last asked for (a count of asks): the least recent goes first.
        var lastAsked: [Int: Int] = [:]
        var asks = 0
        /// The page reads in flight, by the first position of their page.
        var reading: [Int: Task<Void, Never>] = [:]
        /// Items asked for and not found: their cells show placeholders until their records
        /// arrive, and are reconfigured then.
        var waiting: Set<ItemIdentifierType> = []
        /// Records read again in the feed's read of the change about to be shown.
        var fresh: Set<ItemIdentifierType> = []
        var statistics = Statistics()
    }

    /// How the cache has done, for tests and tuning.
    public struct Statistics: Sendable, Equatable {
        /// Records found in the cache.
        public var hits = 0
        /// Records that were not, and made a page be read.
        public var misses = 0
        /// Pages read, on a miss or ahead of the asks.
        public var pagesRead = 0
        /// Records dropped because their row went, or changed and could not be read again.
        public var invalidated = 0
        /// Records read again, in the change feed's read, because their row changed.
        public var reread = 0
    }

    /// The controller whose rows the records belong to.
    public let controller: FetchedResultsController<SectionIdentifierType, ItemIdentifierType>
    /// How many rows a page holds.
    public let pageSize: Int
    /// How many pages stay cached: the ones asked for most recently.
    public let pageLimit: Int
    /// How long a page read may wait for the database before it is tried again.
    public let timeout: Duration
    private let state = _Lock(State())
    /// Reads the records of items, in any order.
    private let readRecords: @Sendable ([ItemIdentifierType]) async throws(FetchedResultsError) -> [Record]

    /// Creates a cache for a controller's rows whose records `read` reads by item identifier, in
    /// any order, and `readInFeed` reads with the change feed's reader (in its consistent state).
    /// Backends make it.
    package init(
        controller: FetchedResultsController<SectionIdentifierType, ItemIdentifierType>,
        pageSize: Int, pageLimit: Int,
        read: @escaping @Sendable ([ItemIdentifierType]) async throws(FetchedResultsError) -> [Record],
        readInFeed:
            @escaping @Sendable ([ItemIdentifierType], any _FeedReader) async throws(FetchedResultsError)
            -> [Record]
    ) {
        self.controller = controller
        readRecords = read
        self.pageSize = max(pageSize, 1)
        self.pageLimit = max(pageLimit, 2)
        timeout = controller.feed.timeout
        // Told under the controller's lock, before any data source hears of the change: a cell
        // that reconfigures must not find a stale record here.
        controller.model.withLock { model in
            model.addStepObserver { [weak self] step in self?.invalidate(step) }
        }
        controller.addRecordReader { [weak self] items, reader in
            await self?.reread(items, reader: reader, readInFeed: readInFeed)
        }
    }

    /// The record of an item, if it is cached. On a miss, reads the page of rows around the item
    /// in the background and returns `nil`: the cell shows a placeholder, and is reconfigured
    /// when the record arrives.
    ///
    /// - Returns: The record, or `nil` while it is read, when the item is not shown, or when its
    ///   row cannot be read (the error goes to the controller's `onError`).
    /// - Complexity: O(1) expected; a miss starts one read of a page by primary key.
    public func record(for item: ItemIdentifierType) -> Record? {
        // Every cell of every view on the list asks, once a change: one look at the item's
        // place and one step under the cache's lock, whether the record is there or not.
        let position = controller.model.withLock { $0.fetched?.snapshot.indexOfItem(item) }
        // The miss and the read it starts are one step: a page read that lands between them
        // would otherwise be read twice, or leave the cell waiting for nothing.
        return state.withLock { state -> Record? in
            let record = state.records[item]
            if record != nil {
                state.statistics.hits += 1
            } else {
                state.statistics.misses += 1
                state.waiting.insert(item)
                // Read even if the page was: the item came into it since (a row inserted).
                if let position { startReading(pageStart(at: position), in: &state, evenIfRead: true) }
            }
            if let position, let next = noteAsk(at: position, in: &state) { startReading(next, in: &state) }
            return record
        }
    }

    /// The record of an item, reading its page first when it is not cached: for code that can
    /// wait (a detail, a test), never a cell provider.
    ///
    /// - Returns: `nil` when the item is not shown, or its row is gone.
    /// - Throws: The database's error, or ``FetchedResultsError/timedOut(_:after:)``.
    public func load(_ item: ItemIdentifierType) async throws(FetchedResultsError) -> Record? {
        if let cached = state.withLock({ $0.records[item] }) { return cached }
        guard let start = pageStart(of: item) else { return nil }
        let items = pageItems(from: start)
        let records = try await _withDeadline(timeout, "reading records") {
            [readRecords] () async throws(FetchedResultsError) in
            try await readRecords(items)
        }
        return state.withLock { state in
            keep(records, page: items, startingAt: start, in: &state)
            return state.records[item]
        }
    }

    /// The current statistics.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The number of records cached now.
    public var count: Int { state.withLock { $0.records.count } }

    /// The number of page reads in flight.
    public var readsInFlight: Int { state.withLock { $0.reading.count } }

    // MARK: Pages

    /// The first flat position of the page that holds the item at `position`.
    private func pageStart(at position: Int) -> Int { position / pageSize * pageSize }

    /// The first flat position of the page that holds `item`, if it is shown.
    private func pageStart(of item: ItemIdentifierType) -> Int? {
        controller.model.withLock { model in model.fetched?.snapshot.indexOfItem(item).map(pageStart(at:)) }
    }

    /// The items shown on the page that starts at `start`.
    private func pageItems(from start: Int) -> [ItemIdentifierType] {
        let size = pageSize
        return controller.model.withLock { model in
            guard let snapshot = model.fetched?.snapshot, start >= 0, start < snapshot.numberOfItems else {
                return []
            }
            return snapshot._itemIdentifiers(inFlat: start..<min(start + size, snapshot.numberOfItems))
        }
    }

    /// Reads the page starting at `start` in the background, unless it is cached or being read;
    /// when it is in, the items waiting for it are reconfigured. A read that fails is tried
    /// again a second later while items of the page still wait.
    private func readPage(_ start: Int, after delay: Duration = .zero, evenIfRead: Bool = false) {
        state.withLock { startReading(start, in: &$0, after: delay, evenIfRead: evenIfRead) }
    }

    private func startReading(
        _ start: Int, in state: inout State, after delay: Duration = .zero, evenIfRead: Bool = false
    ) {
        guard start >= 0, evenIfRead || state.pages[start] == nil, state.reading[start] == nil else { return }
        state.reading[start] = Task.detached(priority: .userInitiated) { [weak self] in
            if delay > .zero { try? await Task.sleep(for: delay) }
            guard let self, !Task.isCancelled else { return }
            await self.read(page: start, retryDelay: delay)
        }
    }

    private func read(page start: Int, retryDelay: Duration) async {
        let items = pageItems(from: start)
        // Past the last row (read ahead of the end): nothing to read.
        guard !items.isEmpty else {
            _ = state.withLock { $0.reading.removeValue(forKey: start) }
            return
        }
        let outcome: Result<[Record], FetchedResultsError>
        do throws(FetchedResultsError) {
            outcome = .success(
                try await _withDeadline(timeout, "reading records") {
                    [readRecords] () async throws(FetchedResultsError) in
                    try await readRecords(items)
                })
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let records):
            // Cancelled (the person turned back, and the read was forgotten then): not kept.
            guard !Task.isCancelled else { return }
            // Kept and marked read in one step with the waiting items' hand-over (see record(for:)).
            let (arrived, waiting) = state.withLock { state in
                keep(records, page: items, startingAt: start, in: &state)
                let arrived = items.filter { state.waiting.contains($0) }
                for item in items { state.waiting.remove(item) }
                state.reading[start] = nil
                return (arrived, state.waiting)
            }
            if !arrived.isEmpty { controller.model.withLock { $0.refresh(arrived) } }
            // Rows that came into the page while it was read, which cells wait for: again.
            if pageItems(from: start).contains(where: waiting.contains) { readPage(start, evenIfRead: true) }
        case .failure(let error):
            guard !Task.isCancelled else { return }
            _ = state.withLock { $0.reading.removeValue(forKey: start) }
            controller.onError(error)
            let stillWanted = state.withLock { state in items.contains(where: state.waiting.contains) }
            if stillWanted { readPage(start, after: min(max(retryDelay * 2, .seconds(1)), .seconds(30))) }
        }
    }

    /// Keeps a page's records, and drops the pages asked for least recently past the limit.
    ///
    /// - Complexity: O(p × s) for p pages kept of s rows, when one is dropped.
    private func keep(
        _ records: [Record], page items: [ItemIdentifierType], startingAt start: Int, in state: inout State
    ) {
        let limit = pageLimit
        state.statistics.pagesRead += 1
        for record in records { state.records[record.id] = record }
        state.pages[start] = items
        state.asks += 1
        state.lastAsked[start] = state.asks
        guard state.pages.count > limit else { return }
        while state.pages.count > limit,
            let oldest = state.pages.keys.min(by: {
                state.lastAsked[$0, default: 0] < state.lastAsked[$1, default: 0]
            })
        {
            let dropped = state.pages.removeValue(forKey: oldest) ?? []
            state.lastAsked[oldest] = nil
            // Rows shift as the list changes: an item can be on a page that stays.
            let kept = Set(state.pages.values.joined())
            for item in dropped where !kept.contains(item) { state.records[item] = nil }
        }
    }

    /// Records where the asks are: returns the start of the next page in their direction, to
    /// read ahead of them.
    private func noteAsk(at position: Int, in state: inout State) -> Int? {
        let page = pageStart(at: position)
        state.asks += 1
        state.lastAsked[page] = state.asks
        // An ask far from the last is another view's (pages of a server share the cache): it does
        // not turn the direction the reads ahead follow.
        if let last = state.lastPosition, last != position, abs(position - last) <= 2 * pageSize {
            state.direction = position > last ? 1 : -1
        }
        state.lastPosition = position
        guard state.direction != 0 else { return nil }
        return page + state.direction * pageSize
    }

    // MARK: Prefetching

    /// Reads the records of items ahead of their cells, a page at a time, in the background:
    /// what a view's prefetching calls.
    ///
    /// - Complexity: O(n) for n items, and one read per page not cached.
    public func prefetch(_ items: [ItemIdentifierType]) {
        for page in pages(of: items) { readPage(page) }
    }

    /// Cancels the reads ahead of items no longer about to be shown; pages already read stay, and
    /// so do reads that cells wait for.
    public func cancelPrefetching(_ items: [ItemIdentifierType]) {
        let contents = pages(of: items).map { ($0, pageItems(from: $0)) }
        let cancelled = state.withLock { state in
            contents.compactMap { start, items in
                items.contains(where: state.waiting.contains) ? nil : state.reading.removeValue(forKey: start)
            }
        }
        for task in cancelled { task.cancel() }
    }

    /// The first positions of the pages that hold items shown now.
    private func pages(of items: [ItemIdentifierType]) -> Set<Int> {
        controller.model.withLock { model in
            guard let snapshot = model.fetched?.snapshot else { return [] }
            return Set(items.compactMap { snapshot.indexOfItem($0).map(pageStart(at:)) })
        }
    }

    /// The items at index paths of the rows shown now.
    func items(at indexPaths: [IndexPath]) -> [ItemIdentifierType] {
        controller.model.withLock { model in
            guard let snapshot = model.fetched?.snapshot else { return [] }
            return indexPaths.compactMap { snapshot.itemIdentifier(at: $0) }
        }
    }

    // MARK: Changes

    /// Reads again, with the change feed's reader, the cached records of rows a change is about
    /// to show: the cells that reconfigure find them up to date. A failure drops them instead.
    private func reread(
        _ items: [ItemIdentifierType], reader: any _FeedReader,
        readInFeed:
            @Sendable ([ItemIdentifierType], any _FeedReader) async throws(FetchedResultsError) -> [Record]
    ) async {
        let cached = state.withLock { state in items.filter { state.records[$0] != nil } }
        guard !cached.isEmpty else { return }
        do throws(FetchedResultsError) {
            let records = try await readInFeed(cached, reader)
            state.withLock { state in
                for record in records { state.records[record.id] = record }
                state.fresh.formUnion(records.map(\.id))
                state.statistics.reread += records.count
            }
        } catch {
            // Dropped at the step: the cells read them again when they reconfigure.
        }
    }

    /// Drops the records of the rows a step removed, and of those it changed that were not read
    /// again with it.
    private func invalidate(_ step: _StoreModel<SectionIdentifierType, ItemIdentifierType>.Step) {
        guard !step.isRefresh else { return }
        state.withLock { state in
            for item in step.removed where state.records.removeValue(forKey: item) != nil {
                state.statistics.invalidated += 1
            }
            for item in step.reconfigured where !state.fresh.contains(item) {
                if state.records.removeValue(forKey: item) != nil { state.statistics.invalidated += 1 }
            }
            state.fresh = []
        }
    }
}

/// The cache as a view's prefetching data source: records are read ahead of scrolling, and the
/// reads the person turned back from are cancelled. The view's index paths must be the
/// controller's (a data source that shows the controller's snapshot as it is).
extension RecordCache: CollectionViewDataSourcePrefetching, TableViewDataSourcePrefetching {
    public func collectionView(
        _ collectionView: any DiffableCollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
        prefetch(items(at: indexPaths))
    }

    public func collectionView(
        _ collectionView: any DiffableCollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
        cancelPrefetching(items(at: indexPaths))
    }

    public func tableView(_ tableView: any DiffableTableView, prefetchRowsAt indexPaths: [IndexPath]) {
        prefetch(items(at: indexPaths))
    }

    public func tableView(
        _ tableView: any DiffableTableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {
        cancelPrefetching(items(at: indexPaths))
    }
}
