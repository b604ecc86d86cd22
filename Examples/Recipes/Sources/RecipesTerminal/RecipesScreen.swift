import Diffable
public import DiffableTerminal
import Foundation
import RecipeKit
import RecipesCore

/// The app's screen below the search field: the sidebar, the recipe list (or grid) and the detail
/// pane side by side, each under a title row, with the form or the delete confirmation over them
/// when one is up.
///
/// Tab and Shift-Tab move the focus from pane to pane, and so does a click; each key goes to the
/// focused pane, after the app's own keys (`f`, `e`, `d`, `a`, `v`).
///
/// Narrower than ``collapsedWidth`` columns, where three panes cannot show their content (the
/// list would keep fewer than 28 columns, its titles cut at about 20 characters), the panes
/// collapse as a split view does on a phone (``split``, the model the browser uses too): one
/// pane at a time, the list first; Enter on a list or a recipe goes on to the next pane, Tab too,
/// and Escape (or Shift-Tab, or a click on the `‹` title) goes back, the title row saying where.
@MainActor
public final class RecipesScreen: TerminalContentView {
    /// The panes, left to right.
    public enum Pane: Int, CaseIterable, Sendable {
        case sidebar, list, detail
    }

    unowned let app: RecipesApp
    /// The pane the keys go to.
    public internal(set) var focusedPane = Pane.sidebar {
        didSet { redraw = true }
    }
    /// The panes as a split view's columns: three side by side, or one at a time below
    /// ``collapsedWidth``.
    public let split = SplitViewController(style: .tripleColumn)
    /// Below this many columns the panes collapse to one at a time.
    public static let collapsedWidth = 70
    let detail = DetailPane()
    /// The form or dialog over the panes.
    var overlay: (any Overlay)? {
        didSet { redraw = true }
    }

    public private(set) var width = 80
    public private(set) var height = 22
    /// Set when something only this screen draws changed (the focus, the detail, an overlay).
    var redraw = true

    init(app: RecipesApp) {
        self.app = app
        split.compactWidthThreshold = Double(Self.collapsedWidth)
        split.tripleColumnMinimumWidth = 0  // expanded, every pane shows
        split.delegate = self
    }

    /// The split view's column of a pane.
    static func column(of pane: Pane) -> SplitViewController.Column {
        switch pane {
        case .sidebar: .primary
        case .list: .supplementary
        case .detail: .secondary
        }
    }

    /// The pane of a split view's column.
    static func pane(of column: SplitViewController.Column) -> Pane {
        switch column {
        case .primary: .sidebar
        case .supplementary: .list
        case .secondary: .detail
        }
    }

    /// The panes shown now, left to right.
    public var visiblePanes: [Pane] { split.visibleColumns.map(Self.pane(of:)) }

    /// Moves the focus to a pane, showing it (collapsed, it becomes the one on screen).
    public func focus(_ pane: Pane) {
        split.show(Self.column(of: pane))
        focusedPane = pane
    }

    /// Goes back to the pane before the one on screen, collapsed; `false` when there is none.
    func goBack() -> Bool {
        guard split.backColumn != nil else { return false }
        split.goBack()
        focusedPane = Self.pane(of: split.topColumn)
        return true
    }

    // MARK: Layout

    /// The columns of each pane, left to right, with a separator between them; collapsed, every
    /// pane has the whole width (one shows at a time).
    var paneFrames: [Pane: ScreenRect] {
        if split.isCollapsed {
            let frame = ScreenRect(x: 0, y: 1, width: width, height: max(height - 1, 1))
            return [.sidebar: frame, .list: frame, .detail: frame]
        }
        let sidebarWidth = min(max(width / 5, 16), 26)
        let detailWidth = width >= 90 ? min(max(width / 3, 28), 44) : max(width / 3, 20)
        let listWidth = max(width - sidebarWidth - detailWidth - 2, 10)
        let body = max(height - 1, 1)
        return [
            .sidebar: ScreenRect(x: 0, y: 1, width: sidebarWidth, height: body),
            .list: ScreenRect(x: sidebarWidth + 1, y: 1, width: listWidth, height: body),
            .detail: ScreenRect(
                x: sidebarWidth + listWidth + 2, y: 1, width: max(width - sidebarWidth - listWidth - 2, 1),
                height: body),
        ]
    }

    public func resize(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 2)
        split.show(Self.column(of: focusedPane))  // what a collapse keeps on screen
        split.updateWidth(Double(self.width))
        focusedPane = Self.pane(of: split.isCollapsed ? split.topColumn : Self.column(of: focusedPane))
        let frames = paneFrames
        app.sidebarView.resize(width: frames[.sidebar]!.width, height: frames[.sidebar]!.height)
        app.listView.resize(width: frames[.list]!.width, height: frames[.list]!.height)
        redraw = true
    }

    // MARK: TerminalContentView

    public var needsDisplay: Bool { redraw || app.sidebarView.needsDisplay || app.listView.needsDisplay }
    public var isAnimating: Bool { app.sidebarView.isAnimating || app.listView.isAnimating }
    /// A form or a dialog takes every key: `q` and `/` are text there.
    public var takesEveryKey: Bool { overlay != nil || app.listView.isShowingContextMenu }
    public var hasPendingUpdates: Bool { app.sidebarView.hasPendingUpdates || app.listView.hasPendingUpdates }

    public func advanceAnimation() {
        app.sidebarView.advanceAnimation()
        app.listView.advanceAnimation()
    }

    public func finishAnimations() {
        app.sidebarView.finishAnimations()
        app.listView.finishAnimations()
    }

    /// The keys of the focused pane and the app's, for the help line (the application adds
    /// search and quit).
    public var helpItems: [String] {
        if let overlay { return overlay.helpItems }
        if app.listView.isShowingContextMenu { return app.listView.helpItems }
        let layout = app.isGrid ? "v list" : "v grid"
        let back = split.backColumn != nil ? ["esc back"] : []
        switch focusedPane {
        case .sidebar: return ["↑↓ move", "⏎ show", "tab pane", "a add"] + back
        case .list:
            return ["↑↓ move", "f favorite", "e edit", "d delete", "F10 menu", "a add", layout, "tab pane"]
                + back
        case .detail: return ["↑↓ scroll", "f favorite", "e edit", "d delete", "tab pane"] + back
        }
    }

    public func handle(_ key: Key) -> Bool {
        redraw = true
        if let overlay { return overlay.handle(key) }
        // An open context menu has the keys, as a menu does.
        if app.listView.isShowingContextMenu { return passToList { $0.handle(key) } }
        switch key {
        case .tab:
            focus(Pane(rawValue: (focusedPane.rawValue + 1) % 3)!)
            return true
        case .backTab:
            if split.isCollapsed { return goBack() }
            focus(Pane(rawValue: (focusedPane.rawValue + 2) % 3)!)
            return true
        case .escape where split.isCollapsed:
            return goBack()
        case .character("a"):
            app.beginAdding()
            return true
        case .character("f") where focusedPane != .sidebar:
            app.toggleFavorite()
            return true
        case .character("e") where focusedPane != .sidebar:
            app.beginEditing()
            return true
        case .character("d") where focusedPane != .sidebar, .delete where focusedPane != .sidebar:
            app.beginDeleting()
            return true
        case .character("v"):
            app.toggleLayout()
            return true
        default:
            break
        }
        switch focusedPane {
        case .sidebar:
            return app.sidebarView.handle(key)
        case .list:
            return passToList { $0.handle(key) }
        case .detail:
            switch key {
            case .up, .character("k"): detail.scroll(by: -1)
            case .down, .character("j"): detail.scroll(by: 1)
            case .pageUp: detail.scroll(by: -(height - 2))
            case .pageDown, .character(" "): detail.scroll(by: height - 2)
            case .home, .character("g"): detail.scrollToTop()
            default: return false
            }
            return true
        }
    }

    public func handle(_ event: MouseEvent) -> Bool {
        guard overlay == nil else { return true }
        let frames = paneFrames
        // An open context menu has the mouse: a press outside it, anywhere, closes it.
        if app.listView.isShowingContextMenu, let frame = frames[.list] {
            var local = event
            local.x -= frame.x
            local.y -= frame.y
            redraw = true
            return passToList { $0.handle(local) }
        }
        if split.isCollapsed, case .press(.left) = event.kind, event.y == 0, event.x < 2 + backTitleWidth {
            return goBack()  // the `‹` title
        }
        guard
            let pane = visiblePanes.first(where: {
                frames[$0]!.x <= event.x && event.x < frames[$0]!.x + frames[$0]!.width
            }), let frame = frames[pane]
        else { return false }
        if case .press = event.kind {
            focusedPane = pane
        }
        var local = event
        local.x -= frame.x
        local.y -= frame.y
        redraw = true
        switch pane {
        case .sidebar:
            return app.sidebarView.handle(local)
        case .list:
            return passToList { $0.handle(local) }
        case .detail:
            switch event.kind {
            case .scrollUp: detail.scroll(by: -3)
            case .scrollDown: detail.scroll(by: 3)
            case .release(.left) where local.y >= 0 && local.y == detail.favoriteRow: app.toggleFavorite()
            default: break
            }
            return true
        }
    }

    /// Lets the recipe list take an input, telling the app when its focus moved.
    private func passToList(_ handle: (TerminalCollectionView) -> Bool) -> Bool {
        let before = app.listView.focusedIndexPath
        let used = handle(app.listView)
        if app.listView.focusedIndexPath != before { app.focusMoved() }
        return used
    }

    // MARK: Drawing

    public func render() -> ScreenBuffer {
        app.syncSelection()
        updateColumnTitles()
        redraw = false
        var screen = ScreenBuffer(width: width, height: height)
        let frames = paneFrames
        let shown = visiblePanes
        for pane in shown {
            drawTitle(of: pane, frame: frames[pane]!, into: &screen)
        }
        let clip = ScreenRect(x: 0, y: 0, width: width, height: height)
        if shown.contains(.sidebar) {
            let sidebar = frames[.sidebar]!
            screen.copy(app.sidebarView.render(), toX: sidebar.x, y: sidebar.y, clip: clip)
        }
        if shown.contains(.list) {
            let list = frames[.list]!
            screen.copy(app.listView.render(), toX: list.x, y: list.y, clip: clip)
            if app.session.listDataSource.snapshot().numberOfItems == 0 {
                let message = app.session.isLoading ? "Loading…" : emptyListMessage
                screen.write(
                    message, x: list.x + 2, y: list.y + 1, style: TextStyle(dim: true),
                    maxWidth: list.width - 2)
            }
        }
        if shown.contains(.detail) {
            detail.draw(
                app.session.selectedRecipe, loading: app.session.isLoadingSelection, into: &screen,
                frame: frames[.detail]!)
        }
        let line = TextStyle(dim: true)
        for pane in shown.dropFirst() {
            let x = frames[pane]!.x - 1
            for row in 0..<height { screen.write("│", x: x, y: row, style: line) }
        }
        overlay?.draw(into: &screen)
        return screen
    }

    private func drawTitle(of pane: Pane, frame: ScreenRect, into screen: inout ScreenBuffer) {
        let focused = pane == focusedPane && overlay == nil
        let style =
            focused
            ? TextStyle(foreground: .black, background: .cyan, bold: true) : TextStyle(bold: true, dim: true)
        screen.fill(ScreenRect(x: frame.x, y: 0, width: frame.width, height: 1), style: style)
        let (title, trailing): (String, String)
        switch pane {
        case .sidebar: (title, trailing) = ("Recipes", "")
        case .list: (title, trailing) = (app.session.listTitle, app.isGrid ? "▦ grid" : "≡ list")
        case .detail: (title, trailing) = ("Recipe", app.session.selectedRecipe.map { "#\($0.id)" } ?? "")
        }
        let right = displayWidth(of: trailing)
        // Collapsed, the title says where back goes: `‹ All Recipes · Recipe`.
        let back = split.backTitle.map { "‹ \($0) · " } ?? ""
        screen.write(" " + back + title, x: frame.x, y: 0, style: style, maxWidth: frame.width - right - 1)
        screen.write(trailing, x: frame.x + frame.width - right - 1, y: 0, style: style)
    }

    /// The columns of the back part of the collapsed title row (`‹ All Recipes`).
    var backTitleWidth: Int { split.backTitle.map { displayWidth(of: "‹ \($0)") } ?? 0 }

    /// The split view's column titles: what the back part of the title row says.
    func updateColumnTitles() {
        split.setTitle("Recipes", for: .primary)
        split.setTitle(app.session.listTitle, for: .supplementary)
        split.setTitle("Recipe", for: .secondary)
    }

    /// What an empty list says, in the terminal's words (its keys).
    var emptyListMessage: String {
        switch app.session.listShown {
        case .favorites: "No favorites yet: f on a recipe."
        case .search: "No recipe matches."
        case .recents: "Nothing added this week."
        default: "No recipes. a adds one."
        }
    }
}

/// The collapsed screen shows the pane the person was in, or the list for the sidebar: the
/// sidebar is one step back, as on a phone.
extension RecipesScreen: SplitViewControllerDelegate {
    public func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column {
        proposedTopColumn == .primary ? .supplementary : proposedTopColumn
    }
}
