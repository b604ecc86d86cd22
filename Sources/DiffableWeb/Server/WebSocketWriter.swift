#if Web
    import NIOCore
    import NIOWebSocket
    import Synchronization

    /// Writes one page's outbox to its socket, on the socket's event loop.
    ///
    /// The outbox wakes it when something is ready to take; it then takes and writes while the
    /// socket is writable, and flushes once. A socket that is not writable (the page reads too
    /// slowly) stops it until the channel says it is writable again, so what waits stays in the
    /// outbox, within its limits. A resync is built on the main actor, from the view's state, and
    /// written before anything the outbox gets after it.
    ///
    /// Why not a task for each page that writes through the WebSocket's asynchronous writer: a
    /// change that reaches a thousand pages would resume a thousand tasks and cross a thousand
    /// asynchronous writers, three times the CPU of writing on the event loop (measured with a
    /// server that sends 1,000 pages one frame: 22 against 7.5 ms of user CPU).
    final class WebSocketWriter: Sendable {
        private let channel: any Channel
        private let outbox: Outbox
        private let frames: WebFrames
        /// Builds the reset that replaces what the page missed (`WebConnection.resync()`).
        private let resync: @Sendable () async -> String?
        /// Whether a turn of ``drain()`` waits on the event loop: the wakes of one change to many
        /// messages queue one.
        private let isDrainQueued = Atomic<Bool>(false)
        /// Whether a reset is being built: nothing is written until it is.
        private let isResyncing = Atomic<Bool>(false)

        init(
            channel: any Channel, outbox: Outbox, frames: WebFrames,
            resync: @escaping @Sendable () async -> String?
        ) {
            self.channel = channel
            self.outbox = outbox
            self.frames = frames
            self.resync = resync
        }

        /// Starts writing: from now on, what the outbox makes ready is written.
        func start() async throws {
            try await channel.eventLoop.submit { [channel] in
                try channel.pipeline.syncOperations.addHandler(WritabilityHandler(writer: self))
            }.get()
            // Held weakly: the outbox outlives the connection in a session's tests, and its wake
            // would hold the channel.
            outbox.whenReady { [weak self] in self?.wake() }
        }

        /// Queues a turn of ``drain()`` on the event loop, unless one waits.
        ///
        /// - Complexity: O(1).
        func wake() {
            guard !isDrainQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
            channel.eventLoop.execute { self.drain() }
        }

        /// Writes what the outbox has ready while the socket is writable; on the event loop.
        ///
        /// - Complexity: O(m) for the m messages taken.
        func drain() {
            isDrainQueued.store(false, ordering: .releasing)
            guard !isResyncing.load(ordering: .acquiring) else { return }
            var wrote = false
            defer { if wrote { channel.flush() } }
            while channel.isWritable, let item = outbox.take() {
                switch item {
                case .text(let text):
                    frames.write(text, to: channel)
                    wrote = true
                case .resync:
                    isResyncing.store(true, ordering: .releasing)
                    Task {
                        let reset = await resync()
                        channel.eventLoop.execute {
                            // Not after the connection's close frame: the outbox closes first.
                            if let reset, !self.outbox.isClosed {
                                self.frames.write(reset, to: self.channel)
                                self.channel.flush()
                            }
                            self.isResyncing.store(false, ordering: .releasing)
                            self.drain()
                        }
                    }
                    return
                }
            }
        }
    }

    /// Wakes a page's writer when its socket is writable again.
    private final class WritabilityHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = WebSocketFrame

        let writer: WebSocketWriter

        init(writer: WebSocketWriter) {
            self.writer = writer
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            if context.channel.isWritable { writer.drain() }
            context.fireChannelWritabilityChanged()
        }
    }
#endif
