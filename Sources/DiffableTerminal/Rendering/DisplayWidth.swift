/// The number of terminal columns a character occupies: 0, 1 or 2.
///
/// A character here is a grapheme cluster — what a person sees as one symbol — and its width
/// follows what current terminal emulators draw:
///
/// - **0** for control characters (C0, DEL, C1, and the line and paragraph separators) and for a
///   grapheme made only of zero-width scalars (combining marks, zero-width joiner and
///   non-joiner, variation selectors, bidi and other format characters).
/// - **2** when the grapheme's first visible scalar is East Asian Wide or Fullwidth (CJK
///   ideographs, kana, Hangul, fullwidth forms) or has emoji presentation (`🙂`, flags such as
///   `🇫🇷`, ZWJ sequences such as `👩‍💻`, skin-tone sequences) — and when a text-presentation
///   emoji is turned into an emoji by U+FE0F VARIATION SELECTOR-16, an emoji modifier or a
///   zero-width joiner (`❤️`, `1️⃣`, `☝🏻`).
/// - **1** otherwise, including East Asian *Ambiguous* characters (as in non-CJK locales) and
///   unassigned code points.
///
/// The width of a grapheme is its base's: combining marks after the base add nothing, and
/// U+FE0E VARIATION SELECTOR-15 does not narrow a default-emoji base (most terminals keep two
/// columns). The tables follow Unicode 17.0.
///
/// ```swift
/// displayWidth(of: "a" as Character)       // 1
/// displayWidth(of: "漢" as Character)      // 2
/// displayWidth(of: "e\u{301}" as Character) // 1 (e + combining acute)
/// displayWidth(of: "👩‍💻" as Character)      // 2
/// ```
///
/// - Complexity: O(*s* + log *t*), where *s* is the number of scalars in `character` and *t*
///   the number of ranges in the width tables; O(1) for ASCII.
public func displayWidth(of character: Character) -> Int {
    if let ascii = character.asciiValue {
        // Also covers "\r\n", whose ASCII value is that of "\n".
        return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
    }
    var scalars = character.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        switch ScalarWidthClass(scalar.value) {
        case .control:
            return 0
        case .zeroWidth:
            continue
        case .wide:
            return 2
        case .narrow:
            // Only a text-presentation emoji can widen, and only with something after it.
            guard UnicodeWidthTable.contains(scalar.value, in: textPresentationEmojiScalarRanges) else {
                return 1
            }
            while let next = scalars.next() {
                if next.value == 0xFE0F || next.value == 0x200D || (0x1F3FB...0x1F3FF).contains(next.value) {
                    return 2
                }
            }
            return 1
        }
    }
    return 0
}

/// The number of terminal columns a string occupies: the sum of its characters' widths.
///
/// ```swift
/// displayWidth(of: "Tokyo 東京")  // 10
/// ```
///
/// See `displayWidth(of:)` taking a `Character` for the width of one. Control characters
/// count as 0, although a terminal would act on them; ``ScreenBuffer`` drops them.
///
/// - Complexity: O(*n* log *t*), where *n* is the number of scalars in `string` and *t* the
///   number of ranges in the width tables; O(*n*) for ASCII.
public func displayWidth(of string: some StringProtocol) -> Int {
    var total = 0
    for character in string {
        total += displayWidth(of: character)
    }
    return total
}

/// How many columns one Unicode scalar takes on its own.
enum ScalarWidthClass: Equatable {
    /// A control character: a terminal acts on it instead of drawing it.
    case control
    /// Drawn on the columns of the character before it.
    case zeroWidth
    /// One column.
    case narrow
    /// Two columns.
    case wide

    /// The class of the scalar with value `value`.
    ///
    /// - Complexity: O(log *t*), *t* the number of ranges in the width tables; O(1) below
    ///   U+0300.
    init(_ value: UInt32) {
        if value < 0x300 {
            // C0 controls, DEL and C1 controls; the rest of Latin-1 and Latin Extended-A/B, IPA
            // and the spacing modifiers are all narrow (U+00AD SOFT HYPHEN shows as a hyphen).
            self = value < 0x20 || (0x7F...0x9F).contains(value) ? .control : .narrow
        } else if value == 0x2028 || value == 0x2029 {
            self = .control
        } else if UnicodeWidthTable.contains(value, in: zeroWidthScalarRanges) {
            self = .zeroWidth
        } else if value >= 0x1100
            && (UnicodeWidthTable.contains(value, in: eastAsianWideScalarRanges)
                || UnicodeWidthTable.contains(value, in: emojiPresentationScalarRanges))
        {
            self = .wide
        } else {
            self = .narrow
        }
    }
}

/// Lookups in the sorted range tables of `DisplayWidth+Tables.swift`.
enum UnicodeWidthTable {
    /// Whether `value` lies in one of `table`'s ranges, which must be sorted and disjoint.
    ///
    /// - Complexity: O(log *t*), *t* = `table.count`.
    static func contains(_ value: UInt32, in table: [ClosedRange<UInt32>]) -> Bool {
        guard let first = table.first, let last = table.last,
            value >= first.lowerBound, value <= last.upperBound
        else { return false }
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            if table[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < table.count && table[low].lowerBound <= value
    }
}
