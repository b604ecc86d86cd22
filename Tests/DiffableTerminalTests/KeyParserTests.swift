import DiffableTerminal
import Testing

/// The bytes of `text`.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Every way of splitting `input` into consecutive chunks at one or two cut points, plus byte by
/// byte.
private func splits(of input: [UInt8]) -> [[[UInt8]]] {
    var result: [[[UInt8]]] = [input.map { [$0] }]
    for first in 0...input.count {
        for second in first...input.count {
            result.append([Array(input[..<first]), Array(input[first..<second]), Array(input[second...])])
        }
    }
    return result
}

/// The keys `chunks` decode to, fed one by one, then flushed.
private func decode(_ chunks: [[UInt8]]) -> [Key] {
    var parser = KeyParser()
    var keys: [Key] = []
    for chunk in chunks {
        keys += parser.feed(chunk)
    }
    return keys + parser.flush()
}

/// `keys` with every run of unknown keys merged into one: a sequence too long to decode may come
/// out in as many pieces as the reads that brought it.
private func unknownBytesMerged(_ keys: [Key]) -> [Key] {
    var merged: [Key] = []
    for key in keys {
        if case .unknown(let next) = key, case .unknown(let previous) = merged.last {
            merged[merged.count - 1] = .unknown(previous + next)
        } else {
            merged.append(key)
        }
    }
    return merged
}

@Suite("Key parser")
struct KeyParserTests {
    /// Every escape sequence the parser decodes, with its key.
    static let sequences: [(String, Key)] =
        [
            ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left),
            ("\u{1B}[H", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}OH", .home),
            ("\u{1B}[F", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}OF", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete),
            ("\u{1B}[3;5~", .delete),
            ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
            ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)),
            ("\u{1B}OS", .function(4)),
            ("\u{1B}[11~", .function(1)), ("\u{1B}[12~", .function(2)), ("\u{1B}[13~", .function(3)),
            ("\u{1B}[14~", .function(4)), ("\u{1B}[1;2P", .function(1)), ("\u{1B}[1;5S", .function(4)),
            ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
            ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)), ("\u{1B}[18~", .function(7)),
            ("\u{1B}[19~", .function(8)), ("\u{1B}[20~", .function(9)), ("\u{1B}[21~", .function(10)),
            ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)), ("\u{1B}[24;2~", .function(12)),
            ("\u{1B}[25~", .function(13)), ("\u{1B}[34~", .function(20)),
        ] + mouseSequences

    /// Mouse reports, SGR and X10, with their events (cells 1-based in the report, 0-based in the
    /// event).
    static let mouseSequences: [(String, Key)] = [
        ("\u{1B}[<0;12;5M", .mouse(MouseEvent(.press(.left), x: 11, y: 4))),
        ("\u{1B}[<0;12;5m", .mouse(MouseEvent(.release(.left), x: 11, y: 4))),
        ("\u{1B}[<1;1;1M", .mouse(MouseEvent(.press(.middle), x: 0, y: 0))),
        ("\u{1B}[<2;300;80m", .mouse(MouseEvent(.release(.right), x: 299, y: 79))),
        ("\u{1B}[<32;7;9M", .mouse(MouseEvent(.drag(.left), x: 6, y: 8))),
        ("\u{1B}[<48;7;9M", .mouse(MouseEvent(.drag(.left), x: 6, y: 8))),  // with Ctrl
        ("\u{1B}[<64;3;4M", .mouse(MouseEvent(.scrollUp, x: 2, y: 3))),
        ("\u{1B}[<65;3;4M", .mouse(MouseEvent(.scrollDown, x: 2, y: 3))),
        ("\u{1B}[<69;3;4M", .mouse(MouseEvent(.scrollDown, x: 2, y: 3))),  // with Shift
        ("\u{1B}[<66;3;4M", .mouse(MouseEvent(.scrollLeft, x: 2, y: 3))),
        ("\u{1B}[<67;3;4M", .mouse(MouseEvent(.scrollRight, x: 2, y: 3))),
        // X10: ESC [ M, then 32 + button code, 32 + column, 32 + row.
        ("\u{1B}[M !!", .mouse(MouseEvent(.press(.left), x: 0, y: 0))),
        ("\u{1B}[M#q&", .mouse(MouseEvent(.release(.left), x: 80, y: 5))),
        ("\u{1B}[M`*+", .mouse(MouseEvent(.scrollUp, x: 9, y: 10))),
    ]

    @Test(arguments: sequences)
    func decodesEscapeSequences(sequence: String, key: Key) {
        var parser = KeyParser()
        #expect(parser.feed(bytes(sequence)) == [key])
        #expect(!parser.hasPendingInput)
    }

    @Test(arguments: sequences)
    func decodesEscapeSequencesSplitAcrossReads(sequence: String, key: Key) {
        for chunks in splits(of: bytes(sequence)) {
            #expect(decode(chunks) == [key], "\(chunks)")
        }
    }

    @Test func holdsAnIncompleteSequenceUntilTheRestArrives() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.hasPendingInput)
        #expect(parser.feed(bytes("[")) == [])
        #expect(parser.feed(bytes("2")) == [])
        #expect(parser.feed(bytes("4~x")) == [.function(12), .character("x")])
        #expect(!parser.hasPendingInput)
    }

    @Test func aLoneEscapeIsReportedOnFlush() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.flush() == [.escape])
        #expect(!parser.hasPendingInput)
        #expect(parser.flush() == [])
    }

    @Test func anIncompleteSequenceAtFlushIsEscapeThenItsBytes() {
        var parser = KeyParser()
        #expect(parser.feed(bytes("\u{1B}[")) == [])
        #expect(parser.flush() == [.escape, .character("[")])
        #expect(parser.feed(bytes("\u{1B}[12")) == [])
        #expect(parser.flush() == [.escape, .character("["), .character("1"), .character("2")])
        #expect(parser.feed(bytes("\u{1B}O")) == [])
        #expect(parser.flush() == [.escape, .character("O")])
    }

    @Test func escapeFollowedByAnotherKeyIsEscapeThenThatKey() {
        #expect(decode([bytes("\u{1B}x")]) == [.escape, .character("x")])
        #expect(decode([bytes("\u{1B}\u{1B}[A")]) == [.escape, .up])
        #expect(decode([bytes("\u{1B}\r")]) == [.escape, .enter])
    }

    @Test func unknownSequencesAreReportedWhole() {
        #expect(decode([bytes("\u{1B}[2~")]) == [.unknown(bytes("\u{1B}[2~"))])
        #expect(decode([bytes("\u{1B}[99~a")]) == [.unknown(bytes("\u{1B}[99~")), .character("a")])
        #expect(decode([bytes("\u{1B}[?1;2c")]) == [.unknown(bytes("\u{1B}[?1;2c"))])
        #expect(decode([bytes("\u{1B}[1 q")]) == [.unknown(bytes("\u{1B}[1 q"))])
        #expect(decode([bytes("\u{1B}Ox")]) == [.unknown(bytes("\u{1B}Ox"))])
        #expect(decode([bytes("\u{1B}[[x")]) == [.unknown(bytes("\u{1B}[[x"))])
        #expect(decode([bytes("\u{1B}[~")]) == [.unknown(bytes("\u{1B}[~"))])
    }

    @Test func aSequenceInterruptedByAControlByteIsUnknownThenTheRest() {
        #expect(decode([bytes("\u{1B}[1\r")]) == [.unknown(bytes("\u{1B}[1")), .enter])
    }

    @Test func anOverlongSequenceIsReportedUnknown() {
        let long = bytes("\u{1B}[" + String(repeating: "1", count: 40))
        var parser = KeyParser()
        #expect(parser.feed(long) == [.unknown(long)])
        #expect(!parser.hasPendingInput)
    }

    /// Regression (found by fuzz-keys): a sequence past the length limit, split after its first 32
    /// bytes, had its tail typed as text (here '-' keys); in one read it was one unknown key.
    @Test func anOverlongSequenceSplitAcrossReadsIsUnknownNotText() {
        let found: [UInt8] = [0, 0] + bytes("\u{1B}[" + String(repeating: "-", count: 42))
        let cut = 2 + 32
        for chunks in [[found], [Array(found[..<cut]), Array(found[cut...])], found.map { [$0] }] {
            #expect(
                unknownBytesMerged(decode(chunks)) == [
                    .control("@"), .control("@"), .unknown(Array(found[2...])),
                ])
        }
        // A final byte past the limit ends the sequence: unknown too, however it is split, and the
        // key after it is decoded.
        let withFinal = bytes("\u{1B}[" + String(repeating: "1", count: 40) + "A")
        for chunks in [
            [withFinal + bytes("x")], [Array(withFinal[..<33]), Array(withFinal[33...]) + bytes("x")],
        ] {
            #expect(unknownBytesMerged(decode(chunks)) == [.unknown(withFinal), .character("x")])
        }
    }

    @Test func printableTextBecomesCharacters() {
        #expect(decode([bytes("aZ 9~")]) == ["a", "Z", " ", "9", "~"].map(Key.character))
    }

    @Test func utf8TextBecomesCharactersGroupedIntoGraphemes() {
        #expect(decode([bytes("é漢🙂")]) == [.character("é"), .character("漢"), .character("🙂")])
        #expect(decode([bytes("e\u{301}👩‍💻🇫🇷")]) == [.character("e\u{301}"), .character("👩‍💻"), .character("🇫🇷")])
    }

    @Test(arguments: ["é", "漢", "🙂", "\u{10FFFF}"])
    func multiByteCharactersSplitAcrossReadsAreHeldBack(text: String) {
        for chunks in splits(of: bytes(text)) {
            #expect(decode(chunks) == [.character(Character(text))], "\(chunks)")
        }
    }

    @Test func invalidUTF8BecomesUnknownBytes() {
        #expect(decode([[0xFF, 0x61]]) == [.unknown([0xFF]), .character("a")])
        #expect(decode([[0x80]]) == [.unknown([0x80])])
        #expect(decode([[0xC0, 0xAF]]) == [.unknown([0xC0]), .unknown([0xAF])])  // overlong
        // A surrogate:
        #expect(decode([[0xED, 0xA0, 0x80]]) == [.unknown([0xED]), .unknown([0xA0]), .unknown([0x80])])
        #expect(decode([[0xE6, 0x41]]) == [.unknown([0xE6]), .character("A")])
        #expect(decode([[0xF4, 0x90, 0x80, 0x80]]).first == .unknown([0xF4]))  // past U+10FFFF
    }

    @Test func aCutOffCharacterAtFlushIsUnknown() {
        var parser = KeyParser()
        #expect(parser.feed([0xE6, 0xBC]) == [])
        #expect(parser.flush() == [.unknown([0xE6, 0xBC])])
    }

    @Test func enterIsCarriageReturnOrLineFeed() {
        #expect(decode([[0x0D], [0x0A]]) == [.enter, .enter])
    }

    @Test func tabAndBackspace() {
        #expect(decode([[0x09, 0x7F, 0x08]]) == [.tab, .backspace, .backspace])
    }

    @Test func controlBytesAreControlKeys() {
        var expected: [Key] = []
        var input: [UInt8] = []
        for byte in UInt8(0x01)...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(byte) {
            input.append(byte)
            expected.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        }
        #expect(decode([input]) == expected)
        #expect(decode([[0x03]]) == [.control("c")])
        #expect(
            decode([[0x00, 0x1C, 0x1D, 0x1E, 0x1F]]) == [
                .control("@"), .control("\\"), .control("]"), .control("^"), .control("_"),
            ])
    }

    @Test func mouseReportsThatAreNoEventAreUnknownAndX10BytesAreNeverText() {
        // Motion with no button (1003 mode, not asked for) and a malformed SGR report.
        #expect(decode([bytes("\u{1B}[<35;2;2M")]) == [.unknown(bytes("\u{1B}[<35;2;2M"))])
        #expect(decode([bytes("\u{1B}[<0;2M")]) == [.unknown(bytes("\u{1B}[<0;2M"))])
        // An X10 report's bytes may be any byte, 'q' included: they are part of the event.
        let click = bytes("\u{1B}[M qqx")
        #expect(decode([click]) == [.mouse(MouseEvent(.press(.left), x: 80, y: 80)), .character("x")])
        var parser = KeyParser()
        #expect(parser.feed(bytes("\u{1B}[M q")) == [])
        #expect(parser.hasPendingInput)
        #expect(parser.feed(bytes("q")) == [.mouse(MouseEvent(.press(.left), x: 80, y: 80))])
        // A high column comes as a byte of 0x80 or more, which is not UTF-8 text either.
        #expect(
            decode([[0x1B, 0x5B, 0x4D, 0x20, 0xC8, 0x21]]) == [
                .mouse(MouseEvent(.press(.left), x: 167, y: 0))
            ])
    }

    @Test func manyKeysInOneRead() {
        let input = bytes("ab\u{1B}[A\r\u{1B}OP漢\u{7F}\u{3}")
        let expected: [Key] = [
            .character("a"), .character("b"), .up, .enter, .function(1), .character("漢"), .backspace,
            .control("c"),
        ]
        #expect(decode([input]) == expected)
        for chunks in splits(of: input) {
            #expect(decode(chunks) == expected, "\(chunks)")
        }
    }

    @Test func keysDescribeThemselves() {
        #expect(Key.character("a").description == "a")
        #expect(Key.control("c").description == "ctrl-c")
        #expect(Key.function(5).description == "F5")
        #expect(Key.backTab.description == "shift-tab")
        #expect(Key.unknown([0x1B, 0x5B, 0x32, 0x7E]).description == "unknown(1b 5b 32 7e)")
        #expect(Key.mouse(MouseEvent(.press(.left), x: 4, y: 2)).description == "mouse(press(left)@4,2)")
        #expect(MouseEvent(.scrollDown, x: 0, y: 9).description == "scroll-down@0,9")
    }
}
