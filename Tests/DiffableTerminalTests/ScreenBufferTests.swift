import DiffableTerminal
import Testing

@Suite("Screen buffer")
struct ScreenBufferTests {
    @Test func aNewBufferIsBlank() {
        let screen = ScreenBuffer(width: 3, height: 2)
        #expect(screen.width == 3)
        #expect(screen.height == 2)
        #expect(screen[x: 2, y: 1] == .blank)
        #expect(screen.text == "\n")
        #expect(screen.line(0) == "")
    }

    @Test func writePlacesTextAndReturnsTheColumnsUsed() {
        var screen = ScreenBuffer(width: 10, height: 2)
        #expect(screen.write("Hello", x: 2, y: 1) == 5)
        #expect(screen.text == "\n  Hello")
        #expect(screen[x: 2, y: 1] == ScreenCell(grapheme: "H"))
    }

    @Test func writeAppliesTheStyleToEveryCell() {
        var screen = ScreenBuffer(width: 4, height: 1)
        let bold = TextStyle(bold: true)
        screen.write("ab", x: 1, y: 0, style: bold)
        #expect(screen[x: 0, y: 0].style == .plain)
        #expect(screen[x: 1, y: 0].style == bold)
        #expect(screen[x: 2, y: 0].style == bold)
        #expect(screen[x: 3, y: 0].style == .plain)
    }

    @Test func wideCharactersTakeALeadCellAndAContinuation() {
        var screen = ScreenBuffer(width: 6, height: 1)
        #expect(screen.write("東🙂a", x: 0, y: 0) == 5)
        #expect(screen[x: 0, y: 0] == ScreenCell(grapheme: "東"))
        #expect(screen[x: 1, y: 0] == ScreenCell(grapheme: "", isContinuation: true))
        #expect(screen[x: 2, y: 0].grapheme == "🙂")
        #expect(screen[x: 3, y: 0].isContinuation)
        #expect(screen[x: 4, y: 0].grapheme == "a")
        #expect(screen.line(0) == "東🙂a")
    }

    @Test func graphemeClustersStayInOneCell() {
        var screen = ScreenBuffer(width: 8, height: 1)
        #expect(screen.write("e\u{301}👩‍💻🇫🇷", x: 0, y: 0) == 5)
        #expect(screen[x: 0, y: 0].grapheme == "e\u{301}")
        #expect(screen[x: 1, y: 0].grapheme == "👩‍💻")
        #expect(screen[x: 3, y: 0].grapheme == "🇫🇷")
    }

    @Test func writeClipsAtTheRightEdge() {
        var screen = ScreenBuffer(width: 4, height: 1)
        #expect(screen.write("abcdef", x: 2, y: 0) == 2)
        #expect(screen.line(0) == "  ab")
    }

    @Test func writeClipsAtMaxWidth() {
        var screen = ScreenBuffer(width: 10, height: 1)
        #expect(screen.write("abcdef", x: 1, y: 0, maxWidth: 3) == 3)
        #expect(screen.line(0) == " abc")
        #expect(screen.write("xyz", x: 0, y: 0, maxWidth: 0) == 0)
        #expect(screen.write("xyz", x: 0, y: 0, maxWidth: -2) == 0)
        #expect(screen.line(0) == " abc")
    }

    @Test func aWideCharacterThatDoesNotFitBecomesASpace() {
        var screen = ScreenBuffer(width: 5, height: 1)
        screen.write("-----", x: 0, y: 0)
        #expect(screen.write("ab漢", x: 2, y: 0) == 3)
        #expect(screen.line(0) == "--ab")
        #expect(screen[x: 4, y: 0] == ScreenCell(grapheme: " "))

        screen.write("-----", x: 0, y: 0)
        #expect(screen.write("漢字", x: 0, y: 0, maxWidth: 3) == 3)
        #expect(screen.line(0) == "漢 --")
    }

    @Test func writeWithANegativeXSkipsTheColumnsLeftOfTheBuffer() {
        var screen = ScreenBuffer(width: 5, height: 1)
        #expect(screen.write("abcdef", x: -2, y: 0) == 4)
        #expect(screen.line(0) == "cdef")
        screen.clear()
        // 漢 would cover columns -1 and 0: its visible half becomes a space.
        #expect(screen.write("漢字x", x: -1, y: 0) == 4)
        #expect(screen.line(0) == " 字x")
        #expect(!screen[x: 0, y: 0].isContinuation)
        screen.clear()
        #expect(screen.write("abc", x: -5, y: 0) == 0)
        #expect(screen.write("abc", x: -2, y: 0, maxWidth: 2) == 0)
    }

    @Test func writeOutsideTheRowsWritesNothing() {
        var screen = ScreenBuffer(width: 3, height: 2)
        #expect(screen.write("abc", x: 0, y: -1) == 0)
        #expect(screen.write("abc", x: 0, y: 2) == 0)
        #expect(screen.write("abc", x: 3, y: 0) == 0)
        #expect(screen == ScreenBuffer(width: 3, height: 2))
    }

    @Test func writeSkipsControlAndZeroWidthCharacters() {
        var screen = ScreenBuffer(width: 10, height: 2)
        #expect(screen.write("\u{301}a\tb\nc\u{1B}\u{200B}d", x: 0, y: 0) == 4)
        #expect(screen.text == "abcd\n")
    }

    @Test func overwritingTheLeftHalfOfAWideCharacterBlanksItsRightHalf() {
        var screen = ScreenBuffer(width: 4, height: 1)
        let inverse = TextStyle(inverse: true)
        screen.write("漢字", x: 0, y: 0, style: inverse)
        screen.write("a", x: 2, y: 0)
        #expect(screen.line(0) == "漢a")
        #expect(screen[x: 3, y: 0] == ScreenCell(grapheme: " ", style: inverse))
    }

    @Test func overwritingTheRightHalfOfAWideCharacterBlanksItsLeftHalf() {
        var screen = ScreenBuffer(width: 4, height: 1)
        screen.write("漢字", x: 0, y: 0)
        screen.write("a", x: 1, y: 0)
        #expect(screen.line(0) == " a字")
        #expect(screen[x: 0, y: 0] == ScreenCell(grapheme: " "))
    }

    @Test func aWideCharacterOverStaggeredWideCharactersBlanksBothOuterHalves() {
        var screen = ScreenBuffer(width: 6, height: 1)
        screen.write("漢字x", x: 0, y: 0)
        screen.write("東", x: 1, y: 0)
        #expect(screen.line(0) == " 東 x")
        for x in 0..<6 {
            #expect(screen[x: x, y: 0].isContinuation == (x == 2), "column \(x)")
        }
    }

    @Test func fillCoversTheClippedRectangle() {
        var screen = ScreenBuffer(width: 4, height: 3)
        let style = TextStyle(background: .blue)
        screen.fill(ScreenRect(x: 2, y: 1, width: 10, height: 10), with: "#", style: style)
        #expect(screen.text == "\n  ##\n  ##")
        #expect(screen[x: 3, y: 2].style == style)
        screen.fill(ScreenRect(x: -5, y: -5, width: 6, height: 6), with: "o")
        #expect(screen.text == "o\n  ##\n  ##")
        screen.fill(ScreenRect(x: 0, y: 0, width: 0, height: 3), with: "!")
        screen.fill(ScreenRect(x: 0, y: 0, width: -1, height: 3), with: "!")
        #expect(screen.text == "o\n  ##\n  ##")
    }

    @Test func fillWithAWideCharacterUsesPairsAndASpaceForAnOddColumn() {
        var screen = ScreenBuffer(width: 5, height: 1)
        screen.fill(ScreenRect(x: 0, y: 0, width: 5, height: 1), with: "漢")
        #expect(screen.line(0) == "漢漢")
        #expect(screen[x: 4, y: 0] == ScreenCell(grapheme: " "))
    }

    @Test func fillWithAZeroWidthCharacterFillsWithSpaces() {
        var screen = ScreenBuffer(width: 2, height: 1)
        screen.write("ab", x: 0, y: 0)
        screen.fill(
            ScreenRect(x: 0, y: 0, width: 2, height: 1), with: "\u{301}", style: TextStyle(inverse: true))
        #expect(screen[x: 0, y: 0] == ScreenCell(grapheme: " ", style: TextStyle(inverse: true)))
    }

    @Test func fillBlanksHalvesOfWideCharactersCutByItsEdges() {
        var screen = ScreenBuffer(width: 6, height: 1)
        screen.write("漢字東", x: 0, y: 0)
        screen.fill(ScreenRect(x: 1, y: 0, width: 4, height: 1), with: "-")
        #expect(screen.line(0) == " ----")
        #expect(screen[x: 5, y: 0] == ScreenCell(grapheme: " "))
    }

    @Test func clearMakesEveryCellBlank() {
        var screen = ScreenBuffer(width: 3, height: 2)
        screen.write("abc", x: 0, y: 1, style: TextStyle(bold: true))
        screen.clear()
        #expect(screen == ScreenBuffer(width: 3, height: 2))
    }

    @Test func textTrimsTrailingSpacesOfEveryRowAndKeepsEveryRow() {
        var screen = ScreenBuffer(width: 6, height: 4)
        screen.write("a b  ", x: 0, y: 0)
        screen.write("x", x: 5, y: 2)
        #expect(screen.text == "a b\n\n     x\n")
        #expect(screen.line(2) == "     x")
    }

    @Test func styledTextMarksUpRunsOfStyledCells() {
        var screen = ScreenBuffer(width: 12, height: 3)
        screen.write("Inbox", x: 0, y: 0, style: TextStyle(bold: true))
        screen.write(" (3)", x: 5, y: 0)
        screen.fill(ScreenRect(x: 0, y: 1, width: 12, height: 1), style: TextStyle(inverse: true))
        screen.write("> 東京", x: 0, y: 1, style: TextStyle(inverse: true))
        screen.write(
            "[a]", x: 2, y: 2, style: TextStyle(foreground: .indexed(208), background: .rgb(255, 8, 0)))
        screen.write("[b]", x: 6, y: 2)
        #expect(
            screen.styledText == """
                [bold]Inbox[/] (3)
                [inverse]> 東京      [/]
                  [fg=208 bg=#ff0800][[a][/] [[b]
                """)
    }

    @Test func styledTextNamesEveryAttributeAndColor() {
        var screen = ScreenBuffer(width: 2, height: 1)
        let style = TextStyle(
            foreground: .brightMagenta, background: .black, bold: true, dim: true, italic: true,
            underline: true,
            inverse: true)
        screen.write("x", x: 0, y: 0, style: style)
        #expect(screen.styledText == "[bold dim italic underline inverse fg=brightMagenta bg=black]x[/]")
    }

    @Test func descriptionDrawsTheBufferInABox() {
        var screen = ScreenBuffer(width: 4, height: 2)
        screen.write("漢a", x: 0, y: 1)
        #expect(
            screen.description == """
                ┌────┐
                │    │
                │漢a │
                └────┘
                """)
    }

    @Test func buffersWithTheSameCellsAreEqual() {
        var a = ScreenBuffer(width: 3, height: 1)
        var b = ScreenBuffer(width: 3, height: 1)
        a.write("ab", x: 0, y: 0)
        b.write("a", x: 0, y: 0)
        #expect(a != b)
        b.write("b", x: 1, y: 0)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(ScreenBuffer(width: 3, height: 1) != ScreenBuffer(width: 1, height: 3))
    }
}
