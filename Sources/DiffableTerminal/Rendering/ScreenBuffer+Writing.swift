extension ScreenBuffer {
    /// Writes `text` on row `y` from column `x`, and returns how many of the buffer's columns it
    /// covered.
    ///
    /// Text is laid out by display width (see `displayWidth(of:)`) and clipped: at the buffer's
    /// edges (columns before 0 are skipped, so a negative `x` scrolls text to the left) and after
    /// `maxWidth` columns. A wide character whose right half would be cut becomes a space in
    /// `style`; one whose left half is cut at column 0 leaves a space there. Overwriting either
    /// half of a wide character already in the buffer blanks its other half. Control characters
    /// (including newlines) and zero-width graphemes are skipped: write one line at a time.
    ///
    /// ```swift
    /// var screen = ScreenBuffer(width: 6, height: 1)
    /// screen.write("東京タワー", x: 0, y: 0)  // 6: "東京タ" fills the row
    /// screen.write("ab東", x: 3, y: 0)        // 3: "東 ab " (京 and タ lost a half; 東 did not fit)
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to write, one line.
    ///   - x: The column of the first character; may be negative or past the edge.
    ///   - y: The row; a row outside the buffer writes nothing.
    ///   - style: How to draw the text.
    ///   - maxWidth: The most columns to use from `x`; `nil` for no limit but the buffer's edge.
    /// - Returns: The number of buffer cells written, 0 when nothing was visible.
    /// - Complexity: O(*n*), *n* the length of `text` up to the clipping point.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, x: Int, y: Int, style: TextStyle = .plain, maxWidth: Int? = nil
    ) -> Int {
        guard y >= 0, y < height else { return 0 }
        var limit = width
        if let maxWidth {
            let (end, overflow) = x.addingReportingOverflow(max(maxWidth, 0))
            if !overflow { limit = min(limit, end) }
        }
        let start = max(x, 0)
        guard start < limit else { return 0 }
        var column = x
        for character in text {
            if column >= limit { break }
            let characterWidth = displayWidth(of: character)
            if characterWidth == 0 { continue }
            if column + characterWidth <= 0 {
                // Entirely left of the buffer.
            } else if column < 0 {
                // A wide character with its left half cut off: a space in its right half's place.
                put(" ", width: 1, style: style, x: 0, y: y)
            } else if column + characterWidth > limit {
                // A wide character with its right half cut off.
                put(" ", width: 1, style: style, x: column, y: y)
                column += 1
                break
            } else {
                put(String(character), width: characterWidth, style: style, x: column, y: y)
            }
            column += characterWidth
        }
        checkInvariantsIfEnabled()
        return max(min(column, limit) - start, 0)
    }

    /// Fills `rect`, clipped to the buffer, with `character` in `style`.
    ///
    /// A wide `character` goes into pairs of columns, and a column left over at the right edge of
    /// the rectangle gets a space; a zero-width or control `character` fills with spaces. Wide
    /// characters cut by the rectangle's edges lose their other half, as with
    /// ``write(_:x:y:style:maxWidth:)``.
    ///
    /// ```swift
    /// screen.fill(ScreenRect(x: 0, y: 5, width: screen.width, height: 1), style: TextStyle(inverse: true))
    /// ```
    ///
    /// - Parameters:
    ///   - rect: The cells to fill; the parts outside the buffer are ignored.
    ///   - character: What to fill with; a space by default.
    ///   - style: How to draw it.
    /// - Complexity: O(*a*), *a* the area of `rect` inside the buffer.
    public mutating func fill(_ rect: ScreenRect, with character: Character = " ", style: TextStyle = .plain)
    {
        let left = max(rect.x, 0)
        let top = max(rect.y, 0)
        let right = rect.width > 0 ? min(width, clampedSum(rect.x, rect.width)) : left
        let bottom = rect.height > 0 ? min(height, clampedSum(rect.y, rect.height)) : top
        guard left < right, top < bottom else { return }
        var characterWidth = displayWidth(of: character)
        let grapheme = characterWidth == 0 ? " " : String(character)
        characterWidth = max(characterWidth, 1)
        for row in top..<bottom {
            var column = left
            while column < right {
                if column + characterWidth <= right {
                    put(grapheme, width: characterWidth, style: style, x: column, y: row)
                    column += characterWidth
                } else {
                    put(" ", width: 1, style: style, x: column, y: row)
                    column += 1
                }
            }
        }
        checkInvariantsIfEnabled()
    }

    /// Puts `grapheme`, `width` (1 or 2) columns wide, at (`x`, `y`), blanking the other halves
    /// of wide characters it overwrites one half of.
    ///
    /// - Precondition: the cells `x..<x + width` of row `y` are inside the buffer.
    private mutating func put(_ grapheme: String, width characterWidth: Int, style: TextStyle, x: Int, y: Int)
    {
        assert(characterWidth == 1 || characterWidth == 2)
        assert(x >= 0 && x + characterWidth <= width && y >= 0 && y < height)
        let index = y * width + x
        if cells[index].isContinuation {
            // The right half of a wide character: its left half goes blank.
            cells[index - 1] = ScreenCell(grapheme: " ", style: cells[index - 1].style)
        }
        let after = index + characterWidth
        if x + characterWidth < width && cells[after].isContinuation {
            // The left half of a wide character: its right half goes blank.
            cells[after] = ScreenCell(grapheme: " ", style: cells[after].style)
        }
        cells[index] = ScreenCell(grapheme: grapheme, style: style)
        if characterWidth == 2 {
            cells[index + 1] = ScreenCell(grapheme: "", style: style, isContinuation: true)
        }
    }

    /// `a + b`, or `Int.max` when that overflows.
    private func clampedSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
