import DiffableTerminal
import Testing

@Suite("Golden files")
struct GoldenTests {
    @Test func sampleScreenText() {
        assertGolden(sampleScreen().text, named: "sample-screen-80x24")
    }

    @Test func sampleScreenStyledText() {
        assertGolden(sampleScreen().styledText, named: "sample-screen-80x24-styled")
    }

    @Test func rendererOutputForMovingTheSelection() {
        var renderer = ScreenDiffRenderer()
        _ = renderer.render(sampleScreen(selectedRow: 2))
        let output = renderer.render(sampleScreen(selectedRow: 3, status: "13 messages"))
        // A line per escape sequence, with ESC, CR and LF shown as ␛, ␍ and ␊, so a change reads well.
        let readable = output.visibleControls.split(separator: "␛", omittingEmptySubsequences: true)
            .map { "␛" + $0 }.joined(separator: "\n")
        assertGolden(readable, named: "renderer-move-selection")
    }

    @Test func lineDiffShowsChangedLinesWithTheirNumbersAndContext() {
        let expected = "a\nb\nc\nd\ne\nf\ng"
        let actual = "a\nb\nc\nD\ne\nf\ng\nh"
        #expect(
            lineDiff(expected: expected, actual: actual) == """
                  2 2 │ b
                  3 3 │ c
                - 4   │ d
                +   4 │ D
                  5 5 │ e
                  6 6 │ f
                  7 7 │ g
                +   8 │ h
                """)
    }

    @Test func lineDiffElidesUnchangedStretches() {
        let expected = (1...12).map(String.init).joined(separator: "\n")
        let actual = (1...13).map { $0 == 2 ? "two" : String($0) }.joined(separator: "\n")
        #expect(
            lineDiff(expected: expected, actual: actual) == """
                   1  1 │ 1
                -  2    │ 2
                +     2 │ two
                   3  3 │ 3
                   4  4 │ 4
                   ⋮
                  11 11 │ 11
                  12 12 │ 12
                +    13 │ 13
                """)
    }

    @Test func lineDiffMarksInvisibleDifferences() {
        #expect(lineDiff(expected: "a", actual: "a ").contains(#"⟵ "a ""#))
    }
}

extension String {
    /// This text with ESC, CR and LF shown as ␛, ␍ and ␊.
    fileprivate var visibleControls: String {
        let symbols: [Unicode.Scalar: Character] = ["\u{1B}": "␛", "\r": "␍", "\n": "␊"]
        return String(unicodeScalars.map { symbols[$0] ?? Character($0) })
    }
}
