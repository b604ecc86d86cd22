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

    /// The update path, shared with every other data source (see ``_DataSourceEngine``).
    @usableFromInline let _engine: _DataSourceEngine<SectionIdentifierType, ItemIdentifierType>
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
    public var offMainDiffingThreshold: Int {
        get { _engine.offMainDiffingThreshold }
        set { _engine.offMainDiffingThreshold = newValue }
    }
    /// When `true`, applies that are still queued when a newer full snapshot arrives are skipped
    /// (their completions run when the newer one finishes), and a diff in flight for a superseded
    /// snapshot is cancelled. Default `false`: every snapshot is shown in turn.
    public var coalescesApplies: Bool {
        get { _engine.coalescesApplies }
        set { _engine.coalescesApplies = newValue }
    }
    /// When set, an animated apply whose update has more operations than this reloads the view
    /// instead. Default `nil` (never).
    public var reloadDataThreshold: Int? {
        get { _engine.reloadDataThreshold }
        set { _engine.reloadDataThreshold = newValue }
    }
    /// When set, every diff compares the old and new stored value of each surviving item and
    /// reconfigures those it reports unequal. Default `nil` (identity only, as UIKit).
    public var isContentEqual: (@Sendable (ItemIdentifierType, ItemIdentifierType) -> Bool)? {
        get { _engine.isContentEqual }
        set { _engine.isContentEqual = newValue }
    }

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
        _engine = _DataSourceEngine(view: Self._connection(to: collectionView))
        collectionView.dataSource = self
    }

    /// Creates a data source whose cell provider receives the view as an existential.
    public init(collectionView: any DiffableCollectionView, cellProvider: @escaping CellProvider) {
        _cellProvider = cellProvider
        _engine = _DataSourceEngine(view: Self._connection(to: collectionView))
        collectionView.dataSource = self
    }

    /// How the engine tells the view of changes; the view is held weakly, as UIKit's data source
    /// holds its collection view.
    private static func _connection(to collectionView: any DiffableCollectionView) -> _ViewConnection {
        _ViewConnection(
            reloadData: { [weak collectionView] in
                collectionView?.reloadData()
                return collectionView != nil
            },
            performBatchUpdates: { [weak collectionView] update, animated, completion in
                collectionView?.performBatchUpdates(
                    update, animatingDifferences: animated, completion: completion)
                return collectionView != nil
            })
    }

    // MARK: Reading state

    /// The state after every apply made so far, with no reload or reconfigure marks — as UIKit's,
    /// it reflects an apply as soon as the call returns, even while the change is still on its way
    /// to the view (an animation running, a diff off the main actor), so read-modify-apply code
    /// composes. The index-path lookups (``itemIdentifier(for:)``, ``indexPath(for:)``, …) answer
    /// for what the view shows.
    ///
    /// - Complexity: O(1).
    public func snapshot() -> Snapshot { _engine.latest.snapshot }

    /// The item at an index path of the view, or `nil` when the index path is out of range.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        _engine.itemIdentifier(at: indexPath)
    }

    /// The index path of an item, or `nil` if it is not shown.
    ///
    /// - Complexity: O(1) expected.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        _engine.committed.snapshot.indexPath(ofItem: itemIdentifier)
    }

    /// The section at an index, or `nil` when the index is out of range.
    ///
    /// - Complexity: O(1).
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        _engine.sectionIdentifier(at: index)
    }

    /// The index of a section, or `nil` if it is not shown.
    ///
    /// - Complexity: O(1) expected.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        _engine.committed.snapshot.indexOfSection(sectionIdentifier)
    }

    /// The number of applies waiting behind the one in progress (beyond Apple; for tests and
    /// diagnostics).
    public var pendingApplyCount: Int { _engine.waiting.count }

    /// Whether an apply is in progress: a diff off the main actor, or an animation.
    public var isApplying: Bool { _engine.isApplying }

    /// Whether an apply is in progress or waiting.
    public var hasPendingUpdates: Bool { _engine.hasPendingUpdates }

    // MARK: CollectionViewDataSource

    /// The number of sections in the committed snapshot.
    public func numberOfSections(in collectionView: any DiffableCollectionView) -> Int {
        _engine.committed.snapshot.numberOfSections
    }

    /// The number of items in a section of the committed snapshot.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, numberOfItemsInSection section: Int
    )
        -> Int
    {
        _engine.committed.snapshot.numberOfItems(inSectionAt: section)
    }

    /// Asks the cell provider for the item's cell. Traps if it returns `nil`, as UIKit does.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, cellForItemAt indexPath: IndexPath
    )
        -> AnyObject
    {
        guard let item = _engine.itemIdentifier(at: indexPath) else {
            fatalError(
                "CollectionViewDiffableDataSource: the view asked for a cell at \(indexPath), which is out of range of the committed snapshot (\(numberOfSections(in: collectionView)) sections)."
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
        _engine.itemIdentifier(at: indexPath).map(AnyHashable.init)
    }
}
