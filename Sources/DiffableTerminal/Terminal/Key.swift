/// A key press read from a terminal, as decoded by ``KeyParser``; or a mouse event, where the
/// terminal reports the mouse.
///
/// Terminals send most keys as bytes or escape sequences; modifiers reach an application only in
/// part. Shift-Tab is ``backTab``; Ctrl with a letter is ``control(_:)``; Shift, Alt and Ctrl
/// combined with arrows, Home, End and function keys are reported as the plain key.
public enum Key: Hashable, Sendable {
    /// A printable character: a letter, digit, symbol, space, or any other grapheme, such as
    /// `é` or `🙂`.
    case character(Character)
    /// Return or Enter (CR or LF).
    case enter
    /// Tab.
    case tab
    /// Shift-Tab (`ESC[Z`).
    case backTab
    /// Backspace (DEL, 0x7F, or BS, 0x08).
    case backspace
    /// Forward delete (`ESC[3~`).
    case delete
    /// Escape on its own (reported once no sequence follows it; see ``KeyParser/flush()``).
    case escape
    /// An arrow key.
    case up, down, left, right
    /// A navigation key: Home, End, Page Up, Page Down.
    case home, end, pageUp, pageDown
    /// Ctrl with a key: `control("a")` through `control("z")` for the letters (except those
    /// that are ``tab``, ``enter`` and ``backspace``: Ctrl-I, Ctrl-J, Ctrl-M and Ctrl-H), and
    /// `control("@")`, `control("\\")`, `control("]")`, `control("^")`, `control("_")`.
    /// Raw mode delivers Ctrl-C, Ctrl-D, Ctrl-Z as keys, not signals.
    case control(Character)
    /// Function key F*n*, 1 through 20.
    case function(Int)
    /// A mouse button or wheel, where the terminal reports the mouse (see
    /// ``Terminal/capturesMouse``).
    case mouse(MouseEvent)
    /// A byte sequence that is no known key: an escape sequence this parser does not decode, or
    /// bytes that are not valid UTF-8.
    case unknown([UInt8])
}

extension Key: CustomStringConvertible {
    /// A short readable name: `a`, `enter`, `ctrl-c`, `F5`, `unknown(1b 5b 32 7e)`.
    public var description: String {
        switch self {
        case .character(let character): String(character)
        case .enter: "enter"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .backspace: "backspace"
        case .delete: "delete"
        case .escape: "escape"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "page-up"
        case .pageDown: "page-down"
        case .control(let character): "ctrl-\(character)"
        case .function(let number): "F\(number)"
        case .mouse(let event): "mouse(\(event))"
        case .unknown(let bytes):
            "unknown("
                + bytes.map { $0 < 0x10 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                .joined(separator: " ") + ")"
        }
    }
}
