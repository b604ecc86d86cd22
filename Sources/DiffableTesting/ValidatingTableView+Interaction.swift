import Diffable
import Foundation

/// What a person does with a table: select, swipe to delete, edit, reorder, use the index.
extension ValidatingTableView {
    /// Selects a row, as a tap would, and tells ``didSelectRowAt``.
    public func selectRow(at indexPath: IndexPath) {
        guard slot(at: indexPath) != nil else { return }
        selectedIndexPaths = [indexPath]
        didSelectRowAt?(indexPath)
    }

    /// Enters or leaves editing mode, where rows show delete and reorder controls.
    public func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
    }

    /// Whether the row shows a delete control in editing mode, or can be swiped away: the data
    /// source's `tableView(_:canEditRowAt:)`.
    public func canDeleteRow(at indexPath: IndexPath) -> Bool {
        guard let dataSource, slot(at: indexPath) != nil else { return false }
        return dataSource.tableView(self, canEditRowAt: indexPath)
    }

    /// Whether the row shows a reorder control in editing mode: the data source's
    /// `tableView(_:canMoveRowAt:)`.
    public func canMoveRow(at indexPath: IndexPath) -> Bool {
        guard let dataSource, slot(at: indexPath) != nil else { return false }
        return dataSource.tableView(self, canMoveRowAt: indexPath)
    }

    /// Swipes a row away, outside editing mode, and confirms the delete: the data source commits
    /// `.delete` when it allows editing the row. The view changes nothing itself; the data source
    /// updates it.
    ///
    /// - Returns: `false` if the data source does not allow deleting the row, or the view is in
    ///   editing mode (where rows are deleted with ``tapDeleteControl(at:)``).
    @discardableResult
    public func swipeToDelete(at indexPath: IndexPath) -> Bool {
        guard !isEditing else { return false }
        return commitDelete(at: indexPath)
    }

    /// Taps the delete control of a row in editing mode and confirms: the data source commits
    /// `.delete` when it allows editing the row.
    ///
    /// - Returns: `false` outside editing mode, or if the data source does not allow it.
    @discardableResult
    public func tapDeleteControl(at indexPath: IndexPath) -> Bool {
        guard isEditing else { return false }
        return commitDelete(at: indexPath)
    }

    private func commitDelete(at indexPath: IndexPath) -> Bool {
        guard let dataSource, canDeleteRow(at: indexPath) else { return false }
        dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
        return true
    }

    /// Drags a row by its reorder control (in editing mode) to a final index path and drops it,
    /// as `UITableView` reports it: the data source hears of the move first, then the view shows
    /// what the data source has.
    ///
    /// - If the data source updated the view during the call (a subclass that applies a snapshot
    ///   with the move), the update has moved the row.
    /// - Else, if the data source now has the row's item at the destination (it committed the
    ///   move, as `TableViewDiffableDataSource` does), the view moves the row.
    /// - Else the row goes back where it was, and unless updates are still on their way to the
    ///   view, the view reports it: the data source neither committed the move nor applied it,
    ///   and on UIKit the table would now show rows its data source does not have.
    ///
    /// - Returns: `false` outside editing mode, or if the data source does not allow moving the
    ///   row.
    @discardableResult
    public func dragRow(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard isEditing, let dataSource, canMoveRow(at: source) else { return false }
        let shown = sections
        guard moveSlot(from: source, to: destination) else { return false }
        sections = shown  // only checked: the row moves once the data source has answered
        let moved = pullIdentifier(at: source)
        let updates = recorded.count
        dataSource.tableView(self, moveRowAt: source, to: destination)
        if recorded.count == updates {
            guard moved == nil || pullIdentifier(at: destination) == moved else {
                if !dataSource.hasPendingUpdates {
                    fail(
                        "after moving row \(source.item) of section \(source.section) to \(destination), the data source neither committed the move (call super in tableView(_:moveRowAt:to:)) nor applied a snapshot with it"
                    )
                }
                return true
            }
            _ = moveSlot(from: source, to: destination)
        }
        checkAfterMove(from: source, to: destination)
        return true
    }

    /// Picks a title of the section index, as a tap on it would: the section the data source
    /// says to scroll to, or `nil` when there is no index or no such title.
    public func selectSectionIndexTitle(at index: Int) -> Int? {
        guard let dataSource, let titles = sectionIndexTitles, titles.indices.contains(index) else {
            return nil
        }
        return dataSource.tableView(self, sectionForSectionIndexTitle: titles[index], at: index)
    }
}
