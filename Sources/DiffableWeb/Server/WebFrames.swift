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

        /// The last texts written, with their bytes (a few: pages in two or three states take
        /// turns).
        private static let kept = 4
        private let last = _Lock<[(text: String, bytes: ByteBuffer)]>([])

        /// Writes `text` to a page's socket as one text message.
        ///
        /// - Complexity: O(1) when the text is a kept one (the same storage); otherwise O(n) in its
        ///   length.
        func write(_ text: String, to outbound: WebSocketOutboundWriter) async throws {
            guard text.utf8.count <= Self.maximumSize else {
                return try await outbound.writeTextMessage(text)
            }
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: bytes(of: text))))
        }

        /// The bytes of `text`: a kept text's, when equal to it.
        func bytes(of text: String) -> ByteBuffer {
            if let kept = last.withLock({ $0 }).first(where: { $0.text == text }) { return kept.bytes }
            let bytes = ByteBuffer(string: text)
            last.withLock { last in
                if last.count == Self.kept { last.removeLast() }
                last.insert((text, bytes), at: 0)
            }
            return bytes
        }
    }
#endif
