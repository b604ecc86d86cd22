import Diffable
@_spi(Testing) import DiffableTerminal
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ESC`, for writing expected output.
private let esc = "\u{1B}"
/// What `Terminal.enter()` writes when it does not capture the mouse.
let enterSequenceWithoutMouse = "\(esc)[?1049h\(esc)[?7l\(esc)[?25l"
/// What `Terminal.enter()` writes by default: mouse reports on too.
let enterSequence = enterSequenceWithoutMouse + "\(esc)[?1000h\(esc)[?1002h\(esc)[?1006h"
/// What `Terminal.restore()` writes.
let restoreSequence = "\(esc)[?1006l\(esc)[?1002l\(esc)[?1000l\(esc)[0m\(esc)[?25h\(esc)[?7h\(esc)[?1049l"

/// The terminal's local-mode flags, compared before and after.
private func localFlags(_ mode: termios) -> [Bool] {
    [ICANON, ECHO, ISIG, IEXTEN].map { mode.c_lflag & tcflag_t($0) != 0 }
}

/// Sends SIGWINCH to the process, as the kernel does when the terminal is resized. (`raise`
/// would send it to the calling thread, and test threads block signals; `kill` lets the kernel
/// deliver it on a thread that does not.)
private func sendResizeSignal() {
    _ = kill(getpid(), SIGWINCH)
}

/// Reads keys until `count` have come, or a read finds none within 10 s.
private func readKeys(from terminal: Terminal, count: Int) -> [Key] {
    var keys: [Key] = []
    while keys.count < count {
        let read = terminal.readKeys(timeout: .seconds(10))
        guard !read.isEmpty else { break }
        keys += read
    }
    return keys
}

/// A real terminal on a pseudo-terminal. Serialized: only one `Terminal` can be active in the
/// process, and the tests install process-wide signal handlers.
@Suite("Terminal", .serialized)
struct TerminalTests {
    @Test func enterSwitchesToRawModeAndTheAlternateScreenAndRestoreUndoesIt() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let original = pty.mode
        #expect(localFlags(original) == [true, true, true, true])

        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        #expect(terminal.isActive)
        let raw = pty.mode
        #expect(localFlags(raw) == [false, false, false, false])
        #expect(raw.c_iflag & tcflag_t(ICRNL) == 0)
        #expect(raw.c_iflag & tcflag_t(IXON) == 0)
        #expect(pty.readOutput(until: enterSequence) == enterSequence)

        terminal.restore()
        #expect(!terminal.isActive)
        let restored = pty.mode
        #expect(localFlags(restored) == localFlags(original))
        #expect(restored.c_iflag == original.c_iflag)
        #expect(restored.c_oflag == original.c_oflag)
        #expect(pty.readOutput(until: restoreSequence) == restoreSequence)
    }

    @Test func restoreIsIdempotent() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        terminal.restore()
        _ = pty.readOutput(until: restoreSequence)
        terminal.restore()
        #expect(pty.readOutput() == "")
        // And it can be entered again.
        try terminal.enter()
        #expect(terminal.isActive)
        terminal.restore()
    }

    @Test func theTerminalIsRestoredWhenItIsDeinitialized() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let original = localFlags(pty.mode)
        do {
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            #expect(localFlags(pty.mode) != original)
        }
        #expect(localFlags(pty.mode) == original)
    }

    @Test func enteringWhenTheInputIsNotATerminalThrows() throws {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        defer {
            for descriptor in descriptors { _ = close(descriptor) }
        }
        let terminal = Terminal(inputDescriptor: descriptors[0], outputDescriptor: descriptors[1])
        #expect(throws: TerminalError.notATerminal(errno: ENOTTY)) { try terminal.enter() }
        #expect(!terminal.isActive)
    }

    @Test func onlyOneTerminalCanBeActiveAtATime() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let first = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        let second = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try first.enter()
        #expect(throws: TerminalError.alreadyActive) { try second.enter() }
        first.restore()
        try second.enter()
        second.restore()
    }

    @Test func errorsDescribeThemselves() {
        #expect(
            TerminalError.notATerminal(errno: ENOTTY).description.hasPrefix("the input is not a terminal: "))
        #expect(TerminalError.alreadyActive.description == "another Terminal is active in this process")
    }

    @Test func sizeIsTheTerminalsWindowSize() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        pty.setSize(width: 100, height: 30)
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        #expect(terminal.size == TerminalSize(width: 100, height: 30))
        pty.setSize(width: 132, height: 43)
        #expect(terminal.size == TerminalSize(width: 132, height: 43))
    }

    @Test func sizeWithoutAWindowSizeComesFromTheEnvironmentThenDefaultsTo80By24() {
        #expect(Terminal.size(columns: "120", lines: "40") == TerminalSize(width: 120, height: 40))
        #expect(Terminal.size(columns: " 100 ", lines: nil) == TerminalSize(width: 100, height: 24))
        #expect(Terminal.size(columns: nil, lines: "50") == TerminalSize(width: 80, height: 50))
        #expect(Terminal.size(columns: "wide", lines: "0") == .standard)
        #expect(Terminal.size(columns: nil, lines: nil) == TerminalSize(width: 80, height: 24))
        #expect(TerminalSize.standard.description == "80×24")
    }

    @Test func readInputReturnsTheBytesTypedUntranslated() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        defer { terminal.restore() }
        pty.type("ab\r\u{3}")
        var input: [UInt8] = []
        while input.count < 4 {
            let bytes = terminal.readInput(timeout: .seconds(10))
            guard !bytes.isEmpty else { break }
            input += bytes
        }
        #expect(input == [0x61, 0x62, 0x0D, 0x03])
    }

    @Test func readInputWithNothingTypedReturnsNoBytes() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        defer { terminal.restore() }
        #expect(terminal.readInput(timeout: .zero) == [])
        #expect(terminal.readInput(timeout: .milliseconds(1)) == [])
    }

    @Test func readKeysDecodesKeysIncludingCtrlCAndALoneEscape() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        defer { terminal.restore() }
        pty.type("\(esc)[Ax\u{3}")
        let keys = readKeys(from: terminal, count: 3)
        #expect(keys == [.up, .character("x"), .control("c")])
        pty.type(esc)
        #expect(terminal.readKeys(timeout: .seconds(10)) == [.escape])
    }

    @Test func mouseReportsArriveAsMouseKeysAndCanBeLeftOff() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        #expect(pty.readOutput(until: enterSequence) == enterSequence)
        pty.type("\(esc)[<0;5;3M\(esc)[<0;5;3mq")
        let keys = readKeys(from: terminal, count: 3)
        #expect(
            keys == [
                .mouse(MouseEvent(.press(.left), x: 4, y: 2)),
                .mouse(MouseEvent(.release(.left), x: 4, y: 2)),
                .character("q"),
            ])
        terminal.restore()
        #expect(pty.readOutput(until: restoreSequence) == restoreSequence)

        terminal.capturesMouse = false
        try terminal.enter()
        defer { terminal.restore() }
        #expect(pty.readOutput(until: enterSequenceWithoutMouse) == enterSequenceWithoutMouse)
        #expect(pty.readOutput(idleMilliseconds: 100).isEmpty, "no mouse reports asked for")
    }

    @Test func aResizeWakesTheReadAndSetsDidResizeOnce() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        defer { terminal.restore() }
        #expect(!terminal.didResize)
        pty.setSize(width: 90, height: 20)
        sendResizeSignal()
        // Returns as soon as the signal arrives, with no input, though the timeout is long.
        #expect(terminal.readInput(timeout: .seconds(60)) == [])
        #expect(terminal.didResize)
        #expect(!terminal.didResize)
        #expect(terminal.size == TerminalSize(width: 90, height: 20))
        sendResizeSignal()
        #expect(terminal.readKeys(timeout: .seconds(60)) == [])
        #expect(terminal.didResize)
    }

    @Test func presentWritesOnlyWhatChangedAndRepaintsAfterAResize() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
        try terminal.enter()
        defer { terminal.restore() }
        _ = pty.readOutput(until: enterSequence)
        var frame = ScreenBuffer(width: 10, height: 2)
        frame.write("hi", x: 0, y: 0)
        terminal.present(frame)
        #expect(pty.readOutput(until: "hi") == "\(esc)[0m\(esc)[H\(esc)[2Jhi")
        frame.write("o", x: 1, y: 0)
        terminal.present(frame)
        #expect(pty.readOutput(until: "o") == "\(esc)[1;2Ho")
        terminal.present(frame)
        sendResizeSignal()
        #expect(terminal.readInput(timeout: .seconds(60)) == [])
        terminal.present(frame)
        #expect(pty.readOutput(until: "ho") == "\(esc)[0m\(esc)[H\(esc)[2Jho")
        #expect(terminal.didResize)
    }

    @Test func writeWritesEverythingThroughPartialWrites() throws {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        defer { _ = close(readEnd) }
        // A non-blocking write end: a large write fills the pipe, and has to wait and go on.
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let received = _Lock<[UInt8]>([])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                guard count > 0 else { break }
                received.withLock { $0 += buffer[..<count] }
            }
            done.signal()
        }
        let text = String(repeating: "0123456789漢字🙂\n", count: 20_000)
        let terminal = Terminal(inputDescriptor: readEnd, outputDescriptor: writeEnd)
        #expect(terminal.write(text))
        _ = close(writeEnd)
        done.wait()
        #expect(received.withLock { $0 } == Array(text.utf8))
    }

    @Test func writeReportsFailure() throws {
        let terminal = Terminal(inputDescriptor: -1, outputDescriptor: -1)
        #expect(!terminal.write("x"))
        #expect(terminal.readInput(timeout: .zero) == [])
    }
}
