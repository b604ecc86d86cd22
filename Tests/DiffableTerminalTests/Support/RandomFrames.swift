import DiffableTerminal

/// Random screens for property tests: text with narrow, wide, combining and emoji graphemes —
/// including the ones that fuse when written side by side — in a few styles, written anywhere
/// (partly off the edges, over the halves of wide characters), plus fills and blank stretches.
enum RandomFrames {
    /// Graphemes to build text from, with the tricky ones well represented.
    static let graphemes: [String] = [
        "a", "b", "x", "Z", "0", "7", " ", " ", " ", "[", "-", "é", "e\u{301}", "ß", "Ω", "ж",
        "漢", "字", "東", "京", "한", "글", "カ", "Ａ", "１",
        "🙂", "👍🏽", "👩‍💻", "🇫🇷", "❤️", "1️⃣", "☝🏻",
        // Fuse with a neighbor when written back to back, but are separate cells:
        "🇫", "🇷", "👍", "🏽", "ᄀ", "가", "क", "\u{93E}", "\u{600}",
    ]

    /// A small set of styles, so equal styles meet often.
    static let styles: [TextStyle] = [
        .plain, .plain, .plain, TextStyle(bold: true), TextStyle(inverse: true),
        TextStyle(dim: true, underline: true),
        TextStyle(foreground: .red), TextStyle(foreground: .brightCyan, background: .blue, bold: true),
        TextStyle(foreground: .indexed(208), italic: true), TextStyle(background: .rgb(10, 20, 30)),
        TextStyle(background: .black),
    ]

    /// A random line of text, up to `length` graphemes.
    static func text(length: Int, using random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...max(length, 0), using: &random)).map { _ in
            graphemes.randomElement(using: &random)!
        }.joined()
    }

    /// A random frame of the given size.
    static func frame(width: Int, height: Int, using random: inout SeededRandom) -> ScreenBuffer {
        var frame = ScreenBuffer(width: width, height: height)
        edit(&frame, operations: Int.random(in: 0...(width * height / 3 + 2), using: &random), using: &random)
        return frame
    }

    /// `operations` random writes and fills on `frame`.
    static func edit(_ frame: inout ScreenBuffer, operations: Int, using random: inout SeededRandom) {
        guard frame.width > 0, frame.height > 0 else { return }
        for _ in 0..<operations {
            let style = styles.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                let x = Int.random(in: -2..<frame.width, using: &random)
                let y = Int.random(in: 0..<frame.height, using: &random)
                frame.fill(
                    ScreenRect(
                        x: x, y: y, width: Int.random(in: 0...frame.width, using: &random),
                        height: Int.random(in: 1...3, using: &random)),
                    with: ["x", " ", "漢", "🙂"].randomElement(using: &random)!, style: style)
            case 1:
                // A blank stretch to the end of a row, as when a line gets shorter.
                let y = Int.random(in: 0..<frame.height, using: &random)
                let x = Int.random(in: 0..<frame.width, using: &random)
                frame.fill(ScreenRect(x: x, y: y, width: frame.width, height: 1))
            default:
                let x = Int.random(in: -3..<frame.width + 1, using: &random)
                let y = Int.random(in: -1..<frame.height + 1, using: &random)
                let maxWidth: Int? =
                    Bool.random(using: &random) ? nil : Int.random(in: 0...frame.width, using: &random)
                frame.write(
                    text(length: frame.width / 2 + 2, using: &random), x: x, y: y, style: style,
                    maxWidth: maxWidth)
            }
        }
    }

    /// `frame` with a band of rows shifted, as a scrolled list shows it: rows `top..<bottom`
    /// move up by `shift` (down when negative), the rows they uncover get new random text, and
    /// the rows above and below the band (a header, a footer) stay; then `edits` random writes.
    static func scrolled(
        _ frame: ScreenBuffer, top: Int, bottom: Int, shift: Int, edits: Int, using random: inout SeededRandom
    ) -> ScreenBuffer {
        var result = frame
        for y in top..<bottom {
            let source = y + shift
            if source >= top && source < bottom {
                copyRow(source, of: frame, to: y, of: &result)
            } else {
                result.fill(ScreenRect(x: 0, y: y, width: frame.width, height: 1))
                result.write(
                    text(length: frame.width, using: &random), x: Int.random(in: 0..<3, using: &random), y: y,
                    style: styles.randomElement(using: &random)!)
            }
        }
        edit(&result, operations: edits, using: &random)
        return result
    }

    /// `frame` with a random band shifted by a random amount: often between a fixed header and
    /// footer, often by one row, sometimes by almost the whole band; see
    /// ``scrolled(_:top:bottom:shift:edits:using:)``. `frame` itself when it has fewer than two
    /// rows.
    static func scrolled(_ frame: ScreenBuffer, using random: inout SeededRandom) -> ScreenBuffer {
        guard frame.height >= 2 else { return frame }
        var top =
            Bool.random(using: &random) ? 0 : Int.random(in: 0...min(2, frame.height - 2), using: &random)
        var bottom =
            Bool.random(using: &random)
            ? frame.height : frame.height - Int.random(in: 0...min(2, frame.height - 2), using: &random)
        if bottom - top < 2 {
            top = 0
            bottom = frame.height
        }
        let largest = bottom - top - 1
        let amount =
            Int.random(in: 0..<3, using: &random) == 0
            ? Int.random(in: 1...largest, using: &random)
            : min(Int.random(in: 1...2, using: &random), largest)
        return scrolled(
            frame, top: top, bottom: bottom, shift: Bool.random(using: &random) ? amount : -amount,
            edits: Int.random(in: 0...3, using: &random), using: &random)
    }

    /// Makes row `target` of `destination` a copy of row `source` of `frame`, cell by cell.
    static func copyRow(
        _ source: Int, of frame: ScreenBuffer, to target: Int, of destination: inout ScreenBuffer
    ) {
        destination.fill(ScreenRect(x: 0, y: target, width: destination.width, height: 1))
        for x in 0..<frame.width where !frame[x: x, y: source].isContinuation {
            let cell = frame[x: x, y: source]
            destination.write(cell.grapheme, x: x, y: target, style: cell.style)
        }
    }

    /// A random size, mostly small, sometimes 80×24.
    static func size(using random: inout SeededRandom) -> (width: Int, height: Int) {
        if Int.random(in: 0..<8, using: &random) == 0 { return (80, 24) }
        return (Int.random(in: 1...24, using: &random), Int.random(in: 1...8, using: &random))
    }
}
