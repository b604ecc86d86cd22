import DiffableTerminal

/// `text` broken into lines of at most `width` columns, at spaces where it can, inside words where
/// a word is longer than a line; each line starts with `indent` after the first, which starts with
/// `first`.
///
/// - Complexity: O(n) for n characters.
func wrap(_ text: String, width: Int, first: String = "", indent: String = "") -> [String] {
    let width = max(width, 4)
    var lines: [String] = []
    var line = first
    var lineWidth = displayWidth(of: first)
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        var word = Substring(word)
        let wordWidth = displayWidth(of: word)
        if lineHasWord && lineWidth + 1 + wordWidth > width {
            lines.append(line)
            line = indent
            lineWidth = displayWidth(of: indent)
            lineHasWord = false
        }
        if lineHasWord {
            line += " "
            lineWidth += 1
        }
        // A word wider than the line is cut into pieces that fit.
        while lineWidth + displayWidth(of: word) > width, !word.isEmpty {
            var piece = ""
            var pieceWidth = 0
            while let character = word.first,
                lineWidth + pieceWidth + displayWidth(of: String(character)) <= width
            {
                piece.append(character)
                pieceWidth += displayWidth(of: String(character))
                word.removeFirst()
            }
            if piece.isEmpty, let character = word.first {
                piece.append(character)
                word.removeFirst()
            }
            lines.append(line + piece)
            line = indent
            lineWidth = displayWidth(of: indent)
        }
        line += word
        lineWidth += displayWidth(of: word)
        lineHasWord = true
    }
    lines.append(line)
    return lines
}
