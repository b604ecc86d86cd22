import Foundation

/// How a ``WebServer`` listens, and how much each page may cost it.
public struct WebServerConfiguration: Sendable {
    /// The address to listen on: loopback (`127.0.0.1`) by default. Any other address requires a
    /// ``token``, which the server makes when none is given and prints in its URL.
    public var host: String
    /// The port to listen on.
    public var port: Int
    /// The token every request must carry; `nil` on a loopback address means none.
    public var token: String?
    /// The most sessions kept at once, connected or waiting for their page to reconnect.
    public var maximumSessions = 1024
    /// How long a session waits for its page to reconnect.
    public var sessionGracePeriod: Duration = .seconds(60)
    /// How often the server pings each page (a `ping` message of the pages' protocol, which the
    /// page's script answers): a page that has not answered one ping by the next is closed, up to
    /// a quarter of the interval (at most a second) late, and reconnects to its session if it is
    /// still there.
    public var pingInterval: Duration = .seconds(30)
    /// The most messages that may wait for one page; a page further behind is resynced.
    public var maximumPendingMessages = 64
    /// The most bytes that may wait for one page; a page further behind is resynced.
    public var maximumPendingBytes = 4 << 20
    /// Where the server reports refused requests and closed connections (with their reasons):
    /// standard error by default.
    public var log: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("diffable-web: \(message)\n".utf8))
    }

    /// Whether ``host`` is a loopback address, where no token is required.
    public var listensOnLoopback: Bool { WebAccess.isLoopback(host) }

    /// A configuration listening on `host` and `port`.
    public init(host: String = "127.0.0.1", port: Int = 8080, token: String? = nil) {
        self.host = host
        self.port = port
        self.token = token
    }
}
