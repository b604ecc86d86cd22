import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Synchronization

// The floor of a write's CPU: what the same WebSocket stack (Hummingbird, NIO, loopback) costs to
// send every page one frame of the size `recipes serve` sent, with nothing behind it — no view,
// no data source, no JSON; one buffer made once and written to every connection's channel on its
// event loop, as DiffableWeb writes (`WebSocketWriter`). The server's write CPU beside it is a
// ratio that holds on a machine whose speed varies from one hour to the next, and what is left
// above it is the work a page's update costs.

/// The channels of the floor server's connections.
final class FloorConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        channels.withLock { $0[ObjectIdentifier(channel)] = channel }
    }

    func remove(_ channel: any Channel) {
        _ = channels.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Writes one text frame of `text` to every connection, each on its channel's event loop.
    func broadcast(_ text: String) {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
        for channel in channels.withLock({ Array($0.values) }) {
            channel.eventLoop.execute {
                channel.write(frame, promise: nil)
                channel.flush()
            }
        }
    }
}

/// The floor server, in this executable's second process: a page that sends `go BYTES MARKER`
/// has every connected page sent a text of BYTES bytes that starts with MARKER.
func serveFloor(port: Int) async throws {
    let connections = FloorConnections()
    let application = Application(
        router: Router(),
        server: .http1WebSocketUpgrade(
            // As `recipes serve` configures its WebSockets (WebServer.makeApplication).
            configuration: .init(ws: .init(maxFrameSize: 1 << 14, autoPing: .disabled))
        ) { _, channel, _ in
            .upgrade([:]) { inbound, _, _ in
                connections.add(channel)
                defer { connections.remove(channel) }
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case .text(let text) = message, text.hasPrefix("go ") else { continue }
                    let parts = text.split(separator: " ", maxSplits: 2)
                    guard parts.count == 3, let bytes = Int(parts[1]) else { continue }
                    let marker = String(parts[2])
                    connections.broadcast(
                        marker + String(repeating: "x", count: max(0, bytes - marker.utf8.count)))
                }
            }
        },
        configuration: .init(address: .hostname("127.0.0.1", port: port)),
        onServerRunning: { _ in FileHandle.standardOutput.write(Data("Serving floor\n".utf8)) }
    )
    try await application.runService()
}

/// The floor server's CPU for one broadcast to `pages` pages of `bytes` bytes each, over `writes`
/// broadcasts paced as the writes of ``measure(database:pages:writes:sharing:stepTimeout:)``,
/// less its idle CPU.
func measureFloor(pages: Int, bytes: Int, writes: Int, stepTimeout: Duration) async throws -> Double {
    let server = try Server { port in ["floor", "\(port)"] }
    defer { server.stop() }
    let port = server.port
    let arrivals = Arrivals()
    var marker = "!Floor \(UUID().uuidString.prefix(8))"
    let end = ContinuousClock.now + .seconds(3_600)
    let (commands, command) = AsyncStream<String>.makeStream()
    return try await withThrowingTaskGroup(of: Void.self) { group in
        defer { group.cancelAll() }
        for index in 0..<pages {
            while index - arrivals.connected >= 32 { try await Task.sleep(for: .milliseconds(1)) }
            group.addTask {
                await runPage(
                    index, port: port, arrivals: arrivals, commands: index == 0 ? commands : nil, until: end)
            }
        }
        // Every page is connected once every page has had a broadcast.
        let deadline = ContinuousClock.now + stepTimeout * 4
        while arrivals.connected < pages, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        while ContinuousClock.now < deadline {
            arrivals.expect(marker)
            command.yield("go \(bytes) \(marker)")
            if await waitForAll(pages, arrivals, timeout: .seconds(1)) != nil { break }
        }
        guard arrivals.count >= pages else {
            throw BenchmarkError("only \(arrivals.count) of \(pages) floor pages")
        }
        try await Task.sleep(for: .seconds(3))
        let idleSpan = CPUSpan(pid: server.pid)
        try await Task.sleep(for: .seconds(5))
        let idlePercent = idleSpan.percent
        let writesSpan = CPUSpan(pid: server.pid)
        for round in 0..<writes {
            marker = "!Floor \(round) \(UUID().uuidString.prefix(8))"
            arrivals.expect(marker)
            command.yield("go \(bytes) \(marker)")
            guard await waitForAll(pages, arrivals, timeout: stepTimeout) != nil else {
                throw BenchmarkError("a floor broadcast reached \(arrivals.count) of \(pages) pages")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        return writesSpan.milliseconds(beyondIdle: idlePercent, per: writes)
    }
}
