import Diffable
import Foundation

/// What a table view tells and asks the object that manages it: `UITableViewDelegate`, minus the
/// prefix. Every member is optional (a default implementation does what UIKit does when the
/// delegate does not implement it), and a view holds its delegate weakly.
///
/// As in UIKit, the selection members report the person's own actions: selecting or deselecting
/// in code and an update that deletes a selected row do not call them.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// Whether the row may be highlighted as the person touches it; `true` by default. A row that
    /// may not be highlighted cannot be selected by the person either.
    func tableView(_ tableView: any DiffableTableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The person's tap highlighted the row (before the selection changes).
    func tableView(_ tableView: any DiffableTableView, didHighlightRowAt indexPath: IndexPath)
    /// The highlight of the person's tap ended (before the selection changes).
    func tableView(_ tableView: any DiffableTableView, didUnhighlightRowAt indexPath: IndexPath)
    /// Whether a tap on the row performs its primary action; `true` by default.
    func tableView(_ tableView: any DiffableTableView, canPerformPrimaryActionForRowAt indexPath: IndexPath)
        -> Bool
    /// The person's tap performed the row's primary action (after the selection changed; not
    /// while the table is editing).
    func tableView(_ tableView: any DiffableTableView, performPrimaryActionForRowAt indexPath: IndexPath)
    /// The row the person's tap selects: `indexPath` by default, another to redirect, `nil` to
    /// select nothing.
    func tableView(_ tableView: any DiffableTableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The person selected the row.
    func tableView(_ tableView: any DiffableTableView, didSelectRowAt indexPath: IndexPath)
    /// The row to deselect: `indexPath` by default, `nil` to keep it selected.
    func tableView(_ tableView: any DiffableTableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// The person deselected the row, or selected another where only one may be selected.
    func tableView(_ tableView: any DiffableTableView, didDeselectRowAt indexPath: IndexPath)
    /// A cell is about to be shown for the row.
    func tableView(
        _ tableView: any DiffableTableView, willDisplay cell: AnyObject, forRowAt indexPath: IndexPath)
    /// A cell stopped being shown; `indexPath` is where its row was.
    func tableView(
        _ tableView: any DiffableTableView, didEndDisplaying cell: AnyObject, forRowAt indexPath: IndexPath)
    /// A section's header is about to be shown.
    func tableView(
        _ tableView: any DiffableTableView, willDisplayHeaderView view: AnyObject, forSection section: Int)
    /// A section's footer is about to be shown.
    func tableView(
        _ tableView: any DiffableTableView, willDisplayFooterView view: AnyObject, forSection section: Int)
    /// A section's header stopped being shown.
    func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingHeaderView view: AnyObject,
        forSection section: Int)
    /// A section's footer stopped being shown.
    func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingFooterView view: AnyObject,
        forSection section: Int)
    /// The actions a swipe from the leading edge shows; `nil` (the default) for none.
    func tableView(
        _ tableView: any DiffableTableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration?
    /// The actions a swipe from the trailing edge shows. `nil` (the default) shows a Delete action
    /// when the row's editing style is `.delete`; an empty configuration shows none.
    func tableView(
        _ tableView: any DiffableTableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration?
    /// A swipe is about to show a row's actions: the row is being edited (swiped) until
    /// `didEndEditingRowAt`. Not called for editing mode (`setEditing(_:animated:)`).
    func tableView(_ tableView: any DiffableTableView, willBeginEditingRowAt indexPath: IndexPath)
    /// A row's swipe actions went away: one of them finished (its handler called its completion),
    /// or the swipe ended without one. The index path is the one the swipe began at; `nil` when
    /// the view no longer has a row there (the action deleted the last rows of its section).
    func tableView(_ tableView: any DiffableTableView, didEndEditingRowAt indexPath: IndexPath?)
    /// The control a row the data source lets edit shows in editing mode: `.delete` by default,
    /// `.insert` (which commits `.insert`), or `.none`.
    func tableView(_ tableView: any DiffableTableView, editingStyleForRowAt indexPath: IndexPath)
        -> TableViewCell.EditingStyle
    /// Where a row the person drags would land, asked as the drag goes on: the proposed index
    /// path by default; another redirects the drop.
    func tableView(
        _ tableView: any DiffableTableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath
    /// The context menu for the row the person opened one on (a long press, a right-click, the
    /// menu key), where they did, in the view's coordinates; `nil` (the default) for none.
    func tableView(
        _ tableView: any DiffableTableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration?
    /// The person clicked a row's detail accessory (`ⓘ`), which has no action handler of its own.
    func tableView(_ tableView: any DiffableTableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// A view to show as the section's header, in place of the data source's title: one of the
    /// table's cells (a `TerminalListCell` in the terminal, a validating view's `Cell`); `nil`
    /// (the default) for the title.
    func tableView(_ tableView: any DiffableTableView, viewForHeaderInSection section: Int) -> AnyObject?
    /// A view to show as the section's footer, in place of the data source's title; `nil` (the
    /// default) for the title.
    func tableView(_ tableView: any DiffableTableView, viewForFooterInSection section: Int) -> AnyObject?
}

extension TableViewDelegate {
    /// Nothing by default.
    public func tableView(_ tableView: any DiffableTableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Nothing by default.
    public func tableView(_ tableView: any DiffableTableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// `true` by default.
    public func tableView(
        _ tableView: any DiffableTableView, canPerformPrimaryActionForRowAt indexPath: IndexPath
    ) -> Bool { true }
    /// Nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, performPrimaryActionForRowAt indexPath: IndexPath
    ) {}
    /// `true` by default.
    public func tableView(_ tableView: any DiffableTableView, shouldHighlightRowAt indexPath: IndexPath)
        -> Bool
    {
        true
    }
    /// `indexPath` by default.
    public func tableView(_ tableView: any DiffableTableView, willSelectRowAt indexPath: IndexPath)
        -> IndexPath?
    {
        indexPath
    }
    /// Does nothing by default.
    public func tableView(_ tableView: any DiffableTableView, didSelectRowAt indexPath: IndexPath) {}
    /// `indexPath` by default.
    public func tableView(_ tableView: any DiffableTableView, willDeselectRowAt indexPath: IndexPath)
        -> IndexPath?
    { indexPath }
    /// Does nothing by default.
    public func tableView(_ tableView: any DiffableTableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Does nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, willDisplay cell: AnyObject, forRowAt indexPath: IndexPath
    ) {}
    /// Does nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, didEndDisplaying cell: AnyObject, forRowAt indexPath: IndexPath
    ) {}
    /// Does nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, willDisplayHeaderView view: AnyObject, forSection section: Int
    ) {}
    /// Does nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, willDisplayFooterView view: AnyObject, forSection section: Int
    ) {}
    /// Does nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingHeaderView view: AnyObject,
        forSection section: Int
    ) {}
    /// Does nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingFooterView view: AnyObject,
        forSection section: Int
    ) {}
    /// `nil` by default: no leading actions.
    public func tableView(
        _ tableView: any DiffableTableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { nil }
    /// `nil` by default: Delete, when the row's editing style is `.delete`.
    public func tableView(
        _ tableView: any DiffableTableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { nil }
    /// `.delete` by default.
    public func tableView(_ tableView: any DiffableTableView, editingStyleForRowAt indexPath: IndexPath)
        -> TableViewCell.EditingStyle
    { .delete }
    /// Nothing by default.
    public func tableView(_ tableView: any DiffableTableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// Nothing by default.
    public func tableView(_ tableView: any DiffableTableView, didEndEditingRowAt indexPath: IndexPath?) {}
    /// The proposed index path by default.
    public func tableView(
        _ tableView: any DiffableTableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { proposedDestinationIndexPath }
    /// `nil` by default: no context menu.
    public func tableView(
        _ tableView: any DiffableTableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? { nil }
    /// Nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, accessoryButtonTappedForRowWith indexPath: IndexPath
    ) {}
    /// `nil` by default: the data source's title.
    public func tableView(_ tableView: any DiffableTableView, viewForHeaderInSection section: Int)
        -> AnyObject?
    {
        nil
    }
    /// `nil` by default: the data source's title.
    public func tableView(_ tableView: any DiffableTableView, viewForFooterInSection section: Int)
        -> AnyObject?
    {
        nil
    }
}
