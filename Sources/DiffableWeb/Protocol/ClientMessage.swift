import Foundation

/// What a page tells the server: one text message on its WebSocket, as JSON.
///
/// The first message of a connection is ``hello(session:page:viewport:)``; the others report
/// the viewport and what the person did. Items are named by their elements' keys, never by index
/// paths, so a message that crosses an update on the wire still names the item the person meant
/// (or an item that is gone, which the server ignores).
enum ClientMessage: Equatable, Sendable {
    /// The page connects: the session to resume (if the page had one), the page's path and
    /// query, and its viewport.
    case hello(session: String?, page: String, viewport: WebViewport)
    /// The page scrolled or was resized; `strips` are the horizontal strips' scroll offsets, by
    /// section key.
    case viewport(WebViewport, strips: [Int: Int])
    /// The person selected an item.
    case select(key: Int)
    /// The person expanded or collapsed an outline item.
    case toggle(key: Int)
    /// The person dropped an item at `index` of the section with key `section`.
    case move(key: Int, section: Int, index: Int)
    /// The person performed the swipe action at `index` of an item.
    case action(key: Int, index: Int)
    /// The person clicked the accessory at `index` of those an item shows, one with an action
    /// handler.
    case accessory(key: Int, index: Int)
    /// The person asked for an item's context menu (a right-click, a long press, Shift-F10 or
    /// the menu key) at a point of the view, in pixels.
    case menu(key: Int, x: Int, y: Int)
    /// The person tapped an item whose cell shows a pop-up menu accessory (a click, Enter or
    /// Space) at a point of the view, in pixels: its menu opens there.
    case popUpMenu(key: Int, x: Int, y: Int)
    /// The person chose the element at `path` (see `MenuRow.path`) in the item's open context
    /// menu.
    case choose(key: Int, path: [Int])
    /// The person picked the title at `index` of the index of the collection that holds the
    /// item whose element has `key`.
    case indexTitle(key: Int, index: Int)
    /// The person pressed the back control of a collapsed split view.
    case back
    /// The person typed into the search field.
    case search(String)
    /// A region's collection view scrolled or was resized (see `ClientMessage+Regions.swift`).
    case region(name: String, viewport: WebViewport)
    /// The person pressed a button of a panel: its action, and the values of the panel's fields.
    case panel(name: String, action: String, values: [String: String])

    /// The largest message a page may send, in bytes.
    static let maximumSize = 8 * 1024
    /// The most horizontal strips a viewport message may report.
    static let maximumStrips = 256
    /// The longest search text, in characters.
    static let maximumSearchLength = 256
    /// The deepest a chosen menu element may be: submenus and inline groups within the root.
    static let maximumMenuDepth = 8

    /// Decodes and checks one message.
    ///
    /// Anything but a well-formed message of a known type, with exactly its members, each of the
    /// right type and in range, is an error naming what is wrong; the caller closes the
    /// connection with it.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func decode(_ text: String) throws(ClientMessageError) -> ClientMessage {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumSize else {
            throw ClientMessageError("message of \(bytes.count) bytes is over the limit of \(maximumSize)")
        }
        guard nestingDepth(of: bytes) <= 3 else { throw ClientMessageError("message is nested too deeply") }
        let root: JSONField
        do {
            root = try JSONDecoder().decode(JSONField.self, from: Data(bytes))
        } catch {
            throw ClientMessageError("message is not JSON")
        }
        guard case .object(let members) = root else {
            throw ClientMessageError("message is not a JSON object")
        }
        var fields = Fields(members: members)
        let type = try fields.string("t", maximumLength: 16)
        let message: ClientMessage
        switch type {
        case "hello":
            guard try fields.integer("version", in: 0...Int(Int32.max)) == ServerMessage.version else {
                throw ClientMessageError(
                    "unknown version: this server speaks version \(ServerMessage.version)")
            }
            let session = try fields.optionalString("session", maximumLength: 64)
            if let session, !session.allSatisfy({ $0.isHexDigit }) {
                throw ClientMessageError("session is not hexadecimal")
            }
            let page = try fields.string("page", maximumLength: 1024)
            guard page.hasPrefix("/") else { throw ClientMessageError("page is not a path") }
            message = .hello(session: session, page: page, viewport: try fields.viewport())
        case "viewport":
            let viewport = try fields.viewport()
            var strips: [Int: Int] = [:]
            if let list = try fields.optionalArray("strips") {
                guard list.count <= maximumStrips else { throw ClientMessageError("too many strips") }
                for entry in list {
                    guard case .array(let pair) = entry, pair.count == 2,
                        let key = pair[0].integer(in: keyRange),
                        let left = pair[1].integer(in: 0...1_000_000_000)
                    else { throw ClientMessageError("a strip is not [key, offset]") }
                    strips[key] = left
                }
            }
            message = .viewport(viewport, strips: strips)
        case "select": message = .select(key: try fields.integer("k", in: keyRange))
        case "toggle": message = .toggle(key: try fields.integer("k", in: keyRange))
        case "move":
            message = .move(
                key: try fields.integer("k", in: keyRange), section: try fields.integer("s", in: keyRange),
                index: try fields.integer("i", in: 0...Int(Int32.max)))
        case "action":
            message = .action(
                key: try fields.integer("k", in: keyRange), index: try fields.integer("a", in: 0...63))
        case "accessory":
            message = .accessory(
                key: try fields.integer("k", in: keyRange), index: try fields.integer("a", in: 0...63))
        case "menu", "popup":
            let (key, x, y) = (
                try fields.integer("k", in: keyRange),
                try fields.integer("x", in: 0...100_000, rounding: true),
                try fields.integer("y", in: 0...1_000_000_000, rounding: true)
            )
            message = type == "menu" ? .menu(key: key, x: x, y: y) : .popUpMenu(key: key, x: x, y: y)
        case "choose":
            let key = try fields.integer("k", in: keyRange)
            guard let list = try fields.optionalArray("p"), (1...maximumMenuDepth).contains(list.count) else {
                throw ClientMessageError("'p' is not a path of 1 to \(maximumMenuDepth) indexes")
            }
            let path = list.compactMap { $0.integer(in: 0...1023) }
            guard path.count == list.count else { throw ClientMessageError("'p' holds a bad index") }
            message = .choose(key: key, path: path)
        case "back": message = .back
        case "index":
            message = .indexTitle(
                key: try fields.integer("k", in: keyRange), index: try fields.integer("i", in: 0...9_999))
        case "search":
            message = .search(try fields.string("q", maximumLength: maximumSearchLength))
        case "region", "panel":
            message = try decodeRegionMessage(type, &fields)
        default:
            throw ClientMessageError("unknown message type")
        }
        if let extra = fields.remaining.sorted().first {
            throw ClientMessageError("unexpected member '\(extra.prefix(32))' in a \(type) message")
        }
        return message
    }

    /// The range of element keys.
    static let keyRange = 1...Int(Int32.max)

    /// How deeply arrays and objects nest in JSON text (brackets inside strings do not count).
    private static func nestingDepth(of bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

/// Why a page's message was refused: the reason the connection is closed with, and logged.
struct ClientMessageError: Error, Equatable, CustomStringConvertible {
    /// The reason, for a person reading the log.
    var description: String

    init(_ description: String) { self.description = description }
}

/// Any JSON value, decoded without trusting its shape.
enum JSONField: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONField])
    case object([String: JSONField])

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONField] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(JSONField.self, forKey: key)
            }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONField] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONField.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    /// The value as an integer in `range`: a JSON number with no fraction; a browser's
    /// fractional pixel counts are rounded.
    func integer(in range: ClosedRange<Int>, rounding: Bool = false) -> Int? {
        guard case .number(let value) = self, value.isFinite else { return nil }
        let rounded = value.rounded()
        guard rounding || rounded == value, rounded >= Double(range.lowerBound),
            rounded <= Double(range.upperBound)
        else { return nil }
        return Int(rounded)
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The members of a message object, taken one by one so that any left over can be refused.
struct Fields {
    var members: [String: JSONField]

    var remaining: [String] { Array(members.keys) }

    mutating func take(_ name: String) -> JSONField? { members.removeValue(forKey: name) }

    mutating func integer(_ name: String, in range: ClosedRange<Int>, rounding: Bool = false)
        throws(ClientMessageError)
        -> Int
    {
        guard let field = take(name) else { throw ClientMessageError("missing '\(name)'") }
        guard let value = field.integer(in: range, rounding: rounding) else {
            throw ClientMessageError(
                "'\(name)' is not an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    mutating func string(_ name: String, maximumLength: Int) throws(ClientMessageError) -> String {
        guard let value = try optionalString(name, maximumLength: maximumLength) else {
            throw ClientMessageError("missing '\(name)'")
        }
        return value
    }

    mutating func optionalString(_ name: String, maximumLength: Int) throws(ClientMessageError) -> String? {
        guard let field = take(name), field != .null else { return nil }
        guard case .string(let value) = field else { throw ClientMessageError("'\(name)' is not a string") }
        guard value.count <= maximumLength else { throw ClientMessageError("'\(name)' is too long") }
        return value
    }

    mutating func optionalArray(_ name: String) throws(ClientMessageError) -> [JSONField]? {
        guard let field = take(name), field != .null else { return nil }
        guard case .array(let value) = field else { throw ClientMessageError("'\(name)' is not an array") }
        return value
    }

    mutating func viewport() throws(ClientMessageError) -> WebViewport {
        var viewport = WebViewport(
            top: try integer("top", in: 0...1_000_000_000, rounding: true),
            height: try integer("height", in: 1...100_000, rounding: true),
            width: try integer("width", in: 1...100_000, rounding: true))
        // The window's width (the main collection's messages), which a split view follows.
        if let field = take("vw"), field != .null {
            guard let width = field.integer(in: 1...100_000, rounding: true) else {
                throw ClientMessageError("'vw' is not an integer in 1...100000")
            }
            viewport.windowWidth = width
        }
        return viewport
    }
}
