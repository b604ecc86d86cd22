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
        guard let dataSource, let moving = slot(at: source) else { return false }
        guard dataSource.collectionView(self, canMoveItemAt: source) else { return false }
        var layout = sections
        layout[source.section].remove(at: source.item)
        guard layout.indices.contains(destination.section), destination.item >= 0,
            destination.item <= layout[destination.section].count
        else {
            fail("cannot drop at \(destination): it is outside the sections on screen")
            return false
        }
        layout[destination.section].insert(moving, at: destination.item)
        sections = layout
        dataSource.collectionView(self, moveItemAt: source, to: destination)
        let counts = (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
        if counts != sections.map(\.count) {
            fail(
                "after moving \(source) to \(destination), the data source reports counts \(counts) but the view shows \(sections.map(\.count))"
            )
        }
        checkIdentities()
        return true
    }
}
