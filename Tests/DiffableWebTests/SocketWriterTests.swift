#if Web
    import NIOCore
    import NIOEmbedded
    import NIOWebSocket
    import Testing

    @testable import DiffableWeb

    /// The writer of a page's socket, on a test channel: what it writes, when, and when it stops.
    @Suite("A page's socket writer")
    struct SocketWriterTests {
        /// A writer on a test channel, started; `reset` is what its resync builds.
        func start(
            _ outbox: Outbox, reset: @escaping @Sendable () -> String? = { "reset" }
        ) async throws -> (NIOAsyncTestingChannel, WebSocketWriter) {
            let channel = NIOAsyncTestingChannel()
            let writer = WebSocketWriter(
                channel: channel, outbox: outbox, frames: WebFrames(),
                resync: {
                    outbox.clearPending()
                    return reset()
                })
            try await writer.start()
            return (channel, writer)
        }

        /// The texts of the frames written and flushed so far.
        func written(_ channel: NIOAsyncTestingChannel) async throws -> [String] {
            var texts: [String] = []
            while let frame = try await channel.readOutbound(as: WebSocketFrame.self) {
                texts.append(String(buffer: frame.data))
            }
            return texts
        }

        /// The text of the next frame written and flushed, once it is.
        func nextText(_ channel: NIOAsyncTestingChannel) async throws -> String {
            String(buffer: try await channel.waitForOutboundWrite(as: WebSocketFrame.self).data)
        }

        @Test func whatIsReleasedIsWrittenAsOneFrameAndNothingHeldIs() async throws {
            let outbox = Outbox()
            let (channel, _) = try await start(outbox)
            outbox.push("a", releasing: false)
            outbox.push("b", releasing: false)
            #expect(try await written(channel) == [], "held")
            outbox.release()
            let frame = try await channel.waitForOutboundWrite(as: WebSocketFrame.self)
            #expect(frame.fin && frame.opcode == .text)
            #expect(String(buffer: frame.data) == #"{"t":"batch","messages":[a,b]}"#)
            outbox.push("c")
            #expect(try await nextText(channel) == "c")
            #expect(outbox.pendingCount == 0)
        }

        /// A page that does not read (its socket not writable) stops the writer; past the limits
        /// what waits is dropped for a resync; writable again, the page gets one reset, then what
        /// it was sent after.
        @Test func aSocketThatIsNotWritableHoldsTheWriterAndTheResetGoesFirstWhenItIs() async throws {
            let outbox = Outbox(limits: .init(maximumMessages: 3, maximumBytes: 1 << 20))
            let (channel, _) = try await start(outbox)
            channel.isWritable = false
            outbox.push("1")
            try await channel.testingEventLoop.executeInContext {}
            #expect(try await written(channel) == [])
            #expect(outbox.pendingCount == 1, "it waits in the outbox")
            for index in 2...5 { outbox.push("\(index)") }
            #expect(outbox.isResyncDue)
            channel.isWritable = true
            try await channel.testingEventLoop.executeInContext {
                channel.pipeline.fireChannelWritabilityChanged()
            }
            #expect(try await nextText(channel) == "reset")
            outbox.push("after")
            #expect(try await nextText(channel) == "after")
            #expect(try await written(channel) == [])
        }

        /// A text longer than a frame goes as a text frame and its continuations, which join into
        /// the text.
        @Test func aLongTextGoesAsATextFrameAndItsContinuations() async throws {
            let outbox = Outbox()
            let (channel, _) = try await start(outbox)
            let long = String(repeating: "é", count: WebFrames.maximumSize)  // two bytes each
            outbox.push(long)
            var frames: [WebSocketFrame] = []
            repeat {
                frames.append(try await channel.waitForOutboundWrite(as: WebSocketFrame.self))
            } while frames.last?.fin == false
            #expect(frames.map(\.opcode) == [.text, .continuation])
            #expect(frames.allSatisfy { $0.data.readableBytes <= WebFrames.maximumSize })
            var joined = ByteBuffer()
            for var frame in frames { joined.writeBuffer(&frame.data) }
            #expect(String(buffer: joined) == long)
        }

        /// Once the outbox is closed (the connection ends), a reset being built is not written:
        /// the close frame may have gone.
        @Test func aResetBuiltAfterTheOutboxClosedIsNotWritten() async throws {
            let outbox = Outbox(limits: .init(maximumMessages: 1, maximumBytes: 1 << 20))
            let (channel, _) = try await start(outbox) {
                outbox.close()
                return "reset"
            }
            channel.isWritable = false
            outbox.push("1")
            outbox.push("2")
            #expect(outbox.isResyncDue)
            channel.isWritable = true
            try await channel.testingEventLoop.executeInContext {
                channel.pipeline.fireChannelWritabilityChanged()
            }
            // The reset's task closes the outbox, then hands the reset to the event loop.
            for _ in 0..<100 where !outbox.isClosed { await Task.yield() }
            for _ in 0..<20 {
                await Task.yield()
                try await channel.testingEventLoop.executeInContext {}
            }
            #expect(outbox.isClosed)
            #expect(try await written(channel) == [])
        }
    }
#endif
