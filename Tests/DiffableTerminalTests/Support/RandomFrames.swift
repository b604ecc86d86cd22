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

    /// A random size, mostly small, sometimes 80×24.
    static func size(using random: inout SeededRandom) -> (width: Int, height: Int) {
        if Int.random(in: 0..<8, using: &random) == 0 { return (80, 24) }
        return (Int.random(in: 1...24, using: &random), Int.random(in: 1...8, using: &random))
    }
}
