/// A mouse action read from a terminal that reports the mouse (see ``Terminal/capturesMouse``):
/// a button pressed, released or dragged, or the wheel turned, at a character cell.
///
/// Terminals report the cell, not the pixel, and the modifier keys only in part, so this has no
/// modifiers; a terminal usually keeps Shift with the mouse for selecting text itself.
public struct MouseEvent: Hashable, Sendable {
    /// A mouse button.
    public enum Button: Hashable, Sendable {
        case left, middle, right
    }

    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(Button)
        /// A button came up. The SGR encoding says which; the older X10 one does not, and reports
        /// ``Button/left`` then.
        case release(Button)
        /// The mouse moved with a button held down.
        case drag(Button)
        /// The wheel turned: up (away from the person) or down, or sideways on a tilting wheel or a
        /// trackpad.
        case scrollUp, scrollDown, scrollLeft, scrollRight
    }

    /// What the mouse did.
    public var kind: Kind
    /// The column of the cell under the pointer, from 0 at the left edge.
    public var x: Int
    /// The row of the cell under the pointer, from 0 at the top edge.
    public var y: Int

    /// An event of a kind at a cell.
    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }

    /// The event for a terminal's button code and 1-based cell, as the SGR (`ESC[<b;x;yM`) and X10
    /// (`ESC[M` and three bytes) encodings report them; `nil` for motion without a button and for
    /// buttons beyond the wheel's.
    ///
    /// The code's low two bits are the button (3: none, the X10 release), 4, 8 and 16 are Shift,
    /// Alt and Ctrl, 32 is motion, and 64 adds the wheel.
    static func decoding(code: Int, column: Int, row: Int, isRelease: Bool) -> MouseEvent? {
        let buttons: [Button] = [.left, .middle, .right]
        let low = code & 3
        let kind: Kind
        switch code & ~(4 | 8 | 16) {
        case 0...2 where isRelease: kind = .release(buttons[low])
        case 3: kind = .release(.left)
        case 0...2: kind = .press(buttons[low])
        case 32...34: kind = .drag(buttons[low])
        case 64: kind = .scrollUp
        case 65: kind = .scrollDown
        case 66: kind = .scrollLeft
        case 67: kind = .scrollRight
        default: return nil
        }
        return MouseEvent(kind, x: max(column - 1, 0), y: max(row - 1, 0))
    }
}

extension MouseEvent: CustomStringConvertible {
    /// A short readable form: `press(left)@4,2`, `scroll-down@0,9`.
    public var description: String {
        let what =
            switch kind {
            case .press(let button): "press(\(button))"
            case .release(let button): "release(\(button))"
            case .drag(let button): "drag(\(button))"
            case .scrollUp: "scroll-up"
            case .scrollDown: "scroll-down"
            case .scrollLeft: "scroll-left"
            case .scrollRight: "scroll-right"
            }
        return "\(what)@\(x),\(y)"
    }
}
