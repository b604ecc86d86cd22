#if Web
    import Foundation
    import Hummingbird
    import HummingbirdCore
    import HummingbirdWSClient
    import Logging
    import NIOCore
    import ServiceLifecycle
    import Testing
    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A server running on a free port of loopback, for the live tests: pages over WebSocket and
    /// requests over HTTP, from clients of their own (WSClient, URLSession), as a browser comes.
    ///
    /// HummingbirdTesting's live mode did this, but its product brings AsyncHTTPClient, HTTP/2 and
    /// more into every build of the tests for the little the tests used of it.
    struct LiveServer: Sendable {
        /// The port the server listens on.
        let port: Int
        /// The application's logger, for the WebSocket clients.
        let logger: Logger

        /// Runs `app` on a free port of loopback for as long as `body` runs, then stops it.
        static func run<App: ApplicationProtocol, Value: Sendable>(
            _ app: App, _ body: @Sendable (LiveServer) async throws -> Value
        ) async throws -> Value {
            let listening = AsyncStream<Int>.makeStream()
            let running = OnAnyPort(base: app, listening: listening.continuation)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // A server that stops, or fails to listen, ends the wait for its port.
                    defer { listening.continuation.finish() }
                    // No signal handlers: the test stops it by cancelling.
                    try await running.runService(gracefulShutdownSignals: [])
                }
                defer { group.cancelAll() }
                var ports = listening.stream.makeAsyncIterator()
                guard let port = await ports.next() else {
                    try await group.waitForAll()  // why it stopped, if it threw
                    throw StoppedBeforeListening()
                }
                return try await body(LiveServer(port: port, logger: app.logger))
            }
        }

        /// Opens a WebSocket to `path` and runs `handler` on it; returns the frame that closed it.
        @discardableResult
        func ws(
            _ path: String, handler: @escaping WebSocketDataHandler<WebSocketClient.Context>
        ) async throws -> WebSocketCloseFrame? {
            try await WebSocketClient.connect(
                url: "ws://localhost:\(port)\(path)", logger: logger, handler: handler)
        }

        /// The server ended without listening, and without an error of its own.
        struct StoppedBeforeListening: Error {}

        /// A response: its status, its header fields by lowercased name, and its body as text.
        struct Response: Sendable {
            var status: Int
            var headers: [String: String]
            var body: String
        }

        /// GETs `uri` (a path and query), saying `host` as the request's host if given: what a
        /// browser says that opened the server's address on a port this one stands in for.
        func get(_ uri: String, host: String? = nil) async throws -> Response {
            var request = URLRequest(url: try #require(URL(string: "http://localhost:\(port)\(uri)")))
            request.setValue(host, forHTTPHeaderField: "Host")
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String {
                    headers[name.lowercased()] = value
                }
            }
            return Response(
                status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
        }
    }

    /// An application as it is, listening on a free port of loopback, which it tells once it
    /// listens.
    private struct OnAnyPort<Base: ApplicationProtocol>: ApplicationProtocol {
        typealias Responder = Base.Responder

        let base: Base
        let listening: AsyncStream<Int>.Continuation

        var responder: Responder {
            get async throws { try await base.responder }
        }
        var server: HTTPServerBuilder { base.server }
        var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
        var configuration: ApplicationConfiguration {
            var configuration = base.configuration
            configuration.address = .hostname("127.0.0.1", port: 0)
            return configuration
        }
        var logger: Logger { base.logger }
        var services: [any Service] { base.services }
        var processesRunBeforeServerStart: [@Sendable () async throws -> Void] {
            base.processesRunBeforeServerStart
        }

        @Sendable func onServerRunning(_ channel: any Channel) async {
            await base.onServerRunning(channel)
            if let port = channel.localAddress?.port { listening.yield(port) }
            listening.finish()
        }
    }
#endif
