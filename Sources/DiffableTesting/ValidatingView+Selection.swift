import DiffableCells
import Foundation

/// Selection kept on the cells' slots (so it follows its item through every update), and a
/// scroll simulated for display and prefetching.
extension ValidatingView {
    // MARK: Scrolling

    /// Scrolls: `indexPaths` (in order) are the ones a screen of the real view would show now.
    /// The delegate is told that the cells at the other index paths stopped being displayed and
    /// that those at `indexPaths` are about to be (once each, as they come into the window); the
    /// prefetching data source is told of the items as many beyond them in the direction of
    /// scrolling, and of those asked for before that are no longer ahead, as a scrolling
    /// `UICollectionView` tells it.
    ///
    /// Until the first scroll, every cell is displayed. The window stays at its index paths
    /// through updates, as a scroll position does: an item inserted into it is displayed, one
    /// moved out of it ends.
    public func scroll(showing indexPaths: [IndexPath]) {
        displayWindow = Set(indexPaths)
        updateDisplay()
        tellPrefetching(prefetchPlan.step(shown: indexPaths, counts: sections.map(\.count)))
    }

    /// Tells the delegate of the cells that came into the display window and of those that left
    /// it, so that exactly the cells in the window are displayed.
    ///
    /// - Complexity: O(n) for the n cells.
    func updateDisplay() {
        for (section, slots) in sections.enumerated() {
            for (item, slot) in slots.enumerated() {
                let path = IndexPath(item: item, section: section)
                let shown = displayWindow?.contains(path) ?? true
                guard shown != slot.isDisplayed else { continue }
                sections[section][item].isDisplayed = shown
                if shown { willDisplay(slot.cell, at: path) } else { didEndDisplaying(slot.cell, at: path) }
            }
        }
        updateSupplementaryDisplay()
        updateCellConfigurations()
    }

    /// The index paths of the cells displayed, in order: every cell before the first
    /// ``scroll(showing:)``, then those in its window.
    var displayedIndexPaths: [IndexPath] {
        sections.enumerated().flatMap { section, slots in
            slots.indices.filter { slots[$0].isDisplayed }.map { IndexPath(item: $0, section: section) }
        }
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
        updateConfiguration(of: sections[path.section][path.item], at: path)
    }

    /// Tells each cell's configuration update handler of a change of its state.
    ///
    /// - Complexity: O(n) for the n cells.
    func updateCellConfigurations() {
        for (section, slots) in sections.enumerated() {
            for (item, slot) in slots.enumerated() {
                updateConfiguration(of: slot, at: IndexPath(item: item, section: section))
            }
        }
    }

    /// Tells a cell's configuration update handler of its state, if it changed.
    private func updateConfiguration(of slot: Slot, at indexPath: IndexPath) {
        slot.cell.updateConfigurationIfNeeded(for: configurationState(of: slot, at: indexPath))
    }

    /// The state a cell is in: selected, editing (a collection view's items only where the data
    /// source lets them be edited), disabled, its outline place.
    func configurationState(of slot: Slot, at indexPath: IndexPath) -> CellConfigurationState {
        var state = CellConfigurationState()
        state.isSelected = slot.isSelected
        state.isDisabled = !allowsSelection
        decorate(&state, at: indexPath)
        return state
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
        updateCellConfigurations()
    }
}
