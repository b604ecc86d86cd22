/// What a ``TerminalApplication`` runs: a view that takes keys and mouse events, animates, and
/// draws itself into a buffer of its size.
///
/// ``TerminalCollectionView`` and ``TerminalTableView`` are content views. An app that shows
/// several views at once (a sidebar, a list and a detail pane, say) adopts it in a view of its
/// own that lays them out, sends each key to the one that has the focus, and draws them side by
/// side (``ScreenBuffer/copy(_:toX:y:clip:)``).
///
/// The application asks for a frame whenever ``needsDisplay`` is `true`, and holds keys while
/// ``isAnimating`` or ``hasPendingUpdates`` says an update is on its way, so that each key acts on
/// the screen the person saw.
@MainActor
public protocol TerminalContentView: AnyObject {
    /// The view's height in rows, as last sized.
    var height: Int { get }
    /// Whether the view changed since it was last rendered.
    var needsDisplay: Bool { get }
    /// Whether an animation is running; the application then calls ``advanceAnimation()`` each
    /// frame.
    var isAnimating: Bool { get }
    /// Whether the view takes every key now (an item being moved, a form being filled in): the
    /// help line then shows only the view's keys, not search and quit.
    var takesEveryKey: Bool { get }
    /// The keys the view offers now, for the help line: `"⏎ select"`, say.
    var helpItems: [String] { get }
    /// Whether updates are on their way to the view, so keys wait for them.
    var hasPendingUpdates: Bool { get }
    /// Sizes the view.
    func resize(width: Int, height: Int)
    /// Handles a key; returns whether the view used it.
    func handle(_ key: Key) -> Bool
    /// Handles a mouse event in the view's coordinates; returns whether the view used it.
    func handle(_ event: MouseEvent) -> Bool
    /// Advances the running animation by one frame.
    func advanceAnimation()
    /// Ends every running animation at once.
    func finishAnimations()
    /// Draws the view into a new buffer of its size.
    func render() -> ScreenBuffer
}

extension TerminalCollectionView: TerminalContentView {
    /// While the person moves an item, the arrows and Enter are the move's; while a context menu
    /// is open, every key is the menu's.
    public var takesEveryKey: Bool { isReordering || isShowingContextMenu }

    /// Whether the data source has updates on their way to the view.
    public var hasPendingUpdates: Bool { dataSource?.hasPendingUpdates == true }
}

extension TerminalTableView: TerminalContentView {
    /// While the person moves a row, the arrows and Enter are the move's; while a context menu
    /// is open, every key is the menu's.
    public var takesEveryKey: Bool { isReordering || rows.isShowingContextMenu }

    /// Whether the data source has updates on their way to the view.
    public var hasPendingUpdates: Bool { dataSource?.hasPendingUpdates == true }
}
