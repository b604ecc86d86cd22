/// An in-memory terminal of a set size, for tests: it keeps the frames it is shown instead of
/// writing them to a tty, and its keys come from the test.
///
/// ```swift
/// let terminal = HeadlessTerminal(width: 40, height: 10)
/// terminal.send(.down, .enter)
/// app.run(on: terminal)               // reads the keys, presents frames
/// assertGolden(terminal.screen.text, named: "inbox-after-enter")
/// terminal.resize(width: 30, height: 10)  // didResize becomes true
/// ```
///
/// ``readKeys(timeout:)`` never waits: it returns the keys sent so far (an empty array when
/// there are none), whatever the timeout. Each presented frame also runs through a
/// ``ScreenDiffRenderer``, so a test can check how much output an update would cost a real
/// terminal (``lastFrameOutput``).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class HeadlessTerminal: TerminalDevice {
    /// The terminal's size; change it with ``resize(width:height:)``.
    public private(set) var size: TerminalSize
    /// Every frame presented, oldest first.
    public private(set) var frames: [ScreenBuffer] = []
    /// What a real terminal would have been sent for the last frame: the output of a
    /// ``ScreenDiffRenderer`` that has seen every frame.
    public private(set) var lastFrameOutput = ""
    /// The bytes a real terminal would have been sent for all frames so far.
    public private(set) var totalOutputByteCount = 0
    /// How many times ``suspend()`` was called.
    public private(set) var suspendCount = 0

    /// Keys sent and not yet read.
    private var pendingKeys: [Key] = []
    /// Decodes bytes sent with ``send(bytes:)``.
    private var keyParser = KeyParser()
    /// A resize that ``didResize`` has not reported yet.
    private var resizeNotReported = false
    /// Renders each frame, for ``lastFrameOutput``.
    private var renderer = ScreenDiffRenderer()

    /// A terminal of `width` columns and `height` rows, showing nothing yet.
    ///
    /// - Precondition: `width` and `height` are not negative.
    public init(width: Int, height: Int) {
        precondition(
            width >= 0 && height >= 0, "HeadlessTerminal(width: \(width), height: \(height)): negative size")
        size = TerminalSize(width: width, height: height)
    }

    /// The last frame presented, or a blank screen of the current size before the first.
    public var screen: ScreenBuffer {
        frames.last ?? ScreenBuffer(width: size.width, height: size.height)
    }

    /// Whether ``resize(width:height:)`` was called since this was last read; reading it clears
    /// it.
    public var didResize: Bool {
        defer { resizeNotReported = false }
        return resizeNotReported
    }

    /// Changes the size, as a user dragging the window would, and sets ``didResize``.
    ///
    /// - Precondition: `width` and `height` are not negative.
    public func resize(width: Int, height: Int) {
        precondition(
            width >= 0 && height >= 0,
            "HeadlessTerminal.resize(width: \(width), height: \(height)): negative size")
        size = TerminalSize(width: width, height: height)
        resizeNotReported = true
    }

    /// Queues `keys`, in order, for ``readKeys(timeout:)``.
    public func send(_ keys: Key...) {
        send(keys)
    }

    /// Queues `keys`, in order, for ``readKeys(timeout:)``.
    public func send(_ keys: [Key]) {
        pendingKeys += keys
    }

    /// Queues the keys that `bytes` decode to, as if typed on a real terminal (see
    /// ``KeyParser``); a trailing lone `ESC` becomes ``Key/escape`` at the next read.
    public func send(bytes: [UInt8]) {
        pendingKeys += keyParser.feed(bytes)
    }

    /// Returns the keys sent since the last read, at once; `timeout` is ignored.
    public func readKeys(timeout: Duration?) -> [Key] {
        pendingKeys += keyParser.flush()
        defer { pendingKeys = [] }
        return pendingKeys
    }

    /// Whether frames are rendered with colors, as ``Terminal/usesColor``.
    public var usesColor: Bool {
        get { renderer.usesColor }
        set { renderer.usesColor = newValue }
    }

    /// Keeps `frame` as the newest of ``frames`` and renders it for ``lastFrameOutput``.
    public func present(_ frame: ScreenBuffer) {
        frames.append(frame)
        lastFrameOutput = renderer.render(frame)
        totalOutputByteCount += renderer.lastFrameByteCount
    }

    /// Counts the call in ``suspendCount`` and behaves as a real terminal does when the process
    /// continues: the next frame repaints the whole screen, and ``didResize`` is `true`. The
    /// process does not stop.
    public func suspend() {
        suspendCount += 1
        renderer.invalidate()
        resizeNotReported = true
    }
}
