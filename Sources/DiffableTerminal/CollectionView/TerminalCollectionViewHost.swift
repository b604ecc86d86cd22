import Diffable
import Foundation

/// A view that draws its content with a ``TerminalCollectionView`` and speaks for it: a
/// ``TerminalTableView``, whose rows view it is. The rows view asks its host what a collection
/// view would ask its own delegate, and the host answers as a table does, so the collection view
/// has no switches for tables.
@MainActor
protocol TerminalCollectionViewHost: AnyObject {
    /// Decides a person's tap on an item (selection allowed or not, and the delegate's answers).
    func selectionTap(at indexPath: IndexPath, selected: Set<IndexPath>) -> SelectionTap?
    /// Tells the host's delegate what a tap did, once the view shows it.
    func report(_ tap: SelectionTap)
    /// A cell is about to be shown for an item.
    func willDisplay(_ cell: TerminalCell, at indexPath: IndexPath)
    /// A cell stopped being shown for an item.
    func didEndDisplaying(_ cell: TerminalCell, at indexPath: IndexPath)
    /// A header or footer is about to be shown.
    func willDisplaySupplementary(_ view: TerminalCell, ofKind kind: String, inSection section: Int)
    /// A header or footer stopped being shown.
    func didEndDisplayingSupplementary(_ view: TerminalCell, ofKind kind: String, inSection section: Int)
    /// Adds to the state a cell is drawn in (a table's editing controls).
    func decorate(_ state: inout CellConfigurationState, at indexPath: IndexPath)
    /// Where a drop of the item picked up at `source` and held at `proposed` lands.
    func targetIndexPathForMove(from source: IndexPath, toProposed proposed: IndexPath) -> IndexPath
    /// The context menu of an item, opened at a cell of the view.
    func contextMenuConfiguration(at indexPath: IndexPath, point: CGPoint) -> ContextMenuConfiguration?
    /// Does what a click on an accessory with no action handler does in the host, if anything:
    /// returns whether it did.
    func performAccessoryAction(_ accessory: CellAccessory, at indexPath: IndexPath) -> Bool
    /// A swipe action of an item is about to be performed (by its key).
    func willBeginSwipe(at indexPath: IndexPath)
    /// The swipe action performed on an item called its completion.
    func didEndSwipe(at indexPath: IndexPath)
}

extension TerminalCollectionView {
    /// Decides a person's tap on an item: the host's, or the view's own delegate's under UIKit's
    /// rules.
    func selectionTap(at indexPath: IndexPath) -> SelectionTap? {
        if let host { return host.selectionTap(at: indexPath, selected: selectedIndexPaths) }
        guard allowsSelection else { return nil }
        return SelectionTap(
            collectionView: self, delegate: delegate, at: indexPath, selected: selectedIndexPaths,
            allowsMultipleSelection: allowsMultipleSelection, isEditing: isEditing)
    }

    /// Selects and deselects as a tap decided, then tells whoever decided it.
    func perform(_ tap: SelectionTap) {
        selectedIndexPaths.subtract(tap.deselected)
        if let path = tap.selected { selectedIndexPaths.insert(path) }
        needsDisplay = true
        if let host { host.report(tap) } else { tap.report(to: delegate, in: self) }
    }

    /// A cell is about to be shown: tells the host or the delegate.
    func willDisplay(_ cell: TerminalCell, at indexPath: IndexPath) {
        if let host {
            host.willDisplay(cell, at: indexPath)
        } else {
            delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
        }
    }

    /// A cell stopped being shown: tells the host or the delegate, then returns it to its pool
    /// (unless it is still drawn as it leaves, in an animation that recycles it at the end).
    func endDisplaying(_ cell: TerminalCell, at indexPath: IndexPath, recycling: Bool = true) {
        if let host {
            host.didEndDisplaying(cell, at: indexPath)
        } else {
            delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
        }
        if recycling { recycle(cell) }
    }

    /// A header or footer is about to be shown: tells the host or the delegate.
    func willDisplay(_ supplementary: IndexedViewState.Supplementary) {
        tell(supplementary, displaying: true)
    }

    /// A header or footer stopped being shown: tells the host or the delegate, then returns it to
    /// its pool.
    func endDisplaying(_ supplementary: IndexedViewState.Supplementary) {
        tell(supplementary, displaying: false)
        recycle(supplementary.cell)
    }

    /// Tells the host (a table hears by section) or else the delegate that a header or footer
    /// is shown or no longer shown.
    private func tell(_ supplementary: IndexedViewState.Supplementary, displaying: Bool) {
        let (view, kind, section) = (
            supplementary.cell, supplementary.place.kind, supplementary.place.section
        )
        let indexPath = IndexPath(item: 0, section: section)
        switch (host, displaying) {
        case (let host?, true): host.willDisplaySupplementary(view, ofKind: kind, inSection: section)
        case (let host?, false): host.didEndDisplayingSupplementary(view, ofKind: kind, inSection: section)
        case (nil, true):
            delegate?.collectionView(
                self, willDisplaySupplementaryView: view, forElementKind: kind, at: indexPath)
        case (nil, false):
            delegate?.collectionView(
                self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: indexPath)
        }
    }

    /// Where a drop lands: the host's or the delegate's answer for the place the item is held;
    /// an answer that is not a place the item can go leaves it where it was.
    func redirectedTarget(of moving: ReorderState) -> IndexPath {
        let target =
            if let host {
                host.targetIndexPathForMove(from: moving.source, toProposed: moving.target)
            } else {
                delegate?.collectionView(
                    self, targetIndexPathForMoveOfItemFromOriginalIndexPath: moving.source,
                    atCurrentIndexPath: moving.target, toProposedIndexPath: moving.target) ?? moving.target
            }
        return target.isDropPlace(forItemAt: moving.source, counts: counts) ? target : moving.source
    }
}
