import Foundation

// Measuring the server.

/// What /proc says of a process.
struct ProcessSample {
    var cpuSeconds: Double
    var threads: Int
    var residentKiB: Int

    init(pid: Int32) {
        // utime and stime of the whole process, threads that ended included: the 12th and 13th
        // fields after the command's closing parenthesis, in clock ticks (hundredths of a
        // second), so a figure is read over many of them.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let user = fields.count > 12 ? Double(fields[11]) ?? 0 : 0
        let system = fields.count > 12 ? Double(fields[12]) ?? 0 : 0
        cpuSeconds = (user + system) / ticks
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        threads = field("Threads")
        // Anonymous memory: the heap, not the database file SQLite maps (which comes and goes).
        residentKiB = field("RssAnon")
    }
}

/// The CPU of a process over a span of time, measured from its start.
struct CPUSpan {
    let pid: Int32
    let start: ProcessSample
    let clock = ContinuousClock.now

    init(pid: Int32) {
        self.pid = pid
        start = ProcessSample(pid: pid)
    }

    /// The process's CPU since the start, in % of a core.
    var percent: Double {
        (ProcessSample(pid: pid).cpuSeconds - start.cpuSeconds) / (ContinuousClock.now - clock).milliseconds
            * 1e5
    }

    /// The process's CPU since the start beyond `idlePercent` (of a core) over that time, in
    /// milliseconds, per each of `count` things done.
    func milliseconds(beyondIdle idlePercent: Double, per count: Int) -> Double {
        let seconds = ProcessSample(pid: pid).cpuSeconds - start.cpuSeconds
        let idle = idlePercent / 100 * (ContinuousClock.now - clock).milliseconds / 1e3
        return max(0, seconds - idle) * 1e3 / Double(max(count, 1))
    }
}

/// The server process: this executable in `serve` mode (or `floor`, see `Floor.swift`).
final class Server {
    let process = Process()
    let port: Int
    var pid: Int32 { process.processIdentifier }

    convenience init(database: String, sharing: Bool) throws {
        try self.init { port in ["serve", database, "\(port)"] + (sharing ? [] : ["--no-sharing"]) }
    }

    /// Starts this executable with the arguments made for a port, and waits until it says it serves.
    init(arguments: (_ port: Int) -> [String]) throws {
        port = Int.random(in: 20_000..<60_000)
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(port)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while !text.contains("Serving"), ContinuousClock.now < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard text.contains("Serving") else { throw BenchmarkError("the server did not start: \(text)") }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
