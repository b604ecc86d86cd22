#if Web
    import Diffable
    import Hummingbird
    import HummingbirdWebSocket
    import NIOWebSocket

    /// How a page's text goes to its socket: as one text frame whose bytes are a buffer that the
    /// pages sent the same text share. The pages in one state that a change alters alike are
    /// handed one text (see `Outbox`); each of their sockets then writes from one buffer, where
    /// `writeTextMessage` copied the text into a buffer of its own for each.
    final class WebFrames: Sendable {
        /// The largest frame a page is sent; a longer text goes as several (as `writeTextMessage`
        /// splits it).
        static let maximumSize = 1 << 14

        init() {}

        /// The bytes of the texts written lately.
        private let recent = RecentlyMade<String, ByteBuffer>()

        /// Writes `text` to a page's socket as one text message.
        ///
        /// - Complexity: O(1) when the text was written lately (the same storage); otherwise O(n) in
        ///   its length.
        func write(_ text: String, to outbound: WebSocketOutboundWriter) async throws {
            guard text.utf8.count <= Self.maximumSize else {
                return try await outbound.writeTextMessage(text)
            }
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: bytes(of: text))))
        }

        /// The bytes of `text`: those of an equal text written lately, or new ones.
        func bytes(of text: String) -> ByteBuffer {
            recent.value(for: text, making: ByteBuffer.init(string:))
        }
    }
#endif
