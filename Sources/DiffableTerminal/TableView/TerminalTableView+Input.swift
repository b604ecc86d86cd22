import Diffable
import Foundation

/// Keys and the mouse: what a table adds to its rows view's (focus, selection, scrolling,
/// reordering): deleting, the section index, and the editing controls.
extension TerminalTableView {
    /// Handles a key; returns whether the view used it.
    ///
    /// `[` and `]` jump along the section index; `d`, Delete and Backspace delete the focused row
    /// (the delete control in editing mode, a swipe outside it) when the data source allows it;
    /// every other key is the rows view's (``TerminalCollectionView/handle(_:)-(Key)``): arrows,
    /// Tab, Page Up/Down, Home/End, Enter, `m` to move a row in editing mode, and swipe action
    /// keys.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        if rows.isReordering { return rows.handle(key) }
        rows.layoutIfNeeded()
        if rows.focusedIndexPath == nil { rows.focusedIndexPath = rows.firstItem() }  // as the rows view does
        switch key {
        case .character("["): return jumpInIndex(by: -1)
        case .character("]"): return jumpInIndex(by: 1)
        case .character("d"), .delete, .backspace:
            if deleteFocusedRow() { return true }
        default:
            break
        }
        let used = rows.handle(key)
        if used { indexNeedsDisplay = true }
        return used
    }

    /// Whether the focused row can be deleted with `d`: the data source allows it, and outside
    /// editing mode, the row has no trailing swipe actions of its own.
    var canDeleteFocusedRow: Bool {
        guard let dataSource, let focused = rows.focusedIndexPath else { return false }
        if !isEditing, trailingSwipeActionsConfigurationProvider?(focused)?.actions.isEmpty == false {
            return false
        }
        return dataSource.tableView(self, canEditRowAt: focused)
    }

    /// Commits the delete of the focused row, if it can be deleted; the data source updates the
    /// view.
    func deleteFocusedRow() -> Bool {
        rows.layoutIfNeeded()
        guard canDeleteFocusedRow, let dataSource, let focused = rows.focusedIndexPath else { return false }
        dataSource.tableView(self, commit: .delete, forRowAt: focused)
        rows.needsDisplay = true
        return true
    }

    /// Handles a mouse event; returns whether the view used it. Coordinates are the view's.
    ///
    /// A click on a section index title jumps to its section; in editing mode, a click on a
    /// row's `⊖` deletes it. Everything else is the rows view's
    /// (``TerminalCollectionView/handle(_:)-(MouseEvent)``): clicks select, the wheel scrolls, and
    /// in editing mode a drag moves a row the data source lets move.
    @discardableResult
    public func handle(_ event: MouseEvent) -> Bool {
        if case .press(.left) = event.kind, !rows.isReordering {
            if event.x >= width - indexWidth {
                guard let title = indexTitle(atRow: event.y) else { return true }
                return jump(toIndexTitle: title)
            }
            if isEditing, let row = rows.indexPathForItem(atX: event.x, y: event.y),
                let rect = rows.screenRect(for: row), event.x < rect.x + 2,
                rows.state(for: row).showsDeleteControl, let dataSource
            {
                dataSource.tableView(self, commit: .delete, forRowAt: row)
                rows.needsDisplay = true
                return true
            }
        }
        let used = rows.handle(event)
        if used { indexNeedsDisplay = true }
        return used
    }

    /// The keys the table offers now, for a help line: moving, selecting, deleting the focused
    /// row, its swipe actions, moving it in editing mode, and the index.
    public var helpItems: [String] {
        if rows.isReordering { return rows.helpItems }
        var items = ["↑↓ move", "tab section", "⏎ select"]
        if canDeleteFocusedRow { items.append("d delete") }
        items += rows.swipeActionsForFocusedItem().map { "\($0.key) \($0.title.lowercased())" }
        if isEditing, let focused = rows.focusedIndexPath,
            rowsSource.collectionView(rows, canMoveItemAt: focused)
        {
            items.append("m move")
        }
        if !sectionIndexTitles.isEmpty { items.append("[ ] index") }
        return items
    }
}
