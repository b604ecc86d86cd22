// diffable-web-demo: example pages for people and for the browser tests.
//
//   swift run --traits Web diffable-web-demo [--host 127.0.0.1] [--port 8080] [--token T] [--test-hooks]
//
// On an address other than loopback the server makes a token and prints it in its URL; --token
// sets one (and requires it on loopback too).
// Pages: /list (a million rows), /outline, /grid (shared by every page that has it open),
// /stream (rows that change many times a second, for the load test). With --test-hooks (loopback
// only): /property, and the /_test/* endpoints the browser tests drive it with.
#if Web
    import DiffableWeb
    import Foundation

    @MainActor
    func main() async throws {
        var host = "127.0.0.1"
        var port = 8080
        var testHooks = false
        var token: String?
        var streamInterval = 0.05
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--host": host = arguments.next() ?? host
            case "--port": port = arguments.next().flatMap(Int.init) ?? port
            case "--token": token = arguments.next()
            case "--test-hooks": testHooks = true
            case "--stream-interval": streamInterval = arguments.next().flatMap(Double.init) ?? streamInterval
            default:
                FileHandle.standardError.write(
                    Data("usage: diffable-web-demo [--host H] [--port P] [--token T] [--test-hooks]\n".utf8))
                exit(2)
            }
        }
        let server = WebServer(configuration: WebServerConfiguration(host: host, port: port, token: token))
        server.addPage("/list", title: "A million rows", MillionPage.make)
        server.addPage("/outline", title: "Outline", OutlinePage.make)
        let grid = GridModel()
        server.addPage("/grid", title: "Grid") { grid.make($0) }
        let stream = StreamModel(interval: streamInterval)
        server.addPage("/stream", title: "Stream") { stream.make($0) }
        if testHooks {
            guard WebServerConfiguration(host: host).listensOnLoopback else {
                FileHandle.standardError.write(Data("--test-hooks serves on loopback only\n".utf8))
                exit(2)
            }
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

    try await main()
#else
    print("diffable-web-demo needs the Web trait: swift run --traits Web diffable-web-demo")
#endif
