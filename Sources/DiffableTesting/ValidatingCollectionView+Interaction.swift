import Diffable
import Foundation

/// What a person does with the view: select, tap a disclosure, drag an item.
extension ValidatingCollectionView {
    /// Selects an item, as a tap would, and tells ``didSelectItemAt``.
    public func selectItem(at indexPath: IndexPath) {
        guard slot(at: indexPath) != nil else { return }
        selectedIndexPaths = [indexPath]
        didSelectItemAt?(indexPath)
    }

    /// Taps the outline disclosure of an item: the data source expands or collapses it.
    public func tapDisclosure(at indexPath: IndexPath) {
        guard slot(at: indexPath) != nil else { return }
        dataSource?.collectionView(self, toggleExpansionOfItemAt: indexPath)
    }

    /// The outline state of an item, as the data source reports it.
    public func outlineState(at indexPath: IndexPath) -> OutlineItemState? {
        dataSource?.collectionView(self, outlineStateOfItemAt: indexPath)
    }

    /// Drags an item to a final index path and drops it, as a person would: the view moves the
    /// cell, then tells the data source, then checks that the data source agrees.
    ///
    /// - Returns: `false` if the data source does not allow moving the item.
    @discardableResult
    public func dragItem(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard let dataSource, slot(at: source) != nil else { return false }
        guard dataSource.collectionView(self, canMoveItemAt: source) else { return false }
        guard moveSlot(from: source, to: destination) else { return false }
        dataSource.collectionView(self, moveItemAt: source, to: destination)
        checkAfterMove(from: source, to: destination)
        return true
    }
}
