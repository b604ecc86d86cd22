import DiffableTerminal

/// A box drawn over the panes that takes every key while it is up: the recipe form and the
/// delete confirmation.
@MainActor
protocol Overlay: AnyObject {
    /// The keys it takes, for the help line.
    var helpItems: [String] { get }
    /// Handles a key; returns whether it used it (Ctrl-C, Ctrl-Z and the mouse go on to the
    /// application).
    func handle(_ key: Key) -> Bool
    /// Draws the box over `buffer`.
    func draw(into buffer: inout ScreenBuffer)
}

extension ScreenBuffer {
    /// A box with a rounded border and a title, its inside cleared; returns the inside.
    @discardableResult
    mutating func drawBox(width: Int, height: Int, title: String, style: TextStyle = .plain) -> ScreenRect {
        let width = min(width, self.width)
        let height = min(height, self.height)
        let x = (self.width - width) / 2
        let y = max((self.height - height) / 2, 0)
        fill(ScreenRect(x: x, y: y, width: width, height: height))
        let line = TextStyle(foreground: style.foreground ?? .cyan)
        write("╭" + String(repeating: "─", count: max(width - 2, 0)) + "╮", x: x, y: y, style: line)
        for row in (y + 1)..<(y + height - 1) {
            write("│", x: x, y: row, style: line)
            write("│", x: x + width - 1, y: row, style: line)
        }
        write(
            "╰" + String(repeating: "─", count: max(width - 2, 0)) + "╯", x: x, y: y + height - 1, style: line
        )
        write(" " + title + " ", x: x + 2, y: y, style: TextStyle(bold: true), maxWidth: width - 4)
        return ScreenRect(x: x + 2, y: y + 1, width: max(width - 4, 1), height: max(height - 2, 1))
    }
}

/// "Delete “Pancakes”?": `y` or Enter deletes, `n` or Escape does not.
@MainActor
final class ConfirmDialog: Overlay {
    let title: String
    let message: String
    let onAnswer: @MainActor (Bool) -> Void

    init(title: String, message: String, onAnswer: @escaping @MainActor (Bool) -> Void) {
        self.title = title
        self.message = message
        self.onAnswer = onAnswer
    }

    var helpItems: [String] { ["y delete", "n keep"] }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .character("y"), .character("Y"), .enter: onAnswer(true)
        case .character("n"), .character("N"), .escape, .character("q"): onAnswer(false)
        case .control: return false
        default: break
        }
        return true
    }

    func draw(into buffer: inout ScreenBuffer) {
        let width = min(max(displayWidth(of: message) + 6, 36), 60)
        let inside = buffer.drawBox(width: width, height: 6, title: title, style: TextStyle(foreground: .red))
        buffer.write(truncate(message, toWidth: inside.width), x: inside.x, y: inside.y + 1)
        buffer.write("y", x: inside.x, y: inside.y + 3, style: TextStyle(foreground: .red, bold: true))
        buffer.write(" Delete    ", x: inside.x + 1, y: inside.y + 3)
        buffer.write("n", x: inside.x + 12, y: inside.y + 3, style: TextStyle(bold: true))
        buffer.write(" Keep it", x: inside.x + 13, y: inside.y + 3)
    }
}
