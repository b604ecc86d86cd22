import TestTraits
import Testing

@testable import DiffableTerminal

@Suite("Display width", .computeBound)
struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("ß", 1), ("Ω", 1), ("ж", 1), ("\u{AD}", 1),
        ("ｶ", 1),  // halfwidth katakana
        ("→", 1), ("·", 1),  // East Asian Ambiguous: narrow
        ("\u{E000}", 1),  // private use
    ])
    func narrowCharactersTakeOneColumn(character: Character, width: Int) {
        #expect(displayWidth(of: character) == width)
    }

    @Test(
        arguments: [
            "\u{0}", "\u{7}", "\t", "\n", "\r", "\r\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{2028}",
            "\u{2029}",
        ] as [Character])
    func controlCharactersTakeNoColumns(character: Character) {
        #expect(displayWidth(of: character) == 0)
    }

    @Test(
        arguments: [
            "\u{301}",  // combining acute accent, alone
            "\u{200D}",  // zero-width joiner
            "\u{200B}",  // zero-width space
            "\u{FE0F}",  // variation selector-16
            "\u{FE0E}",  // variation selector-15
            "\u{E0100}",  // variation selector-17
            "\u{20E3}",  // combining enclosing keycap
            "\u{1160}",  // Hangul medial vowel, alone
            "\u{FEFF}",  // byte order mark
            "\u{E0061}",  // tag
        ] as [Character])
    func zeroWidthScalarsAloneTakeNoColumns(character: Character) {
        #expect(displayWidth(of: character) == 0)
    }

    @Test(
        arguments: [
            "e\u{301}",  // e + combining acute
            "a\u{300}\u{316}\u{35C}",  // stacked combining marks
            "n\u{303}",
        ] as [Character])
    func combiningMarksAddNothingToTheirBase(character: Character) {
        #expect(displayWidth(of: character) == 1)
    }

    @Test(
        arguments: [
            "漢", "字", "東", "京", "\u{3400}", "\u{20000}", "\u{30000}",  // CJK ideographs and extensions
            "한", "글", "\u{1100}\u{1161}\u{11A8}",  // Hangul syllables and a conjoining jamo sequence
            "あ", "カ", "ㄅ", "。", "「", "\u{3000}",  // kana, bopomofo, CJK punctuation, ideographic space
            "Ａ", "１", "！", "￥",  // fullwidth forms
            "\u{17000}", "\u{1B170}",  // Tangut, Nüshu
        ] as [Character])
    func eastAsianWideAndFullwidthCharactersTakeTwoColumns(character: Character) {
        #expect(displayWidth(of: character) == 2)
    }

    @Test(
        arguments: [
            "🙂", "🎉", "🚀", "⌚", "⭐", "✅",  // emoji presentation
            "🇫🇷", "🇯🇵", "🇫",  // flags, and a lone regional indicator
            "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑🏽‍🚀",  // ZWJ sequences
            "👍🏽", "👋🏿",  // skin tones
            "❤️", "☺️", "✌️", "1️⃣", "#️⃣", "©️",  // text-default emoji turned emoji by VS16
            "☝🏻", "✌🏾",  // text-default emoji with a skin tone
            "❤\u{200D}🔥",  // text-default emoji starting a ZWJ sequence
            "⌚\u{FE0E}",  // VS15 does not narrow a default-emoji base
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // a tag sequence (Scotland)
        ] as [Character])
    func emojiTakeTwoColumns(character: Character) {
        #expect(displayWidth(of: character) == 2)
    }

    @Test(arguments: ["❤", "☺", "✌", "©", "®", "™", "‼", "1", "#", "A\u{FE0F}"] as [Character])
    func textPresentationCharactersWithoutEmojiSelectorTakeOneColumn(character: Character) {
        #expect(displayWidth(of: character) == 1)
    }

    @Test func stringWidthIsTheSumOfItsCharacters() {
        #expect(displayWidth(of: "") == 0)
        #expect(displayWidth(of: "hello") == 5)
        #expect(displayWidth(of: "Tokyo 東京") == 10)
        #expect(displayWidth(of: "e\u{301}t\u{E9}") == 3)
        #expect(displayWidth(of: "🇫🇷🇩🇪") == 4)
        #expect(displayWidth(of: "👩‍💻 ok") == 5)
        #expect(displayWidth(of: "a\tb\n") == 2)
        #expect(displayWidth(of: "漢字"[...]) == 4)
    }

    // MARK: - The tables

    @Test func tablesAreSortedDisjointRanges() {
        let tables = [
            ("zero-width", zeroWidthScalarRanges), ("East Asian wide", eastAsianWideScalarRanges),
            ("emoji presentation", emojiPresentationScalarRanges),
            ("text-presentation emoji", textPresentationEmojiScalarRanges),
        ]
        for (name, table) in tables {
            for (before, after) in zip(table, table.dropFirst()) {
                #expect(before.upperBound < after.lowerBound, "\(name): \(before) then \(after)")
            }
        }
    }

    /// The scalars assigned as of the tables' Unicode version, with their properties.
    private static let assignedScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(UInt32(value)), let age = scalar.properties.age,
            age.major < 17 || (age.major == 17 && age.minor == 0)
        else { return nil }
        return scalar
    }

    @Test func zeroWidthTableMatchesTheStandardLibrarysGeneralCategories() {
        let visibleFormatCharacters: Set<UInt32> = [
            0xAD, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD,
            0x110CD,
        ]
        var wrong: [String] = []
        for scalar in Self.assignedScalars {
            let value = scalar.value
            let expected: Bool
            if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
                expected = true
            } else if visibleFormatCharacters.contains(value) {
                expected = false
            } else {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .enclosingMark, .format: expected = true
                default: expected = false
                }
            }
            if UnicodeWidthTable.contains(value, in: zeroWidthScalarRanges) != expected {
                wrong.append(hex(value))
            }
        }
        #expect(wrong.isEmpty, "wrong zero-width entries: \(wrong.prefix(20))")
    }

    @Test func emojiTablesMatchTheStandardLibrarysEmojiProperties() {
        var wrong: [String] = []
        for scalar in Self.assignedScalars {
            let properties = scalar.properties
            if UnicodeWidthTable.contains(scalar.value, in: emojiPresentationScalarRanges)
                != properties.isEmojiPresentation
            {
                wrong.append("presentation \(hex(scalar.value))")
            }
            if UnicodeWidthTable.contains(scalar.value, in: textPresentationEmojiScalarRanges)
                != (properties.isEmoji && !properties.isEmojiPresentation)
            {
                wrong.append("text \(hex(scalar.value))")
            }
        }
        #expect(wrong.isEmpty, "wrong emoji entries: \(wrong.prefix(20))")
    }

    @Test func scriptsThatAreWideByDefinitionAreWide() {
        var wrong: [String] = []
        for scalar in Self.assignedScalars {
            let properties = scalar.properties
            let name = properties.name ?? ""
            let mustBeWide =
                properties.isIdeographic || properties.isEmojiPresentation
                || name.hasPrefix("HANGUL SYLLABLE ") || name.hasPrefix("HIRAGANA ")
                || (name.hasPrefix("KATAKANA ") && !name.hasPrefix("KATAKANA-HIRAGANA PROLONGED"))
                || name.hasPrefix("FULLWIDTH ") || name.hasPrefix("CJK ") || name.hasPrefix("TANGUT ")
                || name.hasPrefix("BOPOMOFO ") || name.hasPrefix("YI SYLLABLE ")
            if mustBeWide && properties.generalCategory != .nonspacingMark
                && ScalarWidthClass(scalar.value) != .wide
            {
                wrong.append("\(hex(scalar.value)) \(name)")
            }
        }
        #expect(wrong.isEmpty, "should be wide: \(wrong.prefix(20))")
    }

    @Test func combiningMarksInsideWideBlocksTakeNoColumns() {
        // East Asian Width calls these W, but they combine with the character before them.
        for value: UInt32 in [0x302A, 0x302D, 0x3099, 0x309A, 0x16FE4] {
            #expect(ScalarWidthClass(value) == .zeroWidth, "\(hex(value))")
        }
        #expect(displayWidth(of: "か\u{3099}" as Character) == 2)
    }

    @Test func scalarClassesAtTableBoundaries() {
        #expect(ScalarWidthClass(0x2FF) == .narrow)
        #expect(ScalarWidthClass(0x300) == .zeroWidth)
        #expect(ScalarWidthClass(0x36F) == .zeroWidth)
        #expect(ScalarWidthClass(0x370) == .narrow)
        #expect(ScalarWidthClass(0x10FF) == .narrow)
        #expect(ScalarWidthClass(0x1100) == .wide)
        #expect(ScalarWidthClass(0x115F) == .wide)
        #expect(ScalarWidthClass(0x1160) == .zeroWidth)
        #expect(ScalarWidthClass(0x3FFFD) == .wide)
        #expect(ScalarWidthClass(0x3FFFE) == .narrow)
        #expect(ScalarWidthClass(0x10FFFF) == .narrow)
    }

    private func hex(_ value: UInt32) -> String { "U+" + String(value, radix: 16, uppercase: true) }
}
