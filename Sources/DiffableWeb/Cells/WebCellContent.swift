import DiffableCells

/// What one cell, header or footer shows on the page: a value, compared to decide whether the
/// page needs it again, and sent as JSON whose texts the page inserts as text.
public struct WebCellContent: Hashable, Sendable {
    /// How the page lays the content out.
    public enum Style: String, Hashable, Sendable {
        /// A row: image, text, secondary text, accessories.
        case list
        /// A tile: image over text.
        case grid
        /// A section header.
        case header
        /// A section footer.
        case footer
    }

    /// How the page lays the content out.
    public var style: Style
    /// The primary text.
    public var text: String?
    /// Secondary text.
    public var secondaryText: String?
    /// Where the secondary text goes in a list row.
    public var secondaryTextPlacement: ListContentConfiguration.SecondaryTextPlacement = .afterText
    /// A glyph before the text (or over it, in a tile), such as an emoji.
    public var image: String?
    /// An image by URL, in place of the glyph.
    public var imageURL: String?
    /// How the primary text is drawn.
    public var textStyle: TextStyle = .plain
    /// How the secondary text is drawn.
    public var secondaryTextStyle = TextStyle(dim: true)
    /// How the glyph is drawn.
    public var imageStyle: TextStyle = .plain
    /// The accessories.
    public var accessories: [CellAccessory] = []
    /// The cell's background colour (its background configuration's), or `nil` for the page's.
    public var backgroundColor: TerminalColor?

    /// Content of a style, with nothing in it.
    public init(style: Style) {
        self.style = style
    }

    /// `url` if it is a path on the server or an `http:`/`https:` URL; `nil` for anything else
    /// (`javascript:`, `data:`), which the page must never load.
    static func safeImageURL(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard url.utf8.count <= 2048 else { return nil }
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") { return url }
        if url.hasPrefix("/") && !url.hasPrefix("//") { return url }
        return nil
    }

    /// The content as the page's JSON: short member names, and only what is set.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("s", .string(style.rawValue))]
        if let text { members.append(("t", .string(text))) }
        if let secondaryText {
            members.append(("st", .string(secondaryText)))
            if secondaryTextPlacement != .afterText {
                members.append(("sp", .string(secondaryTextPlacement == .trailing ? "trailing" : "below")))
            }
        }
        if let imageURL {
            members.append(("u", .string(imageURL)))
        } else if let image, !image.isEmpty {
            members.append(("i", .string(image)))
        }
        if let style = textStyle.json { members.append(("ts", style)) }
        if secondaryText != nil, let style = secondaryTextStyle.json { members.append(("ss", style)) }
        if image != nil, let style = imageStyle.json { members.append(("is", style)) }
        if !accessories.isEmpty { members.append(("a", .array(accessories.map(\.json)))) }
        if let backgroundColor { members.append(("bg", .string(backgroundColor.css))) }
        return .object(members)
    }
}

extension CellAccessory {
    /// The accessory as the page's JSON: its kind, its text (a label's, a custom view's), its
    /// style; `l` at the leading edge, `h` hidden (its width kept), `w` a width kept in `ch`, and
    /// `act` when a click runs its action handler on the server. Glyphs are the page's, which
    /// draws a multiselect accessory from the row's selection.
    var json: JSONValue {
        var members: [(String, JSONValue)]
        switch kind {
        case .disclosureIndicator: members = [("k", .string("disclosure"))]
        case .checkmark: members = [("k", .string("checkmark"))]
        case .outlineDisclosure: members = [("k", .string("outline"))]
        case .label(let text): members = [("k", .string("label")), ("t", .string(text))]
        case .reorder: members = [("k", .string("reorder"))]
        case .delete: members = [("k", .string("delete"))]
        case .insert: members = [("k", .string("insert"))]
        case .multiselect: members = [("k", .string("multiselect"))]
        case .detail: members = [("k", .string("detail"))]
        case .customView(let text, _): members = [("k", .string("custom")), ("t", .string(text))]
        // `shown(in:)` makes a pop-up the text it shows; this is the glyph alone.
        case .popUpMenu: members = [("k", .string("custom")), ("t", .string("↕"))]
        }
        if let style = glyphStyle.json { members.append(("ts", style)) }
        if isLeading && kind != .outlineDisclosure { members.append(("l", .bool(true))) }
        if options.isHidden == true { members.append(("h", .bool(true))) }
        if case .custom(let width) = options.reservedLayoutWidth, width >= 0, width <= 100 {
            members.append(("w", .int(Int(width.rounded()))))
        }
        if clickHandler != nil { members.append(("act", .bool(true))) }
        return .object(members)
    }
}

extension [CellAccessory] {
    /// The accessories a cell shows in a state, in order: those displayed in the view's editing
    /// mode, each with `isHidden` decided (an outline disclosure without children is hidden),
    /// and a pop-up menu as the text it shows now (its selected element's title), so that a
    /// changed selection is changed content.
    @MainActor
    func shown(in state: CellConfigurationState) -> [CellAccessory] {
        filter { $0.displayed.includes(editing: state.isEditing) }.map {
            var accessory = $0
            accessory.options.isHidden = !accessory.isShown(in: state)
            if accessory.kind == .popUpMenu {
                accessory.kind = .customView(accessory.glyph(in: state), .trailing())
            }
            return accessory
        }
    }
}

extension TextStyle {
    /// The style as the page's JSON, or `nil` for the plain style: colors as CSS colors (a named
    /// palette color as the page's custom property, so the page's theme decides its shade), and
    /// a flag per attribute.
    var json: JSONValue? {
        guard !isPlain else { return nil }
        var members: [(String, JSONValue)] = []
        if let foreground { members.append(("fg", .string(foreground.css))) }
        if let background { members.append(("bg", .string(background.css))) }
        if bold { members.append(("b", .bool(true))) }
        if dim { members.append(("d", .bool(true))) }
        if italic { members.append(("i", .bool(true))) }
        if underline { members.append(("u", .bool(true))) }
        if inverse { members.append(("v", .bool(true))) }
        return .object(members)
    }
}

extension TerminalColor {
    /// The color as CSS: a palette color as `var(--dw-red)` and so on, the others as `#rrggbb`.
    var css: String {
        switch self {
        case .black: "var(--dw-black)"
        case .red: "var(--dw-red)"
        case .green: "var(--dw-green)"
        case .yellow: "var(--dw-yellow)"
        case .blue: "var(--dw-blue)"
        case .magenta: "var(--dw-magenta)"
        case .cyan: "var(--dw-cyan)"
        case .white: "var(--dw-white)"
        case .brightBlack: "var(--dw-bright-black)"
        case .brightRed: "var(--dw-bright-red)"
        case .brightGreen: "var(--dw-bright-green)"
        case .brightYellow: "var(--dw-bright-yellow)"
        case .brightBlue: "var(--dw-bright-blue)"
        case .brightMagenta: "var(--dw-bright-magenta)"
        case .brightCyan: "var(--dw-bright-cyan)"
        case .brightWhite: "var(--dw-bright-white)"
        case .indexed(let index): Self.indexedCSS(index)
        case .rgb(let red, let green, let blue): Self.hex(red, green, blue)
        }
    }

    private static let palette: [TerminalColor] = [
        .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
        .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan,
        .brightWhite,
    ]

    /// An entry of the 256-color palette: the named colors, the 6×6×6 cube, the gray ramp.
    private static func indexedCSS(_ index: UInt8) -> String {
        if index < 16 { return palette[Int(index)].css }
        if index >= 232 {
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return hex(level, level, level)
        }
        let cube = Int(index) - 16
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        return hex(steps[cube / 36], steps[cube / 6 % 6], steps[cube % 6])
    }

    private static func hex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }
}
