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

/// A handler for a child process: exits with 42 if the terminal on `checkedDescriptor` is back in
/// canonical mode with echo (restored), 43 if it is still raw. Uses only async-signal-safe calls.
private func exitWithRestoredStatus(_ signal: Int32) {
    var mode = termios()
    let restored =
        tcgetattr(checkedDescriptor, &mode) == 0 && mode.c_lflag & tcflag_t(ICANON) != 0
        && mode.c_lflag & tcflag_t(ECHO) != 0
    _exit(restored ? 42 : 43)
}

/// `exitWithRestoredStatus` as an `atexit` handler.
private func exitWithRestoredStatusAtExit() {
    exitWithRestoredStatus(0)
}

/// Installs `exitWithRestoredStatus` as the handler of `signal`.
private func installCheckingHandler(for signal: Int32) {
    var action = sigaction()
    #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = exitWithRestoredStatus
    #else
        action.__sigaction_handler.sa_handler = exitWithRestoredStatus
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
