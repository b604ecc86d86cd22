import DiffableTerminal
import Testing

/// `ESC`, for writing expected output.
private let esc = "\u{1B}"

/// A realistic 80×24 screen: a title bar, a list with a highlighted row, a status line.
func sampleScreen(selectedRow: Int = 2, status: String = "12 messages") -> ScreenBuffer {
    var screen = ScreenBuffer(width: 80, height: 24)
    screen.fill(
        ScreenRect(x: 0, y: 0, width: 80, height: 1), style: TextStyle(foreground: .white, background: .blue))
    screen.write(
        " Inbox — 東京 office", x: 0, y: 0, style: TextStyle(foreground: .white, background: .blue, bold: true))
    for row in 0..<20 {
        let style = row == selectedRow ? TextStyle(inverse: true) : .plain
        if row == selectedRow {
            screen.fill(ScreenRect(x: 0, y: row + 2, width: 80, height: 1), style: style)
        }
        screen.write(
            pad("Message \(row + 1): quarterly report draft 🙂", toWidth: 50), x: 2, y: row + 2, style: style)
        screen.write(
            "Mar \(row + 1)", x: 70, y: row + 2, style: row == selectedRow ? style : TextStyle(dim: true))
    }
    screen.write(status, x: 0, y: 23, style: TextStyle(foreground: .brightBlack))
    return screen
}

/// An 80×24 list as a terminal UI shows it: a search field on row 0, items `first…` on rows
/// 1–22 (with wide characters), item `selected` highlighted, and a help line on row 23.
func listScreen(first: Int, selected: Int? = nil) -> ScreenBuffer {
    var screen = ScreenBuffer(width: 80, height: 24)
    screen.fill(ScreenRect(x: 0, y: 0, width: 80, height: 1), style: TextStyle(background: .blue))
    screen.write("🔍 Search: report", x: 1, y: 0, style: TextStyle(foreground: .white, background: .blue))
    for row in 1..<23 {
        let item = first + row - 1
        let style = item == selected ? TextStyle(inverse: true) : .plain
        if item == selected {
            screen.fill(ScreenRect(x: 0, y: row, width: 80, height: 1), style: style)
        }
        screen.write("Item \(item): quarterly report 東京 🙂 draft \(item * 7 % 13)", x: 2, y: row, style: style)
        screen.write(
            "#\(String(item, radix: 16))", x: 72, y: row,
            style: item == selected ? style : TextStyle(dim: true))
    }
    screen.write("↑↓ move  ⏎ open  / search  q quit", x: 0, y: 23, style: TextStyle(foreground: .brightBlack))
    return screen
}

/// The output for going from `old` to `new`, with scrolling allowed or not, checked by replaying
/// it on the emulator showing `old`.
func scrollUpdate(from old: ScreenBuffer, to new: ScreenBuffer, allowsScrolling: Bool = true) -> String {
    var renderer = ScreenDiffRenderer()
    renderer.allowsScrolling = allowsScrolling
    var emulator = VTEmulator(width: old.width, height: old.height)
    emulator.feed(renderer.render(old))
    let update = renderer.render(new)
    emulator.feed(update)
    #expect(emulator.mismatches(with: new).isEmpty, "\(emulator.mismatches(with: new))")
    #expect(emulator.problems.isEmpty)
    #expect(emulator.hasFullScrollRegion)
    #expect(emulator.pen == .plain)
    #expect(renderer.lastFrameByteCount == update.utf8.count)
    return update
}

@Suite("Screen diff renderer scrolling")
struct ScreenDiffRendererScrollingTests {
    /// The bytes of a full repaint of `listScreen(first: 0)`.
    private static var fullRepaintBytes: Int {
        var renderer = ScreenDiffRenderer()
        _ = renderer.render(listScreen(first: 0, selected: 21))
        return renderer.lastFrameByteCount
    }

    @Test func aOneRowScrollOfAListBetweenAHeaderAndAFooterScrollsOnlyTheList() {
        // The focus stays on the last row, as when pressing ↓ there.
        let old = listScreen(first: 0, selected: 21)
        let new = listScreen(first: 1, selected: 22)
        let update = scrollUpdate(from: old, to: new)
        let withoutScrolling = scrollUpdate(from: old, to: new, allowsScrolling: false)
        let full = Self.fullRepaintBytes
        #expect(
            update.hasPrefix("\(esc)[2;23r\(esc)[S\(esc)[r")
                || update.hasPrefix("\(esc)[2;22r\(esc)[S\(esc)[r"))
        #expect(update.utf8.count * 4 < full, "\(update.utf8.count) bytes, full repaint \(full)")
        #expect(update.utf8.count * 8 < full, "\(update.utf8.count) bytes, full repaint \(full)")
        #expect(update.utf8.count * 3 < withoutScrolling.utf8.count)
    }

    @Test func aOneRowScrollLeavesAnUnchangedHeaderAndFooterOutOfTheBand() {
        let scroll = ScreenDiffRenderer.Scroll.best(from: listScreen(first: 0), to: listScreen(first: 1))
        #expect(scroll == ScreenDiffRenderer.Scroll(top: 1, bottom: 23, shift: 1))
        let back = ScreenDiffRenderer.Scroll.best(from: listScreen(first: 1), to: listScreen(first: 0))
        #expect(back == ScreenDiffRenderer.Scroll(top: 1, bottom: 23, shift: -1))
    }

    @Test func aScrollByAPageWritesNoMoreThanTheCellDiffAndReplaysExactly() {
        // Page Down moves by the list's height less one: the last item becomes the first.
        let old = listScreen(first: 0, selected: 3)
        let new = listScreen(first: 21, selected: 24)
        let update = scrollUpdate(from: old, to: new)
        let withoutScrolling = scrollUpdate(from: old, to: new, allowsScrolling: false)
        #expect(update.utf8.count <= withoutScrolling.utf8.count)
        #expect(!update.contains("\(esc)[2J"))
    }

    @Test func aScrollByHalfAPageUsesSUWithACount() {
        let old = listScreen(first: 0)
        let new = listScreen(first: 11)
        let update = scrollUpdate(from: old, to: new)
        let withoutScrolling = scrollUpdate(from: old, to: new, allowsScrolling: false)
        #expect(update.hasPrefix("\(esc)[2;23r\(esc)[11S\(esc)[r"))
        #expect(update.utf8.count < withoutScrolling.utf8.count)
    }

    @Test func aShiftDownScrollsTheListDownWithSD() {
        // The focus stays on the first row, as when pressing ↑ there.
        let old = listScreen(first: 5, selected: 5)
        let new = listScreen(first: 4, selected: 4)
        let update = scrollUpdate(from: old, to: new)
        let withoutScrolling = scrollUpdate(from: old, to: new, allowsScrolling: false)
        #expect(update.contains("T\(esc)[r"))
        #expect(update.utf8.count * 4 < Self.fullRepaintBytes)
        #expect(update.utf8.count * 3 < withoutScrolling.utf8.count)
    }

    @Test func oneChangedRowIsNeverAScroll() {
        var new = listScreen(first: 0)
        new.write("changed", x: 2, y: 5)
        #expect(ScreenDiffRenderer.Scroll.best(from: listScreen(first: 0), to: new) == nil)
        #expect(!scrollUpdate(from: listScreen(first: 0), to: new).contains("r\(esc)["))
    }

    @Test func unrelatedFramesAreNotAScroll() {
        #expect(ScreenDiffRenderer.Scroll.best(from: sampleScreen(), to: listScreen(first: 0)) == nil)
    }

    @Test func aScrolledFrameWithAStyledPenResetsTheStyleBeforeScrolling() {
        // The new frame's first change is styled, but the blank rows SU makes must be plain.
        var old = ScreenBuffer(width: 10, height: 6)
        var new = ScreenBuffer(width: 10, height: 6)
        for row in 0..<6 {
            old.write("line \(row) 漢", x: 0, y: row, style: TextStyle(background: .red))
            if row + 2 < 6 {
                new.write("line \(row + 2) 漢", x: 0, y: row, style: TextStyle(background: .red))
            }
        }
        let update = scrollUpdate(from: old, to: new)
        #expect(update.hasPrefix("\(esc)[1;6r\(esc)[2S\(esc)[r"))
    }

    @Test func theEmulatorScrollsOnlyTheRegionAndHomesTheCursorAsXtermDoes() {
        var emulator = VTEmulator(width: 3, height: 4)
        emulator.feed("\(esc)[H0\r\n1\r\n2\r\n3")
        emulator.feed("\(esc)[2;3r")
        #expect(emulator.cursorX == 0 && emulator.cursorY == 0)
        #expect(!emulator.hasFullScrollRegion)
        emulator.feed("\(esc)[41m\(esc)[S")
        #expect(emulator.text == "0\n2\n\n3")
        #expect(emulator.rows[2][0].style == TextStyle(background: .red))
        emulator.feed("\(esc)[0m\(esc)[2T")
        #expect(emulator.text == "0\n\n\n3")
        emulator.feed("\(esc)[r")
        #expect(emulator.hasFullScrollRegion)
        emulator.feed("\(esc)[4;2r")
        #expect(emulator.problems == ["DECSTBM 4;2 ignored"])
    }
}

@Suite("Screen diff renderer")
struct ScreenDiffRendererTests {
    @Test func theFirstFrameResetsClearsAndDrawsNonBlankCells() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 5, height: 2)
        frame.write("ab", x: 0, y: 0)
        frame.write("c", x: 3, y: 1, style: TextStyle(bold: true))
        let output = renderer.render(frame)
        #expect(output == "\(esc)[0m\(esc)[H\(esc)[2Jab\(esc)[2;4H\(esc)[1mc\(esc)[0m")
        #expect(renderer.lastFrameByteCount == output.utf8.count)
        #expect(renderer.previousFrame == frame)
    }

    @Test func anUnchangedFrameRendersNothing() {
        var renderer = ScreenDiffRenderer()
        let frame = sampleScreen()
        _ = renderer.render(frame)
        #expect(renderer.render(frame) == "")
        #expect(renderer.lastFrameByteCount == 0)
    }

    @Test func changingOneRowOfAnEightyByTwentyFourScreenWritesOnlyThatRow() {
        var renderer = ScreenDiffRenderer()
        let full = renderer.render(sampleScreen(status: "12 messages"))
        let fullBytes = renderer.lastFrameByteCount
        let update = renderer.render(sampleScreen(status: "13 messages"))
        #expect(fullBytes > 1000)
        #expect(renderer.lastFrameByteCount * 50 < fullBytes, "update: \(update.debugDescription)")
        #expect(update == "\(esc)[24;2H\(esc)[90m3\(esc)[0m")
        #expect(full.utf8.count == fullBytes)
    }

    @Test func movingTheSelectionRewritesOnlyTheTwoRows() {
        var renderer = ScreenDiffRenderer()
        _ = renderer.render(sampleScreen(selectedRow: 2))
        let update = renderer.render(sampleScreen(selectedRow: 3))
        var emulator = VTEmulator(width: 80, height: 24)
        var replay = ScreenDiffRenderer()
        emulator.feed(replay.render(sampleScreen(selectedRow: 2)))
        emulator.feed(update)
        #expect(emulator.mismatches(with: sampleScreen(selectedRow: 3)).isEmpty)
        #expect(update.utf8.count < 400)
        #expect(!update.contains("\(esc)[2J"))
    }

    @Test func aStyleIsSetOnlyWhereItChanges() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 10, height: 1)
        let red = TextStyle(foreground: .red)
        frame.write("abc", x: 0, y: 0, style: red)
        frame.write("def", x: 3, y: 0, style: red)
        frame.write("g", x: 6, y: 0, style: TextStyle(foreground: .red, bold: true))
        let output = renderer.render(frame)
        #expect(output == "\(esc)[0m\(esc)[H\(esc)[2J\(esc)[31mabcdef\(esc)[1mg\(esc)[0m")
    }

    @Test func aShortGapOfUnchangedCellsIsWrittenOverInsteadOfJumped() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 20, height: 3)
        frame.write("abcdefghij", x: 0, y: 1)
        _ = renderer.render(frame)
        frame.write("X", x: 2, y: 1)
        frame.write("Y", x: 5, y: 1)
        frame.write("Z", x: 15, y: 1)
        #expect(renderer.render(frame) == "\(esc)[2;3HXdeY\(esc)[2;16HZ")
    }

    @Test func cursorMovesUseCarriageReturnAndLineFeedWhenShorter() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 4, height: 3)
        frame.write("ab", x: 0, y: 0)
        frame.write("cd", x: 0, y: 1)
        frame.write("e", x: 2, y: 2)
        #expect(renderer.render(frame) == "\(esc)[0m\(esc)[H\(esc)[2Jab\r\ncd\ne")
    }

    @Test func aRowThatBecameBlankAtTheEndIsErasedToTheEndOfTheLine() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 30, height: 2)
        frame.write("a long line of text here", x: 0, y: 0, style: TextStyle(underline: true))
        _ = renderer.render(frame)
        frame.fill(ScreenRect(x: 6, y: 0, width: 30, height: 1))
        let output = renderer.render(frame)
        #expect(output == "\(esc)[1;7H\(esc)[K")
    }

    @Test func aFrameOfANewSizeIsAFullRepaint() {
        var renderer = ScreenDiffRenderer()
        _ = renderer.render(ScreenBuffer(width: 10, height: 3))
        var larger = ScreenBuffer(width: 12, height: 3)
        larger.write("x", x: 11, y: 2)
        let output = renderer.render(larger)
        #expect(output.hasPrefix("\(esc)[H\(esc)[2J"))
        #expect(renderer.previousFrame == larger)
    }

    @Test func invalidateForcesAFullRepaintFromAnUnknownState() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 10, height: 3)
        frame.write("hello", x: 0, y: 0)
        let first = renderer.render(frame)
        renderer.invalidate()
        #expect(renderer.previousFrame == nil)
        #expect(renderer.render(frame) == first)
    }

    @Test func writingTheLastColumnEndsWithAnExplicitCursorPosition() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 4, height: 2)
        frame.write("abcd", x: 0, y: 1)
        #expect(renderer.render(frame) == "\(esc)[0m\(esc)[H\(esc)[2J\r\nabcd\(esc)[H")
        frame.write("1234", x: 0, y: 0)
        frame.write("z", x: 3, y: 1)
        // After "1234" the cursor may be in the pending-wrap state: the next move is explicit.
        #expect(renderer.render(frame) == "1234\(esc)[2;4Hz\(esc)[H")
    }

    @Test func theStyleIsResetAtTheEndOfEveryFrameThatChangedIt() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 4, height: 1)
        _ = renderer.render(frame)
        frame.write("a", x: 0, y: 0, style: TextStyle(inverse: true))
        #expect(renderer.render(frame) == "\(esc)[7ma\(esc)[0m")
        frame.write("b", x: 1, y: 0)
        // The cursor is right after "a" already: no move.
        #expect(renderer.render(frame) == "b")
    }

    @Test func graphemesThatWouldFuseAreSeparatedByACursorMove() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 6, height: 1)
        frame.write("🇫", x: 0, y: 0)
        frame.write("🇷", x: 2, y: 0)
        let output = renderer.render(frame)
        #expect(output == "\(esc)[0m\(esc)[H\(esc)[2J🇫\(esc)[1;3H🇷")
        var emulator = VTEmulator(width: 6, height: 1)
        emulator.feed(output)
        #expect(emulator.problems.isEmpty)
        #expect(emulator.mismatches(with: frame).isEmpty)
    }

    /// Regression: a lone 🇷 written right before the flag 🇫🇷 read back as the flag 🇷🇫 and
    /// a lone 🇷, as regional indicators pair up from the left (DIFFABLE_SEED=8511734995983245848).
    @Test func aLoneRegionalIndicatorBeforeAFlagIsSeparatedByACursorMove() {
        var renderer = ScreenDiffRenderer()
        var frame = ScreenBuffer(width: 6, height: 1)
        frame.write("🇷", x: 0, y: 0)
        frame.write("🇫🇷", x: 2, y: 0)
        let output = renderer.render(frame)
        #expect(output == "\(esc)[0m\(esc)[H\(esc)[2J🇷\(esc)[1;3H🇫🇷")
        var emulator = VTEmulator(width: 6, height: 1)
        emulator.feed(output)
        #expect(emulator.problems.isEmpty)
        #expect(emulator.mismatches(with: frame).isEmpty)
    }

    @Test func wideCharactersReplacingNarrowOnesAndBackReplayExactly() {
        var frames: [ScreenBuffer] = []
        var frame = ScreenBuffer(width: 8, height: 2)
        frame.write("abcdefgh", x: 0, y: 0)
        frames.append(frame)
        frame.write("漢字", x: 1, y: 0)
        frames.append(frame)
        frame.write("x", x: 2, y: 0)
        frames.append(frame)
        frame.write("東京", x: 0, y: 0, style: TextStyle(bold: true))
        frames.append(frame)
        frame.write("ab", x: 1, y: 0)
        frames.append(frame)
        var renderer = ScreenDiffRenderer()
        var emulator = VTEmulator(width: 8, height: 2, fill: "?")
        for (index, frame) in frames.enumerated() {
            emulator.feed(renderer.render(frame))
            #expect(
                emulator.mismatches(with: frame).isEmpty,
                "frame \(index): \(emulator.mismatches(with: frame))")
        }
        #expect(emulator.problems.isEmpty)
    }

    @Test func anEmptyFrameRendersOnlyTheClear() {
        var renderer = ScreenDiffRenderer()
        #expect(renderer.render(ScreenBuffer(width: 0, height: 0)) == "\(esc)[0m\(esc)[H\(esc)[2J")
        #expect(renderer.render(ScreenBuffer(width: 0, height: 0)) == "")
    }
}

@Suite("SGR sequences")
struct TextStyleEscapeSequenceTests {
    @Test func anUnknownPreviousStyleResetsFirst() {
        #expect(TextStyle.plain.escapeSequence(from: nil) == "\(esc)[0m")
        #expect(TextStyle(foreground: .red).escapeSequence(from: nil) == "\(esc)[0;31m")
    }

    @Test func anEqualStyleNeedsNoSequence() {
        let style = TextStyle(foreground: .rgb(1, 2, 3), bold: true)
        #expect(style.escapeSequence(from: style) == "")
    }

    @Test func addingAttributesSetsOnlyThem() {
        #expect(TextStyle(bold: true).escapeSequence(from: .plain) == "\(esc)[1m")
        #expect(
            TextStyle(bold: true, inverse: true).escapeSequence(from: TextStyle(bold: true)) == "\(esc)[7m")
    }

    @Test func removingAttributesUsesTheShorterOfResetAndTurningOff() {
        #expect(TextStyle.plain.escapeSequence(from: TextStyle(bold: true)) == "\(esc)[0m")
        let boldRed = TextStyle(foreground: .red, bold: true)
        #expect(TextStyle(foreground: .red).escapeSequence(from: boldRed) == "\(esc)[22m")
        let dim = TextStyle(dim: true)
        #expect(dim.escapeSequence(from: TextStyle(bold: true, dim: true)) == "\(esc)[0;2m")
        let colored = TextStyle(foreground: .indexed(200), background: .indexed(100), italic: true)
        #expect(
            TextStyle(foreground: .indexed(200), background: .indexed(100)).escapeSequence(from: colored)
                == "\(esc)[23m")
    }

    @Test(arguments: [
        (TerminalColor.black, "30", "40"), (.white, "37", "47"), (.brightBlack, "90", "100"),
        (.brightWhite, "97", "107"), (.indexed(208), "38;5;208", "48;5;208"),
        (.rgb(1, 2, 255), "38;2;1;2;255", "48;2;1;2;255"),
    ])
    func colorsUseTheirSGRParameters(color: TerminalColor, foreground: String, background: String) {
        #expect(TextStyle(foreground: color).escapeSequence(from: .plain) == "\(esc)[\(foreground)m")
        #expect(TextStyle(background: color).escapeSequence(from: .plain) == "\(esc)[\(background)m")
        #expect(
            TextStyle.plain.escapeSequence(from: TextStyle(foreground: color, background: color))
                == "\(esc)[0m")
    }

    @Test func everyTransitionReachesTheTargetStyleInTheEmulator() {
        let styles =
            RandomFrames.styles + [
                TextStyle(bold: true, dim: true), TextStyle(dim: true),
                TextStyle(foreground: .green, underline: true),
            ]
        for from in styles {
            for to in styles {
                var emulator = VTEmulator(width: 1, height: 1)
                emulator.feed(from.escapeSequence(from: nil))
                emulator.feed(to.escapeSequence(from: from))
                #expect(emulator.pen == to, "\(from) → \(to)")
                #expect(emulator.problems.isEmpty)
            }
        }
    }
}
