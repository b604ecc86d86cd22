import Diffable
import Foundation

/// The table answers for its rows view as a table does: taps under `UITableView`'s rules, its own
/// delegate told of display, editing controls from editing styles, drops it may redirect.
extension TerminalTableView: TerminalCollectionViewHost {
    /// The control a row shows in editing mode: `.none` when the data source does not let the
    /// row be edited (`tableView(_:canEditRowAt:)`), else the delegate's `editingStyleForRowAt`
    /// (`.delete` without a delegate).
    public func editingStyle(forRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else { return .none }
        return delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
    }

    func selectionTap(at indexPath: IndexPath, selected: Set<IndexPath>) -> SelectionTap? {
        guard isEditing ? allowsSelectionDuringEditing : allowsSelection else { return nil }
        return SelectionTap(
            tableView: self, delegate: delegate, at: indexPath, selected: selected,
            allowsMultipleSelection: allowsMultipleSelection, isEditing: isEditing)
    }

    func report(_ tap: SelectionTap) { tap.report(to: delegate, in: self) }

    func contextMenuConfiguration(at indexPath: IndexPath, point: CGPoint) -> ContextMenuConfiguration? {
        delegate?.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: point)
    }

    /// A detail accessory tells the delegate; an insert accessory commits an insert, as the
    /// row's `⊕` does.
    func performAccessoryAction(_ accessory: CellAccessory, at indexPath: IndexPath) -> Bool {
        switch accessory.kind {
        case .detail:
            delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
            return true
        case .insert:
            dataSource?.tableView(self, commit: .insert, forRowAt: indexPath)
            return true
        default:
            return false
        }
    }

    func willBeginSwipe(at indexPath: IndexPath) {
        delegate?.tableView(self, willBeginEditingRowAt: indexPath)
    }

    func didEndSwipe(at indexPath: IndexPath) {
        delegate?.tableView(self, didEndEditingRowAt: rows.hasItem(at: indexPath) ? indexPath : nil)
    }

    func willDisplay(_ cell: TerminalCell, at indexPath: IndexPath) {
        delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }

    func didEndDisplaying(_ cell: TerminalCell, at indexPath: IndexPath) {
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    func willDisplaySupplementary(_ view: TerminalCell, ofKind kind: String, inSection section: Int) {
        if kind == TerminalCollectionView.elementKindSectionHeader {
            delegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        } else {
            delegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
    }

    func didEndDisplayingSupplementary(_ view: TerminalCell, ofKind kind: String, inSection section: Int) {
        if kind == TerminalCollectionView.elementKindSectionHeader {
            delegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        } else {
            delegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
    }

    /// In editing mode, the controls a row shows: delete or insert as its editing style says,
    /// reorder where the data source lets the person move it.
    func decorate(_ state: inout CellConfigurationState, at indexPath: IndexPath) {
        guard isEditing, let dataSource else { return }
        state.isEditing = true
        let style = editingStyle(forRowAt: indexPath)
        state.showsDeleteControl = style == .delete
        state.showsInsertControl = style == .insert
        state.showsReorderControl = dataSource.tableView(self, canMoveRowAt: indexPath)
    }

    func targetIndexPathForMove(from source: IndexPath, toProposed proposed: IndexPath) -> IndexPath {
        delegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed)
            ?? proposed
    }
}
