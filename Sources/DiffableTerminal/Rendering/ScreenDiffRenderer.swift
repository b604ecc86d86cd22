/// Turns a sequence of ``ScreenBuffer`` frames into the ANSI/VT100 output that updates a
/// terminal from one frame to the next, writing only the cells that changed.
///
/// The renderer remembers the frame the terminal shows. The first frame, a frame of a different
/// size, and the first frame after ``invalidate()`` repaint everything (reset the style, clear
/// the screen, draw every non-blank cell); any other frame writes only its changed cells:
///
/// - a cursor move (`ESC[row;colH`, or CR, LF, CR LF when shorter) before each run of changed
///   cells, and none when the cursor is already there; a short gap of unchanged cells in the
///   current style is written over instead of jumped, when that takes fewer bytes;
/// - an SGR sequence only where the style changes, and the shortest one (see
///   ``TextStyle/escapeSequence(from:)``);
/// - erase-to-end-of-line (`ESC[K`) for a changed stretch at the end of a row that is now blank.
///
/// Every frame ends with the style reset (`ESC[0m`, only when it was changed) and the cursor at
/// a known position; a frame equal to the last one renders as the empty string. Graphemes from
/// neighboring cells that would fuse into one when written back to back (two regional
/// indicators into a flag, an emoji and a lone skin-tone modifier, a consonant and a lone vowel
/// sign) are kept apart with a cursor move, so every terminal sees them as separate.
///
/// When a band of rows moved up or down — a list scrolled between a fixed header and footer —
/// the renderer lets the terminal move them: it resets the style, makes the band the scroll
/// region (DECSTBM, `ESC[top;bottomr`), scrolls it (SU `ESC[nS` or SD `ESC[nT`), resets the region
/// (`ESC[r`), and then writes the cells that still differ from the scrolled screen, starting with
/// a cursor move, as terminals home the cursor after DECSTBM. It looks for the band and shift
/// whose rows, compared whole by hash, save the most bytes, leaving out rows that did not change,
/// and takes the scroll only when the output comes out shorter than without it.
///
/// The output uses only CUP (`ESC[…H`), SGR (`ESC[…m`), ED (`ESC[2J`), EL (`ESC[K`), DECSTBM,
/// SU, SD, CR and LF; line feeds never make the terminal scroll, and the scroll region is always
/// the whole screen again at the end of a frame. It works with auto-wrap on or off.
///
/// - Complexity: A frame costs O(*w* × *h* + *c*), *w* × *h* its size and *c* the output's size.
///   When two or more rows changed, looking for a scroll adds O(*w* × *h*) to hash the rows and
///   O(*h*²) to try every shift with every band (O(*h*) per shift, by prefix sums), and a scroll
///   found is checked by rendering the frame both ways, which doubles the O(*w* × *h* + *c*).
///
/// ```swift
/// var renderer = ScreenDiffRenderer()
/// terminal.write(renderer.render(frame))  // the first frame: a full repaint
/// frame.write("Saved", x: 0, y: 23)
/// terminal.write(renderer.render(frame))  // only "Saved" and a cursor move
/// ```
///
/// The renderer assumes the terminal shows exactly what it last rendered; if something else
/// drew on the screen, call ``invalidate()``.
public struct ScreenDiffRenderer: Sendable {
    /// The frame the terminal shows, as of the last ``render(_:)``; `nil` before the first one
    /// and after ``invalidate()``.
    public private(set) var previousFrame: ScreenBuffer?
    /// The number of bytes (UTF-8) the last ``render(_:)`` returned.
    public private(set) var lastFrameByteCount = 0
    /// Whether a frame whose rows moved may scroll them (see above); tests turn it off to
    /// compare with the cell diff alone.
    package var allowsScrolling = true
    /// Whether colors are sent; `false` draws every style without them (bold, dim, italic,
    /// underline and inverse stay), for a terminal whose user set `NO_COLOR`. Changing it
    /// repaints the next frame.
    public var usesColor = true {
        didSet { if usesColor != oldValue { invalidate() } }
    }
    /// The style the terminal draws in; `nil` when unknown.
    private var pen: TextStyle?
    /// Where the terminal's cursor is; `nil` when unknown.
    private var cursor: CursorPosition?
    /// The grapheme written last, when nothing followed it yet.
    private var lastGrapheme: String?

    /// A renderer whose first frame will be a full repaint.
    public init() {}

    /// Forgets what the terminal shows, so the next ``render(_:)`` repaints everything: after a
    /// resize, after other output, or when the screen may be damaged.
    ///
    /// - Complexity: O(1).
    public mutating func invalidate() {
        previousFrame = nil
        pen = nil
        cursor = nil
        lastGrapheme = nil
    }

    /// Returns the output that turns the terminal's screen from the previous frame into
    /// `frame`, and remembers `frame` as what the terminal now shows.
    ///
    /// - Parameter frame: What the screen should show; its size should be the terminal's.
    /// - Returns: Text with escape sequences to write to the terminal as is; empty when nothing
    ///   changed.
    /// - Complexity: O(*w* × *h* + *h*² + *c*), *w* × *h* the frame's size and *c* the size of
    ///   the output, which is proportional to the changed cells (to all non-blank ones on a full
    ///   repaint); the *h*² term, looking for a scroll, only when two or more rows changed.
    public mutating func render(_ frame: ScreenBuffer) -> String {
        let frame = usesColor ? frame : frame.withoutColors()
        let start = Output(pen: pen, cursor: cursor, lastGrapheme: lastGrapheme, width: frame.width)
        var output = start
        if let previousFrame, previousFrame.width == frame.width, previousFrame.height == frame.height {
            output.renderRows(frame.height, from: previousFrame.cells, to: frame.cells)
            output.finish()
            if allowsScrolling, let scroll = Scroll.best(from: previousFrame, to: frame) {
                var scrolled = start
                scrolled.scroll(scroll)
                scrolled.renderRows(
                    frame.height, from: scroll.applied(to: previousFrame.cells, width: frame.width),
                    to: frame.cells)
                scrolled.finish()
                if scrolled.text.utf8.count < output.text.utf8.count {
                    output = scrolled
                }
            }
        } else {
            output.clearScreen()
            output.renderRows(
                frame.height, from: ScreenBuffer(width: frame.width, height: frame.height).cells,
                to: frame.cells)
            output.finish()
        }
        previousFrame = frame
        pen = output.pen
        cursor = output.cursor
        lastGrapheme = output.lastGrapheme
        lastFrameByteCount = output.text.utf8.count
        return output.text
    }
}

extension ScreenBuffer {
    /// The frame with every cell's colors removed (its attributes kept).
    ///
    /// - Complexity: O(*w* × *h*).
    func withoutColors() -> ScreenBuffer {
        var frame = self
        for index in frame.cells.indices
        where frame.cells[index].style.foreground != nil
            || frame.cells[index].style.background != nil
        {
            frame.cells[index].style.foreground = nil
            frame.cells[index].style.background = nil
        }
        return frame
    }
}

/// A cell position on the terminal, zero-based.
private struct CursorPosition: Hashable, Sendable {
    var x: Int
    var y: Int
}

/// The output of one frame being built, with the terminal state it leaves behind.
private struct Output {
    /// What to write to the terminal.
    var text = ""
    /// The style the terminal draws in; `nil` when unknown.
    var pen: TextStyle?
    /// Where the cursor is; `nil` when unknown — including after a write in the last column,
    /// where terminals differ (pending wrap or not).
    var cursor: CursorPosition?
    /// The grapheme written last, when no control character or escape sequence followed it.
    var lastGrapheme: String?
    /// The frame's width.
    let width: Int

    init(pen: TextStyle?, cursor: CursorPosition?, lastGrapheme: String?, width: Int) {
        self.pen = pen
        self.cursor = cursor
        self.lastGrapheme = lastGrapheme
        self.width = width
    }

    /// Resets the style, clears the screen and homes the cursor.
    mutating func clearScreen() {
        setPen(.plain)
        appendControl("\u{1B}[H\u{1B}[2J")
        cursor = CursorPosition(x: 0, y: 0)
    }

    /// Scrolls the band of `scroll` with the style reset, so the rows it uncovers are plain
    /// blanks, and forgets where the cursor is (terminals home it).
    mutating func scroll(_ scroll: ScreenDiffRenderer.Scroll) {
        setPen(.plain)
        appendControl(scroll.escapeSequence)
        cursor = nil
    }

    /// Writes the changed cells of the first `height` rows, top to bottom.
    mutating func renderRows(_ height: Int, from old: [ScreenCell], to new: [ScreenCell]) {
        for y in 0..<height {
            renderRow(y, from: old, to: new)
        }
    }

    /// Resets the style if needed and makes sure the cursor position is known.
    mutating func finish() {
        if pen != .plain {
            appendControl("\u{1B}[0m")
            pen = .plain
        }
        if cursor == nil {
            appendControl("\u{1B}[H")
            cursor = CursorPosition(x: 0, y: 0)
        }
    }

    /// Appends control characters or escape sequences.
    private mutating func appendControl(_ sequence: String) {
        guard !sequence.isEmpty else { return }
        text += sequence
        lastGrapheme = nil
    }

    /// Whether `next`, written right after `previous`, would not read back as those two
    /// graphemes: when they fuse into one, or when their characters pair up differently — a
    /// lone regional indicator before a flag makes a flag and a lone indicator.
    ///
    /// - Complexity: O(1) when both are ASCII; otherwise O(*n*), *n* their length.
    private static func fuses(_ previous: String?, _ next: String) -> Bool {
        guard let previous else { return false }
        if previous.utf8.count == 1 && next.utf8.count == 1 { return false }
        let joined = previous + next
        return joined.count != 2 || joined.first.map(String.init) != previous
    }

    /// Writes the cells of row `y` that differ between `old` and `new`, left to right.
    ///
    /// Left to right matters: a terminal blanks the other half of a wide character when one half
    /// is overwritten, and every cell it may blank that way differs between the frames and comes
    /// later in the row, so it is rewritten afterwards.
    mutating func renderRow(_ y: Int, from old: [ScreenCell], to new: [ScreenCell]) {
        let start = y * width
        var lastChanged = width - 1
        while lastChanged >= 0 && new[start + lastChanged] == old[start + lastChanged] {
            lastChanged -= 1
        }
        guard lastChanged >= 0 else { return }
        // The row is blank from `blankTail` on.
        var blankTail = width
        while blankTail > 0 && new[start + blankTail - 1] == .blank {
            blankTail -= 1
        }
        var x = 0
        while x <= lastChanged {
            let cell = new[start + x]
            let cellWidth = x + 1 < width && new[start + x + 1].isContinuation ? 2 : 1
            let changed =
                cell != old[start + x] || (cellWidth == 2 && new[start + x + 1] != old[start + x + 1])
            // A continuation differs only when its left half does, which was written already.
            if cell.isContinuation || !changed {
                x += 1
                continue
            }
            if x >= blankTail && lastChanged - x + 1 > 3 {
                // Erasing to the end of the line beats writing the spaces.
                move(to: x, y, over: new[start..<start + width])
                setPen(.plain)
                appendControl("\u{1B}[K")
                return
            }
            move(to: x, y, over: new[start..<start + width])
            setPen(cell.style)
            if Self.fuses(lastGrapheme, cell.grapheme) {
                appendControl(Self.cursorPosition(x: x, y: y))
            }
            text += cell.grapheme
            lastGrapheme = cell.grapheme
            x += cellWidth
            cursor = x < width ? CursorPosition(x: x, y: y) : nil
        }
    }

    /// Switches the terminal to `style`.
    private mutating func setPen(_ style: TextStyle) {
        appendControl(style.escapeSequence(from: pen))
        pen = style
    }

    /// Moves the cursor to (`x`, `y`) the cheapest way: not at all, CR, LF, CR LF, writing over
    /// the unchanged cells in between (`row` holds row `y` of the new frame), or CUP.
    private mutating func move(to x: Int, _ y: Int, over row: ArraySlice<ScreenCell>) {
        let target = CursorPosition(x: x, y: y)
        if cursor == target { return }
        var best = Self.cursorPosition(x: x, y: y)
        var gapEnd: String?
        if let cursor {
            if x == 0 && cursor.y == y {
                best = "\r"
            } else if x == 0 && cursor.y + 1 == y {
                best = "\r\n"
            } else if x == cursor.x && cursor.y + 1 == y {
                best = "\n"
            } else if cursor.y == y && cursor.x < x, let pen {
                // The cells in between are unchanged and on screen already; writing them again
                // moves the cursor, if they are in the current style and do not fuse.
                assert(!row[row.startIndex + cursor.x].isContinuation)
                var gap = ""
                var previous = lastGrapheme
                for cell in row[row.startIndex + cursor.x..<row.startIndex + x] where !cell.isContinuation {
                    guard cell.style == pen, gap.utf8.count < best.utf8.count,
                        !Self.fuses(previous, cell.grapheme)
                    else {
                        gap = best
                        previous = nil
                        break
                    }
                    gap += cell.grapheme
                    previous = cell.grapheme
                }
                if gap.utf8.count < best.utf8.count {
                    best = gap
                    gapEnd = previous
                }
            }
        }
        if let gapEnd {
            text += best
            lastGrapheme = gapEnd
        } else {
            appendControl(best)
        }
        cursor = target
    }

    /// CUP: `ESC[row;colH`, one-based, with the parameters a terminal defaults left out.
    private static func cursorPosition(x: Int, y: Int) -> String {
        switch (x, y) {
        case (0, 0): "\u{1B}[H"
        case (0, _): "\u{1B}[\(y + 1)H"
        default: "\u{1B}[\(y + 1);\(x + 1)H"
        }
    }
}
