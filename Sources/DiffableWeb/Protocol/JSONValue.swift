/// A JSON value, written compactly: the server's messages are built as values (so tests compare
/// them) and written with ``text``.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    /// An object; its members keep their order, so the text is the same on every run.
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The value as compact JSON text. Strings are escaped so that the text is also safe inside a
    /// `<script>` element or an HTML attribute (`<`, `>`, `&` and `'` as `\u` escapes), though the
    /// client never puts it there.
    ///
    /// - Complexity: O(n) in the size of the text.
    var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes the value's UTF-8 bytes: a server writes a patch for every page a change reaches,
    /// and appending bytes costs a fraction of appending to a `String` piece by piece.
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): Self.writeInt(value, to: &out)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The decimal digits of `value`, with a minus sign when negative.
    private static func writeInt(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out[start...].reverse()
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether a UTF-8 byte needs no escape: printable ASCII but `"`, `\`, `<`, `>`, `&` and
    /// `'`, or a byte of a longer character but the lead byte 0xE2, which U+2028 and U+2029 start
    /// with (a string with one takes the character-by-character path).
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x22, 0x5C, 0x3C, 0x3E, 0x26, 0x27, 0xE2: false
        default: byte >= 0x20
        }
    }

    private static func writeString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: appended whole, without a look at each character.
        let isPlainText =
            string.utf8.withContiguousStorageIfAvailable { bytes in
                guard bytes.allSatisfy(isPlain) else { return false }
                out.append(contentsOf: bytes)
                return true
            } ?? false
        if isPlainText {
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: #"\""#.utf8)
            case "\\": out.append(contentsOf: #"\\"#.utf8)
            case "\n": out.append(contentsOf: #"\n"#.utf8)
            case "\r": out.append(contentsOf: #"\r"#.utf8)
            case "\t": out.append(contentsOf: #"\t"#.utf8)
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}":
                appendEscape(scalar.value, to: &out)
            default:
                if scalar.value < 0x20 {
                    appendEscape(scalar.value, to: &out)
                } else {
                    UTF8.encode(scalar) { out.append($0) }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        out.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}

extension JSONValue {
    /// An array of integers.
    static func ints(_ values: some Sequence<Int>) -> JSONValue { .array(values.map { .int($0) }) }

    /// An optional string: the string, or `null`.
    static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
}
