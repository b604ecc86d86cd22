#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call in a test helper.
struct SystemCallError: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// A pseudo-terminal pair, so tests can drive a real tty: a `Terminal` uses the slave end, the
/// test plays the user and the screen on the master end.
struct PseudoTerminal {
    /// The end the test reads the program's output from and writes the user's keys to.
    let master: Int32
    /// The end a `Terminal` uses, as a program uses its tty.
    let slave: Int32

    init() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw SystemCallError(call: "openpty", code: errno)
        }
        self.master = master
        self.slave = slave
    }

    /// Closes both ends.
    func close() {
        _ = closeDescriptor(slave)
        _ = closeDescriptor(master)
    }

    /// The slave end's current mode.
    var mode: termios {
        var mode = termios()
        _ = tcgetattr(slave, &mode)
        return mode
    }

    /// Types `text` on the terminal, as the user.
    func type(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            _ = write(master, buffer.baseAddress, buffer.count)
        }
    }

    /// Sets the window size, as a terminal emulator does when its window is resized.
    func setSize(width: Int, height: Int) {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    /// Reads what the program wrote until it ends with `suffix` (or contains it), or until no
    /// more output comes for a while; returns all of it.
    func readOutput(until suffix: String? = nil, idleMilliseconds: Int32 = 2000) -> String {
        var output: [UInt8] = []
        while true {
            if let suffix, String(decoding: output, as: UTF8.self).contains(suffix) { break }
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, suffix == nil ? 50 : idleMilliseconds) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[..<count]
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// `close(2)`, under a name that does not clash with `PseudoTerminal.close()`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
