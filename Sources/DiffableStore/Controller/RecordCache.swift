import Diffable
import DiffableCells
import Foundation
import Synchronization

/// Whole records for the cells of a `FetchedResultsController`'s rows, by item identifier:
/// the `dataStore.recipe(with:)` a cell provider calls, so that snapshots hold identifiers only.
///
/// ```swift
/// let recipes = RecordCache<String, Int64, Recipe>(controller: controller)
/// let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) {
///     view, indexPath, id in
///     let recipe = recipes.record(for: id)  // a page around the row is read on a miss
///     …
/// }
/// ```
///
/// A miss reads the page of rows around the item (in the controller's order), so the rows a
/// view shows next to each other cost one query; when the rows asked for move on, the next
/// page in that direction is read ahead, off the calling thread. A record is dropped when its
/// row's content changes or the row goes, so the cell that reconfigures reads it anew; pages
/// far from the rows asked for last are dropped too, so a million-row table keeps a few pages.
///
/// It is also a view's prefetching data source (`CollectionViewDataSourcePrefetching`,
/// `TableViewDataSourcePrefetching`), so records are read ahead of scrolling the UIKit way:
/// `view.prefetchDataSource = recipes`.
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
        /// The first position of each page read, so that pages far away can be dropped.
        var pages: [Int: [ItemIdentifierType]] = [:]
        /// The reads ahead in flight, by the first position of their page.
        var prefetching: [Int: Task<Void, Never>] = [:]
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
        /// Records dropped because their row changed or went.
        public var invalidated = 0
    }

    /// The controller whose rows the records belong to.
    public let controller: FetchedResultsController<SectionIdentifierType, ItemIdentifierType>
    /// How many rows a page holds.
    public let pageSize: Int
    /// How many pages stay cached around the rows asked for last.
    public let pageLimit: Int
    private let state = Mutex(State())
    /// Reads the records of items, waiting (a miss: a cell provider must return its cell).
    private let readNow: @Sendable ([ItemIdentifierType]) throws(FetchedResultsError) -> [Record]
    /// Reads them without holding a thread of Swift's concurrency pool (ahead of the asks).
    private let readLater: @Sendable ([ItemIdentifierType]) async throws(FetchedResultsError) -> [Record]

    /// Creates a cache for a controller's rows whose records `read` and `readAhead` read, by
    /// item identifier, in any order. Backends make it.
    package init(
        controller: FetchedResultsController<SectionIdentifierType, ItemIdentifierType>,
        pageSize: Int, pageLimit: Int,
        read: @escaping @Sendable ([ItemIdentifierType]) throws(FetchedResultsError) -> [Record],
        readAhead: @escaping @Sendable ([ItemIdentifierType]) async throws(FetchedResultsError) -> [Record]
    ) {
        self.controller = controller
        readNow = read
        readLater = readAhead
        self.pageSize = max(pageSize, 1)
        self.pageLimit = max(pageLimit, 2)
        // Told under the controller's lock, before any data source hears of the change: a cell
        // that reconfigures must not find the old record here.
        controller.model.withLock { model in
            model.addStepObserver { [weak self] step in self?.invalidate(step) }
        }
    }

    /// The record of an item: from the cache, or read with the page of rows around it.
    ///
    /// - Returns: `nil` when the item is not shown, or its row cannot be read (the error goes
    ///   to the controller's `onError`).
    /// - Complexity: O(1) expected on a hit; a miss reads one page by primary key.
    public func record(for item: ItemIdentifierType) -> Record? {
        let cached = state.withLock { state -> Record? in
            let record = state.records[item]
            if record != nil { state.statistics.hits += 1 } else { state.statistics.misses += 1 }
            return record
        }
        if let cached {
            notePosition(of: item)
            return cached
        }
        guard let page = page(around: item) else { return nil }
        read(page.items, startingAt: page.start)
        notePosition(of: item)
        return state.withLock { $0.records[item] }
    }

    /// The current statistics.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The number of records cached now.
    public var count: Int { state.withLock { $0.records.count } }

    // MARK: Pages

    /// The page of shown items that holds `item`, with its first flat position.
    private func page(around item: ItemIdentifierType) -> (start: Int, items: [ItemIdentifierType])? {
        let size = pageSize
        return controller.model.withLock { model in
            guard let snapshot = model.fetched?.snapshot, let position = snapshot.indexOfItem(item) else {
                return nil
            }
            let start = position / size * size
            return (start, Self.items(of: snapshot, from: start, count: size))
        }
    }

    private static func items(
        of snapshot: DiffableDataSourceSnapshotOfController, from start: Int, count: Int
    ) -> [ItemIdentifierType] {
        let items = snapshot.itemIdentifiers
        guard start >= 0, start < items.count else { return [] }
        return Array(items[start..<min(start + count, items.count)])
    }

    private typealias DiffableDataSourceSnapshotOfController = FetchedResultsController<
        SectionIdentifierType, ItemIdentifierType
    >.Snapshot

    /// Reads the records of `items` and keeps them as the page starting at `start`, dropping
    /// pages far from it: on a miss, on the calling thread (a cell provider must return its
    /// cell).
    private func read(_ items: [ItemIdentifierType], startingAt start: Int) {
        guard !items.isEmpty else { return }
        do {
            keep(try readNow(items), page: items, startingAt: start)
        } catch {
            controller.onError(error)
        }
    }

    /// ``read(_:startingAt:)`` ahead of the asks, without holding a thread of Swift's
    /// concurrency pool while waiting for a connection.
    private func readAhead(_ items: [ItemIdentifierType], startingAt start: Int) async {
        guard !items.isEmpty else { return }
        do {
            let records = try await readLater(items)
            // Cancelled (the person turned back): what was read is not kept.
            guard !Task.isCancelled else { return }
            keep(records, page: items, startingAt: start)
        } catch {
            guard !Task.isCancelled else { return }
            controller.onError(error)
        }
    }

    private func keep(_ records: [Record], page items: [ItemIdentifierType], startingAt start: Int) {
        let limit = pageLimit * pageSize
        state.withLock { state in
            state.statistics.pagesRead += 1
            for record in records { state.records[record.id] = record }
            state.pages[start] = items
            for (far, farItems) in state.pages where abs(far - start) > limit {
                for item in farItems { state.records[item] = nil }
                state.pages[far] = nil
            }
        }
    }

    /// Records where the asks are, and reads the next page in their direction ahead of them.
    private func notePosition(of item: ItemIdentifierType) {
        let size = pageSize
        guard let position = controller.model.withLock({ $0.fetched?.snapshot.indexOfItem(item) }) else {
            return
        }
        let next: Int? = state.withLock { state in
            if let last = state.lastPosition, last != position {
                state.direction = position > last ? 1 : -1
            }
            state.lastPosition = position
            guard state.direction != 0 else { return nil }
            return position / size * size + state.direction * size
        }
        if let next { readAhead(page: next) }
    }

    /// Reads the page starting at `start` off the calling thread, unless it is cached or being
    /// read.
    private func readAhead(page start: Int) {
        let size = pageSize
        state.withLock { state in
            guard start >= 0, state.pages[start] == nil, state.prefetching[start] == nil else { return }
            state.prefetching[start] = Task.detached(priority: .utility) { [weak self] in
                guard let self else { return }
                let items = self.controller.model.withLock { model in
                    model.fetched.map { Self.items(of: $0.snapshot, from: start, count: size) } ?? []
                }
                await self.readAhead(items, startingAt: start)
                _ = self.state.withLock { $0.prefetching.removeValue(forKey: start) }
            }
        }
    }

    // MARK: Prefetching

    /// Reads the records of items ahead of their cells, a page at a time, off the calling thread:
    /// what a view's prefetching calls.
    ///
    /// - Complexity: O(n) for n items, and one read per page not cached.
    public func prefetch(_ items: [ItemIdentifierType]) {
        for page in pages(of: items) { readAhead(page: page) }
    }

    /// Cancels the reads ahead of items no longer about to be shown; pages already read stay.
    public func cancelPrefetching(_ items: [ItemIdentifierType]) {
        let pages = pages(of: items)
        let cancelled = state.withLock { state in
            pages.compactMap { state.prefetching.removeValue(forKey: $0) }
        }
        for task in cancelled { task.cancel() }
    }

    /// The first positions of the pages that hold items shown now.
    private func pages(of items: [ItemIdentifierType]) -> Set<Int> {
        let size = pageSize
        return controller.model.withLock { model in
            guard let snapshot = model.fetched?.snapshot else { return [] }
            return Set(items.compactMap { snapshot.indexOfItem($0).map { $0 / size * size } })
        }
    }

    /// The items at index paths of the rows shown now.
    func items(at indexPaths: [IndexPath]) -> [ItemIdentifierType] {
        controller.model.withLock { model in
            guard let snapshot = model.fetched?.snapshot else { return [] }
            return indexPaths.compactMap { snapshot.itemIdentifier(at: $0) }
        }
    }

    // MARK: Invalidation

    /// Drops the records of the rows a step changed or removed.
    private func invalidate(_ step: _StoreModel<SectionIdentifierType, ItemIdentifierType>.Step) {
        let gone = step.reconfigured + step.removed
        state.withLock { state in
            for item in gone where state.records.removeValue(forKey: item) != nil {
                state.statistics.invalidated += 1
            }
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
