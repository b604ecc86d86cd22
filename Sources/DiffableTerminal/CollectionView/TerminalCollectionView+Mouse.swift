import Diffable
import Foundation

extension TerminalCollectionView {
    /// The rows one turn of the wheel scrolls, as in most terminals.
    static let wheelStep = 3

    // MARK: Hit testing

    /// The item drawn at a cell of the view, if any: `UICollectionView.indexPathForItem(at:)`.
    /// While an item is being moved, the item drawn there, wherever it is in the data source.
    ///
    /// - Parameters:
    ///   - x: The column, from 0 at the view's left edge.
    ///   - y: The row, from 0 at the view's top edge (not the content's).
    /// - Returns: `nil` for a header, a footer, a gap, or a cell outside the view.
    /// - Complexity: O(log s), s the number of sections.
    public func indexPathForItem(atX x: Int, y: Int) -> IndexPath? {
        layoutIfNeeded()
        guard let displayed = displayedIndexPath(atX: x, y: y) else { return nil }
        return indexed.reorder?.actual(forDisplayed: displayed) ?? displayed
    }

    /// The display position at a cell of the view, if an item is drawn there.
    func displayedIndexPath(atX x: Int, y: Int) -> IndexPath? {
        guard x >= 0, x < contentWidth, y >= 0, y < height else { return nil }
        let row = y + contentOffset
        guard let section = section(atRow: row, in: frames) else { return nil }
        let frame = frames[section]
        let offset = row - frame.itemsTop
        guard offset >= 0, offset < frame.itemRows else { return nil }
        let item: Int
        switch frame.layout.kind {
        case .list:
            let inset = frame.layout.horizontalInset
            guard x >= inset, x < contentWidth - inset, let listItem = frame.listItem(atOffset: offset) else {
                return nil
            }
            item = listItem
        case .grid:
            let column = x / frame.itemWidth
            guard column < frame.columns else { return nil }
            item = offset / frame.itemHeight * frame.columns + column
        case .horizontal:
            item = (indexed.stripOffsets[section] ?? 0) + x / frame.itemWidth
        }
        return item < frame.itemCount ? IndexPath(item: item, section: section) : nil
    }

    // MARK: Mouse

    /// Handles a mouse event the way a person expects of a list; returns whether the view used it.
    /// Coordinates are the view's (row 0 is its top row); a drag may go past its edges.
    ///
    /// - A click (the left button down and up on one item) focuses the item and selects it, or
    ///   expands or collapses a header-style outline parent: what Enter does, on touch-up as in
    ///   UIKit. A click on an index title (``indexTitles``) jumps to where it leads. Moving
    ///   off the item before letting go cancels it. A click on an accessory with an action of its
    ///   own (delete, insert, detail, an outline disclosure) does that action instead.
    /// - Dragging an item that the data source lets move (`reorderingHandlers.canReorderItem`)
    ///   picks it up, carries it to the row under the pointer, across list sections, scrolling at
    ///   the view's top and bottom rows, and drops it where the button comes up. While an item is
    ///   being moved with the keys (`m`), a click drops it at the row clicked.
    /// - The wheel scrolls three rows a turn without moving the focus, unless the focused item
    ///   leaves the view: then the focus moves to the nearest item still in view, so the arrows go
    ///   on from what the person sees. Sideways, it scrolls the horizontal strip under the pointer.
    /// - The right button opens the context menu of the item under the pointer, there; while a
    ///   menu is open, the mouse is the menu's (a click outside it closes it). On an item with no
    ///   menu it is not used.
    /// - The middle button is not used.
    @discardableResult
    public func handle(_ event: MouseEvent) -> Bool {
        layoutIfNeeded()
        dropRevealIfNothingPending()
        if contextMenu != nil { return handleContextMenu(event) }
        switch event.kind {
        case .press(.right):
            guard indexed.reorder == nil, let pressed = indexPathForItem(atX: event.x, y: event.y),
                openContextMenu(at: pressed, x: event.x, y: event.y)
            else { return false }
            focusedIndexPath = pressed
        case .scrollUp, .scrollDown:
            scroll(by: event.kind == .scrollUp ? -Self.wheelStep : Self.wheelStep)
        case .scrollLeft, .scrollRight:
            return scrollStrip(atRow: event.y, by: event.kind == .scrollLeft ? -1 : 1)
        case .press(.left) where indexed.reorder == nil && event.x >= width - indexWidth:
            if let title = indexTitle(atRow: event.y) { jump(toIndexTitle: title) }
            return true
        case .press(.left):
            if let moving = indexed.reorder {
                indexed.gesture = .reordering(moving, heldByMouse: true)
                moveReorderTarget(toRow: event.y)
            } else if let pressed = indexPathForItem(atX: event.x, y: event.y) {
                indexed.gesture = .pressed(pressed)
                focusedIndexPath = pressed
            } else {
                indexed.gesture = .idle
            }
        case .drag(.left):
            if case .pressed(let pressed) = indexed.gesture,
                indexPathForItem(atX: event.x, y: event.y) != pressed
            {
                focusedIndexPath = pressed
                indexed.gesture = .idle
                if beginReordering(), let moving = indexed.reorder {
                    indexed.gesture = .reordering(moving, heldByMouse: true)
                }
            }
            guard indexed.isReorderHeldByMouse else { return true }
            if event.y <= 0 { contentOffset -= 1 }
            if event.y >= height - 1 { contentOffset += 1 }
            clampContentOffset()
            moveReorderTarget(toRow: event.y)
        case .release(.left):
            defer { cancelMouseGesture() }
            if indexed.isReorderHeldByMouse {
                dropReorderedItem()
                return true
            }
            guard case .pressed(let pressed) = indexed.gesture,
                indexPathForItem(atX: event.x, y: event.y) == pressed
            else { return true }
            focusedIndexPath = pressed
            if let accessory = actionableAccessory(at: pressed, x: event.x) {
                performAction(of: accessory, at: pressed)
            } else {
                activateFocusedItem()
            }
            scrollToFocus()
        default:
            return false
        }
        needsDisplay = true
        return true
    }

    /// The accessory with an action of its own (delete, insert, detail, outline disclosure) drawn
    /// at column `x` of an item's row, if any.
    func actionableAccessory(at indexPath: IndexPath, x: Int) -> CellAccessory? {
        guard let cell = indexed.items[indexPath] as? TerminalListCell, let rect = screenRect(for: indexPath)
        else { return nil }
        // Drawn again, aside, for where its accessories are now (the screen may be a frame behind).
        var scratch = ScreenBuffer(width: rect.width, height: rect.height)
        cell.draw(
            in: &scratch, frame: ScreenRect(x: 0, y: 0, width: rect.width, height: rect.height),
            state: state(for: indexPath))
        guard let hit = cell.accessoryHits.first(where: { $0.columns.contains(x - rect.x) }) else {
            return nil
        }
        let accessory = cell.accessories[hit.index]
        return accessory.isActionable ? accessory : nil
    }

    /// What a click on an accessory does, as in UIKit: its action handler; else the host's
    /// action (a table's detail and insert), an outline disclosure's expanding or collapsing;
    /// else nothing more than the focus the click moved (a delete accessory's swipe actions are
    /// then the focused row's keys, in the help line).
    ///
    /// - Returns: Whether the accessory did something.
    @discardableResult
    func performAction(of accessory: CellAccessory, at indexPath: IndexPath) -> Bool {
        if let handler = accessory.clickHandler {
            handler()
        } else if host?.performAccessoryAction(accessory, at: indexPath) == true {
            needsDisplay = true
        } else if accessory.kind == .outlineDisclosure,
            let outline = dataSource?.collectionView(self, outlineStateOfItemAt: indexPath),
            outline.hasChildren
        {
            toggleExpansion(ofItemAt: indexPath, expanding: !outline.isExpanded)
        } else {
            return false
        }
        return true
    }

    /// The accessory of `kind` the focused item's cell shows with an action of its own, if any.
    func focusedActionableAccessory(_ kind: CellAccessory.Kind) -> CellAccessory? {
        guard let focused = focusedIndexPath, let cell = indexed.items[focused] as? TerminalListCell else {
            return nil
        }
        let state = state(for: focused)
        return cell.accessories.first { $0.kind == kind && $0.isActionable && $0.isShown(in: state) }
    }

    /// Forgets a click or drag in progress: the items changed under it, so the button coming up
    /// selects or drops nothing (as UIKit cancels touches on a reload).
    func cancelMouseGesture() {
        switch indexed.gesture {
        case .pressed: indexed.gesture = .idle
        case .reordering(let moving, heldByMouse: true):
            indexed.gesture = .reordering(moving, heldByMouse: false)
        case .idle, .reordering: break
        }
    }

    /// Scrolls the content by `rows` (up when negative), keeping the focus in view.
    func scroll(by rows: Int) {
        contentOffset += rows
        clampContentOffset()
        needsDisplay = true
        guard indexed.reorder == nil, let focused = focusedIndexPath,
            let rect = contentRect(for: focused, in: frames)
        else { return }
        let visible = visibleIndexPaths(in: frames, offset: contentOffset).filter {
            guard let rect = contentRect(for: $0, in: frames) else { return false }
            return rect.y >= contentOffset && rect.y + rect.height <= contentOffset + height
        }
        if rect.y < contentOffset, let first = visible.first {
            focusedIndexPath = first
        } else if rect.y + rect.height > contentOffset + height, let last = visible.last {
            focusedIndexPath = last
        }
    }

    /// Scrolls the horizontal strip at view row `y` by `step` items; returns whether one is there.
    func scrollStrip(atRow y: Int, by step: Int) -> Bool {
        guard y >= 0, y < height, let section = section(atRow: y + contentOffset, in: frames),
            case .horizontal = frames[section].layout.kind
        else { return false }
        let frame = frames[section]
        let shown = max(contentWidth / frame.itemWidth, 1)
        let first = min(
            max((indexed.stripOffsets[section] ?? 0) + step, 0), max(frame.itemCount - shown, 0))
        indexed.stripOffsets[section] = first
        if let focused = focusedIndexPath, focused.section == section {
            let item = min(max(focused.item, first), min(first + shown, frame.itemCount) - 1)
            focusedIndexPath = IndexPath(item: item, section: section)
        }
        needsDisplay = true
        return true
    }

    /// Carries the item being moved to the list row at view row `y` (clamped to the view and the
    /// content): over an item, to that item's place; over a header or above a section's items, to
    /// its start; below them, to its end. Rows of other kinds of sections leave it where it is.
    func moveReorderTarget(toRow y: Int) {
        guard var moving = indexed.reorder else { return }
        let row = min(min(max(y, 0), height - 1) + contentOffset, contentHeight - 1)
        guard let section = section(atRow: row, in: frames), frames[section].layout.listConfiguration != nil
        else { return }
        let last = reorderPositionCount(inSection: section, for: moving) - 1
        let frame = frames[section]
        let item = max(row - frame.itemsTop, 0) / frame.itemStride
        moving.target = IndexPath(item: min(item, last), section: section)
        guard moving != indexed.reorder else { return }
        indexed.reorder = moving
        setNeedsLayout()
        layoutIfNeeded()
    }
}
