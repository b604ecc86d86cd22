/// A color a terminal can draw text or its background in.
///
/// The sixteen named colors are the terminal's palette (the user's theme decides the exact
/// shades); ``indexed(_:)`` picks from the 256-color palette and ``rgb(_:_:_:)`` asks for a
/// 24-bit color, which most current terminals support.
public enum TerminalColor: Hashable, Sendable {
    /// One of the eight standard palette colors (SGR 30–37 and 40–47).
    case black, red, green, yellow, blue, magenta, cyan, white
    /// One of the eight bright palette colors (SGR 90–97 and 100–107).
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    /// Entry `index` of the 256-color palette: 0–15 the named colors, 16–231 a 6×6×6 color
    /// cube, 232–255 a gray ramp.
    case indexed(UInt8)
    /// A 24-bit color.
    case rgb(UInt8, UInt8, UInt8)
}

/// How text is drawn: colors and attributes, as a terminal's SGR ("select graphic rendition")
/// sequences express them.
///
/// ```swift
/// let title = TextStyle(foreground: .brightWhite, bold: true)
/// let selection = TextStyle(inverse: true)
/// buffer.write("Inbox", x: 0, y: 0, style: title)
/// ```
public struct TextStyle: Hashable, Sendable {
    /// The text color; `nil` is the terminal's default.
    public var foreground: TerminalColor?
    /// The background color; `nil` is the terminal's default.
    public var background: TerminalColor?
    /// Bold (or bright) text.
    public var bold: Bool
    /// Dim (faint) text.
    public var dim: Bool
    /// Italic text, where the terminal's font has it.
    public var italic: Bool
    /// Underlined text.
    public var underline: Bool
    /// Foreground and background swapped — the usual selection highlight.
    public var inverse: Bool

    /// A style with the given colors and attributes; all default to the terminal's own.
    public init(
        foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false,
        dim: Bool = false, italic: Bool = false, underline: Bool = false, inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.inverse = inverse
    }

    /// The terminal's default look: no colors, no attributes.
    public static let plain = TextStyle()

    /// Whether this is ``plain``.
    public var isPlain: Bool { self == .plain }
}
