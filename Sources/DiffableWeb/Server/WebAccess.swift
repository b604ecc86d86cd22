import Foundation

/// Who may use a server, and what its pages may do: the checks every request passes, apart from
/// the server that carries them.
///
/// - On a loopback address with no token, a request must name the server by a loopback host
///   (`127.0.0.1`, `localhost`, `[::1]`) in its `Host` header: a page on another site that
///   rebinds its own name to 127.0.0.1 is refused.
/// - With a token (required on any other address), a request must carry it, in the `token`
///   query parameter (as in the URL the server prints) or in the cookie the server then sets.
/// - A WebSocket upgrade from a browser must come from the server's own origin.
/// - Pages run only the server's script: the Content-Security-Policy allows no inline script,
///   no other origin's script, and no connection but to the server.
struct WebAccess: Sendable {
    /// The address the server listens on.
    var host: String
    /// The port the server listens on; 0 (any free port, in tests) accepts any.
    var port: Int
    /// The token requests must carry; `nil` on loopback without one.
    var token: String?

    /// The cookie that carries the token after the first request.
    static let cookieName = "diffable_token"

    /// The policy for every response: scripts and styles from the server only, images from it or
    /// the web (cells may show images by URL), connections to it only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: http:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Whether `host` is a loopback address (or `localhost`).
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// Whether a request's `Host` header names this server acceptably.
    func allowsHost(_ authority: String?) -> Bool {
        guard token == nil else { return true }  // the token is the check
        guard let authority, let (name, port) = Self.split(authority) else { return false }
        return Self.isLoopback(name) && (port == nil || port == self.port || self.port == 0)
    }

    /// Whether a request carries the token (always true when there is none).
    func hasToken(query: String?, cookie: String?) -> Bool {
        guard let token else { return true }
        if let query, let given = Self.parameter("token", in: query), Self.equal(given, token) { return true }
        if let cookie, let given = Self.cookie(Self.cookieName, in: cookie), Self.equal(given, token) {
            return true
        }
        return false
    }

    /// Whether a WebSocket upgrade's `Origin` is the server's own.
    ///
    /// A browser always sends the origin of the page that opens the socket, `http(s)://host[:port]`
    /// (or `null` for a file or a sandboxed frame), so any such origin but this server's is
    /// refused. Clients that are not browsers send none, or a `ws:`/`wss:` origin (as some
    /// WebSocket libraries do), which no page can have; they pass, and must still carry the token
    /// where one is required.
    func allowsOrigin(_ origin: String?, authority: String?) -> Bool {
        guard let origin else { return true }
        let lowered = origin.lowercased()
        if lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://") { return true }
        guard let authority else { return false }
        return lowered == "http://\(authority.lowercased())" || lowered == "https://\(authority.lowercased())"
    }

    /// `host[:port]` split; `nil` when the port is not a number.
    private static func split(_ authority: String) -> (String, Int?)? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let name = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            if rest.isEmpty { return (name, nil) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        if parts.count == 1 { return (String(parts[0]), nil) }
        guard let port = Int(parts[1]) else { return nil }
        return (String(parts[0]), port)
    }

    private static func parameter(_ name: String, in query: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 && parts[0] == name { return parts[1].removingPercentEncoding }
        }
        return nil
    }

    private static func cookie(_ name: String, in header: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2 && parts[0] == name { return String(parts[1]) }
        }
        return nil
    }

    /// Compares in time that does not depend on where the strings differ.
    private static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A token for a server on a non-loopback address: 128 random bits, in hexadecimal.
    static func makeToken() -> String { WebSessionRegistry.makeIdentifier() }

    /// The page's HTML: the script and the stylesheet from the server, and the title, escaped.
    static func html(title: String) -> String {
        let title = escapeHTML(title)
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <link rel="stylesheet" href="/_diffable/style.css">
            <script type="module" src="/_diffable/client.js"></script>
            </head>
            <body>
            <a class="dw-skip" href="#dw-main">Skip to the content</a>
            <header class="dw-bar"><h1 class="dw-title">\(title)</h1>\
            <input class="dw-search" type="search" aria-label="Search" hidden>\
            <span class="dw-status" role="status"></span></header>
            <main class="dw-collection" id="dw-main" tabindex="0" aria-label="\(title)"></main>
            </body>
            </html>

            """
    }

    /// A list of the server's pages, for `/` when no page is served there.
    static func index(of pages: [(path: String, title: String)]) -> String {
        let items = pages.map { "<li><a href=\"\(escapeHTML($0.path))\">\(escapeHTML($0.title))</a></li>" }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Pages</title>\
            <link rel="stylesheet" href="/_diffable/style.css"></head>
            <body class="dw-index"><h1>Pages</h1><ul>\(items.joined())</ul></body></html>

            """
    }

    /// Text made safe for HTML content and quoted attributes.
    static func escapeHTML(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
