/// Decodes the bytes a terminal in raw mode sends into ``Key``s, across reads.
///
/// Feed it every chunk read from the terminal, in order. A key whose bytes are split between
/// reads — a multi-byte UTF-8 character, an escape sequence — is held back until the rest
/// arrives. Escape is the one ambiguous key: a lone `ESC` byte may be the Escape key or the
/// start of a sequence still in flight. The parser holds it (``hasPendingInput`` is `true`);
/// when no more bytes come within a short delay (25 ms is usual), call ``flush()`` to report it.
///
/// ```swift
/// var parser = KeyParser()
/// parser.feed([0x1B, 0x5B])  // []: the start of a sequence
/// parser.feed([0x41])        // [.up]
/// parser.feed([0x1B])        // []: Escape, or a sequence?
/// parser.flush()             // [.escape]: nothing followed
/// ```
///
/// Decoded: printable UTF-8 text, grouped into characters (within one read); Enter as CR or LF;
/// Tab; Backspace as DEL or BS; Ctrl with a letter and Ctrl-@, -\\, -], -^, -_; the arrows as
/// `ESC[A`…`ESC[D` and `ESC OA`…`ESC OD`; Home as `ESC[H`, `ESC[1~`, `ESC[7~`, `ESC OH`; End as
/// `ESC[F`, `ESC[4~`, `ESC[8~`, `ESC OF`; Page Up and Down as `ESC[5~`, `ESC[6~`; Delete as
/// `ESC[3~`; Shift-Tab as `ESC[Z`; F1–F4 as `ESC OP`…`ESC OS`, `ESC[11~`…`ESC[14~`,
/// `ESC[1;2P`… and the Linux console's `ESC[[A`…`ESC[[E` (F1–F5); F5–F20 as `ESC[15~`…`ESC[34~`.
/// Modifier parameters (`ESC[1;5A`) are ignored. Mouse reports become ``Key/mouse(_:)``, in the
/// SGR encoding (`ESC[<0;12;5M`) and the older X10 one (`ESC[M` and three bytes, which may be
/// any byte: they are never read as typed text). Other escape sequences and invalid UTF-8
/// become ``Key/unknown(_:)``; `ESC` followed by any other byte is Escape, then that byte's key.
/// A sequence longer than 32 bytes is unknown, all of it, never text: it is reported as soon as
/// that much has arrived, and the rest of it as one more unknown key per read.
public struct KeyParser: Hashable, Sendable {
    /// Bytes received but not yet decoded: the start of a key whose end has not arrived.
    private var pending: [UInt8] = []
    /// Where the bytes received next stand when the last ones were an overlong sequence reported
    /// before its end: its parameters, its intermediates, or `nil`, outside such a sequence.
    private var overlongSequence: OverlongPart?

    /// The part of a CSI sequence (`ESC [ parameters intermediates final`) its next byte belongs to.
    private enum OverlongPart: Hashable, Sendable {
        case parameters
        case intermediates
    }

    /// A parser with nothing pending.
    public init() {}

    /// Whether bytes are held back waiting for the rest of a key; if nothing more arrives,
    /// ``flush()`` reports them.
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// Decodes `bytes`, after whatever was held back from earlier calls, and returns the keys
    /// that are complete.
    ///
    /// - Parameter bytes: The next bytes read from the terminal.
    /// - Returns: The keys completed by these bytes, in order.
    /// - Complexity: O(*n*), *n* the number of bytes held back plus `bytes.count`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Decodes everything held back, taking an incomplete sequence as the keys it starts with:
    /// a lone `ESC` is ``Key/escape``, `ESC [` is Escape and `[`, a cut-off UTF-8 character is
    /// ``Key/unknown(_:)``. Call it when no byte followed within the escape delay.
    ///
    /// - Returns: The keys held back; empty when nothing was.
    /// - Complexity: O(*n*), *n* the number of bytes held back.
    public mutating func flush() -> [Key] {
        decode(final: true)
    }

    /// Decodes `pending` as far as possible; with `final`, all of it.
    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var text = String.UnicodeScalarView()
        /// Ends the current run of text, as characters.
        func endText() {
            guard !text.isEmpty else { return }
            keys += String(text).map(Key.character)
            text = String.UnicodeScalarView()
        }
        var index = 0
        if overlongSequence != nil {
            index = skipOverlongSequence()
            if index > 0 { keys.append(.unknown(Array(pending[..<index]))) }
        }
        decoding: while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x20...0x7E:
                text.append(Unicode.Scalar(byte))
                index += 1
            case 0x80...0xFF:
                switch decodeUTF8(at: index) {
                case .incomplete where !final:
                    break decoding
                case .incomplete:
                    endText()
                    keys.append(.unknown(Array(pending[index...])))
                    index = pending.count
                case .invalid(let length):
                    endText()
                    keys.append(.unknown(Array(pending[index..<index + length])))
                    index += length
                case .scalar(let scalar, let length):
                    text.append(scalar)
                    index += length
                }
            case 0x1B:
                endText()
                switch decodeEscape(at: index) {
                case .incomplete where !final:
                    break decoding
                case .incomplete:
                    // Nothing followed in time: the Escape key, then whatever came after it.
                    keys.append(.escape)
                    index += 1
                case .key(let key, let length):
                    keys.append(key)
                    index += length
                }
            default:
                endText()
                keys.append(Self.controlKey(byte))
                index += 1
            }
        }
        endText()
        pending.removeFirst(index)
        // At a flush nothing followed in time: an overlong sequence ends with what came.
        if final { overlongSequence = nil }
        return keys
    }

    /// The length of the rest of an overlong sequence at the start of `pending`: the parameter
    /// and intermediate bytes, and the final byte, as `decodeCSI` reads them. Leaves
    /// `overlongSequence` set when the sequence goes on past `pending`.
    private mutating func skipOverlongSequence() -> Int {
        var index = 0
        if overlongSequence == .parameters {
            while index < pending.count, (0x30...0x3F).contains(pending[index]) { index += 1 }
            guard index < pending.count else { return index }
            overlongSequence = .intermediates
        }
        while index < pending.count, (0x20...0x2F).contains(pending[index]) { index += 1 }
        guard index < pending.count else { return index }
        overlongSequence = nil
        return (0x40...0x7E).contains(pending[index]) ? index + 1 : index
    }

    /// The key for a C0 control byte or DEL.
    private static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x08, 0x7F: .backspace
        case 0x00: .control("@")
        case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
        // 0x1C...0x1F: Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_.
        default: .control(Character(Unicode.Scalar(byte + 0x40)))
        }
    }

    /// The outcome of decoding one UTF-8 sequence.
    private enum UTF8Result {
        /// A scalar, `length` bytes long.
        case scalar(Unicode.Scalar, length: Int)
        /// Not UTF-8: the first `length` bytes are no character.
        case invalid(length: Int)
        /// A valid start, cut off by the end of the input.
        case incomplete
    }

    /// Decodes the UTF-8 sequence starting at `pending[start]`, a byte of 0x80 or more.
    private func decodeUTF8(at start: Int) -> UTF8Result {
        let lead = pending[start]
        let length: Int
        var value: UInt32
        // The allowed range of the second byte excludes overlong forms, surrogates and values
        // past U+10FFFF.
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { secondRange = 0xA0...0xBF }
            if lead == 0xED { secondRange = 0x80...0x9F }
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { secondRange = 0x90...0xBF }
            if lead == 0xF4 { secondRange = 0x80...0x8F }
        default:
            return .invalid(length: 1)
        }
        for offset in 1..<length {
            guard start + offset < pending.count else { return .incomplete }
            let byte = pending[start + offset]
            guard (offset == 1 ? secondRange : 0x80...0xBF).contains(byte) else {
                return .invalid(length: offset)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
        return .scalar(scalar, length: length)
    }

    /// The outcome of decoding an escape sequence.
    private enum EscapeResult {
        /// A key, `length` bytes long.
        case key(Key, length: Int)
        /// Possibly the start of a sequence whose end has not arrived.
        case incomplete
    }

    /// The longest escape sequence decoded; longer ones are reported as unknown, whether or not
    /// their end has arrived, so that how the reads split them never changes what they are.
    private static let maximumSequenceLength = 32

    /// Decodes the escape sequence starting at `pending[start]`, an `ESC` byte.
    private mutating func decodeEscape(at start: Int) -> EscapeResult {
        guard start + 1 < pending.count else { return .incomplete }
        switch pending[start + 1] {
        case UInt8(ascii: "["):
            return decodeCSI(at: start)
        case UInt8(ascii: "O"):
            guard start + 2 < pending.count else { return .incomplete }
            let key: Key
            switch pending[start + 2] {
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            case UInt8(ascii: "M"): key = .enter
            case UInt8(ascii: "P")...UInt8(ascii: "S"): key = .function(Int(pending[start + 2] - 0x50) + 1)
            default: key = .unknown(Array(pending[start..<start + 3]))
            }
            return .key(key, length: 3)
        default:
            // Escape, then the next byte on its own (as Alt with that key sends it).
            return .key(.escape, length: 1)
        }
    }

    /// Decodes the CSI sequence (`ESC [ parameters intermediates final`) starting at
    /// `pending[start]`.
    private mutating func decodeCSI(at start: Int) -> EscapeResult {
        var index = start + 2
        guard index < pending.count else { return .incomplete }
        if pending[index] == UInt8(ascii: "[") {
            // The Linux console's F1–F5: ESC [ [ A … ESC [ [ E.
            guard index + 1 < pending.count else { return .incomplete }
            let final = pending[index + 1]
            let key: Key =
                (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final)
                ? .function(Int(final - UInt8(ascii: "A")) + 1) : .unknown(Array(pending[start...index + 1]))
            return .key(key, length: 4)
        }
        let parametersStart = index
        while index < pending.count, (0x30...0x3F).contains(pending[index]) { index += 1 }
        let parametersEnd = index
        while index < pending.count, (0x20...0x2F).contains(pending[index]) { index += 1 }
        guard index < pending.count else {
            if index - start >= Self.maximumSequenceLength {
                // Too long to wait for: unknown so far, and what follows of it is unknown too.
                overlongSequence = parametersEnd == index ? .parameters : .intermediates
                return .key(.unknown(Array(pending[start..<index])), length: index - start)
            }
            return .incomplete
        }
        let final = pending[index]
        guard (0x40...0x7E).contains(final) else {
            // Not a CSI sequence after all: report what came so far, decode the rest anew.
            return .key(.unknown(Array(pending[start..<index])), length: index - start)
        }
        let sequence = Array(pending[start...index])
        if sequence.count > Self.maximumSequenceLength {
            // Split across reads, it would have been reported unknown before its final byte came.
            return .key(.unknown(sequence), length: sequence.count)
        }
        let hasIntermediates = parametersEnd != index
        if !hasIntermediates && (final == UInt8(ascii: "M") || final == UInt8(ascii: "m")) {
            if parametersStart < parametersEnd && pending[parametersStart] == UInt8(ascii: "<") {
                let event = Self.sgrMouseEvent(
                    pending[parametersStart + 1..<parametersEnd], isRelease: final == UInt8(ascii: "m"))
                return .key(event.map(Key.mouse) ?? .unknown(sequence), length: index - start + 1)
            }
            if parametersStart == parametersEnd && final == UInt8(ascii: "M") {
                // X10: three bytes follow, each 32 more than the button code and the 1-based cell.
                guard index + 3 < pending.count else { return .incomplete }
                let bytes = pending[index + 1...index + 3].map { Int($0) - 32 }
                let event = MouseEvent.decoding(
                    code: bytes[0], column: bytes[1], row: bytes[2], isRelease: false)
                return .key(
                    event.map(Key.mouse) ?? .unknown(Array(pending[start...index + 3])),
                    length: index - start + 4)
            }
        }
        let parameters = Self.numbers(pending[parametersStart..<parametersEnd])
        let key = hasIntermediates ? .unknown(sequence) : Self.csiKey(final: final, parameters: parameters)
        return .key(key ?? .unknown(sequence), length: index - start + 1)
    }

    /// The mouse event of an SGR report, `ESC[<` `code;column;row` then `M` (press, drag, wheel)
    /// or `m` (release), given the parameters after the `<`.
    private static func sgrMouseEvent(_ parameters: ArraySlice<UInt8>, isRelease: Bool) -> MouseEvent? {
        let values = numbers(parameters)
        guard values.count == 3, let code = values[0], let column = values[1], let row = values[2] else {
            return nil
        }
        return MouseEvent.decoding(code: code, column: column, row: row, isRelease: isRelease)
    }

    /// The numbers of a CSI sequence's parameter bytes, separated by `;`; `nil` for one that is
    /// empty or not a number.
    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
        parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
            Int(String(decoding: $0, as: UTF8.self))
        }
    }

    /// The key a CSI sequence with `final` byte and `parameters` stands for, if any.
    private static func csiKey(final: UInt8, parameters: [Int?]) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
        case UInt8(ascii: "~"):
            guard let first = parameters.first, let number = first else { return nil }
            switch number {
            case 1, 7: return .home
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(number - 10)
            case 17...21: return .function(number - 11)
            case 23...26: return .function(number - 12)
            case 28, 29: return .function(number - 13)
            case 31...34: return .function(number - 14)
            default: return nil
            }
        default:
            return nil
        }
    }
}
