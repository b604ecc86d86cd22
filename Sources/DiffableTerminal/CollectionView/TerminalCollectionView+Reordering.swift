import Diffable
import Foundation

/// An item being moved by the person using the view: where it was and where it would drop.
struct ReorderState: Equatable {
    var source: IndexPath
    var target: IndexPath

    /// The item shown at a display position while the item is held at `target`.
    func actual(forDisplayed path: IndexPath) -> IndexPath {
        if path == target { return source }
        var item = path.item
        if path.section == target.section && item > target.item { item -= 1 }
        if path.section == source.section && item >= source.item { item += 1 }
        return IndexPath(item: item, section: path.section)
    }

    /// Where an item is displayed (and where it ends up if the move is dropped): the inverse of
    /// ``actual(forDisplayed:)``, which is the same mapping with source and target swapped.
    func displayed(forActual path: IndexPath) -> IndexPath {
        ReorderState(source: target, target: source).actual(forDisplayed: path)
    }
}

extension TerminalCollectionView {
    func displayPath(forActual path: IndexPath) -> IndexPath {
        indexed.reorder?.displayed(forActual: path) ?? path
    }

    /// The item counts shown: while an item is held over another section, it counts there.
    func displayCounts() -> [Int] {
        guard let reorder = indexed.reorder, reorder.source.section != reorder.target.section else {
            return counts
        }
        var shown = counts
        shown[reorder.source.section] -= 1
        shown[reorder.target.section] += 1
        return shown
    }

    // MARK: Reordering

    func beginReordering() -> Bool {
        guard let focused = focusedIndexPath, let dataSource,
            frames[focused.section].layout.listConfiguration != nil,
            dataSource.collectionView(self, canMoveItemAt: focused)
        else { return false }
        indexed.reorder = ReorderState(source: focused, target: focused)
        setNeedsLayout()
        return true
    }

    func handleReorder(_ key: Key) -> Bool {
        guard var moving = indexed.reorder else { return false }
        switch key {
        case .up, .character("k"), .down, .character("j"):
            let step = key == .up || key == .character("k") ? -1 : 1
            let shown = displayCounts()
            let target = moving.target
            if step > 0 && target.item + 1 < shown[target.section] {
                moving.target = IndexPath(item: target.item + 1, section: target.section)
            } else if step < 0 && target.item > 0 {
                moving.target = IndexPath(item: target.item - 1, section: target.section)
            } else {
                // Over the edge: into the neighbouring list section.
                var section = target.section + step
                while section >= 0 && section < counts.count
                    && frames[section].layout.listConfiguration == nil
                {
                    section += step
                }
                guard section >= 0 && section < counts.count else { return true }
                moving.target = IndexPath(
                    item: step > 0 ? 0 : reorderPositionCount(inSection: section, for: moving) - 1,
                    section: section)
            }
            indexed.reorder = moving
        case .enter, .character(" "), .character("m"):
            dropReorderedItem()
            return true
        case .escape:
            indexed.reorder = nil
        default:
            return true
        }
        setNeedsLayout()
        layoutIfNeeded()
        scrollToReorderTarget()
        return true
    }

    /// How many places the held item can take in a section: one more than the section's other
    /// items, since it may also go after the last.
    func reorderPositionCount(inSection section: Int, for moving: ReorderState) -> Int {
        counts[section] + (section == moving.source.section ? 0 : 1)
    }

    func scrollToReorderTarget() {
        guard let moving = indexed.reorder, let rect = contentRect(for: moving.target, in: frames) else {
            return
        }
        if rect.y < contentOffset { contentOffset = rect.y }
        if rect.y + rect.height > contentOffset + height { contentOffset = rect.y + rect.height - height }
        clampContentOffset()
    }

    /// Moves the held item's cell to its target, then tells the data source, as UIKit does.
    func dropReorderedItem() {
        guard var moving = indexed.reorder else { return }
        indexed.reorder = nil
        setNeedsLayout()  // the frames counted the held item where it hovered
        moving.target = redirectedTarget(of: moving)
        guard moving.source != moving.target else { return }
        if host != nil {
            reportMoveThenShowIt(moving)
            return
        }
        moveCell(moving)
        // The counts the data source has once it agrees: it may update the view again from within
        // (an expanded parent's children following it), from the state after the move.
        counts[moving.source.section] -= 1
        counts[moving.target.section] += 1
        dataSource?.collectionView(self, moveItemAt: moving.source, to: moving.target)
        counts = currentCounts()
        setNeedsLayout()
        layoutIfNeeded()
        scrollToFocus()
    }

    /// A table's drop: the data source hears of the move first, then the view shows what it has.
    /// An update it hands the view during the call has moved the row; else the view moves the
    /// row if the data source now has its item at the target (it committed the move), and puts
    /// it back otherwise: the data source refused it, or applies it later.
    private func reportMoveThenShowIt(_ moving: ReorderState) {
        let moved = dataSource?.collectionView(self, identifierOfItemAt: moving.source)
        let updates = updateCount
        dataSource?.collectionView(self, moveItemAt: moving.source, to: moving.target)
        if updateCount == updates {
            let agrees =
                moved == nil || dataSource?.collectionView(self, identifierOfItemAt: moving.target) == moved
            if agrees {
                moveCell(moving)
                counts = currentCounts()
            }
        }
        setNeedsLayout()
        layoutIfNeeded()
        scrollToFocus()
    }

    /// Moves the held item's cell, the selection and the focus to its target, as a batch update
    /// that moves one item would.
    private func moveCell(_ moving: ReorderState) {
        let move = BatchUpdate(movedItems: [.init(from: moving.source, to: moving.target)])
        let remapped = indexed.remap(
            by: BatchUpdate.PositionMap(move, oldSectionCount: counts.count, newSectionCount: counts.count))
        assert(
            remapped.departedCells.isEmpty && remapped.departedSupplementaries.isEmpty,
            "a move keeps every cell")
        focusedIndexPath = moving.target
    }
}
