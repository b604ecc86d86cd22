import Diffable
import Foundation

/// Keys and the mouse: what a table adds to its rows view's (focus, selection, scrolling,
/// reordering): deleting, the section index, and the editing controls.
extension TerminalTableView {
    /// Handles a key; returns whether the view used it.
    ///
    /// `[` and `]` jump along the section index; `d`, Delete and Backspace delete the focused row
    /// (the delete control in editing mode, a swipe outside it) when its editing style is
    /// `.delete`; `+` presses the insert control of a row whose style is `.insert`;
    /// every other key is the rows view's (``TerminalCollectionView/handle(_:)-(Key)``): arrows,
    /// Tab, Page Up/Down, Home/End, Enter, `m` to move a row in editing mode, swipe action keys,
    /// and F10 for the row's context menu (`tableView(_:contextMenuConfigurationForRowAt:point:)`).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        if rows.isReordering || rows.isShowingContextMenu { return rows.handle(key) }
        rows.layoutIfNeeded()
        if rows.focusedIndexPath == nil { rows.focusedIndexPath = rows.firstItem() }  // as the rows view does
        switch key {
        case .character("d"), .delete, .backspace:
            if commitEditingOfFocusedRow(.delete) { return true }
        case .character("+"):
            if commitEditingOfFocusedRow(.insert) { return true }
        default:
            break
        }
        return rows.handle(key)
    }

    /// Whether the focused row can commit an editing style with its key: `d` deletes a row whose
    /// style is `.delete` (outside editing mode, a swipe: only if the row has no trailing swipe
    /// actions of its own); `+` inserts at a row whose style is `.insert`, in editing mode.
    func canCommit(_ style: TableViewCell.EditingStyle) -> Bool {
        guard let focused = rows.focusedIndexPath, editingStyle(forRowAt: focused) == style else {
            return false
        }
        switch style {
        case .delete:
            guard !isEditing, let delegate else { return true }
            return delegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: focused)?.actions
                .isEmpty
                != false
        case .insert: return isEditing
        case .none: return false
        }
    }

    /// Commits an editing style at the focused row, if it can; the data source updates the view.
    func commitEditingOfFocusedRow(_ style: TableViewCell.EditingStyle) -> Bool {
        rows.layoutIfNeeded()
        guard canCommit(style), let dataSource, let focused = rows.focusedIndexPath else { return false }
        dataSource.tableView(self, commit: style, forRowAt: focused)
        rows.needsDisplay = true
        return true
    }

    /// Handles a mouse event; returns whether the view used it. Coordinates are the view's.
    ///
    /// A click on a section index title jumps to its section; in editing mode, a click on a
    /// row's `⊖` deletes it and on its `⊕` inserts. Everything else is the rows view's
    /// (``TerminalCollectionView/handle(_:)-(MouseEvent)``): clicks select, the wheel scrolls, and
    /// in editing mode a drag moves a row the data source lets move.
    @discardableResult
    public func handle(_ event: MouseEvent) -> Bool {
        if case .press(.left) = event.kind, !rows.isReordering, !rows.isShowingContextMenu {
            if isEditing, let row = rows.indexPathForItem(atX: event.x, y: event.y),
                let rect = rows.screenRect(for: row), event.x < rect.x + 2, let dataSource,
                case let style = editingStyle(forRowAt: row), style != .none
            {
                dataSource.tableView(self, commit: style, forRowAt: row)
                rows.needsDisplay = true
                return true
            }
        }
        return rows.handle(event)
    }

    /// The keys the table offers now, for a help line: moving, selecting, deleting the focused
    /// row, its swipe actions, moving it in editing mode, and the index.
    public var helpItems: [String] {
        if rows.isReordering || rows.isShowingContextMenu { return rows.helpItems }
        var items = ["↑↓ move", "tab section", "⏎ select"]
        if canCommit(.delete) { items.append("d delete") }
        if canCommit(.insert) { items.append("+ insert") }
        items += rows.swipeActionsForFocusedItem().compactMap(\.helpItem)
        if rows.focusedItemHasContextMenu { items.append("F10 menu") }
        if isEditing, let focused = rows.focusedIndexPath,
            rowsSource.collectionView(rows, canMoveItemAt: focused)
        {
            items.append("m move")
        }
        if !sectionIndexTitles.isEmpty { items.append("[ ] index") }
        return items
    }
}
