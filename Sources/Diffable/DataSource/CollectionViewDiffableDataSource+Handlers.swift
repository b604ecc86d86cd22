import Foundation

extension CollectionViewDiffableDataSource {
    /// Hooks for expanding and collapsing outline items when the person using the view taps a
    /// disclosure, as `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`.
    ///
    /// They are not called for `expand(_:)`/`collapse(_:)` on a section snapshot the app applies
    /// itself.
    public struct SectionSnapshotHandlers<Item> {
        /// Whether the item may expand; `nil` allows it.
        public var shouldExpandItem: (@MainActor (Item) -> Bool)?
        /// Called just before the item expands.
        public var willExpandItem: (@MainActor (Item) -> Void)?
        /// Whether the item may collapse; `nil` allows it.
        public var shouldCollapseItem: (@MainActor (Item) -> Bool)?
        /// Called just before the item collapses.
        public var willCollapseItem: (@MainActor (Item) -> Void)?
        /// Supplies the children of a parent as it expands (lazy loading): receives the current
        /// children and returns the ones to show.
        public var snapshotForExpandingParent:
            (
                @MainActor (Item, DiffableDataSourceSectionSnapshot<ItemIdentifierType>) ->
                    DiffableDataSourceSectionSnapshot<
                        ItemIdentifierType
                    >
            )?

        /// Creates handlers that allow everything.
        public init() {}
    }

    /// Hooks for interactive reordering, as `UICollectionViewDiffableDataSource.ReorderingHandlers`.
    public struct ReorderingHandlers {
        /// Whether an item may be picked up; while `nil`, reordering is off.
        public var canReorderItem: (@MainActor (ItemIdentifierType) -> Bool)?
        /// Called before the data source commits a reorder.
        public var willReorder:
            (@MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Called after the data source has committed a reorder. Update the app's model from
        /// `transaction.difference` or `transaction.finalSnapshot`; do not apply again.
        public var didReorder:
            (@MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

        /// Creates handlers with reordering off.
        public init() {}
    }

    // MARK: Interactions reported by the view

    /// Expands or collapses an outline item through the section snapshot handlers, then applies
    /// the section snapshot, animated.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, toggleExpansionOfItemAt indexPath: IndexPath
    ) {
        guard let item = itemIdentifier(for: indexPath),
            let section = sectionIdentifier(for: indexPath.section)
        else {
            return
        }
        var snapshot = self.snapshot(for: section)
        guard snapshot.contains(item) else { return }
        let handlers = sectionSnapshotHandlers
        if snapshot.isExpanded(item) {
            if let should = handlers.shouldCollapseItem, !should(item) { return }
            handlers.willCollapseItem?(item)
            snapshot.collapse([item])
        } else {
            if let should = handlers.shouldExpandItem, !should(item) { return }
            handlers.willExpandItem?(item)
            if let provide = handlers.snapshotForExpandingParent {
                let children = provide(item, snapshot.snapshot(of: item))
                snapshot.replace(childrenOf: item, using: children)
            }
            snapshot.expand([item])
        }
        // The engine's, not the public `apply`, which would set the specialized diff to this
        // unspecialized code's own.
        _engine.apply(snapshot, to: section, animatingDifferences: true, completion: nil)
    }

    /// The item's place in its section snapshot, when its section was applied as one.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, outlineStateOfItemAt indexPath: IndexPath
    ) -> OutlineItemState? {
        // Views ask for every cell they configure; most data sources apply no section snapshot.
        guard !_engine.committed.sectionSnapshots.isEmpty,
            let section = sectionIdentifier(for: indexPath.section),
            let snapshot = _engine.committed.sectionSnapshots[section],
            let item = itemIdentifier(for: indexPath), let index = snapshot.index(of: item)
        else { return nil }
        // One lookup of the item: the outline's arrays are by position.
        return OutlineItemState(
            level: Int(snapshot._levels[index]), hasChildren: Int(snapshot._subtreeEnds[index]) > index + 1,
            isExpanded: snapshot._expanded[index])
    }
}
