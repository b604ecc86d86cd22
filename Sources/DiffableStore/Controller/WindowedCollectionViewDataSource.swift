public import Diffable
public import DiffableCells
public import Foundation

/// A collection view's data source for a list too long to hold: it knows how many rows the
/// request shows, holds only a window of them around where the person looks, and keeps that
/// window exact as the database changes — infinite scroll that stays live.
///
/// The view is told the count of every row: the rows of the controller's window are cells from
/// the cell provider, the others placeholders from the placeholder provider. It learns where the
/// person looks from the placeholders the view makes cells for (a view makes cells for what is on
/// screen) and, made the view's prefetching data source, from the rows the view is about to
/// show: near an edge of the window, or beyond it, the data source moves the controller's window
/// to be centred there (``FetchedResultsController/moveWindow(toOffset:)``); the rows arrive as an
/// update that replaces those placeholders.
///
/// ```swift
/// var request = FetchedResultsRequest<Int, Int64>(table: "item", item: Column("id"), ordering: [.ascending(Column("score"))])
/// request.fetchLimit = 200  // the window: a few screens of rows
/// let controller = FetchedResultsController(request: request, feed: feed)
/// let dataSource = WindowedCollectionViewDataSource(collectionView: view, controller: controller) { view, indexPath, id in
///     view.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: id)
/// } placeholderProvider: { view, indexPath in
///     view.dequeueConfiguredReusableCell(using: placeholders, for: indexPath, item: indexPath.item)
/// }
/// view.prefetchDataSource = dataSource  // the window follows the scrolling
/// try await controller.performFetch()
/// ```
///
/// The rows are shown as one section (section 0), whatever the request's sections. Each update is
/// one batch update in UIKit's conventions: changes inside the window as a diff with minimal
/// moves; rows that entered or left beyond it as placeholders inserted or deleted at the window's
/// edges, since they are not held — so the rows on screen keep their positions among all the
/// rows. A move far from the window, or a change of more than ``reloadDataThreshold`` rows,
/// reloads the view instead. UIKit has no such data source: see `DifferencesFromUIKit.md`.
@MainActor
public final class WindowedCollectionViewDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: CollectionViewDataSource, CollectionViewDataSourcePrefetching {
    /// Returns a configured cell for a row of the window.
    public typealias CellProvider =
        @MainActor (
            _ collectionView: any DiffableCollectionView, _ indexPath: IndexPath,
            _ itemIdentifier: ItemIdentifierType
        ) -> AnyObject?
    /// Returns a configured cell for a row not held (its content is on its way).
    public typealias PlaceholderProvider =
        @MainActor (_ collectionView: any DiffableCollectionView, _ indexPath: IndexPath) -> AnyObject?

    public typealias Controller = FetchedResultsController<SectionIdentifierType, ItemIdentifierType>

    /// The controller whose window is shown.
    public let controller: Controller
    /// Whether updates animate; `true` by default.
    public var animatingDifferences = true
    /// The most placeholder rows an update inserts or deletes at the window's edges before the
    /// view is reloaded instead; by default four windows.
    public var reloadDataThreshold: Int

    private weak var view: (any DiffableCollectionView)?
    private let cellProvider: CellProvider
    private let placeholderProvider: PlaceholderProvider
    /// The window's rows (one section, with their index), where the first sits among all the
    /// rows, and the count of all.
    typealias Window = (rows: DiffableDataSourceSnapshot<Int, ItemIdentifierType>, offset: Int, count: Int)
    private var shown: Window = (.init(), 0, 0)
    private var items: [ItemIdentifierType] { shown.rows.itemIdentifiers }
    private var offset: Int { shown.offset }
    private var count: Int { shown.count }
    /// The controller's state shown; `nil` before the first.
    private var version: Int?
    /// The offset last asked of the controller.
    private var requestedOffset: Int?
    private let limit: Int
    private var follower: Task<Void, Never>?
    /// The placeholders the view made cells for in this turn of the main actor.
    private var wanted: (low: Int, high: Int)?
    private var followScheduled = false
    /// Whether the view is applying an update of this data source: the cells it makes then are
    /// the update's, not where the person looks.
    private var isUpdatingView = false

    /// Creates a data source for a windowed controller (its request has a `fetchLimit`), shows its
    /// rows in `collectionView` and keeps them up to date; turns the controller's
    /// ``FetchedResultsController/countsRows`` on.
    public convenience init<View: DiffableCollectionView>(
        collectionView: View, controller: Controller,
        cellProvider:
            @escaping @MainActor (
                _ collectionView: View, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
            ) -> View.Cell?,
        placeholderProvider:
            @escaping @MainActor (_ collectionView: View, _ indexPath: IndexPath) -> View.Cell?
    ) {
        let erasedCells: CellProvider = { view, indexPath, item in
            cellProvider(view as! View, indexPath, item)
        }
        let erasedPlaceholders: PlaceholderProvider = { view, indexPath in
            placeholderProvider(view as! View, indexPath)
        }
        self.init(
            collectionView: collectionView as any DiffableCollectionView, controller: controller,
            cellProvider: erasedCells, placeholderProvider: erasedPlaceholders)
    }

    /// Creates a data source whose providers receive the view as an existential.
    public init(
        collectionView: any DiffableCollectionView, controller: Controller,
        cellProvider: @escaping CellProvider, placeholderProvider: @escaping PlaceholderProvider
    ) {
        guard let window = controller.rows.window, window.limit < Int.max / 4 else {
            preconditionFailure(
                "WindowedCollectionViewDataSource: the controller's request has no fetchLimit (the window's size)"
            )
        }
        self.controller = controller
        self.cellProvider = cellProvider
        self.placeholderProvider = placeholderProvider
        self.limit = window.limit
        reloadDataThreshold = 4 * window.limit
        view = collectionView
        collectionView.dataSource = self
        controller.countsRows = true
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        controller.model.withLock { $0.addListener(continuation) }
        update()
        follower = Task { @MainActor [weak self] in
            for await _ in signals {
                guard let self else { return }
                update()
            }
        }
    }

    isolated deinit {
        follower?.cancel()
    }

    // MARK: What the view shows

    /// The number of rows the request shows, held or not.
    public var numberOfItems: Int { count }

    /// The position of the window's first row among all the rows.
    public var windowOffset: Int { offset }

    /// The rows held and shown, in order, from ``windowOffset`` on.
    public var windowItems: [ItemIdentifierType] { items }

    /// The row at an index path, or `nil` when it is not held (a placeholder) or out of range.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section == 0 else { return nil }
        let index = indexPath.item - offset
        return items.indices.contains(index) ? items[index] : nil
    }

    /// The index path of a row of the window, or `nil` when it is not held.
    ///
    /// - Complexity: O(1) expected.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        shown.rows.indexOfItem(itemIdentifier).map { IndexPath(item: offset + $0, section: 0) }
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: any DiffableCollectionView) -> Int { 1 }

    public func collectionView(
        _ collectionView: any DiffableCollectionView, numberOfItemsInSection section: Int
    )
        -> Int
    { count }

    public func collectionView(
        _ collectionView: any DiffableCollectionView, cellForItemAt indexPath: IndexPath
    )
        -> AnyObject
    {
        if let item = itemIdentifier(for: indexPath) {
            guard let cell = cellProvider(collectionView, indexPath, item) else {
                preconditionFailure(
                    "WindowedCollectionViewDataSource: the cell provider returned nil for item \(item) at \(indexPath)"
                )
            }
            return cell
        }
        if !isUpdatingView { want(indexPath.item) }
        guard let cell = placeholderProvider(collectionView, indexPath) else {
            preconditionFailure(
                "WindowedCollectionViewDataSource: the placeholder provider returned nil at \(indexPath)")
        }
        return cell
    }

    public func collectionView(
        _ collectionView: any DiffableCollectionView, identifierOfItemAt indexPath: IndexPath
    )
        -> AnyHashable?
    {
        itemIdentifier(for: indexPath).map(AnyHashable.init)
    }

    // MARK: CollectionViewDataSourcePrefetching

    /// Moves the window around the nearest of the rows the view is about to show.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
        guard let nearest = indexPaths.first(where: { $0.section == 0 }) else { return }
        moveWindow(around: nearest.item)
    }

    // MARK: Following the view

    /// Moves the window to be centred on `index` when it is near an edge of the window or beyond
    /// it (and the rows on that side go on): where the view is about to show rows. A view with a
    /// `CollectionViewDataSourcePrefetching` slot calls it through ``collectionView(_:prefetchItemsAt:)``.
    ///
    /// - Complexity: O(1); the controller reads the rows not held at the feed's next read.
    public func moveWindow(around index: Int) {
        let margin = Swift.max(1, limit / 4)
        let end = offset + items.count
        let nearStart = index < offset + margin && offset > 0
        let nearEnd = index >= end - margin && end < count
        guard nearStart || nearEnd else { return }
        let target = Swift.max(0, Swift.min(index - limit / 2, count - limit))
        guard target != offset, target != requestedOffset else { return }
        requestedOffset = target
        controller.moveWindow(toOffset: target)
    }

    /// Notes that the view made a placeholder's cell: after this turn of the main actor, the
    /// window moves to the placeholders made, when they fit in it. A view that makes cells only
    /// for what is on screen (the browser's, the terminal's) so brings the rows to where the
    /// person looks, even where prefetching has nothing ahead (at the end of the list); a view
    /// that makes every cell asks for more than a window and moves nothing.
    private func want(_ index: Int) {
        wanted = wanted.map { (Swift.min($0.low, index), Swift.max($0.high, index)) } ?? (index, index)
        guard !followScheduled else { return }
        followScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            followScheduled = false
            guard let (low, high) = wanted else { return }
            wanted = nil
            if high - low < limit { moveWindow(around: (low + high) / 2) }
        }
    }

    // MARK: Updates

    /// Shows the controller's newest state: one batch update from the state shown.
    private func update() {
        guard
            let (current, marked, position) = controller.model.withLock({
                model -> (Int, Controller.Snapshot, Controller.WindowPosition)? in
                guard let position = model.windowPosition,
                    case .snapshot(let marked)? = model.catchUp(from: version, base: nil)
                else { return nil }
                return (model.version, marked, position)
            })
        else { return }
        let newItems = marked.itemIdentifiers
        var rows = DiffableDataSourceSnapshot<Int, ItemIdentifierType>()
        rows.appendSections([0])
        rows.appendItems(newItems)
        // A window past the last row (rows went) shows nothing, from the end.
        let newCount = position.numberOfRows ?? (position.offset + newItems.count)
        let newOffset = Swift.max(0, Swift.min(position.offset, newCount - newItems.count))
        let new: Window = (rows, newOffset, newCount)
        let update =
            version == nil
            ? nil
            : Self.update(
                from: shown, to: new, reconfigured: Set(marked.reconfiguredItemIdentifiers),
                threshold: reloadDataThreshold)
        version = current
        shown = new
        if requestedOffset == position.offset { requestedOffset = nil }
        // Rows went from the end: the window moves back to show the last rows.
        if newItems.count < limit, newOffset > 0, newOffset + newItems.count == newCount {
            let target = Swift.max(0, newCount - limit)
            if target != position.offset, target != requestedOffset {
                requestedOffset = target
                controller.moveWindow(toOffset: target)
            }
        }
        guard let view else { return }
        isUpdatingView = true
        defer { isUpdatingView = false }
        if let update {
            guard !update.isEmpty else { return }
            view.performBatchUpdates(update, animatingDifferences: animatingDifferences, completion: nil)
        } else {
            view.reloadData()
        }
    }

    /// The update when only the window moved — the same count, every row of both windows at the
    /// same position in both — or `nil`: each position whose row arrived or left (a placeholder
    /// before or after) reloads, as a data source reloads a row whose content has loaded, so a
    /// cell the person is on stays theirs.
    ///
    /// - Complexity: O(w log w) for the w rows of the windows, however far apart they are.
    static func windowMove(from old: Window, to new: Window, reconfigured: Set<ItemIdentifierType>)
        -> BatchUpdate?
    {
        guard old.count == new.count, old.offset != new.offset else { return nil }
        let (oldItems, newItems) = (old.rows.itemIdentifiers, new.rows.itemIdentifiers)
        func item(at position: Int, in items: [ItemIdentifierType], from offset: Int) -> ItemIdentifierType? {
            items.indices.contains(position - offset) ? items[position - offset] : nil
        }
        for (index, item) in oldItems.enumerated() {
            guard let newIndex = new.rows.indexOfItem(item) else { continue }
            guard new.offset + newIndex == old.offset + index else { return nil }
        }
        var update = BatchUpdate()
        // The positions of either window; those between them are placeholders before and after.
        let oldPositions = old.offset..<(old.offset + oldItems.count)
        let newPositions = new.offset..<(new.offset + newItems.count)
        let positions = (Array(oldPositions) + newPositions.filter { !oldPositions.contains($0) }).sorted()
        for position in positions {
            let before = item(at: position, in: oldItems, from: old.offset)
            let after = item(at: position, in: newItems, from: new.offset)
            let path = IndexPath(item: position, section: 0)
            if before != after {
                update.reloadedItems.append(path)
            } else if let after, reconfigured.contains(after) {
                update.reconfiguredItems.append(path)
            }
        }
        return update
    }

    /// The batch update from one window among `count` rows to another, in section 0, or `nil`
    /// when the view is better reloaded: the rows of both windows diffed (minimal moves), shifted
    /// to their positions among all the rows, and the rows beyond them inserted or deleted as
    /// placeholders at the windows' edges.
    ///
    /// - Complexity: O(w + p) for the w rows of the windows and the p placeholders inserted or
    ///   deleted (at most `threshold`).
    static func update(
        from old: Window, to new: Window, reconfigured: Set<ItemIdentifierType>, threshold: Int
    )
        -> BatchUpdate?
    {
        if let moved = windowMove(from: old, to: new, reconfigured: reconfigured) { return moved }
        let (oldItems, newItems) = (old.rows.itemIdentifiers, new.rows.itemIdentifiers)
        let before = new.offset - old.offset
        let after = (new.count - new.offset - newItems.count) - (old.count - old.offset - oldItems.count)
        guard Swift.abs(before) + Swift.abs(after) <= threshold else { return nil }
        let shares = oldItems.contains(where: new.rows.contains(item:))
        guard shares || oldItems.isEmpty || newItems.isEmpty || before == 0 else { return nil }
        var to = new.rows
        to.reconfigureItems(newItems.filter { reconfigured.contains($0) && old.rows.contains(item: $0) })
        var local = BatchUpdate(from: old.rows, to: to)
        if !local.reloadedSections.isEmpty {
            // Every row replaced: the diff reloads the section, which here is every row, held or
            // not. Only the window's rows are replaced.
            local = BatchUpdate(
                deletedItems: oldItems.indices.map { IndexPath(item: $0, section: 0) },
                insertedItems: newItems.indices.map { IndexPath(item: $0, section: 0) })
        }
        let (oldOffset, newOffset) = (old.offset, new.offset)
        let fromOld = { (path: IndexPath) in IndexPath(item: oldOffset + path.item, section: 0) }
        let toNew = { (path: IndexPath) in IndexPath(item: newOffset + path.item, section: 0) }
        var update = BatchUpdate(
            deletedItems: local.deletedItems.map(fromOld), insertedItems: local.insertedItems.map(toNew),
            movedItems: local.movedItems.map { .init(from: fromOld($0.from), to: toNew($0.to)) },
            reloadedItems: local.reloadedItems.map(toNew),
            reconfiguredItems: local.reconfiguredItems.map(toNew))
        func paths(_ range: Range<Int>) -> [IndexPath] { range.map { IndexPath(item: $0, section: 0) } }
        if before > 0 { update.insertedItems += paths(old.offset..<new.offset) }
        if before < 0 { update.deletedItems += paths(new.offset..<old.offset) }
        let oldEnd = old.offset + oldItems.count
        let newEnd = new.offset + newItems.count
        if after > 0 { update.insertedItems += paths(newEnd..<(newEnd + after)) }
        if after < 0 { update.deletedItems += paths(oldEnd..<(oldEnd - after)) }
        update.deletedItems.sort()
        update.insertedItems.sort()
        return update
    }
}
