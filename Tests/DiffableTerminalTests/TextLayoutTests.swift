import DiffableTerminal
import Testing

@Suite("Truncating and padding")
struct TextLayoutTests {
    @Test func truncateReturnsTextThatFitsUnchanged() {
        #expect(truncate("Hello", toWidth: 5) == "Hello")
        #expect(truncate("Hello", toWidth: 80) == "Hello")
        #expect(truncate("", toWidth: 0) == "")
        #expect(truncate("東京", toWidth: 4) == "東京")
    }

    @Test func truncateCutsAndEndsWithTheEllipsis() {
        #expect(truncate("Hello, world", toWidth: 8) == "Hello, …")
        #expect(truncate("Hello, world", toWidth: 8, ellipsis: "...") == "Hello...")
        #expect(truncate("Hello, world", toWidth: 8, ellipsis: "") == "Hello, w")
        #expect(truncate("Hello", toWidth: 1) == "…")
    }

    @Test func truncateNeverSplitsAWideCharacter() {
        let cut = truncate("東京タワー", toWidth: 6)
        #expect(cut == "東京…")
        #expect(displayWidth(of: cut) == 5)
        #expect(truncate("a👩‍💻b", toWidth: 3) == "a…")
        #expect(truncate("🇫🇷🇩🇪", toWidth: 3) == "🇫🇷…")
    }

    @Test func truncateKeepsCombiningMarksWithTheirBase() {
        #expect(truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
    }

    @Test func truncateWithAnEllipsisWiderThanTheWidthKeepsWhatFitsOfIt() {
        #expect(truncate("Hello", toWidth: 2, ellipsis: "...") == "..")
        #expect(truncate("Hello", toWidth: 0) == "")
        #expect(truncate("Hello", toWidth: -3) == "")
    }

    @Test func truncateAcceptsSubstrings() {
        let text = "xxHello, world"
        #expect(truncate(text.dropFirst(2), toWidth: 6) == "Hello…")
    }

    @Test func padFillsToExactlyTheWidth() {
        #expect(pad("ab", toWidth: 5) == "ab   ")
        #expect(pad("ab", toWidth: 5, alignment: .trailing) == "   ab")
        #expect(pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(pad("ab", toWidth: 2) == "ab")
        #expect(pad("", toWidth: 3) == "   ")
        #expect(pad("ab", toWidth: -1) == "")
    }

    @Test func padCountsDisplayWidth() {
        #expect(pad("東京", toWidth: 6) == "東京  ")
        #expect(pad("🙂", toWidth: 3, alignment: .trailing) == " 🙂")
        #expect(pad("e\u{301}", toWidth: 2) == "e\u{301} ")
    }

    @Test func padCutsTextThatIsTooWideAndReplacesAStraddlingWideCharacterWithASpace() {
        #expect(pad("Hello, world", toWidth: 5) == "Hello")
        #expect(pad("Hello, world", toWidth: 5, alignment: .trailing) == "Hello")
        #expect(pad("東京", toWidth: 3) == "東 ")
        #expect(displayWidth(of: pad("a漢字", toWidth: 4)) == 4)
    }
}
