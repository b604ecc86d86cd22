import Diffable
import DiffableCells
import Foundation

/// What a person does with a table: select, swipe to delete, edit, reorder, use the index.
extension ValidatingTableView {
    /// Taps a row, as a person would, under UIKit's rules: nothing if selection is not allowed
    /// (in editing mode, ``allowsSelectionDuringEditing``) or the delegate refuses the highlight;
    /// with multiple selection, a selected row is deselected (`willDeselectRowAt` may keep it or
    /// name another); else the row `willSelectRowAt` names is selected, any other selected row
    /// deselected where only one may be, and the delegate told of each.
    ///
    /// - Returns: Whether the tap changed what is selected, or selected a row again.
    @discardableResult
    public func tapRow(at indexPath: IndexPath) -> Bool {
        guard slot(at: indexPath) != nil, isEditing ? allowsSelectionDuringEditing : allowsSelection,
            let tap = SelectionTap(
                tableView: self, delegate: delegate, at: indexPath, selected: selectedIndexPaths,
                allowsMultipleSelection: allowsMultipleSelection, isEditing: isEditing)
        else { return false }
        apply(tap)
        tap.report(to: delegate, in: self)
        return true
    }

    /// The selected row, the first if there are several: `UITableView`'s `indexPathForSelectedRow`.
    public var indexPathForSelectedRow: IndexPath? { selectedIndexPaths.min() }

    /// The selected rows, in order; `nil` when none is: `UITableView`'s `indexPathsForSelectedRows`.
    public var indexPathsForSelectedRows: [IndexPath]? {
        let selected = selectedIndexPaths
        return selected.isEmpty ? nil : selected.sorted()
    }

    /// The index paths of the rows displayed, in order: `UITableView`'s `indexPathsForVisibleRows`
    /// (every row until the first ``ValidatingView/scroll(showing:)``).
    public var indexPathsForVisibleRows: [IndexPath]? { displayedIndexPaths }

    /// Selects a row in code, telling no delegate; `nil` deselects every row. With single
    /// selection, the row selected before is deselected. Nothing happens when selection is not
    /// allowed. It never scrolls.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: TableView.ScrollPosition)
    {
        guard let indexPath else { return deselectAll() }
        select(at: indexPath)
    }

    /// Deselects a row in code, telling no delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        mark(false, at: indexPath)
    }

    /// Scrolls to a row in code: `UITableView.scrollToRow(at:at:animated:)`. This view has no
    /// screen, so it keeps the request (``lastScrollToRow``) for the test to check; an index path
    /// the view does not have is a failure, as UIKit raises an exception for it.
    public func scrollToRow(
        at indexPath: IndexPath, at scrollPosition: TableView.ScrollPosition, animated: Bool
    ) {
        guard slot(at: indexPath) != nil else {
            return fail("scrollToRow(at:at:animated:): the view has no row at \(indexPath)")
        }
        lastScrollToRow = (indexPath, scrollPosition)
    }

    /// Enters or leaves editing mode, where rows show delete and reorder controls.
    public func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
    }

    /// The control the row shows in editing mode: `.none` when the data source does not let the
    /// row be edited (`tableView(_:canEditRowAt:)`), else the delegate's `editingStyleForRowAt`
    /// (`.delete` without a delegate).
    public func editingStyle(forRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        guard let dataSource, slot(at: indexPath) != nil, dataSource.tableView(self, canEditRowAt: indexPath)
        else { return .none }
        return delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
    }

    /// Whether the row shows a delete control in editing mode, or can be swiped away: its
    /// ``editingStyle(forRowAt:)`` is `.delete`.
    public func canDeleteRow(at indexPath: IndexPath) -> Bool {
        editingStyle(forRowAt: indexPath) == .delete
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

    /// The actions a swipe from an edge of a row shows, as `UITableView` gets them: the
    /// delegate's configuration for that edge; from the trailing edge, when the delegate gives
    /// none, a Delete action if the row's editing style is `.delete` (it commits the delete).
    public func swipeActionsConfiguration(forRowAt indexPath: IndexPath, leading: Bool = false)
        -> SwipeActionsConfiguration?
    {
        guard slot(at: indexPath) != nil else { return nil }
        let given =
            leading
            ? delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            : delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
        if let given { return given }
        guard !leading, !isEditing, canDeleteRow(at: indexPath) else { return nil }
        let delete = ContextualAction(style: .destructive, title: "Delete", key: "d") {
            [weak self] _, _, completion in
            guard let self else { return completion(false) }
            completion(self.commitDelete(at: indexPath))
        }
        return SwipeActionsConfiguration(actions: [delete])
    }

    /// Swipes a row from an edge and performs one of its actions, as a person would: the action
    /// at `actionIndex`, or with `fullSwipe`, the first action when the configuration performs it
    /// on a full swipe.
    ///
    /// - Returns: What the action's handler passed to its completion (whether it performed the
    ///   action); `nil` when there was no such action, or the handler has not called it yet.
    @discardableResult
    public func swipeRow(
        at indexPath: IndexPath, leading: Bool = false, performing actionIndex: Int = 0,
        fullSwipe: Bool = false
    ) -> Bool? {
        guard let configuration = swipeActionsConfiguration(forRowAt: indexPath, leading: leading) else {
            return nil
        }
        delegate?.tableView(self, willBeginEditingRowAt: indexPath)
        return configuration.perform(
            actionIndex, fullSwipe: fullSwipe, from: slot(at: indexPath)?.cell ?? self
        ) { [weak self] in
            guard let self else { return }
            let shown =
                indexPath.section < self.numberOfSections
                && indexPath.item < self.numberOfRows(inSection: indexPath.section)
            self.delegate?.tableView(self, didEndEditingRowAt: shown ? indexPath : nil)
        }
    }

    /// Taps the insert control of a row in editing mode: the data source commits `.insert` when
    /// the row's ``editingStyle(forRowAt:)`` is `.insert`.
    ///
    /// - Returns: `false` outside editing mode, or if the row shows no insert control.
    @discardableResult
    public func tapInsertControl(at indexPath: IndexPath) -> Bool {
        guard isEditing, let dataSource, editingStyle(forRowAt: indexPath) == .insert else { return false }
        dataSource.tableView(self, commit: .insert, forRowAt: indexPath)
        return true
    }

    func commitDelete(at indexPath: IndexPath) -> Bool {
        guard let dataSource, canDeleteRow(at: indexPath) else { return false }
        dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
        return true
    }

    /// Drags a row by its reorder control (in editing mode) to a final index path and drops it,
    /// as `UITableView` reports it: the delegate's `targetIndexPathForMoveFromRowAt` may redirect
    /// the drop; the data source hears of the move first, then the view shows what it has.
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
        let destination =
            delegate?.tableView(
                self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: destination)
            ?? destination
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
