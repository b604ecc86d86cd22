/// One column of one row of a ``ScreenBuffer``.
///
/// A narrow character takes one cell. A wide one (CJK, emoji) takes two: the left cell holds
/// the grapheme, and the right cell is a *continuation* with an empty grapheme and the same
/// style.
public struct ScreenCell: Hashable, Sendable {
    /// The grapheme drawn in this cell: one character, `" "` for a blank cell, `""` for the
    /// right half of a wide character.
    public var grapheme: String
    /// How the grapheme (or the blank) is drawn.
    public var style: TextStyle
    /// Whether this is the right half of the wide character in the cell to its left.
    public var isContinuation: Bool

    /// A cell with the given contents.
    public init(grapheme: String, style: TextStyle = .plain, isContinuation: Bool = false) {
        self.grapheme = grapheme
        self.style = style
        self.isContinuation = isContinuation
    }

    /// A space in the plain style: what a cleared screen holds.
    public static let blank = ScreenCell(grapheme: " ")
}

/// A rectangle of cells: columns `x..<x + width` of rows `y..<y + height`.
public struct ScreenRect: Hashable, Sendable {
    /// The first column.
    public var x: Int
    /// The first row.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// The rectangle of `width` columns and `height` rows whose top-left cell is (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A frame of terminal output as a value: a `width`×`height` grid of cells, each a grapheme in a
/// style, that a terminal UI draws into and a ``ScreenDiffRenderer`` turns into the escape
/// sequences a terminal needs.
///
/// Columns count display width: a wide character (CJK, emoji) fills two cells — its grapheme in
/// the left one, a continuation in the right one (see ``ScreenCell``). Writing keeps that
/// consistent: text is clipped at the buffer's edges, a wide character that does not fit in the
/// last column becomes a space, and overwriting either half of a wide character blanks the
/// other half. Control characters and zero-width graphemes are never stored.
///
/// ```swift
/// var screen = ScreenBuffer(width: 20, height: 2)
/// screen.write("Inbox (3)", x: 0, y: 0, style: TextStyle(bold: true))
/// screen.write("東京 🙂", x: 2, y: 1)
/// screen.text  // "Inbox (3)\n  東京 🙂"
/// ```
///
/// Coordinates are zero-based: `x` is the column, `y` the row, (0, 0) the top-left cell.
public struct ScreenBuffer: Hashable, Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row by row: cell (x, y) is at `y * width + x`. Change them only through
    /// `write` and `fill`, which keep wide characters whole.
    var cells: [ScreenCell]

    /// A blank buffer of `width` columns and `height` rows.
    ///
    /// - Precondition: `width` and `height` are not negative.
    /// - Complexity: O(`width` × `height`).
    public init(width: Int, height: Int) {
        precondition(
            width >= 0 && height >= 0, "ScreenBuffer(width: \(width), height: \(height)): negative size")
        self.width = width
        self.height = height
        cells = Array(repeating: .blank, count: width * height)
    }

    /// The cell at column `x` of row `y`.
    ///
    /// - Precondition: (`x`, `y`) lies inside the buffer.
    /// - Complexity: O(1).
    public subscript(x x: Int, y y: Int) -> ScreenCell {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height,
            "ScreenBuffer[x: \(x), y: \(y)]: outside the \(width)×\(height) buffer")
        return cells[y * width + x]
    }

    /// Makes every cell blank (a space in the plain style).
    ///
    /// - Complexity: O(`width` × `height`).
    public mutating func clear() {
        cells = Array(repeating: .blank, count: width * height)
        checkInvariantsIfEnabled()
    }
}
