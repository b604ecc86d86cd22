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
/// The apply family, ``DiffableDataSource/snapshot()`` and the index-path lookups come from
/// ``DiffableDataSource``, which ``TableViewDiffableDataSource`` shares: one update path for both.
/// This class adds cells, supplementary views, section snapshots (outlines) and interactive
/// reordering.
@MainActor
open class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, CollectionViewDataSource {
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

    let _cellProvider: CellProvider

    /// Supplies headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// Hooks for expanding and collapsing outline items (see ``SectionSnapshotHandlers``).
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()
    /// Hooks for interactive reordering (see ``ReorderingHandlers``); reordering is off until
    /// ``ReorderingHandlers/canReorderItem`` is set.
    public var reorderingHandlers = ReorderingHandlers()

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
        _cellProvider = Self._erasing(cellProvider)
        super.init()
        _engine.view = Self._connection(to: collectionView)
        collectionView.dataSource = self
    }

    /// Creates a data source whose cell provider receives the view as an existential.
    public init(collectionView: any DiffableCollectionView, cellProvider: @escaping CellProvider) {
        _cellProvider = cellProvider
        super.init()
        _engine.view = Self._connection(to: collectionView)
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

    // MARK: CollectionViewDataSource

    /// The number of sections in the committed snapshot.
    public func numberOfSections(in collectionView: any DiffableCollectionView) -> Int {
        _numberOfSections
    }

    /// The number of items in a section of the committed snapshot.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, numberOfItemsInSection section: Int
    )
        -> Int
    {
        _numberOfItems(inSection: section)
    }

    /// Asks the cell provider for the item's cell. Traps if it returns `nil`, as UIKit does.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, cellForItemAt indexPath: IndexPath
    )
        -> AnyObject
    {
        _cell(at: indexPath, view: "collection view") { _cellProvider(collectionView, indexPath, $0) }
    }

    /// Asks the supplementary view provider. Traps if there is none or it returns `nil`.
    open func collectionView(
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

    // MARK: The index, which a subclass gives as in UIKit

    /// `nil`: no index. A subclass overrides it to show one, as with UIKit's.
    open func indexTitles(for collectionView: any DiffableCollectionView) -> [String]? { nil }

    /// The first item of the section at `index` (the view clamps it to its content). A subclass
    /// that overrides ``indexTitles(for:)`` overrides this too, as with UIKit's.
    open func collectionView(
        _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
        IndexPath(item: 0, section: index)
    }

    // MARK: Editing and reordering, which a subclass may take over as in UIKit

    /// `true`: every item's cell enters editing mode with the view. A subclass overrides it.
    open func collectionView(_ collectionView: any DiffableCollectionView, canEditItemAt indexPath: IndexPath)
        -> Bool
    { true }

    /// Whether ``ReorderingHandlers/canReorderItem`` allows picking up the item.
    open func collectionView(
        _ collectionView: any DiffableCollectionView, canMoveItemAt indexPath: IndexPath
    )
        -> Bool
    {
        guard let canReorder = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: indexPath)
        else {
            return false
        }
        return canReorder(item)
    }

    /// Commits a move the view has already shown, then calls the reordering handlers with the
    /// transaction.
    ///
    /// The transaction goes from the state ``DiffableDataSource/snapshot()`` returned to the one it returns after the
    /// move, so `didReorder` can update the app's model from it even while an apply is still on
    /// its way to the view (the move is made in that apply's state too). In a section with an
    /// outline, the item moves with its children and keeps its expansion state, as UIKit's does.
    open func collectionView(
        _ collectionView: any DiffableCollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        let handlers = reorderingHandlers
        let transaction = _commitMove(from: sourceIndexPath, to: destinationIndexPath) {
            handlers.willReorder?($0)
        }
        if let transaction { handlers.didReorder?(transaction) }
    }
}
