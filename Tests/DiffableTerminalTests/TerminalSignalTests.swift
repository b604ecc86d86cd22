import DiffableTerminal
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pseudo-terminal slave an exit test's child process checks from its own signal or exit
/// handler. Safe as `nonisolated(unsafe)`: each child process sets it once, before it installs
/// the handler that reads it, and nothing else touches it.
nonisolated(unsafe) private var checkedDescriptor: Int32 = -1

/// 42 if the terminal on `checkedDescriptor` is back in canonical mode with echo (restored), 43 if
/// it is still raw. Async-signal-safe (only `tcgetattr`), for the handlers below.
private func restoredStatus() -> Int32 {
    var mode = termios()
    let restored =
        tcgetattr(checkedDescriptor, &mode) == 0 && mode.c_lflag & tcflag_t(ICANON) != 0
        && mode.c_lflag & tcflag_t(ECHO) != 0
    return restored ? 42 : 43
}

/// A handler for a child process: exits with `restoredStatus()`.
private func exitWithRestoredStatus(_ signal: Int32) {
    _exit(restoredStatus())
}

/// What the terminal on `checkedDescriptor` was in when SIGTSTP arrived: 0 before it did, 42 if
/// restored (canonical mode with echo), 43 if still raw. Safe as `nonisolated(unsafe)`: only the
/// child process of one exit test touches it, its handler writes it, and the test reads it after
/// the thread the signal was delivered on returned from `kill`.
nonisolated(unsafe) private var modeAtStop: Int32 = 0

/// A SIGTSTP handler for a child process, in place of stopping it: records `modeAtStop`, then
/// continues the process as a shell's `fg` would.
private func recordModeAtStop(_ signal: Int32) {
    modeAtStop = restoredStatus()
    _ = kill(getpid(), SIGCONT)
}

/// `exitWithRestoredStatus` as an `atexit` handler.
private func exitWithRestoredStatusAtExit() {
    exitWithRestoredStatus(0)
}

/// Installs `handler` (by default `exitWithRestoredStatus`) as the handler of `signal`.
private func installCheckingHandler(
    for signal: Int32, _ handler: @convention(c) (Int32) -> Void = exitWithRestoredStatus
) {
    var action = sigaction()
    #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
    #else
        action.__sigaction_handler.sa_handler = handler
    #endif
    _ = sigemptyset(&action.sa_mask)
    _ = sigaction(signal, &action, nil)
}

/// Lets the calling thread receive `signal` (test threads block signals) so `raise` delivers it.
private func unblock(_ signal: Int32) {
    var set = sigset_t()
    _ = sigemptyset(&set)
    _ = sigaddset(&set, signal)
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// How the terminal is put back when the process ends without calling `restore()`. Each test
/// runs in a child process (an exit test) with its own pseudo-terminal.
@Suite("Terminal restore on exit and signals")
struct TerminalSignalTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aTerminatingSignalStillEndsTheProcessWithThatSignal(signal: Int32) async {
        await #expect(processExitsWith: .signal(signal)) { [signal] in
            let pty = try PseudoTerminal()
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            unblock(signal)
            _ = raise(signal)
            Issue.record("still running after the signal")
        }
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGQUIT, SIGABRT])
    func aSignalRestoresTheTerminalThenRunsThePreviousHandler(signal: Int32) async {
        await #expect(processExitsWith: .exitCode(42)) { [signal] in
            let pty = try PseudoTerminal()
            checkedDescriptor = pty.slave
            installCheckingHandler(for: signal)
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            unblock(signal)
            _ = raise(signal)
            Issue.record("still running after the signal")
        }
    }

    @Test func aCrashRestoresTheTerminalThenRunsThePreviousHandler() async {
        await #expect(processExitsWith: .exitCode(42)) {
            let pty = try PseudoTerminal()
            checkedDescriptor = pty.slave
            // Swift's runtime traps are SIGILL on x86_64 and SIGTRAP on arm64.
            installCheckingHandler(for: SIGILL)
            installCheckingHandler(for: SIGTRAP)
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            let values: [Int] = []
            _ = values[Int(pty.slave)]  // traps: index out of range
        }
    }

    @Test func exitingWithoutRestoringRestoresTheTerminal() async {
        await #expect(processExitsWith: .exitCode(42)) {
            let pty = try PseudoTerminal()
            checkedDescriptor = pty.slave
            // Registered first, so it runs after the terminal's own exit handler.
            _ = atexit(exitWithRestoredStatusAtExit)
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            exit(0)
        }
    }

    @Test func suspendGivesTheTerminalBackStopsTheJobAndTakesTheTerminalAgain() async {
        // Exit codes: 42, restored when the stop signal came and raw again after; 43, still raw
        // when it came; 0, it never came; 2, other output than restore then enter; 3, not raw
        // or not active after; 4, no resize reported.
        await #expect(processExitsWith: .exitCode(42)) {
            // A process group of its own, so the SIGTSTP sent to the group reaches only this
            // child; a handler stands in for the stop.
            _ = setpgid(0, 0)
            let pty = try PseudoTerminal()
            checkedDescriptor = pty.slave
            installCheckingHandler(for: SIGTSTP, recordModeAtStop)
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            _ = pty.readOutput(until: enterSequence)
            terminal.suspend()
            guard pty.readOutput(until: enterSequence) == restoreSequence + enterSequence else { exit(2) }
            guard terminal.isActive, pty.mode.c_lflag & tcflag_t(ICANON | ECHO) == 0 else { exit(3) }
            guard terminal.didResize else { exit(4) }
            terminal.restore()
            exit(modeAtStop)
        }
    }

    @Test func suspendDoesNothingWhereTheStopSignalIsIgnored() async {
        await #expect(processExitsWith: .success) {
            _ = setpgid(0, 0)
            let pty = try PseudoTerminal()
            _ = signal(SIGTSTP, SIG_IGN)
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            _ = pty.readOutput(until: enterSequence)
            terminal.suspend()
            // Neither restored nor entered again: nothing written, still raw, no resize.
            guard pty.readOutput(idleMilliseconds: 200).isEmpty, terminal.isActive, !terminal.didResize
            else { exit(2) }
            terminal.restore()
            exit(0)
        }
    }

    @Test func anIgnoredSignalStaysIgnored() async {
        await #expect(processExitsWith: .success) {
            let pty = try PseudoTerminal()
            _ = signal(SIGHUP, SIG_IGN)
            let terminal = Terminal(inputDescriptor: pty.slave, outputDescriptor: pty.slave)
            try terminal.enter()
            unblock(SIGHUP)
            _ = raise(SIGHUP)
            #expect(terminal.isActive)
            terminal.restore()
            exit(0)
        }
    }
}
