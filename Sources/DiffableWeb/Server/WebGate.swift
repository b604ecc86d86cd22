#if Web
    import Foundation
    import HTTPTypes
    import Hummingbird

    /// Checks every HTTP request against the server's ``WebAccess`` and gives every response the
    /// security headers.
    struct WebGate<Context: RequestContext>: RouterMiddleware {
        let access: WebAccess

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            var response: Response
            if !access.allowsHost(request.head.authority) {
                response = Self.text("unknown host\n", status: .misdirectedRequest)
            } else if !access.hasToken(query: request.uri.query, cookie: request.headers[.cookie]) {
                response = Self.text(
                    "this server requires the token it printed at start-up\n", status: .forbidden)
            } else {
                do {
                    response = try await next(request, context)
                } catch let error as HTTPError {
                    response = Self.text("\(error.status.reasonPhrase)\n", status: error.status)
                }
                if let token = access.token, request.uri.query?.contains("token=") == true {
                    response.headers[.setCookie] =
                        "\(WebAccess.cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"
                }
            }
            response.headers[.contentSecurityPolicy] = WebAccess.contentSecurityPolicy
            response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
            response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
            response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
            response.headers[.cacheControl] = "no-cache"
            return response
        }

        static func text(_ text: String, status: HTTPResponse.Status) -> Response {
            Response(
                status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// The client's script modules and stylesheet, read from the module's resources once.
    struct WebAssets {
        /// One file and its type.
        struct Asset: Sendable {
            var contents: String
            var contentType: String

            var response: Response {
                Response(
                    status: .ok, headers: [.contentType: contentType],
                    body: .init(byteBuffer: ByteBuffer(string: contents)))
            }
        }

        /// Every file of the client, by name.
        static func load() throws -> [String: Asset] {
            guard let folder = Bundle.module.url(forResource: "Client", withExtension: nil) else {
                throw CocoaError(.fileNoSuchFile)
            }
            var assets: [String: Asset] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let type: String
                if name.hasSuffix(".js") {
                    type = "text/javascript; charset=utf-8"
                } else if name.hasSuffix(".css") {
                    type = "text/css; charset=utf-8"
                } else {
                    continue
                }
                let contents = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                assets[name] = Asset(contents: contents, contentType: type)
            }
            return assets
        }

        static func htmlResponse(_ html: String) -> Response {
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: html)))
        }
    }
#endif
