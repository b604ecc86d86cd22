/// A JSON value with the line and column it starts at, so that an import file's errors name
/// where they are. Foundation's decoders do not say.
public struct JSONNode: Sendable, Equatable {
    /// The kinds of JSON value.
    public indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number, as written: the validator decides what it may be.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in the file's order; the parser refuses a key given twice.
        case object([(key: String, node: JSONNode)])

        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case (.bool(let x), .bool(let y)): x == y
            case (.number(let x), .number(let y)): x == y
            case (.string(let x), .string(let y)): x == y
            case (.array(let x), .array(let y)): x == y
            case (.object(let x), .object(let y)):
                x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.node == $1.node }
            default: false
            }
        }

        /// `a string`, `a number`: for messages.
        public var kindDescription: String {
            switch self {
            case .null: "null"
            case .bool: "true or false"
            case .number: "a number"
            case .string: "a string"
            case .array: "a list"
            case .object: "an object"
            }
        }
    }

    /// The value.
    public var value: Value
    /// The line it starts on, from 1.
    public var line: Int
    /// The column it starts at, from 1, in bytes of its line.
    public var column: Int
}

/// Why a text is not JSON, and where.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in bytes of the line.
    public var column: Int
    /// What was wrong.
    public var message: String

    /// `line 3, column 7: expected ':' after a key`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Parses JSON (RFC 8259) from UTF-8 bytes, keeping each value's position.
///
/// Nesting deeper than ``maximumDepth`` is an error rather than a deep recursion; so is a key
/// given twice in one object, which the decoders would take silently (the last one wins).
///
/// - Complexity: O(n) for n bytes.
public struct JSONParser {
    /// The deepest nesting of lists and objects accepted.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Parses `bytes` as one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.index = 3
            parser.lineStart = 3
        }
        parser.skipWhitespace()
        let node = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the end") }
        return node
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x0A:
                line += 1
                lineStart = index + 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) deep") }
        let (startLine, startColumn) = (line, index - lineStart + 1)
        func node(_ value: JSONNode.Value) -> JSONNode {
            JSONNode(value: value, line: startLine, column: startColumn)
        }
        guard let byte = current else { throw error("unexpected end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return node(try object(depth: depth))
        case UInt8(ascii: "["): return node(try array(depth: depth))
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "t"):
            try literal("true")
            return node(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return node(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try number()))
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count,
            bytes[index..<index + expected.count].elementsEqual(expected)
        else { throw error("unexpected word") }
        index += expected.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        var keys = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyError = error("the key is given twice")
            let key = try string()
            guard keys.insert(key).inserted else { throw keyError }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let first = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - first
        }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush() {
            if runStart < index {
                scalars.append(
                    contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard let byte = current else { throw error("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                scalars.append(try escape())
                runStart = index
            case 0x00..<0x20:
                throw error("a control character in a string must be escaped")
            default:
                index += 1
            }
        }
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { return "\u{FFFD}" }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
                return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        default:
            throw error("unknown escape")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
