/// A one-line search field: `UISearchController`'s search bar for the terminal.
///
/// `/` focuses it; typing edits the text and reports every change through ``textDidChange``
/// (apply a filtered snapshot there; with `coalescesApplies` on the data source, fast typing
/// skips stale results); Enter keeps the text and returns to the list; Escape clears it.
@MainActor
public final class TerminalSearchField {
    /// The text typed so far.
    public private(set) var text = ""
    /// Whether keys go to the field.
    public internal(set) var isActive = false
    /// Shown when the field is empty.
    public var placeholder: String
    /// Called after every change of the text.
    public var textDidChange: (@MainActor (String) -> Void)?

    /// Creates a field with a placeholder.
    public init(placeholder: String = "Search") {
        self.placeholder = placeholder
    }

    /// Sets the text and reports the change.
    public func setText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        textDidChange?(text)
    }

    /// Handles a key while active; returns whether it used it.
    func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            setText(text + String(character))
        case .backspace, .delete:
            if !text.isEmpty { setText(String(text.dropLast())) }
        case .enter, .tab, .down:
            isActive = false
        case .escape:
            isActive = false
            setText("")
        case .control("u"):
            setText("")
        default:
            return false
        }
        return true
    }

    /// Draws the field on one row.
    func draw(into buffer: inout ScreenBuffer, y: Int) {
        let style = isActive ? TextStyle(foreground: .yellow, bold: true) : TextStyle(dim: !isActive)
        var column = buffer.write("/ ", x: 0, y: y, style: style)
        if text.isEmpty && !isActive {
            buffer.write(placeholder, x: column, y: y, style: TextStyle(dim: true))
        } else {
            column += buffer.write(text, x: column, y: y, style: TextStyle(bold: isActive))
            if isActive { buffer.write("▏", x: column, y: y, style: TextStyle(foreground: .yellow)) }
        }
    }
}
