import DiffableCells
import Foundation

/// Selection kept on the cells' slots (so it follows its item through every update), and a
/// scroll simulated for prefetching.
extension ValidatingView {
    // MARK: Scrolling

    /// Scrolls, as far as prefetching can tell: the view shows every cell, and `indexPaths` (in
    /// order) are the ones a screen of the real view would show now. The prefetching data source
    /// is told of the items as many beyond them in the direction of scrolling, and of those asked
    /// for before that are no longer ahead, as a scrolling `UICollectionView` tells it.
    public func scroll(showing indexPaths: [IndexPath]) {
        tellPrefetching(prefetchPlan.step(shown: indexPaths, counts: sections.map(\.count)))
    }

    // MARK: Selection

    /// The index paths of the selected items. A selected item stays selected through moves,
    /// reloads and reconfigures; deleting it deselects it.
    public var selectedIndexPaths: Set<IndexPath> {
        var selected: Set<IndexPath> = []
        for (section, slots) in sections.enumerated() {
            for (item, slot) in slots.enumerated() where slot.isSelected {
                selected.insert(IndexPath(item: item, section: section))
            }
        }
        return selected
    }

    /// Selects the item at an index path, telling no one; with single selection, every other
    /// item is deselected. Nothing happens when selection is not allowed.
    func select(at path: IndexPath) {
        guard allowsSelection, slot(at: path) != nil else { return }
        if !allowsMultipleSelection { deselectAll() }
        mark(true, at: path)
    }

    /// Marks the item at an index path selected or not, and nothing else.
    func mark(_ selected: Bool, at path: IndexPath) {
        guard slot(at: path) != nil else { return }
        sections[path.section][path.item].isSelected = selected
    }

    /// Changes the selection as a person's tap decided, telling no one yet.
    func apply(_ tap: SelectionTap) {
        for path in tap.deselected { mark(false, at: path) }
        if let path = tap.selected { mark(true, at: path) }
    }

    /// Deselects every item, telling no one.
    func deselectAll() {
        for section in sections.indices {
            for item in sections[section].indices { sections[section][item].isSelected = false }
        }
    }
}
