extension ScreenBuffer {
    /// The plain text of row `y`, with trailing spaces trimmed; styles are ignored.
    ///
    /// A wide character appears once (its continuation cell adds nothing).
    ///
    /// - Precondition: `y` is a row of the buffer.
    /// - Complexity: O(`width`).
    public func line(_ y: Int) -> String {
        precondition(y >= 0 && y < height, "ScreenBuffer.line(\(y)): outside the \(height) rows")
        var text = ""
        for cell in cells[y * width..<(y + 1) * width] where !cell.isContinuation {
            text += cell.grapheme
        }
        return Self.trimmingTrailingSpaces(text)
    }

    /// The plain text of the whole buffer: every row, trailing spaces trimmed, joined by `"\n"`
    /// (so there are always `height` lines). This is what golden-file tests compare.
    ///
    /// - Complexity: O(`width` × `height`).
    public var text: String {
        (0..<height).map(line).joined(separator: "\n")
    }

    /// The text of the whole buffer with its styles marked up, for golden-file tests that care
    /// about highlighting.
    ///
    /// Each row is a line, as in ``text``. A run of cells in a non-plain style is wrapped as
    /// `[attributes]text[/]`, where the attributes, space-separated, are any of `bold`, `dim`,
    /// `italic`, `underline`, `inverse`, `fg=color` and `bg=color`, and a color is a name
    /// (`red`, `brightBlue`, …), a 256-color palette index (`fg=208`) or `#rrggbb`. A literal `[`
    /// is written `[[`. Trailing spaces in the plain style are trimmed; styled ones are kept, so
    /// a highlight bar shows its full width.
    ///
    /// ```
    /// [bold]Inbox[/] (3)
    /// [inverse]> Meeting notes      [/]
    ///   [fg=brightBlack]Yesterday[/]
    /// ```
    ///
    /// - Complexity: O(`width` × `height`).
    public var styledText: String {
        (0..<height).map(styledLine).joined(separator: "\n")
    }

    /// Row `y` of ``styledText``.
    private func styledLine(_ y: Int) -> String {
        var runs: [(style: TextStyle, text: String)] = []
        for cell in cells[y * width..<(y + 1) * width] where !cell.isContinuation {
            let grapheme = cell.grapheme == "[" ? "[[" : cell.grapheme
            if let last = runs.last, last.style == cell.style {
                runs[runs.count - 1].text += grapheme
            } else {
                runs.append((cell.style, grapheme))
            }
        }
        if let last = runs.last, last.style.isPlain {
            runs[runs.count - 1].text = Self.trimmingTrailingSpaces(last.text)
        }
        return runs.map { run in
            run.style.isPlain ? run.text : "[\(run.style.markupAttributes)]\(run.text)[/]"
        }.joined()
    }

    /// `text` without the spaces at its end.
    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before] == " " else { break }
            end = before
        }
        return String(text[..<end])
    }
}

extension ScreenBuffer: CustomStringConvertible {
    /// The buffer drawn in a box, every row at its full width, so trailing blanks show.
    ///
    /// ```
    /// ┌──────┐
    /// │Inbox │
    /// │東京  │
    /// └──────┘
    /// ```
    public var description: String {
        let border = String(repeating: "─", count: width)
        var lines = ["┌\(border)┐"]
        for y in 0..<height {
            var row = ""
            for cell in cells[y * width..<(y + 1) * width] where !cell.isContinuation {
                row += cell.grapheme
            }
            lines.append("│\(row)│")
        }
        lines.append("└\(border)┘")
        return lines.joined(separator: "\n")
    }
}

extension TextStyle {
    /// The attributes of this style in ``ScreenBuffer/styledText``'s markup: `bold inverse fg=red`.
    var markupAttributes: String {
        var attributes: [String] = []
        if bold { attributes.append("bold") }
        if dim { attributes.append("dim") }
        if italic { attributes.append("italic") }
        if underline { attributes.append("underline") }
        if inverse { attributes.append("inverse") }
        if let foreground { attributes.append("fg=\(foreground.markupName)") }
        if let background { attributes.append("bg=\(background.markupName)") }
        return attributes.joined(separator: " ")
    }
}

extension TerminalColor {
    /// This color in ``ScreenBuffer/styledText``'s markup: `red`, `208` or `#ff8800`.
    var markupName: String {
        switch self {
        case .black: "black"
        case .red: "red"
        case .green: "green"
        case .yellow: "yellow"
        case .blue: "blue"
        case .magenta: "magenta"
        case .cyan: "cyan"
        case .white: "white"
        case .brightBlack: "brightBlack"
        case .brightRed: "brightRed"
        case .brightGreen: "brightGreen"
        case .brightYellow: "brightYellow"
        case .brightBlue: "brightBlue"
        case .brightMagenta: "brightMagenta"
        case .brightCyan: "brightCyan"
        case .brightWhite: "brightWhite"
        case .indexed(let index): "\(index)"
        case .rgb(let red, let green, let blue): "#" + [red, green, blue].map(Self.hex).joined()
        }
    }

    /// `value` as two lowercase hexadecimal digits.
    private static func hex(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
