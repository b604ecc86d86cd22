// diffable-web-demo: example pages for people and for the browser tests.
//
//   swift run --traits Web,Demos diffable-web-demo [--host 127.0.0.1] [--port 8080] [--token T] [--test-hooks]
//
// On an address other than loopback the server makes a token and prints it in its URL; --token
// sets one (and requires it on loopback too).
// Pages: /list (a million rows), /outline, /grid (shared by every page that has it open),
// /stream (rows that change many times a second, for the load test), and with the GRDB trait
// /live (ten million rows of an SQLite table another writer keeps changing, each page holding a
// window of them). With --test-hooks (loopback only): /property, and the /_test/* endpoints the
// browser tests drive it with.
#if Web && Demos
    import ArgumentParser
    import DiffableWeb
    import Foundation

    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diffable-web-demo",
            abstract: "Example pages of DiffableWeb: a million rows, an outline, a grid, a stream.")

        @Option(help: "The address to listen on; other than loopback, the server requires a token.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on.")
        var port = 8080

        @Option(help: "The token a page must give (one is made when listening beyond loopback).")
        var token: String?

        @Flag(help: "Serve /property and the /_test endpoints the browser tests use (loopback only).")
        var testHooks = false

        @Option(help: "Seconds between the /stream page's changes.")
        var streamInterval = 0.05

        @Option(help: "The SQLite file of the /live page (made and filled when its row count differs).")
        var liveDatabase = FileManager.default.temporaryDirectory.appendingPathComponent(
            "diffable-web-demo-live.sqlite"
        ).path

        @Option(help: "How many rows the /live page's table starts with.")
        var liveRows = 10_000_000

        @Option(help: "Seconds between the /live page's writes; 0 for none (another process may write).")
        var liveInterval = 0.5

        func validate() throws {
            guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535") }
            guard streamInterval > 0 else { throw ValidationError("--stream-interval must be positive") }
            guard liveRows > 0 else { throw ValidationError("--live-rows must be positive") }
            guard liveInterval >= 0 else { throw ValidationError("--live-interval must not be negative") }
            guard !testHooks || WebServerConfiguration(host: host).listensOnLoopback else {
                throw ValidationError("--test-hooks serves on loopback only")
            }
        }
    }

    @MainActor
    func main(_ options: Options) async throws {
        let server = WebServer(
            configuration: WebServerConfiguration(
                host: options.host, port: options.port, token: options.token))
        server.addPage("/list", title: "A million rows", MillionPage.make)
        server.addPage("/outline", title: "Outline", OutlinePage.make)
        let grid = GridModel()
        server.addPage("/grid", title: "Grid") { grid.make($0) }
        let stream = StreamModel(interval: options.streamInterval)
        server.addPage("/stream", title: "Stream") { stream.make($0) }
        #if GRDB
            let live = LiveModel(
                path: options.liveDatabase, rows: options.liveRows, writeInterval: options.liveInterval)
            server.addPage("/live", title: "\(options.liveRows.formatted()) live rows") { live.make($0) }
        #endif
        if options.testHooks {
            let property = PropertyPages()
            server.addPage("/property", title: "Property") { property.make($0) }
            server.addEndpoint("/_test/step") { property.step($0) }
            server.addEndpoint("/_test/stream") { stream.control($0) }
            server.addEndpoint("/_test/sessions") { _ in
                "{\"sessions\":\(server.sessionCount),\"resyncs\":\(server.resyncCount)}"
            }
        }
        let url = server.url
        try await server.run {
            // Unbuffered, so that a test that waits for this line sees it at once.
            FileHandle.standardOutput.write(Data("Serving \(url)\n".utf8))
        }
    }

    try await main(Options.parseOrExit())
#else
    import Foundation

    FileHandle.standardError.write(
        Data(
            "diffable-web-demo needs the Web and Demos traits: swift run --traits Web,Demos diffable-web-demo\n"
                .utf8))
    exit(2)
#endif
