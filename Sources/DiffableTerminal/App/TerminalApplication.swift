import Diffable
import Foundation

/// Runs a ``TerminalCollectionView``, a ``TerminalTableView`` or any other
/// ``TerminalContentView`` (an app's own screen of several panes, say) on a terminal: reads keys,
/// advances animations, and draws only what changed. The same code runs on a real ``Terminal``
/// and on a ``HeadlessTerminal`` in tests.
///
/// The screen is an optional ``searchField`` on the first row, the view, and a help line on the
/// last row. `q`, Ctrl-C or Ctrl-D quits (outside the search field); Ctrl-Z suspends
/// the process (``TerminalDevice/suspend()``) until the shell continues it, then redraws. The
/// mouse works where the terminal reports it: clicking the search row focuses the field, and the
/// view takes clicks, drags and the wheel (``TerminalCollectionView/handle(_:)-(MouseEvent)``).
///
/// The loop never blocks the main actor for long: between frames it sleeps with `Task.sleep`, so
/// applies (and the data source's off-main diffs and coalesced updates) run while the app waits
/// for keys. Keys are read as they arrive and handled in order, each against the screen it was
/// typed at: a key ends a running animation, and waits while a diff is on its way to the view, so
/// none is lost or applied to a row that is about to move. Applies queue through the data source's
/// update path.
@MainActor
public final class TerminalApplication {
    /// The terminal drawn on.
    public let device: any TerminalDevice
    /// The collection view shown, when the application shows one.
    public let collectionView: TerminalCollectionView?
    /// The table view shown, when the application shows one.
    public let tableView: TerminalTableView?
    /// The view shown: the collection view, the table view, or the app's own content view.
    public let content: any TerminalContentView
    /// The search field on the first row, if any.
    public var searchField: TerminalSearchField? {
        didSet { layout() }
    }
    /// Text shown at the start of the help line, such as the last selection.
    public var statusMessage = ""
    /// Keys the app handles itself (in ``keyHandler``), named in the help line before `q quit`:
    /// `"e edit"`, say.
    public var helpItems: [String] = []
    /// Called for keys the collection view and search field did not use; return whether it was used.
    public var keyHandler: (@MainActor (Key) -> Bool)?
    /// Whether ``run()`` is running.
    public private(set) var isRunning = false
    /// Whether the person asked to quit.
    public private(set) var quitRequested = false
    /// How many frames were drawn.
    public private(set) var frameCount = 0

    private var needsDisplay = true
    /// Keys read but not yet handled: they wait while updates are on their way to the view.
    private var pendingKeys: [Key] = []

    /// Creates an application for a device and a collection view; the view is sized to fit.
    public init(device: any TerminalDevice, collectionView: TerminalCollectionView) {
        self.device = device
        self.collectionView = collectionView
        tableView = nil
        content = collectionView
        layout()
    }

    /// Creates an application for a device and a table view; the view is sized to fit.
    public init(device: any TerminalDevice, tableView: TerminalTableView) {
        self.device = device
        collectionView = nil
        self.tableView = tableView
        content = tableView
        layout()
    }

    /// Creates an application for a device and any content view, such as a screen that lays out
    /// several collection views side by side; the view is sized to fit.
    public init(device: any TerminalDevice, content: any TerminalContentView) {
        self.device = device
        collectionView = content as? TerminalCollectionView
        tableView = content as? TerminalTableView
        self.content = content
        layout()
    }

    /// Runs until ``stop()`` or a quit key.
    public func run() async {
        isRunning = true
        while isRunning {
            let busy = step(keys: device.readKeys(timeout: .zero))
            if !isRunning { break }
            try? await Task.sleep(for: .milliseconds(busy ? 8 : 16))
        }
    }

    /// Ends ``run()`` after the current step.
    public func stop() {
        isRunning = false
    }

    /// One turn of the loop: handles resize and keys, advances the animation, draws if needed.
    /// Returns whether anything happened (so the loop may poll again sooner).
    @discardableResult
    public func step(keys: [Key]) -> Bool {
        if device.didResize {
            layout()
        }
        pendingKeys += keys
        handlePendingKeys()
        let animating = content.isAnimating
        if animating { content.advanceAnimation() }
        if needsDisplay || content.needsDisplay {
            device.present(compose())
            frameCount += 1
            needsDisplay = false
        }
        return !keys.isEmpty || animating || !pendingKeys.isEmpty
    }

    /// Handles keys in order, each against the screen the person saw when typing it: a key that
    /// arrives during an animation ends the animation first, and while a diff is still on its way
    /// to the view, the remaining keys wait for it rather than act on rows about to change.
    func handlePendingKeys() {
        while !pendingKeys.isEmpty && !quitRequested {
            if content.isAnimating { content.finishAnimations() }
            if content.hasPendingUpdates && !content.isAnimating { return }
            if content.isAnimating { continue }
            handle(pendingKeys.removeFirst())
        }
    }

    func handle(_ key: Key) {
        needsDisplay = true
        if key == .control("z") {
            // Before the search field and the view: as in a shell, Ctrl-Z always suspends.
            device.suspend()
            if device.didResize { layout() }
            return
        }
        if case .mouse(let event) = key {
            handle(event)
            return
        }
        if let searchField, searchField.isActive, searchField.handle(key) {
            return
        }
        if content.handle(key) { return }
        if let keyHandler, keyHandler(key) { return }
        switch key {
        case .character("/") where searchField != nil:
            searchField?.isActive = true
        case .character("q"), .control("c"), .control("d"):
            quitRequested = true
            isRunning = false
        case .escape:
            if let searchField, !searchField.text.isEmpty { searchField.setText("") }
        default:
            break
        }
    }

    /// Handles a mouse event: a click on the search row focuses the field; everything else goes
    /// to the collection view, in its coordinates. A press in the view ends typing in the search
    /// field, as Enter does, keeping the text. Drags and releases reach the view wherever they are,
    /// so an item carried past the view's edge scrolls it.
    func handle(_ event: MouseEvent) {
        let top = searchField == nil ? 0 : 1
        var local = event
        local.y -= top
        switch event.kind {
        case .press(.left) where searchField != nil && event.y == 0:
            searchField?.isActive = true
            return
        case .press where event.y < top || event.y >= top + content.height:
            return
        case .press:
            searchField?.isActive = false
        case .scrollUp, .scrollDown, .scrollLeft, .scrollRight, .drag, .release:
            break
        }
        if content.handle(local) { return }
        _ = keyHandler?(.mouse(event))
    }

    /// Sizes the view to the terminal, less the search and help rows.
    func layout() {
        let size = device.size
        let chrome = (searchField == nil ? 0 : 1) + 1
        content.resize(width: size.width, height: max(size.height - chrome, 1))
        needsDisplay = true
    }

    /// The whole screen: search field, view, help line.
    public func compose() -> ScreenBuffer {
        let size = device.size
        var screen = ScreenBuffer(width: size.width, height: size.height)
        var top = 0
        if let searchField {
            searchField.draw(into: &screen, y: 0)
            top = 1
        }
        screen.copy(
            content.render(), toX: 0, y: top,
            clip: ScreenRect(x: 0, y: top, width: size.width, height: content.height))
        let help = helpLine()
        let style = TextStyle(inverse: true)
        screen.fill(
            ScreenRect(x: 0, y: size.height - 1, width: size.width, height: 1), with: " ", style: style)
        screen.write(truncate(help, toWidth: size.width), x: 0, y: size.height - 1, style: style)
        return screen
    }

    /// `status · keys`: the keys the view offers now (the focused item's swipe actions among
    /// them), the app's ``helpItems``, search and quit.
    func helpLine() -> String {
        if let searchField, searchField.isActive {
            let keys = "type to filter · ⏎ done · esc clear"
            return statusMessage.isEmpty ? " " + keys : " \(statusMessage) │ \(keys)"
        }
        if content.takesEveryKey {
            return " " + content.helpItems.joined(separator: " · ")
        }
        var parts = content.helpItems + helpItems
        if searchField != nil { parts.append("/ search") }
        parts.append("q quit")
        let keys = parts.joined(separator: " · ")
        return statusMessage.isEmpty ? " " + keys : " \(statusMessage) │ \(keys)"
    }
}
