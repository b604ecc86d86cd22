#if Web
    import Diffable
    import Foundation
    import HTTPTypes
    import Hummingbird
    import HummingbirdWebSocket
    import NIOCore

    /// Serves pages whose collection views are driven from Swift: each page that connects gets
    /// its own ``WebPage`` (its own data source and ``WebCollectionView``), and every update
    /// reaches it as one WebSocket message.
    ///
    /// ```swift
    /// let server = WebServer(configuration: .init(port: 8080))
    /// server.addPage("/names", title: "Names") { page in /* a data source on page.collectionView */ }
    /// print("Serving \(server.url)")
    /// try await server.run()
    /// ```
    ///
    /// It listens on loopback unless told otherwise, requires a token on any other address,
    /// refuses WebSockets from other origins and serves pages under a Content-Security-Policy
    /// without inline script; see ``WebServerConfiguration`` for its
    /// limits.
    @MainActor
    public final class WebServer {
        /// How the server listens.
        public let configuration: WebServerConfiguration
        /// The token requests must carry, if any: the configuration's, or one made for a server
        /// that listens on an address other than loopback.
        public let token: String?
        let registry = WebSessionRegistry()
        /// The pages' titles and the endpoints' paths, by path, for the request handlers, which
        /// serve a page's HTML without waiting for the main actor (busy with every page's
        /// updates).
        nonisolated let routes = _Lock(Routes())
        /// Writes the pages' texts, from one buffer for the pages sent one text.
        nonisolated let frames = WebFrames()
        /// Asks each connected page for an answer every ping interval, from one task.
        nonisolated let pings: WebPings

        struct Routes {
            var pageTitles: [String: String] = [:]
            var endpoints: Set<String> = []
        }

        /// A server with a configuration; add pages, then ``run(onServing:)``.
        public init(configuration: WebServerConfiguration = WebServerConfiguration()) {
            self.configuration = configuration
            pings = WebPings(interval: configuration.pingInterval)
            token =
                configuration.token
                ?? (WebAccess.isLoopback(configuration.host) ? nil : WebAccess.makeToken())
            registry.maximumSessions = configuration.maximumSessions
            registry.gracePeriod = configuration.sessionGracePeriod
            registry.outboxLimits = Outbox.Limits(
                maximumMessages: configuration.maximumPendingMessages,
                maximumBytes: configuration.maximumPendingBytes)
        }

        /// Serves a page at `path`: `make` sets up each page that opens there (its layout, data
        /// source and handlers) on the main actor.
        ///
        /// - Parameters:
        ///   - path: The path the page is served at.
        ///   - title: The page's title.
        ///   - sharingIdlePages: Whether the pages opened at one location in one viewport show one
        ///     page, drawn once for all of them, until their person does something: a click, a
        ///     key, a search, a scroll. Each then gets a page of its own, made by `make`, which
        ///     takes over without the browser seeing a change once it shows what the shared page
        ///     shows. Only for pages whose drawing depends on nothing but their location and what
        ///     every page sees (a shared store), not on who opened them or when: a change then
        ///     costs the server one page's drawing, not one per page. `false` by default.
        ///   - make: Sets up each page that opens.
        public func addPage(
            _ path: String, title: String, sharingIdlePages: Bool = false,
            _ make: @escaping @MainActor (WebPage) -> Void
        ) {
            registry.pageKinds[path] = .init(title: title, sharesIdlePages: sharingIdlePages, make: make)
            routes.withLock { $0.pageTitles[path] = title }
        }

        /// Serves JSON at `path`: `handler` gets the request's query parameters and returns the
        /// response's text. For an app's own small needs (a health check, test hooks); requests
        /// pass the same checks as pages.
        public func addEndpoint(_ path: String, _ handler: @escaping @MainActor ([String: String]) -> String)
        {
            registry.endpoints[path] = handler
            routes.withLock { _ = $0.endpoints.insert(path) }
        }

        /// The address to open, with the token when one is required.
        public var url: String {
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            return "http://\(host):\(configuration.port)/" + (token.map { "?token=\($0)" } ?? "")
        }

        /// The number of sessions (connected pages and pages that may reconnect).
        public var sessionCount: Int { registry.sessions.count }

        /// How many times a page fell so far behind (it stopped reading, or read too slowly)
        /// that the messages waiting for it were dropped and it was sent a reset instead.
        public var resyncCount: Int { registry.resyncCount }

        /// Runs the server until the process is asked to stop (SIGINT or SIGTERM) or the task
        /// is cancelled.
        ///
        /// - Parameter onServing: Called once the server listens.
        public func run(onServing: @escaping @Sendable () -> Void = {}) async throws {
            let application = try makeApplication(onServing: onServing)
            let registry = registry
            // Ends the sessions whose pages did not come back, while the server runs.
            let sweeper = Task { @MainActor in
                while !Task.isCancelled {
                    try? await Task.sleep(for: registry.gracePeriod / 4)
                    registry.expire()
                }
            }
            defer { sweeper.cancel() }
            try await application.runService()
        }

        /// The Hummingbird application that serves the pages: its router, its WebSocket upgrade
        /// and its gate.
        func makeApplication(onServing: @escaping @Sendable () -> Void = {}) throws
            -> some ApplicationProtocol
        {
            let access = WebAccess(host: configuration.host, port: configuration.port, token: token)
            let assets = try WebAssets.load()
            let log = configuration.log
            let registry = registry
            let frames = frames
            let pings = pings
            let routes = routes
            let router = Router()
            router.add(middleware: WebGate(access: access))
            router.get("/_diffable/ws") { _, _ in
                Response(
                    status: .forbidden, body: .init(byteBuffer: ByteBuffer(string: "WebSocket refused\n")))
            }
            router.get("/_diffable/{file}") { _, context in
                let name = context.parameters.get("file") ?? ""
                guard let asset = assets[name] else { throw HTTPError(.notFound) }
                return asset.response
            }
            // "**" does not match the root path: "/" is routed to the same handler by name.
            let pageHandler = {
                @Sendable (request: Request, _: BasicRequestContext) async throws -> Response in
                let path = request.uri.path
                let query = request.uri.query.map { "?" + $0 } ?? ""
                // An endpoint is the app's code, on the main actor; a page's HTML needs none.
                if routes.withLock({ $0.endpoints.contains(path) }) {
                    let answer = await MainActor.run { () -> String? in
                        registry.endpoints[path].map { $0(WebPage.split(path + query).parameters) }
                    }
                    if let answer {
                        return Response(
                            status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: answer)))
                    }
                }
                let titles = routes.withLock { $0.pageTitles }
                if let title = titles[path] { return WebAssets.htmlResponse(WebAccess.html(title: title)) }
                guard path == "/" else { throw HTTPError(.notFound) }
                let pages = titles.map { (path: $0.key, title: $0.value) }.sorted { $0.path < $1.path }
                return WebAssets.htmlResponse(WebAccess.index(of: pages))
            }
            router.get("/", use: pageHandler)
            router.get("**", use: pageHandler)
            let app = Application(
                router: router,
                server: .http1WebSocketUpgrade(
                    configuration: .init(
                        // The pages are pinged by `pings`, one task for all of them.
                        ws: .init(maxFrameSize: WebFrames.maximumSize, autoPing: .disabled)
                    )
                ) { request, channel, _ in
                    let target = request.path ?? ""
                    let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
                    let query = target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init)
                    guard path == "/_diffable/ws" else { return .dontUpgrade }
                    let origin = request.headerFields[HTTPField.Name("Origin")!]
                    guard access.allowsHost(request.authority),
                        access.hasToken(query: query, cookie: request.headerFields[.cookie]),
                        access.allowsOrigin(origin, authority: request.authority)
                    else {
                        log(
                            "refused a WebSocket from origin \(origin ?? "none") for host \(request.authority ?? "none")"
                        )
                        return .dontUpgrade
                    }
                    return .upgrade([:]) { inbound, outbound, _ in
                        await Self.serve(
                            inbound: inbound, outbound: outbound, channel: channel, registry: registry,
                            frames: frames, pings: pings, log: log)
                    }
                },
                configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
                onServerRunning: { _ in onServing() }
            )
            return app
        }

        /// Runs one connection: a reader that puts the page's messages in an inbox and goes on
        /// reading (the page's answers to pings are heard as it reads, so a busy main actor does
        /// not get the page closed for a missed answer), a writer that writes the page's messages
        /// from its outbox on the channel's event loop (``WebSocketWriter``), and the connection,
        /// which takes each message on the main actor and closes the connection, with the reason,
        /// on the first that breaks the protocol.
        nonisolated static func serve(
            inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel,
            registry: WebSessionRegistry, frames: WebFrames, pings: WebPings,
            log: @escaping @Sendable (String) -> Void
        ) async {
            let inbox = Inbox()
            let pinged = pings.connect(inbox)
            defer { pings.disconnect(pinged) }
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    var reason: String?
                    do {
                        for try await message in inbound.messages(maxSize: ClientMessage.maximumSize) {
                            guard case .text(let text) = message else {
                                reason = "binary message"
                                break
                            }
                            pings.heard(from: pinged)
                            if text == WebPings.pong { continue }
                            await inbox.put(.text(text))
                        }
                    } catch {
                        reason = "\(error)"
                    }
                    await inbox.put(.end(reason: reason))
                }
                // Made once the socket is being read: making it waits for the main actor too.
                let connection = await MainActor.run { WebConnection(registry: registry) }
                pings.attach(connection.outbox, to: pinged)
                let writer = WebSocketWriter(
                    channel: channel, outbox: connection.outbox, frames: frames,
                    resync: { await connection.resync() })
                // A channel closed before this has nothing to write to: its reader ends at once.
                try? await writer.start()
                var reason: String?
                taking: while true {
                    switch await inbox.take() {
                    case .text(let text):
                        do {
                            try await connection.receive(text)
                        } catch {
                            reason = (error as? ClientMessageError)?.description ?? "\(error)"
                            break taking
                        }
                    case .end(let ended):
                        reason = ended
                        break taking
                    }
                }
                inbox.close()
                // Its outbox closed first: the writer writes nothing after the close frame.
                await connection.close()
                if let reason {
                    log("closed a connection: \(reason)")
                    // A page that missed a ping may still be there: it reconnects after "going away".
                    try? await outbound.close(
                        reason == pings.missedAnswer ? .goingAway : .policyViolation,
                        reason: String(reason.prefix(120)))
                }
                group.cancelAll()
            }
        }
    }
#endif
