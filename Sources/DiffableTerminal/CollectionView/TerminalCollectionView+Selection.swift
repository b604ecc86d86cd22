import Diffable
import Foundation

/// Selection in code: `UICollectionView`'s `selectItem(at:animated:scrollPosition:)` and the rest.
/// None of it tells the delegate, which hears of the person's own taps only.
extension TerminalCollectionView {
    /// The selected items, in order: `indexPathsForSelectedItems`.
    public var indexPathsForSelectedItems: [IndexPath]? { selectedIndexPaths.sorted() }

    /// Selects an item, telling no delegate; `nil` deselects every item. With single selection,
    /// the item selected before is deselected; a scroll position other than `[]` moves the focus
    /// to the item and scrolls it there (``scrollToItem(at:at:animated:)``). Nothing happens when
    /// selection is not allowed.
    public func selectItem(
        at indexPath: IndexPath?, animated: Bool, scrollPosition: CollectionView.ScrollPosition
    ) {
        guard let indexPath else {
            selectedIndexPaths = []
            needsDisplay = true
            return
        }
        guard allowsSelection else { return }
        select(
            indexPath, exclusively: !allowsMultipleSelection,
            scrollingTo: scrollPosition.isEmpty ? nil : scrollPosition)
    }

    /// Deselects an item, telling no delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedIndexPaths.remove(indexPath)
        needsDisplay = true
    }

    /// Selects an item that exists, alone or beside the others, and scrolls it to a position if
    /// asked.
    func select(
        _ indexPath: IndexPath, exclusively: Bool, scrollingTo scrollPosition: CollectionView.ScrollPosition?
    ) {
        guard hasItem(at: indexPath) else { return }
        if exclusively { selectedIndexPaths = [] }
        selectedIndexPaths.insert(indexPath)
        needsDisplay = true
        if let scrollPosition { scrollToItem(at: indexPath, at: scrollPosition, animated: false) }
    }

    /// Whether the view has an item at the index path, as last counted from the data source.
    func hasItem(at indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && counts.indices.contains(indexPath.section)
            && (0..<counts[indexPath.section]).contains(indexPath.item)
    }
}
