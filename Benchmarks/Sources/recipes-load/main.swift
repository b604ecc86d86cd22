// `recipes serve` under load: many pages on one server, and writes from another process and
// from a page, in a release build on this machine. For each database size and number of pages,
// the benchmark starts the server (this executable, as a second process), connects the pages
// (plain WebSocket clients on loopback that say the page's hello and read what comes), and
// measures the server:
//
// - idle_cpu_pct: its CPU over 10 s with every page loaded and nothing written, in % of a core;
// - threads: its thread count then;
// - kib_per_page: its resident memory, beyond what it had with a tenth of the pages, per further
//   page;
// - external_write: a one-row UPDATE (a recipe's title, at the top of All Recipes) committed by
//   this process, until the last page has the patch with the new title: p50 and p99 over the
//   writes;
// - page_write: the same for a favorite toggled from one page (the patch that reconfigures the
//   row, with its title, reaches every page);
// - write_cpu_ms: the server's CPU time for one write: its CPU over all the writes, less what
//   it spends idle in that time, divided by the number of writes (external and page);
// - floor_write_cpu_ms: the same for a bare server on the same stack (Hummingbird's WebSockets,
//   NIO, loopback) that sends every page one text of bytes_per_frame bytes (the mean size of the
//   frames the pages received over the writes) made once, with nothing behind it: the socket
//   writes' share of write_cpu_ms, measured beside it (`Floor.swift`); skipped with
//   --distinct-searches, whose writes reach one page's list;
// - frames_per_write: the WebSocket messages the pages received over all the writes, per page
//   each write reached (a page that received anything in the time of that write): 1 when each
//   write reaches each page it concerns as one frame;
// - baseline_external_write_p99_ms: external_write's p99 with sharing turned off (every page
//   its own controllers and counts, `serveRecipes(sharing: false)`), in the same run, where it
//   finishes: skipped when the pages' lists would not fit in memory, or a step takes too long.
//
// With --distinct-searches, every page then types a search of its own — three words of the
// made-up titles ("smoky chicken curry"), a different three for each page — so the server keeps
// one live search per page, and every commit to `recipe` is matched against all of them. The
// writes concern the first page alone: its search is the words of the recipe the writes rename
// (which is first in its results, selected, and shown in its detail), and the times are until
// that page has the new title. The line then says `searches=<k>`, the distinct searches shown.
//
//   swift run -c release --package-path Benchmarks recipes-load [--recipes 40,100000,1000000]
//       [--pages 1,100,1000] [--writes 20] [--no-baseline] [--distinct-searches]
//
// Databases are generated once into a folder of the temporary directory and reused. Each case
// ends with one line:
//
//   load recipes=<n> pages=<n> idle_cpu_pct=<x> threads=<n> kib_per_page=<x>
//       external_write_p50_ms=<x> external_write_p99_ms=<x> page_write_p99_ms=<x> write_cpu_ms=<x>
//       floor_write_cpu_ms=<x> bytes_per_frame=<n> frames_per_write=<x>
//       baseline_external_write_p99_ms=<x or skipped>

import ArgumentParser
import BenchmarkOptions
import Foundation
import GRDB
import HummingbirdWSClient
import Logging
import RecipeKit
import RecipeStore
import RecipesWeb
import Synchronization

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("recipes-load: \(message)\n".utf8))
    exit(1)
}

// MARK: The server, in its own process

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" {
    guard arguments.count >= 3, let port = Int(arguments[2]) else {
        fail("usage: recipes-load serve DATABASE PORT")
    }
    useTwoMallocArenas()  // as `recipes serve` does
    let database: RecipeDatabase
    do { database = try RecipeDatabase(path: arguments[1], seeding: false) } catch { fail("\(error)") }
    do {
        try await serveRecipes(
            database: database, host: "127.0.0.1", port: port, sharing: !arguments.contains("--no-sharing")
        ) { url in
            FileHandle.standardOutput.write(Data("Serving \(url)\n".utf8))
        }
    } catch {
        fail("cannot serve: \(error)")
    }
    exit(0)
}

if arguments.first == "floor" {
    guard arguments.count >= 2, let port = Int(arguments[1]) else { fail("usage: recipes-load floor PORT") }
    useTwoMallocArenas()
    do { try await serveFloor(port: port) } catch { fail("cannot serve the floor: \(error)") }
    exit(0)
}

// MARK: Options

/// Prints a line at once (into a pipe too, where `print` would buffer it).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let options = Options.parseOrExit(arguments)
let sizes = options.recipes.values
let pageCounts = options.pages.values
let writeCount = options.writes
let runsBaseline = !options.noBaseline && !options.distinctSearches
let distinctSearches = options.distinctSearches

// MARK: Databases

/// A database of `count` made-up recipes, generated once into a cache folder; its change log
/// starts empty.
func databasePath(count: Int) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-load")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("recipes-\(count).sqlite").path
    if !FileManager.default.fileExists(atPath: path) {
        say("generating \(count.formatted()) recipes (once; kept in \(folder.path))…")
        let made = try RecipeDatabase(path: path + ".tmp", seeding: false)
        try made.generate(count: count)
        try made.pool.write { try $0.execute(sql: "DELETE FROM diffable_change") }
        _ = try made.pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try made.pool.close()
        try FileManager.default.moveItem(atPath: path + ".tmp", toPath: path)
    }
    return path
}

// MARK: Pages

/// What the pages have received: for each page, when it first saw the text being waited for.
final class Arrivals: Sendable {
    private struct State {
        var marker = ""
        /// Markers of their own for some pages, instead of `marker`.
        var markers: [Int: String] = [:]
        var arrived: [Int: ContinuousClock.Instant] = [:]
        /// Messages received, by every page, and their bytes.
        var frames = 0
        var bytes = 0
        /// The pages that received a message since the last `expect`, and how many pages had
        /// received one in each time between two `expect`s before, added up.
        var framed: Set<Int> = []
        var deliveries = 0
        var connected = 0
        var closed = 0
    }
    private let state = Mutex(State())

    /// Starts waiting for `marker`: the arrivals before are forgotten.
    func expect(_ marker: String, markers: [Int: String] = [:]) {
        state.withLock {
            $0.marker = marker
            $0.markers = markers
            $0.arrived = [:]
            $0.deliveries += $0.framed.count
            $0.framed = []
        }
    }

    func received(_ text: String, page: Int) {
        let now = ContinuousClock.now
        let marker = state.withLock { state -> String? in
            state.frames += 1
            state.bytes += text.utf8.count
            state.framed.insert(page)
            let marker = state.markers[page] ?? state.marker
            return state.arrived[page] == nil && !marker.isEmpty ? marker : nil
        }
        // Outside the lock, on the UTF-8 bytes: Foundation's `contains`, under the lock, went
        // through UTF-16 and took a quarter of this process's CPU, beside the server on two cores.
        guard let marker, bytes(of: text, contain: marker) else { return }
        state.withLock { state in
            guard state.arrived[page] == nil, (state.markers[page] ?? state.marker) == marker else { return }
            state.arrived[page] = now
        }
    }

    private func bytes(of text: String, contain part: String) -> Bool {
        var text = text
        var part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard let first = part.first else { return true }
                let last = text.count - part.count  // the last place the part can start
                var start = 0
                while start <= last, let hit = text[start...last].firstIndex(of: first) {
                    if memcmp(text.baseAddress! + hit, part.baseAddress!, part.count) == 0 { return true }
                    start = hit + 1
                }
                return false
            }
        }
    }

    var count: Int { state.withLock { $0.arrived.count } }
    var frames: Int { state.withLock { $0.frames } }
    var bytes: Int { state.withLock { $0.bytes } }
    /// Pages that received messages, counted once for each time between two `expect`s.
    var deliveries: Int { state.withLock { $0.deliveries + $0.framed.count } }
    var last: ContinuousClock.Instant? { state.withLock { $0.arrived.values.max() } }
    var connected: Int { state.withLock { $0.connected } }
    func didConnect() { state.withLock { $0.connected += 1 } }
    func didClose() { state.withLock { $0.closed += 1 } }
}

/// One page: a WebSocket that says hello, then reads; page 0 also sends what `commands` yields,
/// and a page with a `search` types it once its first list has arrived.
func runPage(
    _ index: Int, port: Int, arrivals: Arrivals, commands: AsyncStream<String>?, search: String? = nil,
    until end: ContinuousClock.Instant
) async {
    var logger = Logger(label: "page")
    logger.logLevel = .critical
    do {
        try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/_diffable/ws", configuration: .init(maxFrameSize: 1 << 24),
            logger: logger
        ) { inbound, outbound, _ in
            try await outbound.write(
                .text(#"{"t":"hello","version":2,"page":"/","top":0,"height":900,"width":1280}"#))
            arrivals.didConnect()
            try await withThrowingTaskGroup(of: Void.self) { group in
                if let commands {
                    group.addTask {
                        for await command in commands { try await outbound.write(.text(command)) }
                    }
                }
                group.addTask {
                    var searched = search == nil
                    for try await message in inbound.messages(maxSize: 1 << 24) {
                        guard case .text(let text) = message else { continue }
                        // As a page's script does: the server closes a page that does not answer.
                        if text == #"{"t":"ping"}"# {
                            try await outbound.write(.text(#"{"t":"pong"}"#))
                            continue
                        }
                        arrivals.received(text, page: index)
                        if !searched, let search {
                            searched = true
                            try await outbound.write(.text(#"{"t":"search","q":"\#(search)"}"#))
                        }
                    }
                }
                group.addTask {
                    try? await Task.sleep(until: end)
                    throw CancellationError()
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
    } catch {}
    arrivals.didClose()
}

/// Waits until `pages` pages have seen what `arrivals` waits for; `nil` after `timeout`.
func waitForAll(_ pages: Int, _ arrivals: Arrivals, timeout: Duration) async -> ContinuousClock.Instant? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if arrivals.count >= pages { return arrivals.last }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return nil
}

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

func format(_ value: Double) -> String { value.isNaN ? "n/a" : String(format: "%.1f", value) }

/// The measurements of one case.
struct Measurements {
    var idleCPUPercent = Double.nan
    var threads = 0
    var kibPerPage = Double.nan
    var externalWrites: [Double] = []
    var pageWrites: [Double] = []
    var writeCPUMilliseconds = Double.nan
    var framesPerWrite = Double.nan
    /// The mean size of the frames the pages received over the writes.
    var bytesPerFrame = 0
    /// The slowest of the external writes' commits themselves (the writer's own time, before any
    /// page can know): an outlier of `external_write` that is the commit's is not the server's.
    var slowestCommitMilliseconds = 0.0
}

/// Runs one case: a server on `database`, `pages` pages, `writes` external and page writes.
func measure(
    database path: String, pages: Int, writes: Int, sharing: Bool, stepTimeout: Duration
) async throws -> Measurements {
    let server = try Server(database: path, sharing: sharing)
    defer { server.stop() }
    let port = server.port
    // The other process opens the database as the app does: it waits for the write lock (the
    // server writes too: a page's favorite, the change log's upkeep), and a commit is durable
    // once the WAL is written, with no fsync of its own (`synchronous = NORMAL`). At SQLite's
    // default (FULL), a title change that sets off a merge of the search index's segments fsyncs
    // megabytes in the commit: 78 to 115 ms before any reader can see it.
    var writerConfiguration = Configuration()
    writerConfiguration.busyMode = .timeout(10)
    writerConfiguration.prepareDatabase { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
    let writer = try DatabaseQueue(path: path, configuration: writerConfiguration)
    let topID = try await writer.read {
        try Int64.fetchOne($0, sql: "SELECT id FROM recipe ORDER BY title COLLATE NOCASE, rowid LIMIT 1")
    }
    guard let topID else { throw BenchmarkError("no recipes") }
    let arrivals = Arrivals()
    // With distinct searches: the first page searches the words of the recipe the writes rename
    // (kept in its new titles), in no collection so that it comes first in its results; the
    // others search other words.
    let searches = distinctSearches ? try await searchTexts(pages, first: topID, writer) : []
    let words = searches.first.map { " " + $0.capitalized } ?? ""
    var marker = "!Load \(UUID().uuidString.prefix(8))"
    try await writer.write { [marker] in
        try $0.execute(
            sql: "UPDATE recipe SET title = ?, revision = revision + 1 WHERE id = ?",
            arguments: [marker + words, topID])
        if distinctSearches {
            try $0.execute(sql: "UPDATE recipe SET collections = '[]' WHERE id = ?", arguments: [topID])
        }
    }
    // A page has loaded when it shows its first list, or its search's title.
    arrivals.expect(marker, markers: Dictionary(uniqueKeysWithValues: searches.enumerated().map { ($0, $1) }))
    // The pages each write reaches: every page, or with distinct searches the first one.
    let reached = distinctSearches ? 1 : pages
    let end = ContinuousClock.now + .seconds(3_600)
    let (commands, command) = AsyncStream<String>.makeStream()
    var measurements = Measurements()
    try await withThrowingTaskGroup(of: Void.self) { group in
        defer { group.cancelAll() }
        // The first page alone, then the others, a few dozen connecting at a time.
        group.addTask {
            await runPage(
                0, port: port, arrivals: arrivals, commands: commands, search: searches.first, until: end)
        }
        guard await waitForAll(1, arrivals, timeout: stepTimeout) != nil else {
            throw BenchmarkError("the first page did not load")
        }
        // A tenth of the pages, then the rest: memory is compared between the two, once the
        // first page's read (and what it allocated meanwhile) is well over.
        let warm = max(1, pages / 10)
        func connect(_ indices: Range<Int>) async throws {
            for index in indices {
                while arrivals.connected - arrivals.count >= 32 {
                    try await Task.sleep(for: .milliseconds(1))
                }
                let search = searches.isEmpty ? nil : searches[index]
                group.addTask {
                    await runPage(
                        index, port: port, arrivals: arrivals, commands: nil, search: search, until: end)
                }
            }
        }
        try await connect(1..<warm)
        guard await waitForAll(warm, arrivals, timeout: stepTimeout) != nil else {
            throw BenchmarkError("only \(arrivals.count) of \(warm) pages loaded")
        }
        try await Task.sleep(for: .seconds(3))
        let first = ProcessSample(pid: server.pid)
        try await connect(warm..<pages)
        guard await waitForAll(pages, arrivals, timeout: stepTimeout * 4) != nil else {
            throw BenchmarkError("only \(arrivals.count) of \(pages) pages loaded")
        }
        try await Task.sleep(for: .seconds(3))
        let idleSpan = CPUSpan(pid: server.pid)
        try await Task.sleep(for: .seconds(10))
        measurements.idleCPUPercent = idleSpan.percent
        let idleEnd = ProcessSample(pid: server.pid)
        measurements.threads = idleEnd.threads
        if pages > warm {
            measurements.kibPerPage = Double(idleEnd.residentKiB - first.residentKiB) / Double(pages - warm)
        }
        let writesSpan = CPUSpan(pid: server.pid)
        let framesBefore = arrivals.frames
        let bytesBefore = arrivals.bytes
        let deliveriesBefore = arrivals.deliveries
        for round in 0..<writes {
            // Another process (this one) writes a row every page shows.
            marker = "!Load \(round) \(UUID().uuidString.prefix(8))"
            arrivals.expect(marker)
            let start = ContinuousClock.now
            try await writer.write { [marker] in
                try $0.execute(
                    sql: "UPDATE recipe SET title = ?, revision = revision + 1 WHERE id = ?",
                    arguments: [marker + words, topID])
            }
            measurements.slowestCommitMilliseconds = max(
                measurements.slowestCommitMilliseconds, (ContinuousClock.now - start).milliseconds)
            guard let last = await waitForAll(reached, arrivals, timeout: stepTimeout) else {
                throw BenchmarkError("an external write reached \(arrivals.count) of \(reached) pages")
            }
            measurements.externalWrites.append((last - start).milliseconds)
            try await Task.sleep(for: .milliseconds(200))
            // A page favorites (or unfavorites) that recipe, which it shows selected: every page
            // gets the row again, with the same title.
            arrivals.expect(marker)
            let pageStart = ContinuousClock.now
            command.yield(#"{"t":"panel","region":"detail","a":"favorite","f":{}}"#)
            guard let pageLast = await waitForAll(reached, arrivals, timeout: stepTimeout) else {
                throw BenchmarkError("a page's write reached \(arrivals.count) of \(reached) pages")
            }
            measurements.pageWrites.append((pageLast - pageStart).milliseconds)
            try await Task.sleep(for: .milliseconds(200))
        }
        // The server's CPU over every write, beyond what it spends idle, per write.
        measurements.writeCPUMilliseconds = writesSpan.milliseconds(
            beyondIdle: measurements.idleCPUPercent, per: 2 * writes)
        measurements.framesPerWrite =
            Double(arrivals.frames - framesBefore) / Double(max(arrivals.deliveries - deliveriesBefore, 1))
        measurements.bytesPerFrame = (arrivals.bytes - bytesBefore) / max(arrivals.frames - framesBefore, 1)
    }
    return measurements
}

/// `count` distinct searches of three title words each ("smoky chicken curry"): the first the
/// words of the recipe `first`, the others the next combinations in a fixed order.
func searchTexts(_ count: Int, first: Int64, _ database: DatabaseQueue) async throws -> [String] {
    let title = try await database.read {
        try String.fetchOne($0, sql: "SELECT title FROM recipe WHERE id = ?", arguments: [first])
    }
    let own = (title ?? "").split(separator: " ").prefix(3).joined(separator: " ").lowercased()
    var texts = [own]
    let words = SyntheticRecipes.titleWords.map { $0.map { $0.lowercased() } }
    outer: for style in words[0] {
        for main in words[1] {
            for dish in words[2] where texts.count < count {
                let text = "\(style) \(main) \(dish)"
                if text != own { texts.append(text) }
            }
            if texts.count >= count { break outer }
        }
    }
    guard texts.count >= count else {
        throw BenchmarkError("only \(texts.count) distinct searches for \(count) pages")
    }
    return texts
}

// MARK: Running

say(
    "recipes-load: \(ProcessInfo.processInfo.activeProcessorCount) cores; sizes \(sizes), pages \(pageCounts)"
)
var lines: [String] = []
for size in sizes {
    let path: String
    do { path = try databasePath(count: size) } catch { fail("cannot make the database: \(error)") }
    for pages in pageCounts {
        say("recipes=\(size) pages=\(pages)…")
        let stepTimeout: Duration = .seconds(60)
        let shared: Measurements
        do {
            shared = try await measure(
                database: path, pages: pages, writes: writeCount, sharing: true, stepTimeout: stepTimeout)
        } catch {
            say("recipes=\(size) pages=\(pages): \(error)")
            continue
        }
        var baseline = "skipped"
        // Every page's own lists: about 60 bytes a row for All Recipes alone, per page.
        if runsBaseline, Double(size) * Double(pages) * 60 < 6e9 {
            do {
                let unshared = try await measure(
                    database: path, pages: pages, writes: min(writeCount, 5), sharing: false,
                    stepTimeout: .seconds(30))
                baseline = format(percentile(unshared.externalWrites, 0.99))
            } catch {
                baseline = "skipped"
                say("baseline recipes=\(size) pages=\(pages): \(error)")
            }
        }
        // The same stack sending every page one frame of the same size, with nothing behind it.
        var floor = "skipped"
        if !distinctSearches {
            do {
                floor = format(
                    try await measureFloor(
                        pages: pages, bytes: shared.bytesPerFrame, writes: writeCount,
                        stepTimeout: stepTimeout))
            } catch {
                say("floor pages=\(pages): \(error)")
            }
        }
        let line =
            "load recipes=\(size) pages=\(pages) \(distinctSearches ? "searches=\(pages) " : "")idle_cpu_pct=\(String(format: "%.2f", shared.idleCPUPercent)) "
            + "threads=\(shared.threads) kib_per_page=\(format(shared.kibPerPage)) "
            + "external_write_p50_ms=\(format(percentile(shared.externalWrites, 0.5))) "
            + "external_write_p99_ms=\(format(percentile(shared.externalWrites, 0.99))) "
            + "page_write_p99_ms=\(format(percentile(shared.pageWrites, 0.99))) "
            + "write_cpu_ms=\(format(shared.writeCPUMilliseconds)) "
            + "floor_write_cpu_ms=\(floor) bytes_per_frame=\(shared.bytesPerFrame) "
            + "frames_per_write=\(String(format: "%.2f", shared.framesPerWrite)) "
            + "baseline_external_write_p99_ms=\(baseline)"
        say(line)
        say("  the slowest external write's own commit: \(format(shared.slowestCommitMilliseconds)) ms")
        lines.append(line)
    }
}
say("")
for line in lines { say(line) }
