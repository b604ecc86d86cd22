import Diffable
import Foundation

/// A context menu open over the view: the menu, where it opened, and the submenus opened in it,
/// each with its highlighted line. Only the deepest level is drawn (a submenu replaces its parent
/// in the box, under a `‹ title` line), as a terminal has little room for cascading boxes.
struct TerminalContextMenu {
    struct Level {
        var title: String
        var rows: [MenuRow]
        var highlighted: Int?
    }

    var menu: Menu
    /// The pop-up menu accessory whose menu this is, chosen in as a pop-up; `nil` for a context
    /// menu.
    var popUp: CellAccessory?
    /// The cell of the view below which the menu opens (above, where there is no room below).
    var anchorX: Int
    var anchorY: Int
    var levels: [Level]
    /// The line the left button went down on, which its coming up chooses.
    var pressed: Int?

    var level: Level {
        get { levels[levels.count - 1] }
        set { levels[levels.count - 1] = newValue }
    }

    /// The lines of the open level as drawn: a separator before each group, the row, or the back
    /// line of a submenu (`nil` row, first).
    var lines: [(row: Int?, isSeparator: Bool)] {
        var lines: [(row: Int?, isSeparator: Bool)] = levels.count > 1 ? [(nil, false)] : []
        for (index, row) in level.rows.enumerated() {
            if row.startsGroup { lines.append((nil, true)) }
            lines.append((index, false))
        }
        return lines
    }
}

extension TerminalCollectionView {
    /// Whether a context menu is open: keys and clicks go to it until it closes.
    public var isShowingContextMenu: Bool { contextMenu != nil }

    /// The configuration the host (a table asks its delegate for the row) or the delegate gives
    /// for an item's context menu.
    func contextMenuConfiguration(at indexPath: IndexPath, x: Int, y: Int) -> ContextMenuConfiguration? {
        let point = CGPoint(x: x, y: y)
        if let host { return host.contextMenuConfiguration(at: indexPath, point: point) }
        return delegate?.collectionView(self, contextMenuConfigurationForItemsAt: [indexPath], point: point)
    }

    /// Whether the focused item (the first, before the focus is on one) has a context menu, for
    /// the help line.
    var focusedItemHasContextMenu: Bool {
        guard let focused = focusedIndexPath ?? firstItem(), let anchor = contextMenuAnchor(for: focused)
        else {
            return false
        }
        return contextMenuConfiguration(at: focused, x: anchor.x, y: anchor.y) != nil
    }

    /// Where the menu of an item opened with a key goes: under its cell, indented.
    private func contextMenuAnchor(for indexPath: IndexPath) -> (x: Int, y: Int)? {
        screenRect(for: indexPath).map { ($0.x + 2, $0.y + $0.height - 1) }
    }

    /// Opens the context menu of an item at a cell of the view, if the delegate gives one a
    /// person could see.
    @discardableResult
    func openContextMenu(at indexPath: IndexPath, x: Int, y: Int) -> Bool {
        guard let menu = contextMenuConfiguration(at: indexPath, x: x, y: y)?.makeMenu() else { return false }
        let rows = menu.rows()
        contextMenu = TerminalContextMenu(
            menu: menu, anchorX: x, anchorY: y,
            levels: [
                .init(title: menu.title, rows: rows, highlighted: Self.nextChoosable(in: rows, after: nil))
            ])
        needsDisplay = true
        return true
    }

    /// Opens the focused item's context menu under it: what F10 (Shift-F10 too, as terminals
    /// report it) and the menu key do.
    func openContextMenuOfFocusedItem() -> Bool {
        guard let focused = focusedIndexPath else { return false }
        scrollToFocus()
        guard let anchor = contextMenuAnchor(for: focused) else { return false }
        return openContextMenu(at: focused, x: anchor.x, y: anchor.y)
    }

    /// Opens the menu of the pop-up menu accessory `popUp` of an item, under its cell at the
    /// right, where the accessory is: what a tap on the cell does.
    func openPopUpMenu(_ popUp: CellAccessory, at indexPath: IndexPath) {
        guard let menu = popUp.menu, menu.hasVisibleElements, let rect = screenRect(for: indexPath) else {
            return
        }
        let rows = menu.rows()
        let selected = rows.firstIndex { $0.state == .on }
        contextMenu = TerminalContextMenu(
            menu: menu, popUp: popUp,
            anchorX: max(rect.x + rect.width - displayWidth(of: popUp.glyph(in: .init())), 0),
            anchorY: rect.y + rect.height - 1,
            levels: [
                .init(
                    title: menu.title, rows: rows,
                    highlighted: selected ?? Self.nextChoosable(in: rows, after: nil))
            ])
        needsDisplay = true
    }

    func closeContextMenu() {
        contextMenu = nil
        needsDisplay = true
    }

    /// The first line after `index` (from the top for `nil`) that can be highlighted: an action
    /// or a submenu, disabled ones included (they are read, but cannot be chosen), wrapping round.
    static func nextChoosable(in rows: [MenuRow], after index: Int?, step: Int = 1) -> Int? {
        guard !rows.isEmpty else { return nil }
        var candidate = index ?? (step > 0 ? -1 : rows.count)
        for _ in rows.indices {
            candidate = (candidate + step + rows.count) % rows.count
            if rows[candidate].kind != .title { return candidate }
        }
        return nil
    }

    // MARK: Keys and clicks in the menu

    /// Handles a key while the menu is open; every key is the menu's.
    ///
    /// Up and down (`k`, `j`) move the highlight, Home and End jump, Enter, Space or right (`l`)
    /// open a submenu or choose an action, left (`h`) goes back from a submenu, Escape goes back
    /// or closes, F10 and the menu key close, and a letter moves to the next line that starts
    /// with it.
    func handleContextMenu(_ key: Key) -> Bool {
        guard var menu = contextMenu else { return false }
        let rows = menu.level.rows
        switch key {
        case .up, .character("k"):
            menu.level.highlighted = Self.nextChoosable(in: rows, after: menu.level.highlighted, step: -1)
        case .down, .character("j"):
            menu.level.highlighted = Self.nextChoosable(in: rows, after: menu.level.highlighted)
        case .home: menu.level.highlighted = Self.nextChoosable(in: rows, after: nil)
        case .end: menu.level.highlighted = Self.nextChoosable(in: rows, after: nil, step: -1)
        case .enter, .character(" "), .right, .character("l"):
            if let highlighted = menu.level.highlighted { return activate(highlighted, in: &menu) }
        case .left, .character("h"):
            if menu.levels.count > 1 { menu.levels.removeLast() }
        case .escape:
            guard menu.levels.count > 1 else {
                closeContextMenu()
                return true
            }
            menu.levels.removeLast()
        case .function(10), .function(16), .tab, .backTab:
            closeContextMenu()
            return true
        case .character(let character):
            let start = menu.level.highlighted ?? -1
            let match = rows.indices.map { (start + 1 + $0) % rows.count }.first {
                rows[$0].kind != .title
                    && rows[$0].title.lowercased().first == Character(character.lowercased())
            }
            if let match { menu.level.highlighted = match }
        default:
            break
        }
        contextMenu = menu
        needsDisplay = true
        return true
    }

    /// Opens the submenu or chooses the action at a line of the open level.
    private func activate(_ index: Int, in menu: inout TerminalContextMenu) -> Bool {
        let row = menu.level.rows[index]
        switch row.kind {
        case .submenu:
            menu.levels.append(
                .init(
                    title: row.title, rows: row.children,
                    highlighted: Self.nextChoosable(in: row.children, after: nil)))
            contextMenu = menu
        case .action:
            guard !row.isDisabled else { return true }
            let keepsOpen = row.keepsMenuPresented
            // UIKit performs an action once its menu is gone, so the action sees the view as the
            // person will: a menu that stays open is refreshed after (a state may have changed).
            if !keepsOpen { contextMenu = nil }
            let sender = (host as AnyObject?) ?? self
            if let popUp = menu.popUp {
                _ = popUp.choosePopUpElement(at: row.path, sender: sender)
            } else {
                _ = menu.menu.choose(at: row.path, sender: sender)
            }
            if keepsOpen { refreshContextMenu(&menu) }
        case .title:
            break
        }
        needsDisplay = true
        return true
    }

    /// Reads the menu's lines again, keeping the levels open and their highlights.
    private func refreshContextMenu(_ menu: inout TerminalContextMenu) {
        var rows = menu.menu.rows()
        for depth in menu.levels.indices {
            let highlighted = menu.levels[depth].highlighted
            menu.levels[depth].rows = rows
            if depth + 1 < menu.levels.count, let open = highlighted, rows.indices.contains(open) {
                rows = rows[open].children
            }
        }
        contextMenu = menu
    }

    /// Handles a mouse event while the menu is open: a press on a line highlights it and its
    /// release there chooses it; a press outside the menu closes it. Every event is the menu's.
    func handleContextMenu(_ event: MouseEvent) -> Bool {
        guard var menu = contextMenu else { return false }
        let box = contextMenuBox(menu)
        let line = box.lineIndex(atX: event.x, y: event.y)
        let row = line.flatMap { menu.lines[$0].row }
        switch event.kind {
        case .press:
            guard let line else {
                closeContextMenu()
                return true
            }
            if menu.lines[line].row == nil && !menu.lines[line].isSeparator && menu.levels.count > 1 {
                menu.levels.removeLast()  // the back line
            } else if let row, menu.level.rows[row].kind != .title {
                menu.level.highlighted = row
                menu.pressed = row
            }
        case .release:
            let pressed = menu.pressed
            menu.pressed = nil
            if let row, row == pressed { return activate(row, in: &menu) }
        default:
            break
        }
        contextMenu = menu
        needsDisplay = true
        return true
    }

    // MARK: Drawing

    /// Where the open level's box is: a frame line round it, one line per drawn line, as wide as
    /// its longest line (within the view), below its anchor when it fits, else above, else at the
    /// top; when taller than the view, the lines round the highlighted one.
    struct ContextMenuBox {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// The first drawn line shown, when they do not all fit.
        var firstLine: Int

        func lineIndex(atX column: Int, y row: Int) -> Int? {
            guard column > x, column < x + width - 1, row > y, row < y + height - 1 else { return nil }
            return firstLine + row - y - 1
        }
    }

    func contextMenuBox(_ menu: TerminalContextMenu) -> ContextMenuBox {
        let lines = menu.lines
        let widest =
            lines.map { line in
                line.row.map { displayWidth(of: Self.text(of: menu.level.rows[$0])) }
                    ?? displayWidth(of: "‹ " + menu.level.title)
            }.max() ?? 0
        let boxWidth = min(widest + 4, width)
        let boxHeight = min(lines.count + 2, height)
        let x = max(0, min(menu.anchorX, width - boxWidth))
        let y =
            if menu.anchorY + 1 + boxHeight <= height {
                menu.anchorY + 1
            } else if menu.anchorY - boxHeight >= 0 {
                menu.anchorY - boxHeight
            } else {
                0
            }
        let shown = boxHeight - 2
        let highlightedLine = lines.firstIndex { $0.row != nil && $0.row == menu.level.highlighted } ?? 0
        let firstLine = max(0, min(highlightedLine - shown + 1, lines.count - shown))
        return ContextMenuBox(x: x, y: y, width: boxWidth, height: boxHeight, firstLine: firstLine)
    }

    /// A line's text: its check mark, glyph and title, and `›` for a submenu.
    static func text(of row: MenuRow) -> String {
        let check =
            switch row.state {
            case .on: "✓ "
            case .mixed: "– "
            case .off: "  "
            }
        let image = row.image.map { $0 + " " } ?? ""
        return check + image + row.title + (row.kind == .submenu ? "  ›" : "")
    }

    /// Draws the open menu over what the view shows.
    func drawContextMenu(into buffer: inout ScreenBuffer) {
        guard let menu = contextMenu else { return }
        let box = contextMenuBox(menu)
        guard box.width >= 4, box.height >= 3 else { return }
        let inner = box.width - 2
        let border = TextStyle(dim: true)
        buffer.fill(ScreenRect(x: box.x, y: box.y, width: box.width, height: box.height))
        buffer.write("╭" + String(repeating: "─", count: inner) + "╮", x: box.x, y: box.y, style: border)
        let lines = menu.lines
        for row in 1..<(box.height - 1) {
            let y = box.y + row
            let index = box.firstLine + row - 1
            guard index < lines.count else { break }
            let line = lines[index]
            if line.isSeparator {
                buffer.write("├" + String(repeating: "─", count: inner) + "┤", x: box.x, y: y, style: border)
                continue
            }
            buffer.write("│", x: box.x, y: y, style: border)
            buffer.write("│", x: box.x + box.width - 1, y: y, style: border)
            guard let rowIndex = line.row else {
                buffer.write(
                    " ‹ " + menu.level.title, x: box.x + 1, y: y, style: TextStyle(bold: true),
                    maxWidth: inner)
                continue
            }
            let item = menu.level.rows[rowIndex]
            var style = TextStyle.plain
            if item.kind == .title { style = TextStyle(bold: true, dim: true) }
            if item.isDestructive { style.foreground = .red }
            if item.isDisabled { style.dim = true }
            if rowIndex == menu.level.highlighted {
                style.inverse = true
                buffer.fill(ScreenRect(x: box.x + 1, y: y, width: inner, height: 1), style: style)
            }
            let text = item.kind == .title ? " " + item.title : " " + Self.text(of: item)
            buffer.write(text, x: box.x + 1, y: y, style: style, maxWidth: inner)
        }
        buffer.write(
            "╰" + String(repeating: "─", count: inner) + "╯", x: box.x, y: box.y + box.height - 1,
            style: border)
    }

    /// The keys the open menu offers, for a help line.
    var contextMenuHelpItems: [String] {
        var items = ["↑↓ move", "⏎ choose"]
        if let menu = contextMenu, menu.levels.count > 1 { items.append("← back") }
        return items + ["esc close"]
    }
}
