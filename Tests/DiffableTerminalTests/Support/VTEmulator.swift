import DiffableTerminal

/// A tiny in-memory VT100/xterm screen that interprets exactly the output `ScreenDiffRenderer`
/// may produce — printable graphemes, CR, LF, CUP (`ESC[r;cH`), SGR (`ESC[…m`), ED (`ESC[…J`),
/// EL (`ESC[…K`), DECSTBM (`ESC[t;br`, `ESC[r`), SU (`ESC[nS`) and SD (`ESC[nT`) — the way xterm
/// does, and records a problem for anything else, or for output that relies on behavior
/// terminals disagree on (a line feed that scrolls, wrapping a wide character, printing in the
/// pending-wrap state, graphemes fusing across writes).
///
/// It is written independently of `ScreenBuffer`'s writing code, so that comparing the two is a
/// real check.
struct VTEmulator {
    private(set) var width: Int
    private(set) var height: Int
    /// The screen, row by row.
    private(set) var rows: [[ScreenCell]]
    private(set) var cursorX = 0
    private(set) var cursorY = 0
    /// After printing in the last column with auto-wrap on: the next printable character goes
    /// to the start of the next line first.
    private(set) var isWrapPending = false
    /// The style printing and erasing use.
    private(set) var pen = TextStyle.plain
    /// The first row of the scroll region (DECSTBM), zero-based.
    private(set) var scrollTop = 0
    /// The row after the last of the scroll region.
    private(set) var scrollBottom: Int
    /// Whether printing past the last column wraps (DECAWM); with it off, the cursor stays in
    /// the last column.
    var autoWrap: Bool
    /// What went wrong, in order.
    private(set) var problems: [String] = []
    /// The grapheme printed last, when no control or escape sequence followed it.
    private var lastPrinted: String?

    /// A screen of `width`×`height` showing `fill` (as a terminal shows whatever was there
    /// before), with the cursor at `(cursorX, cursorY)`.
    init(
        width: Int, height: Int, fill: Character = " ", cursorX: Int = 0, cursorY: Int = 0,
        pen: TextStyle = .plain, autoWrap: Bool = true
    ) {
        self.width = width
        self.height = height
        self.scrollBottom = height
        self.rows = Array(
            repeating: Array(repeating: ScreenCell(grapheme: String(fill), style: pen), count: width),
            count: height)
        self.cursorX = min(cursorX, max(width - 1, 0))
        self.cursorY = min(cursorY, max(height - 1, 0))
        self.pen = pen
        self.autoWrap = autoWrap
    }

    /// Changes the size as a terminal window does: content kept from the top-left, new cells
    /// blank, the cursor clamped.
    mutating func resize(width: Int, height: Int) {
        rows = (0..<height).map { y in
            (0..<width).map { x in y < self.height && x < self.width ? rows[y][x] : .blank }
        }
        for y in 0..<height where width > 0 {
            if rows[y][0].isContinuation { rows[y][0] = .blank }
            if width < self.width && y < self.height && rows[y][width - 1].grapheme.isEmpty == false
                && displayWidth(of: rows[y][width - 1].grapheme) == 2
            {
                rows[y][width - 1] = .blank
            }
        }
        self.width = width
        self.height = height
        // xterm resets the scroll region on a resize.
        scrollTop = 0
        scrollBottom = height
        cursorX = min(cursorX, max(width - 1, 0))
        cursorY = min(cursorY, max(height - 1, 0))
        isWrapPending = false
    }

    /// Interprets `output` as a terminal does: scalar by scalar for control characters and
    /// escape sequences, and each run of printable scalars between them as graphemes.
    mutating func feed(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        var run = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                printRun(&run)
                lastPrinted = nil
                guard scalars.popFirst() == "[" else {
                    problems.append("ESC not followed by [")
                    continue
                }
                var parameters = ""
                while let next = scalars.first, ("0"..."9").contains(next) || next == ";" {
                    parameters.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                guard let final = scalars.popFirst() else {
                    problems.append("unterminated CSI ESC[\(parameters)")
                    continue
                }
                control(final: Character(final), parameters: parameters)
            case 0x0D:
                printRun(&run)
                lastPrinted = nil
                carriageReturn()
            case 0x0A:
                printRun(&run)
                lastPrinted = nil
                lineFeed()
            case 0..<0x20, 0x7F:
                printRun(&run)
                lastPrinted = nil
                problems.append("unsupported control character \(Character(scalar).debugDescription)")
            default:
                run.append(scalar)
            }
        }
        printRun(&run)
    }

    /// Prints the graphemes of `run`, a stretch of printable scalars, and empties it. The first
    /// one must not fuse with the grapheme printed last when no control came in between (at
    /// the end of the previous `feed`).
    private mutating func printRun(_ run: inout String.UnicodeScalarView) {
        guard !run.isEmpty else { return }
        let text = String(run)
        run = String.UnicodeScalarView()
        if let lastPrinted, Array(lastPrinted + text) != Array(lastPrinted) + Array(text) {
            problems.append(
                "\(text.debugDescription) fuses with \(lastPrinted.debugDescription) printed before")
        }
        for character in text {
            print(character)
        }
        lastPrinted = text.last.map(String.init)
    }

    /// Cells that differ from `frame`, described; empty when the screen shows `frame` exactly.
    func mismatches(with frame: ScreenBuffer, limit: Int = 8) -> [String] {
        guard frame.width == width, frame.height == height else {
            return ["size \(width)×\(height), frame \(frame.width)×\(frame.height)"]
        }
        var found: [String] = []
        for y in 0..<height {
            for x in 0..<width where rows[y][x] != frame[x: x, y: y] {
                found.append("(\(x), \(y)): screen \(rows[y][x]), frame \(frame[x: x, y: y])")
                if found.count == limit { return found }
            }
        }
        return found
    }

    /// Whether the scroll region is the whole screen, as DECSTBM's reset (`ESC[r`) leaves it.
    var hasFullScrollRegion: Bool { scrollTop == 0 && scrollBottom == height }

    /// The screen's plain text, like `ScreenBuffer.text`.
    var text: String {
        rows.map { row in
            var line = row.filter { !$0.isContinuation }.map(\.grapheme).joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    // MARK: - Interpreting

    private mutating func print(_ character: Character) {
        let characterWidth = displayWidth(of: character)
        guard characterWidth > 0 else {
            problems.append("zero-width \(character.debugDescription) printed")
            return
        }
        if isWrapPending {
            problems.append("\(character.debugDescription) printed in the pending-wrap state (wraps)")
            isWrapPending = false
            cursorX = 0
            lineFeed()
        }
        guard cursorX + characterWidth <= width else {
            problems.append("wide \(character.debugDescription) at the last column (\(cursorX), \(cursorY))")
            return
        }
        var row = rows[cursorY]
        if row[cursorX].isContinuation {
            row[cursorX - 1] = ScreenCell(grapheme: " ", style: row[cursorX - 1].style)
        }
        if cursorX + characterWidth < width && row[cursorX + characterWidth].isContinuation {
            row[cursorX + characterWidth] = ScreenCell(
                grapheme: " ", style: row[cursorX + characterWidth].style)
        }
        row[cursorX] = ScreenCell(grapheme: String(character), style: pen)
        if characterWidth == 2 {
            row[cursorX + 1] = ScreenCell(grapheme: "", style: pen, isContinuation: true)
        }
        rows[cursorY] = row
        cursorX += characterWidth
        if cursorX >= width {
            cursorX = width - 1
            isWrapPending = autoWrap
        }
    }

    private mutating func carriageReturn() {
        cursorX = 0
        isWrapPending = false
    }

    /// Moves the cursor down a row; at the bottom of the scroll region, scrolls the region up
    /// instead, and below it, on the last row, does nothing (as xterm).
    private mutating func lineFeed() {
        isWrapPending = false
        if cursorY == scrollBottom - 1 {
            problems.append("line feed on the last row of the scroll region scrolls")
            scrollUp(1)
        } else if cursorY < height - 1 {
            cursorY += 1
        }
    }

    /// Moves the rows of the scroll region up by `count` (down when negative), filling the rows
    /// left behind with blanks in the pen's background, as xterm does (SU, SD). The cursor stays.
    private mutating func scrollUp(_ count: Int) {
        let regionHeight = scrollBottom - scrollTop
        guard regionHeight > 0, count != 0 else { return }
        let amount = min(abs(count), regionHeight)
        let blankRow = Array(
            repeating: ScreenCell(grapheme: " ", style: TextStyle(background: pen.background)), count: width)
        var region = Array(rows[scrollTop..<scrollBottom])
        if count > 0 {
            region.removeFirst(amount)
            region.append(contentsOf: repeatElement(blankRow, count: amount))
        } else {
            region.removeLast(amount)
            region.insert(contentsOf: repeatElement(blankRow, count: amount), at: 0)
        }
        rows.replaceSubrange(scrollTop..<scrollBottom, with: region)
    }

    private mutating func control(final: Character, parameters: String) {
        let values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H":
            guard values.count <= 2 else {
                problems.append("CUP with \(values.count) parameters")
                return
            }
            let row = (values.first ?? nil) ?? 1
            let column = values.count > 1 ? (values[1] ?? 1) : 1
            cursorY = min(max(row, 1), height) - 1
            cursorX = min(max(column, 1), width) - 1
            isWrapPending = false
        case "r":
            // DECSTBM: the region must have two rows at least, or the sequence is ignored; a set
            // region homes the cursor (origin mode is off).
            guard values.count <= 2 else {
                problems.append("DECSTBM with \(values.count) parameters")
                return
            }
            let top = max((values.first ?? nil) ?? 1, 1)
            var bottom = values.count > 1 ? (values[1] ?? 0) : 0
            if bottom == 0 || bottom > height { bottom = height }
            guard top < bottom else {
                problems.append("DECSTBM \(top);\(bottom) ignored")
                return
            }
            scrollTop = top - 1
            scrollBottom = bottom
            cursorX = 0
            cursorY = 0
            isWrapPending = false
        case "S", "T":
            guard values.count <= 1 else {
                problems.append("ESC[\(parameters)\(final) is not SU or SD")
                return
            }
            let count = max((values.first ?? nil) ?? 1, 1)
            scrollUp(final == "S" ? count : -count)
        case "m":
            selectGraphicRendition(values.isEmpty ? [0] : values.map { $0 ?? 0 })
        case "J":
            let mode = (values.first ?? nil) ?? 0
            switch mode {
            case 0:
                erase(y: cursorY, from: cursorX, to: width)
                for y in cursorY + 1..<max(height, cursorY + 1) { erase(y: y, from: 0, to: width) }
            case 1:
                for y in 0..<cursorY { erase(y: y, from: 0, to: width) }
                erase(y: cursorY, from: 0, to: cursorX + 1)
            case 2:
                for y in 0..<height { erase(y: y, from: 0, to: width) }
            default:
                problems.append("ED \(mode)")
            }
        case "K":
            let mode = (values.first ?? nil) ?? 0
            switch mode {
            case 0: erase(y: cursorY, from: cursorX, to: width)
            case 1: erase(y: cursorY, from: 0, to: cursorX + 1)
            case 2: erase(y: cursorY, from: 0, to: width)
            default: problems.append("EL \(mode)")
            }
        default:
            problems.append("unsupported sequence ESC[\(parameters)\(final)")
        }
    }

    /// Blanks columns `from..<to` of row `y` with the pen's background (as xterm does), and the
    /// other half of wide characters cut at either end.
    private mutating func erase(y: Int, from start: Int, to end: Int) {
        guard start < end, y >= 0, y < height else { return }
        let blank = ScreenCell(grapheme: " ", style: TextStyle(background: pen.background))
        if rows[y][start].isContinuation { rows[y][start - 1] = blank }
        if end < width && rows[y][end].isContinuation { rows[y][end] = blank }
        for x in start..<end { rows[y][x] = blank }
    }

    private mutating func selectGraphicRendition(_ values: [Int]) {
        let named: [TerminalColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
        let bright: [TerminalColor] = [
            .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan,
            .brightWhite,
        ]
        var index = 0
        /// The color of an extended (38/48) parameter list starting at `values[index]`.
        func extendedColor() -> TerminalColor? {
            if index + 2 < values.count && values[index + 1] == 5 {
                defer { index += 2 }
                return .indexed(UInt8(values[index + 2]))
            }
            if index + 4 < values.count && values[index + 1] == 2 {
                defer { index += 4 }
                return .rgb(UInt8(values[index + 2]), UInt8(values[index + 3]), UInt8(values[index + 4]))
            }
            problems.append("malformed extended color in SGR \(values)")
            index = values.count
            return nil
        }
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: pen = .plain
            case 1: pen.bold = true
            case 2: pen.dim = true
            case 3: pen.italic = true
            case 4: pen.underline = true
            case 7: pen.inverse = true
            case 22:
                pen.bold = false
                pen.dim = false
            case 23: pen.italic = false
            case 24: pen.underline = false
            case 27: pen.inverse = false
            case 30...37: pen.foreground = named[value - 30]
            case 38: pen.foreground = extendedColor()
            case 39: pen.foreground = nil
            case 40...47: pen.background = named[value - 40]
            case 48: pen.background = extendedColor()
            case 49: pen.background = nil
            case 90...97: pen.foreground = bright[value - 90]
            case 100...107: pen.background = bright[value - 100]
            default: problems.append("unsupported SGR parameter \(value)")
            }
            index += 1
        }
    }
}
