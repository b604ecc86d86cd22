import Foundation

/// Drives a ``DiffableCollectionView`` from snapshots: Apple's `UICollectionViewDiffableDataSource`
/// without the prefix.
///
/// ```swift
/// let dataSource = CollectionViewDiffableDataSource<Section, Item>(collectionView: view) {
///     view, indexPath, item in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// var snapshot = DiffableDataSourceSnapshot<Section, Item>()
/// snapshot.appendSections([.main])
/// snapshot.appendItems(items)
/// dataSource.apply(snapshot)
/// ```
///
/// ## One safe update path
///
/// Every apply goes through one serial queue on the main actor, so updates reach the view in call
/// order, and the view only ever pulls from the state it was last told. ``snapshot()`` reflects an
/// apply as soon as the call returns, as UIKit's does; the index-path lookups answer for the view.
///
/// - An apply started while another is still running — from a completion handler, a cell
///   provider, a handler, or simply while an animation plays — is queued, never re-entrant, and
///   starts when the one before it has finished. When nothing is running, an apply commits before
///   it returns, as UIKit's does.
/// - A diff of more than ``offMainDiffingThreshold`` items runs off the main actor; the view is
///   updated back on it.
/// - With ``coalescesApplies``, applies that arrive faster than the view can show them skip the
///   intermediate snapshots (and cancel a diff made stale); every completion still runs exactly
///   once, in call order.
/// - With ``isContentEqual``, items whose content changed are reconfigured without the app
///   listing them.
/// - With ``reloadDataThreshold``, an animated apply whose update is larger than the threshold
///   reloads the view instead of animating thousands of changes.
///
/// `animatingDifferences: false` still diffs (UIKit's iOS 15 behaviour): cells are kept and
/// reconfigured rather than recreated. Only ``applySnapshotUsingReloadData(_:completion:)``
/// reloads.
@MainActor
open class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: CollectionViewDataSource {
    /// The snapshot type the data source takes and gives back.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// Returns a configured cell for an item; returning `nil` is a programming error that traps.
    public typealias CellProvider =
        @MainActor (
            _ collectionView: any DiffableCollectionView, _ indexPath: IndexPath,
            _ itemIdentifier: ItemIdentifierType
        ) -> AnyObject?
    /// Returns a configured supplementary view; returning `nil` traps.
    public typealias SupplementaryViewProvider =
        @MainActor (
            _ collectionView: any DiffableCollectionView, _ elementKind: String, _ indexPath: IndexPath
        ) -> AnyObject?

    weak var _view: (any DiffableCollectionView)?
    let _cellProvider: CellProvider

    /// Supplies headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// Hooks for expanding and collapsing outline items (see ``SectionSnapshotHandlers``).
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()
    /// Hooks for interactive reordering (see ``ReorderingHandlers``); reordering is off until
    /// ``ReorderingHandlers/canReorderItem`` is set.
    public var reorderingHandlers = ReorderingHandlers()

    /// Diffs larger than this many items (old plus new) run off the main actor. Default 20,000;
    /// `Int.max` keeps every diff on the main actor.
    public var offMainDiffingThreshold = 20_000
    /// When `true`, applies that are still queued when a newer full snapshot arrives are skipped
    /// (their completions run when the newer one finishes), and a diff in flight for a superseded
    /// snapshot is cancelled. Default `false`: every snapshot is shown in turn.
    public var coalescesApplies = false
    /// When set, an animated apply whose update has more operations than this reloads the view
    /// instead. Default `nil` (never).
    public var reloadDataThreshold: Int?
    /// When set, every diff compares the old and new stored value of each surviving item and
    /// reconfigures those it reports unequal. Default `nil` (identity only, as UIKit).
    public var isContentEqual: (@Sendable (ItemIdentifierType, ItemIdentifierType) -> Bool)?

    /// The update path's O(n) steps, specialized for the app's identifier types. Every public
    /// `apply` is `@inlinable` and sets this from the app's code, where `_Specialized()` is compiled
    /// for its types: this class's own code runs unspecialized (views and tasks reach it through
    /// protocols and closures), and there the diff took about 1.3 times as long with `Int`
    /// identifiers and 1.7 times with `String`, and an outline's `visibleItems` 8 times. Applies
    /// that start inside the library (expanding an outline item from a view) use the last one set.
    @usableFromInline var _specialized = _Specialized()

    /// The diff and the outline rebase, as closures made where the identifier types are known.
    @usableFromInline struct _Specialized: Sendable {
        /// `CollectionViewDiffableDataSource._diff`.
        @usableFromInline let diff:
            @Sendable (
                Snapshot, Snapshot, (@Sendable (ItemIdentifierType, ItemIdentifierType) -> Bool)?
            ) -> BatchUpdate
        /// `CollectionViewDiffableDataSource._rebase(_:on:)`.
        @usableFromInline let rebase:
            @Sendable (
                [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>], Snapshot
            ) -> [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>]

        @inlinable init() {
            diff = { CollectionViewDiffableDataSource._diff($0, $1, $2) }
            rebase = { CollectionViewDiffableDataSource._rebase($0, on: $1) }
        }
    }

    /// What the view shows (or is animating to): what it pulls counts and cells from.
    var _committed = Snapshot()
    /// The section snapshots that go with `_committed`, for the view's outline queries.
    var _sectionSnapshots: [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>] =
        [:]
    /// The state after every apply made so far, including those still on their way to the view.
    var _latest = Snapshot()
    /// The section snapshots that go with `_latest`.
    var _latestSectionSnapshots:
        [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>] =
            [:]
    var _queue: [_Request] = []
    var _queueHead = 0
    var _isDraining = false
    var _inFlight: _Request?
    var _diffTask: Task<Void, Never>?
    var _generation = 0

    /// Creates a data source for a view and makes itself the view's data source.
    ///
    /// The data source holds the view weakly, and starts with an empty snapshot.
    public init<View: DiffableCollectionView>(
        collectionView: View,
        cellProvider:
            @escaping @MainActor (
                _ collectionView: View, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
            )
            -> View.Cell?
    ) {
        _cellProvider = { view, indexPath, item in
            guard let view = view as? View else { return nil }
            return cellProvider(view, indexPath, item)
        }
        _view = collectionView
        collectionView.dataSource = self
    }

    /// Creates a data source whose cell provider receives the view as an existential.
    public init(collectionView: any DiffableCollectionView, cellProvider: @escaping CellProvider) {
        _cellProvider = cellProvider
        _view = collectionView
        collectionView.dataSource = self
    }

    // MARK: Reading state

    /// The state after every apply made so far, with no reload or reconfigure marks — as UIKit's,
    /// it reflects an apply as soon as the call returns, even while the change is still on its way
    /// to the view (an animation running, a diff off the main actor), so read-modify-apply code
    /// composes. The index-path lookups (``itemIdentifier(for:)``, ``indexPath(for:)``, …) answer
    /// for what the view shows.
    ///
    /// - Complexity: O(1).
    public func snapshot() -> Snapshot { _latest }

    /// The item at an index path of the view, or `nil` when the index path is out of range.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        _committedItem(at: indexPath)
    }

    /// The index path of an item, or `nil` if it is not shown.
    ///
    /// - Complexity: O(1) expected.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        _committed.indexPath(ofItem: itemIdentifier)
    }

    /// The section at an index, or `nil` when the index is out of range.
    ///
    /// - Complexity: O(1).
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        guard index >= 0, index < _committed.numberOfSections else { return nil }
        return _committed.sectionIdentifiers[index]
    }

    /// The index of a section, or `nil` if it is not shown.
    ///
    /// - Complexity: O(1) expected.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        _committed.indexOfSection(sectionIdentifier)
    }

    /// The number of applies waiting behind the one in progress (beyond Apple; for tests and
    /// diagnostics).
    public var pendingApplyCount: Int { _queue.count - _queueHead }

    /// Whether an apply is in progress: a diff off the main actor, or an animation.
    public var isApplying: Bool { _inFlight != nil }

    /// Whether an apply is in progress or waiting.
    public var hasPendingUpdates: Bool { _inFlight != nil || pendingApplyCount > 0 }

    // MARK: CollectionViewDataSource

    /// The number of sections in the committed snapshot.
    public func numberOfSections(in collectionView: any DiffableCollectionView) -> Int {
        _committed.numberOfSections
    }

    /// The number of items in a section of the committed snapshot.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, numberOfItemsInSection section: Int
    )
        -> Int
    {
        _committed.numberOfItems(inSectionAt: section)
    }

    /// Asks the cell provider for the item's cell. Traps if it returns `nil`, as UIKit does.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, cellForItemAt indexPath: IndexPath
    )
        -> AnyObject
    {
        guard let item = _committedItem(at: indexPath) else {
            fatalError(
                "CollectionViewDiffableDataSource: the view asked for a cell at \(indexPath), which is out of range of the committed snapshot (\(_committed.numberOfSections) sections)."
            )
        }
        guard let cell = _cellProvider(collectionView, indexPath, item) else {
            fatalError(
                "CollectionViewDiffableDataSource cell provider returned nil for index path \(indexPath) with item identifier '\(item)', which is not allowed. You must always return a cell to the collection view."
            )
        }
        return cell
    }

    /// Asks the supplementary view provider. Traps if there is none or it returns `nil`.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> AnyObject {
        guard let provider = supplementaryViewProvider else {
            fatalError(
                "CollectionViewDiffableDataSource: the view asked for a supplementary view of kind '\(kind)' at \(indexPath), but supplementaryViewProvider is not set."
            )
        }
        guard let view = provider(collectionView, kind, indexPath) else {
            fatalError(
                "CollectionViewDiffableDataSource supplementary view provider returned nil for element kind '\(kind)' at index path \(indexPath), which is not allowed. You must always return a view to the collection view."
            )
        }
        return view
    }

    /// The type-erased identifier of the item at an index path.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, identifierOfItemAt indexPath: IndexPath
    )
        -> AnyHashable?
    {
        _committedItem(at: indexPath).map(AnyHashable.init)
    }

    /// `_committed.itemIdentifier(at:)` without copying `_committed`: views call the data source
    /// through a protocol, where this class's code runs unspecialized and a method call on the
    /// snapshot would copy all of its arrays first (see `Snapshot._itemIdentifier`).
    func _committedItem(at indexPath: IndexPath) -> ItemIdentifierType? {
        Snapshot._itemIdentifier(
            at: indexPath, sectionStarts: _committed._sectionStarts, items: _committed._items.elements)
    }
}
