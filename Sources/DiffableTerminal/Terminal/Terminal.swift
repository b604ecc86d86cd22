#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a ``Terminal`` could not start.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input descriptor is not a terminal (`tcgetattr` failed with `errno`): standard input
    /// is a pipe or a file.
    case notATerminal(errno: Int32)
    /// Another ``Terminal`` is active in this process; restore it first.
    case alreadyActive
    /// A system call failed with `errno`.
    case systemCallFailed(String, errno: Int32)

    /// What went wrong, with the system's message for the error number.
    public var description: String {
        switch self {
        case .notATerminal(let code):
            "the input is not a terminal: \(String(cString: strerror(code)))"
        case .alreadyActive:
            "another Terminal is active in this process"
        case .systemCallFailed(let call, let code):
            "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// The process's terminal, set up for a full-screen text UI: raw input, the alternate screen,
/// the cursor hidden — and put back however the process ends.
///
/// ```swift
/// let terminal = Terminal()
/// try terminal.enter()
/// defer { terminal.restore() }
/// var frame = ScreenBuffer(width: terminal.size.width, height: terminal.size.height)
/// frame.write("Press q to quit", x: 0, y: 0)
/// terminal.present(frame)
/// while !terminal.readKeys(timeout: nil).contains(.character("q")) {}
/// ```
///
/// ``enter()`` switches the input to raw mode with `termios` (no echo, no line editing, no
/// signals from keys: Ctrl-C arrives as `Key.control("c")`, Ctrl-Z as `.control("z")`, and the
/// application decides what they do; ``suspend()`` does what Ctrl-Z does in a shell), switches
/// to the alternate screen, turns auto-wrap off, hides the cursor and, unless ``capturesMouse`` is
/// `false`, turns on mouse reports. ``restore()`` undoes all of it; it is idempotent, runs on
/// `deinit`, and also runs by itself:
///
/// - at `exit()` (an `atexit` handler), and
/// - on SIGINT, SIGTERM, SIGHUP, SIGQUIT and on crashes (SIGSEGV, SIGBUS, SIGILL, SIGABRT,
///   SIGFPE, SIGTRAP — Swift's traps included): a handler restores the terminal using only
///   async-signal-safe calls (`write(2)`, `tcsetattr`), then puts back the signal's previous
///   action and raises it again, so the process still ends — with a crash report, if the Swift
///   runtime's backtracer was handling the signal. Signals that were ignored stay ignored.
///
/// Resizes: a SIGWINCH handler wakes ``readInput(timeout:)`` (it returns early, with no bytes)
/// and sets ``didResize``, which the application polls, then reads ``size``. The next
/// ``present(_:)`` repaints the whole screen.
///
/// Only one `Terminal` can be active in a process at a time. Use it from one thread (or actor)
/// at a time; it is not `Sendable`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class Terminal: TerminalDevice {
    /// The descriptor keys are read from, whose mode ``enter()`` changes.
    public let inputDescriptor: Int32
    /// The descriptor frames are written to.
    public let outputDescriptor: Int32
    /// Whether ``enter()`` ran and ``restore()`` has not.
    public private(set) var isActive = false
    /// Whether reading input found its end (the input was closed); ``readInput(timeout:)`` then
    /// returns at once, with no bytes.
    public private(set) var isAtEndOfInput = false
    /// How long ``readKeys(timeout:)`` waits after an `ESC` byte for the rest of an escape
    /// sequence before reporting ``Key/escape``.
    public var escapeDelay: Duration = .milliseconds(25)
    /// Whether ``enter()`` asks the terminal to report the mouse: presses, releases, drags with a
    /// button down, and the wheel, as ``Key/mouse(_:)``. On by default, as in most full-screen
    /// programs; the terminal then selects text only with Shift held (most terminals). Set it
    /// before ``enter()``; ``restore()`` always turns the reports off.
    public var capturesMouse = true

    /// Whether frames are drawn with colors: not when the `NO_COLOR` environment variable is set
    /// and not empty (no-color.org), so that what colors say must also be said by text or by
    /// attributes (the selection is inverse, a favorite a ♥).
    public var usesColor: Bool {
        get { renderer.usesColor }
        set { renderer.usesColor = newValue }
    }

    /// Whether colors are wanted, given the value of `NO_COLOR` (this process's by default): not
    /// when it is set to anything but the empty string.
    public static func wantsColor(noColor: String? = getenv("NO_COLOR").map { String(cString: $0) }) -> Bool {
        (noColor ?? "").isEmpty
    }

    /// Turns frames into the output that updates the screen.
    private var renderer = ScreenDiffRenderer()
    /// Holds partial keys between reads.
    private var keyParser = KeyParser()
    /// A resize arrived that ``didResize`` has not reported yet.
    private var resizeNotReported = false

    /// A terminal on the given descriptors, not yet entered.
    ///
    /// - Parameters:
    ///   - inputDescriptor: Where keys come from; standard input by default.
    ///   - outputDescriptor: Where frames go; standard output by default.
    public init(inputDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO) {
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
        renderer.usesColor = Self.wantsColor()
    }

    deinit {
        restore()
    }

    /// Sets the terminal up for a full-screen UI: raw mode, alternate screen, auto-wrap off,
    /// cursor hidden; and installs the handlers that restore it (see the type's documentation).
    /// Does nothing if this terminal is active already.
    ///
    /// - Throws: ``TerminalError/notATerminal(errno:)`` when the input is not a terminal,
    ///   ``TerminalError/alreadyActive`` when another `Terminal` is active,
    ///   ``TerminalError/systemCallFailed(_:errno:)`` when setting it up fails.
    public func enter() throws(TerminalError) {
        if isActive { return }
        let storage = signalSafeStorage
        guard storage.state.pointee.isActive == 0 else { throw .alreadyActive }
        var mode = termios()
        guard tcgetattr(inputDescriptor, &mode) == 0 else { throw .notATerminal(errno: errno) }
        guard storage.makeWakePipe() else { throw .systemCallFailed("pipe", errno: errno) }
        _ = storage.drainWakePipe()

        // Everything the handlers read is in place before they are installed.
        storage.savedMode.pointee = mode
        storage.state.pointee.inputDescriptor = inputDescriptor
        storage.state.pointee.outputDescriptor = outputDescriptor
        storage.state.pointee.isActive = 1
        storage.installHandlers()
        isActive = true

        var raw = mode
        cfmakeraw(&raw)
        guard tcsetattr(inputDescriptor, TCSAFLUSH, &raw) == 0 else {
            // Nothing changed on the terminal yet: take the handlers back and leave it alone.
            let code = errno
            storage.uninstallHandlers()
            storage.state.pointee.isActive = 0
            isActive = false
            throw .systemCallFailed("tcsetattr", errno: code)
        }
        write(capturesMouse ? terminalEnterSequence + terminalMouseSequence : terminalEnterSequence)
        renderer.invalidate()
        keyParser = KeyParser()
        isAtEndOfInput = false
        resizeNotReported = false
    }

    /// Puts the terminal back as ``enter()`` found it: the saved mode, the main screen, the
    /// cursor shown, the default style; and removes the signal handlers. Idempotent; does
    /// nothing if this terminal is not active.
    public func restore() {
        guard isActive else { return }
        signalSafeStorage.uninstallHandlers()
        restoreTerminalState()
        isActive = false
    }

    /// Gives the terminal back and stops the job, as Ctrl-Z does outside raw mode: restores the
    /// terminal as ``restore()`` does, sends SIGTSTP to the process group (so a script that
    /// started this process stops with it, and the shell sees the job stop), and, when the job is
    /// continued (`fg`), enters again. The next ``present(_:)`` repaints the whole screen and
    /// ``didResize`` is `true`, since the window may have changed meanwhile. Raw mode turns
    /// Ctrl-Z into a key, so an application calls this when it reads `.control("z")`. Does
    /// nothing if this terminal is not active.
    ///
    /// Where SIGTSTP is ignored, this does nothing, as Ctrl-Z does. Where it does not stop the
    /// process for another reason (it is handled, or the process group is orphaned, as under a
    /// shell without job control), the terminal is taken again after about 0.1 s. If taking it
    /// again fails, the terminal stays restored and ``isActive`` is `false`.
    public func suspend() {
        guard isActive, !SignalSafeStorage.isIgnored(SIGTSTP) else { return }
        restore()
        signalSafeStorage.stopJob()
        // Continued. The mode to restore later is read again: the shell may have changed it.
        do {
            try enter()
        } catch {
            return
        }
        resizeNotReported = true
    }

    /// The terminal's size: from `ioctl(TIOCGWINSZ)` on the output, else on the input, else
    /// from the `COLUMNS` and `LINES` environment variables, else 80×24.
    ///
    /// - Complexity: One or two system calls.
    public var size: TerminalSize {
        for descriptor in [outputDescriptor, inputDescriptor] {
            var window = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
                return TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row))
            }
        }
        return Self.size(columns: Self.environment("COLUMNS"), lines: Self.environment("LINES"))
    }

    /// Whether the terminal was resized (a SIGWINCH arrived) since this was last read; reading
    /// it clears it. Poll it in the event loop, after ``readKeys(timeout:)`` or
    /// ``readInput(timeout:)`` returns, and read ``size`` when it is `true`.
    public var didResize: Bool {
        noticeResize()
        defer { resizeNotReported = false }
        return resizeNotReported
    }

    /// Writes `string` to the output, all of it: `write(2)` again after partial writes and
    /// interruptions.
    ///
    /// - Returns: Whether every byte was written (not, for example, when the terminal hung up).
    /// - Complexity: O(*n*), *n* the UTF-8 length of `string`.
    @discardableResult
    public func write(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { writeFully(outputDescriptor, $0) }
    }

    /// Waits up to `timeout` for input, and returns what one `read(2)` gets: at most 4096 bytes.
    ///
    /// It returns early, with no bytes, when the terminal is resized (see ``didResize``) or a
    /// signal interrupts the wait.
    ///
    /// - Parameter timeout: How long to wait; `nil` waits for input or a resize, `.zero` only
    ///   looks.
    /// - Returns: The bytes read; empty when the time ran out, on a resize, or at the end of
    ///   input (see ``isAtEndOfInput``).
    public func readInput(timeout: Duration?) -> [UInt8] {
        if isAtEndOfInput { return [] }
        let wake = isActive ? signalSafeStorage.state.pointee.wakeReadDescriptor : -1
        var descriptors = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let count = wake >= 0 ? 2 : 1
        let ready = poll(&descriptors, nfds_t(count), Self.milliseconds(timeout))
        guard ready > 0 else { return [] }
        if count == 2 && descriptors[1].revents != 0 {
            noticeResize()
        }
        guard descriptors[0].revents != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
        if length == 0 || (length < 0 && errno != EINTR && errno != EAGAIN) {
            isAtEndOfInput = true
        }
        return length > 0 ? Array(buffer[..<length]) : []
    }

    /// Waits up to `timeout` for input and returns the keys it decodes.
    ///
    /// After an `ESC` byte, it waits up to ``escapeDelay`` for the rest of an escape sequence;
    /// if none comes, the key is ``Key/escape``.
    ///
    /// - Parameter timeout: How long to wait for the first byte; `nil` waits for input or a
    ///   resize.
    /// - Returns: The keys read; empty when the time ran out or the terminal was resized.
    public func readKeys(timeout: Duration?) -> [Key] {
        var keys = keyParser.feed(readInput(timeout: timeout))
        while keyParser.hasPendingInput {
            let more = readInput(timeout: escapeDelay)
            if more.isEmpty {
                keys += keyParser.flush()
            } else {
                keys += keyParser.feed(more)
            }
        }
        return keys
    }

    /// Shows `frame`, writing only what changed since the last frame (see
    /// ``ScreenDiffRenderer``); the first frame, and the first after a resize, repaint the
    /// whole screen.
    public func present(_ frame: ScreenBuffer) {
        noticeResize()
        let output = renderer.render(frame)
        if !output.isEmpty {
            write(output)
        }
    }

    /// Drains the wake pipe; after a resize, marks it for ``didResize`` and makes the next
    /// frame a full repaint (terminals reflow or clear the screen when resized).
    private func noticeResize() {
        guard isActive, signalSafeStorage.drainWakePipe() else { return }
        resizeNotReported = true
        renderer.invalidate()
    }

    /// `timeout` in milliseconds for `poll(2)`, rounded up; -1 for `nil`.
    private static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// The value of environment variable `name`, if set.
    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The size given by the `COLUMNS` and `LINES` environment variables' values, each replaced
    /// by the standard 80×24's when missing or not a positive number.
    @_spi(Testing)
    public static func size(columns: String?, lines: String?) -> TerminalSize {
        func positive(_ text: String?) -> Int? {
            guard var digits = text?[...] else { return nil }
            while digits.first == " " { digits.removeFirst() }
            while digits.last == " " { digits.removeLast() }
            guard let value = Int(digits), value > 0 else { return nil }
            return value
        }
        return TerminalSize(
            width: positive(columns) ?? TerminalSize.standard.width,
            height: positive(lines) ?? TerminalSize.standard.height)
    }
}
