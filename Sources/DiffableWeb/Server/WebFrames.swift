#if Web
    import Diffable
    import NIOCore
    import NIOWebSocket

    /// How a page's text goes to its socket: as one text frame whose bytes are a buffer that the
    /// pages sent the same text share. The pages in one state that a change alters alike are
    /// handed one text (see `Outbox`); each of their sockets then writes from one buffer, where
    /// copying the text for each would make a buffer for each.
    final class WebFrames: Sendable {
        /// The largest frame a page is sent; a longer text goes as several, a text frame and its
        /// continuations.
        static let maximumSize = 1 << 14

        init() {}

        /// The bytes of the texts written lately.
        private let recent = RecentlyMade<String, ByteBuffer>()

        /// Writes `text` to a page's channel as one text message, without flushing; on the
        /// channel's event loop.
        ///
        /// - Complexity: O(1) when the text was written lately (the same storage); otherwise O(n) in
        ///   its length.
        func write(_ text: String, to channel: any Channel) {
            guard text.utf8.count > Self.maximumSize else {
                channel.write(WebSocketFrame(fin: true, opcode: .text, data: bytes(of: text)), promise: nil)
                return
            }
            // A reset of a large page: written once, so not kept.
            var rest = ByteBuffer(string: text)
            var opcode = WebSocketOpcode.text
            while rest.readableBytes > Self.maximumSize, let part = rest.readSlice(length: Self.maximumSize) {
                channel.write(WebSocketFrame(fin: false, opcode: opcode, data: part), promise: nil)
                opcode = .continuation
            }
            channel.write(WebSocketFrame(fin: true, opcode: opcode, data: rest), promise: nil)
        }

        /// The bytes of `text`: those of an equal text written lately, or new ones.
        func bytes(of text: String) -> ByteBuffer {
            recent.value(for: text, making: ByteBuffer.init(string:))
        }
    }
#endif
