#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Putting the terminal back when the process dies.
//
// A process that dies in raw mode on the alternate screen leaves the user's shell unusable
// (no echo, no line editing, the main screen hidden). So while a `Terminal` is active, the
// signals that end a process run a handler that restores the terminal and then lets the signal
// do what it did before; an `atexit` handler covers `exit()`. Both may run at any moment —
// within `malloc`, holding a lock, in the middle of Swift code on another thread — so they
// do only what is async-signal-safe: they read C memory set up in advance and call `write(2)`,
// `tcsetattr(3)`, `poll(2)`, `sigaction(2)` and `raise(3)`. No Swift runtime code runs in them:
// no allocation, no reference counting, no locks.

/// The signals whose default action ends the process, and after which the terminal is restored
/// before the signal goes on: interrupts and terminations from outside, and crashes (Swift's
/// runtime traps are SIGILL on x86_64 and SIGTRAP on arm64).
let terminatingSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP,
]

/// What `Terminal.enter()` writes: the alternate screen (saving the cursor), auto-wrap off (so
/// writing the bottom-right cell never scrolls), the cursor hidden. No bracketed paste.
let terminalEnterSequence = "\u{1B}[?1049h\u{1B}[?7l\u{1B}[?25l"

/// What `Terminal.enter()` writes after `terminalEnterSequence` when it captures the mouse: reports
/// of presses and releases (1000) and of motion with a button down (1002), in the SGR encoding
/// (1006), which has no limit on the column and says which button came up.
let terminalMouseSequence = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"

/// What undoes `terminalEnterSequence` and `terminalMouseSequence`: no mouse reports, the default
/// style, the cursor shown, auto-wrap on, the main screen back (restoring the cursor). Turning the
/// mouse reports off costs nothing where they were not on.
let terminalRestoreSequence =
    "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?1049l"

/// The terminal state that a signal handler needs to restore: plain values only.
struct SignalSafeState {
    /// 1 while a `Terminal` is active (raw mode, alternate screen) and not yet restored.
    var isActive: Int32 = 0
    /// The descriptor whose mode was saved and changed.
    var inputDescriptor: Int32 = -1
    /// The descriptor the restore sequence goes to.
    var outputDescriptor: Int32 = -1
    /// The read end of the pipe the SIGWINCH handler writes a byte to.
    var wakeReadDescriptor: Int32 = -1
    /// The write end of that pipe (non-blocking, so a full pipe never blocks the handler).
    var wakeWriteDescriptor: Int32 = -1
    /// Whether the `atexit` handler is registered (it is, once, for the life of the process).
    var exitHandlerRegistered = false
    /// The read end of the pipe the SIGCONT handler writes a byte to while `stopJob()` waits.
    var continueReadDescriptor: Int32 = -1
    /// The write end of that pipe (non-blocking). Like the wake pipe, it lives as long as the
    /// process: a handler running late never writes to a descriptor number reused for a file.
    var continueWriteDescriptor: Int32 = -1
}

/// C memory for the signal handlers, allocated once for the life of the process.
///
/// Why sharing this with signal handlers is safe:
/// - It holds only pointers to C memory (`SignalSafeState`, a `termios`, bytes, `sigaction`s)
///   that is allocated once, in the initializer, and never freed, moved or reallocated. Reading
///   through them is a plain load: no reference counting, no allocation, no locks.
/// - The global `signalSafeStorage` is initialized (once, thread-safely, by Swift's lazy global
///   initialization) when `Terminal.enter()` first touches it, before any handler is installed;
///   a handler's access then finds it initialized and only loads it.
/// - The pointees are written only by `Terminal.enter()` and `stopJob()`, before they install
///   the handlers (so `sigaction` publishes the writes to them), and by `Terminal.restore()`,
///   after it removed them. The one exception is `isActive`, an aligned 32-bit word that the restore clears so it
///   runs once; if a handler on one thread and `restore()` on another race on it, both restore,
///   which writes the same bytes and sets the same mode twice — harmless.
struct SignalSafeStorage {
    /// The number of slots in the per-signal tables, indexed by signal number (`NSIG` on Linux).
    static let signalSlotCount = 65

    /// The state above.
    let state: UnsafeMutablePointer<SignalSafeState>
    /// The terminal mode to restore.
    let savedMode: UnsafeMutablePointer<termios>
    /// The bytes of `terminalRestoreSequence`.
    let restoreSequence: UnsafeBufferPointer<UInt8>
    /// The action each signal had before ours, to put back, indexed by signal number.
    let previousActions: UnsafeMutablePointer<sigaction>
    /// Whether our handler is installed for each signal number.
    let isInstalled: UnsafeMutablePointer<Bool>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: SignalSafeState())
        savedMode = .allocate(capacity: 1)
        savedMode.initialize(to: termios())
        let sequence = UnsafeMutableBufferPointer<UInt8>.allocate(
            capacity: terminalRestoreSequence.utf8.count)
        _ = sequence.initialize(from: terminalRestoreSequence.utf8)
        restoreSequence = UnsafeBufferPointer(sequence)
        previousActions = .allocate(capacity: Self.signalSlotCount)
        previousActions.initialize(repeating: sigaction(), count: Self.signalSlotCount)
        isInstalled = .allocate(capacity: Self.signalSlotCount)
        isInstalled.initialize(repeating: false, count: Self.signalSlotCount)
    }
}

/// The storage the handlers read; see ``SignalSafeStorage`` for why `nonisolated(unsafe)` is
/// safe here: the value is immutable after initialization and holds only pointers to C memory
/// that is never freed.
nonisolated(unsafe) let signalSafeStorage = SignalSafeStorage()

/// Puts the terminal back — the restore sequence to the output, the saved mode on the input — if
/// a `Terminal` is active, and marks it inactive. Async-signal-safe.
func restoreTerminalState() {
    let state = signalSafeStorage.state
    guard state.pointee.isActive != 0 else { return }
    state.pointee.isActive = 0
    _ = writeFully(state.pointee.outputDescriptor, signalSafeStorage.restoreSequence)
    _ = tcsetattr(state.pointee.inputDescriptor, TCSAFLUSH, signalSafeStorage.savedMode)
}

/// Writes all of `bytes` to `descriptor` with `write(2)`, retrying after partial writes and
/// interruptions and waiting with `poll(2)` when the descriptor is non-blocking and full.
/// Async-signal-safe.
///
/// - Returns: Whether every byte was written.
func writeFully(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, base + offset, bytes.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&waiting, 1, -1)
        } else {
            return false
        }
    }
    return true
}

/// The handler for `terminatingSignals`: restores the terminal, puts back the signal's previous
/// action (the default, or another handler such as the Swift runtime's crash reporter), and
/// raises the signal again, so the process ends as it would have without us. The raised signal
/// is blocked until this handler returns; a crash signal would also recur when the faulting
/// instruction runs again.
private func handleTerminatingSignal(_ signal: Int32) {
    let savedErrno = errno
    restoreTerminalState()
    if signal > 0 && signal < SignalSafeStorage.signalSlotCount {
        _ = sigaction(signal, signalSafeStorage.previousActions + Int(signal), nil)
    }
    _ = raise(signal)
    errno = savedErrno
}

/// The SIGWINCH handler: writes a byte to the wake pipe, which wakes `Terminal.readInput` and
/// tells `Terminal.didResize` that the size changed.
private func handleResizeSignal(_ signal: Int32) {
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(signalSafeStorage.state.pointee.wakeWriteDescriptor, &byte, 1)
    errno = savedErrno
}

/// The SIGCONT handler while `stopJob()` waits: writes a byte to the continue pipe, which
/// `stopJob()` polls. A pipe rather than a flag: a write and a read are the kernel's to order, so
/// the handler and the waiting thread share no memory.
private func handleContinueSignal(_ signal: Int32) {
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(signalSafeStorage.state.pointee.continueWriteDescriptor, &byte, 1)
    errno = savedErrno
}

/// The `atexit` handler: restores the terminal if the process exits while it is active.
private func restoreTerminalAtExit() {
    restoreTerminalState()
}

extension SignalSafeStorage {
    /// Installs the handlers for `terminatingSignals` and SIGWINCH, and the `atexit` handler the
    /// first time. Signals that were ignored (as under `nohup`) stay ignored.
    func installHandlers() {
        var fatalMask = sigset_t()
        _ = sigemptyset(&fatalMask)
        for signal in terminatingSignals {
            _ = sigaddset(&fatalMask, signal)
        }
        for signal in terminatingSignals {
            install(handleTerminatingSignal, for: signal, mask: fatalMask, flags: SA_ONSTACK)
        }
        var noMask = sigset_t()
        _ = sigemptyset(&noMask)
        install(handleResizeSignal, for: SIGWINCH, mask: noMask, flags: SA_RESTART)
        if !state.pointee.exitHandlerRegistered {
            state.pointee.exitHandlerRegistered = atexit(restoreTerminalAtExit) == 0
        }
    }

    /// Puts back the actions that `installHandlers()` replaced.
    func uninstallHandlers() {
        for signal in terminatingSignals + [SIGWINCH] {
            uninstall(signal)
        }
    }

    /// Stops the job as Ctrl-Z does outside raw mode: sends SIGTSTP to the process group, then
    /// returns once the process is continued (a SIGCONT arrived). Waiting for SIGCONT, rather
    /// than returning when `kill(2)` does, matters when the kernel hands the signal to another
    /// thread: this one may only stop a moment later. Where nothing stops the process (SIGTSTP
    /// is handled, or the process group is orphaned) and no SIGCONT comes, it returns after
    /// about 0.1 s.
    func stopJob() {
        if state.pointee.continueReadDescriptor < 0, let (read, write) = Self.makePipe() {
            state.pointee.continueReadDescriptor = read
            state.pointee.continueWriteDescriptor = write
        }
        let continued = state.pointee.continueReadDescriptor
        _ = Self.drain(continued)
        var noMask = sigset_t()
        _ = sigemptyset(&noMask)
        install(handleContinueSignal, for: SIGCONT, mask: noMask, flags: SA_RESTART)
        _ = kill(0, SIGTSTP)
        // Counted in naps, not in time: the time spent stopped does not run the wait down.
        var naps = 0
        var ready = pollfd(fd: continued, events: Int16(POLLIN), revents: 0)
        while naps < 100, continued < 0 || poll(&ready, 1, 1) <= 0 {
            if continued < 0 {
                var nap = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                _ = nanosleep(&nap, nil)
            }
            naps += 1
        }
        uninstall(SIGCONT)
        _ = Self.drain(continued)
    }

    /// Puts back the action that `install` replaced for `signal`, if it did.
    private func uninstall(_ signal: Int32) {
        guard isInstalled[Int(signal)] else { return }
        _ = sigaction(signal, previousActions + Int(signal), nil)
        isInstalled[Int(signal)] = false
    }

    /// Installs `handler` for `signal`, saving the previous action, unless `signal` is ignored.
    private func install(
        _ handler: @convention(c) (Int32) -> Void, for signal: Int32, mask: sigset_t, flags: Int32
    ) {
        let slot = Int(signal)
        guard slot > 0, slot < Self.signalSlotCount, !isInstalled[slot] else { return }
        guard sigaction(signal, nil, previousActions + slot) == 0, !Self.isIgnored(previousActions[slot])
        else {
            return
        }
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        action.sa_mask = mask
        action.sa_flags = flags
        isInstalled[slot] = sigaction(signal, &action, nil) == 0
    }

    /// Whether `signal` is ignored now.
    static func isIgnored(_ signal: Int32) -> Bool {
        var action = sigaction()
        return sigaction(signal, nil, &action) == 0 && isIgnored(action)
    }

    /// Whether `action` ignores its signal.
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
            let handler = action.__sigaction_u.__sa_handler
        #else
            let handler = action.__sigaction_handler.sa_handler
        #endif
        return action.sa_flags & SA_SIGINFO == 0
            && unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Creates the wake pipe the first time.
    ///
    /// - Returns: Whether the pipe exists.
    func makeWakePipe() -> Bool {
        if state.pointee.wakeReadDescriptor >= 0 { return true }
        guard let (read, write) = Self.makePipe() else { return false }
        state.pointee.wakeReadDescriptor = read
        state.pointee.wakeWriteDescriptor = write
        return true
    }

    /// Reads everything in the wake pipe.
    ///
    /// - Returns: Whether there was anything: a SIGWINCH arrived since the last call.
    func drainWakePipe() -> Bool {
        Self.drain(state.pointee.wakeReadDescriptor)
    }

    /// A pipe with both ends non-blocking and closed on `exec`.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return (descriptors[0], descriptors[1])
    }

    /// Reads everything in a non-blocking pipe.
    ///
    /// - Returns: Whether there was anything.
    private static func drain(_ descriptor: Int32) -> Bool {
        guard descriptor >= 0 else { return false }
        var drained = false
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &buffer, { read(descriptor, $0.baseAddress, $0.count) }) > 0 {
            drained = true
        }
        return drained
    }
}
