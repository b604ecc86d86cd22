import Diffable

/// A cell of a ``TerminalCollectionView``: a reusable object that draws itself into a rectangle of
/// the screen. Subclass it, or use ``TerminalListCell`` and ``TerminalGridCell``.
@MainActor
open class TerminalCell: PooledCell, UpdatingConfiguration {
    /// How many times a handler configured this cell since it was created (for tests).
    public internal(set) var configurationCount = 0
    /// The pool the cell returns to.
    package var reuseKey: ObjectIdentifier?
    /// What the cell shows: a `ListContentConfiguration` in a list cell, or any
    /// ``TerminalContentConfiguration``, which draws through its content view.
    public var contentConfiguration: (any ContentConfiguration)?
    /// How the cell's background looks.
    public var backgroundConfiguration: BackgroundConfiguration?
    /// Styles the cell for its state: called before the cell is first drawn for an item, and
    /// whenever its state (selected, focused, highlighted, expanded, editing…) changes, as
    /// `UICollectionViewCell.configurationUpdateHandler` is.
    public var configurationUpdateHandler: (@MainActor (TerminalCell, CellConfigurationState) -> Void)?
    /// The state the cell was last updated for: `configurationState`.
    public var configurationState: CellConfigurationState { configurationUpdates.state }
    package var configurationUpdates = ConfigurationUpdates()
    /// The content view that draws a custom content configuration.
    var contentView: (any TerminalCellContentView)?

    /// Creates an unconfigured cell.
    public required init() {}

    /// Resets the cell before it shows another item.
    open func prepareForReuse() {}

    /// Asks for the configuration to be updated before the cell is next drawn:
    /// `setNeedsUpdateConfiguration()`.
    public func setNeedsUpdateConfiguration() { configurationUpdates.isNeeded = true }

    /// Updates the cell for a state: calls the ``configurationUpdateHandler``. A subclass may
    /// override it, as `updateConfiguration(using:)`.
    open func updateConfiguration(using state: CellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }

    /// Draws a custom content configuration through its content view, made again when the
    /// configuration is of another type; returns whether there was one to draw.
    func drawCustomContent(in buffer: inout ScreenBuffer, frame: ScreenRect, style: TextStyle) -> Bool {
        guard let configuration = contentConfiguration as? any TerminalContentConfiguration else {
            contentView = nil
            return false
        }
        if let view = contentView, type(of: view.configuration) == type(of: configuration) {
            view.configuration = configuration
        } else {
            contentView = configuration.makeContentView()
        }
        contentView?.draw(in: &buffer, frame: frame, style: style)
        return true
    }

    /// Draws the cell into `frame`.
    open func draw(in buffer: inout ScreenBuffer, frame: ScreenRect, state: CellConfigurationState) {}
}

/// A list cell with a content configuration and accessories:
/// `UICollectionViewListCell` for the terminal.
///
/// ```swift
/// let registration = TerminalCollectionView.CellRegistration<TerminalListCell, Recipe> { cell, _, recipe in
///     var content = cell.defaultContentConfiguration()
///     content.text = recipe.title
///     content.image = "🍲"
///     cell.contentConfiguration = content
///     cell.accessories = recipe.isFavorite ? [.label(text: "♥")] : []
/// }
/// ```
@MainActor
open class TerminalListCell: TerminalCell {
    /// Accessories at the trailing edge (an outline disclosure goes at the leading edge).
    public var accessories: [CellAccessory] = []
    /// Columns of indentation per outline level.
    public var indentationWidth = 2
    /// Where the accessories were drawn last, as columns from the cell's left edge, with each
    /// one's index in ``accessories``: what a click on the row hits.
    package private(set) var accessoryHits: [(columns: Range<Int>, index: Int)] = []

    /// Creates an empty list cell.
    public required init() {}

    /// A configuration to start from, as `defaultContentConfiguration()`.
    public func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

    /// Clears content, background and accessories.
    open override func prepareForReuse() {
        contentConfiguration = nil
        backgroundConfiguration = nil
        accessories = []
    }

    /// Draws `[indent][⊖ ][▸ ][image ]text  secondary ... accessories [≡]`, highlighted when
    /// focused; in a cell two rows tall, a subtitle cell's secondary text goes on the second row.
    open override func draw(in buffer: inout ScreenBuffer, frame: ScreenRect, state: CellConfigurationState) {
        guard frame.width > 0, frame.height > 0 else { return }
        let content = contentConfiguration as? ListContentConfiguration ?? .cell()
        var base = TextStyle.plain
        base.background = backgroundConfiguration?.backgroundColor
        if state.isSelected { base.foreground = .cyan }
        if state.isSectionHeader { base.bold = true }
        if state.isTransient { base.dim = true }
        if state.isFocused { base.inverse = true }
        if state.isReordering {
            base.inverse = true
            base.foreground = .yellow
        }
        buffer.fill(frame, with: " ", style: base)
        var column = frame.x + state.outlineLevel * indentationWidth
        var right = frame.x + frame.width
        let y = frame.y
        accessoryHits = []
        // A table in editing mode draws its own delete and insert controls.
        let drawsTableControl = state.showsDeleteControl || state.showsInsertControl
        if drawsTableControl {
            column += buffer.write(
                state.showsDeleteControl ? "⊖ " : "⊕ ", x: column, y: y,
                style: merge(base, TextStyle(foreground: state.showsDeleteControl ? .red : .green)),
                maxWidth: right - column)
        } else if state.isEditing
            && !accessories.contains(where: { $0.kind == .delete || $0.kind == .insert })
        {
            column += 2  // in line with the rows that have a delete control
        }
        if state.isReordering {
            column += buffer.write("↕ ", x: column, y: y, style: base, maxWidth: right - column)
        }
        // Leading accessories, left to right; the outline disclosure last, next to the content.
        let leading = accessories.indices.filter { accessories[$0].isLeading }
        for index in leading.filter({ accessories[$0].kind != .outlineDisclosure })
            + leading.filter({ accessories[$0].kind == .outlineDisclosure })
        {
            let accessory = accessories[index]
            guard accessory.displayed.includes(editing: state.isEditing), column < right else { continue }
            if drawsTableControl && (accessory.kind == .delete || accessory.kind == .insert) { continue }
            let width = accessory.reservedWidth(in: state)
            if accessory.isShown(in: state) {
                buffer.write(
                    accessory.glyph(in: state), x: column, y: y, style: merge(base, accessory.glyphStyle),
                    maxWidth: min(width, right - column))
                accessoryHits.append((column - frame.x..<column - frame.x + width, index))
            }
            column += width + (width > 0 ? 1 : 0)
        }
        if let image = content.image, !image.isEmpty {
            column += buffer.write(
                image + " ", x: column, y: y, style: merge(base, content.imageStyle), maxWidth: right - column
            )
        }
        if state.showsReorderControl && right - 2 >= column {
            buffer.write("≡", x: right - 1, y: y, style: merge(base, TextStyle(dim: true)))
            right -= 2
        }
        // Trailing accessories, right to left.
        var trailing = right - 1
        for index in accessories.indices.reversed() where !accessories[index].isLeading {
            let accessory = accessories[index]
            guard accessory.displayed.includes(editing: state.isEditing),
                !(accessory.kind == .reorder && state.showsReorderControl)
            else { continue }
            let width = accessory.reservedWidth(in: state)
            guard trailing - width >= column else { break }
            if accessory.isShown(in: state) {
                let glyph = accessory.glyph(in: state)
                let x = trailing - displayWidth(of: glyph) + 1
                buffer.write(glyph, x: x, y: y, style: merge(base, accessory.glyphStyle), maxWidth: width)
                accessoryHits.append((trailing - width + 1 - frame.x..<trailing + 1 - frame.x, index))
            }
            trailing -= width + (width > 0 ? 1 : 0)
        }
        let available = max(trailing - column, 0)
        let area = ScreenRect(x: column, y: y, width: available, height: frame.height)
        if drawCustomContent(in: &buffer, frame: area, style: base) { return }
        let text = content.text ?? ""
        var textStyle = merge(base, content.textStyle)
        if state.isSectionHeader { textStyle.bold = true }
        let secondaryStyle = merge(base, content.secondaryTextStyle)
        guard let secondary = content.secondaryText, !secondary.isEmpty else {
            buffer.write(
                truncate(text, toWidth: available), x: column, y: y, style: textStyle, maxWidth: available)
            return
        }
        switch content.secondaryTextPlacement {
        case .belowText where frame.height >= 2:
            buffer.write(
                truncate(text, toWidth: available), x: column, y: y, style: textStyle, maxWidth: available)
            let width = max(right - column, 0)
            buffer.write(
                truncate(secondary, toWidth: width), x: column, y: y + 1, style: secondaryStyle,
                maxWidth: width)
        case .afterText, .belowText:
            let used = buffer.write(
                truncate(text, toWidth: available), x: column, y: y, style: textStyle, maxWidth: available)
            let rest = available - used - 2
            if rest > 0 {
                buffer.write(
                    truncate(secondary, toWidth: rest), x: column + used + 2, y: y, style: secondaryStyle,
                    maxWidth: rest)
            }
        case .trailing:
            let secondaryWidth = min(displayWidth(of: secondary), available / 2)
            let textWidth = available - secondaryWidth - 1
            buffer.write(
                truncate(text, toWidth: textWidth), x: column, y: y, style: textStyle, maxWidth: textWidth)
            let shown = truncate(secondary, toWidth: secondaryWidth)
            buffer.write(shown, x: column + available - displayWidth(of: shown), y: y, style: secondaryStyle)
        }
    }
}

/// A grid cell: an image glyph over a line of text, in a box of the grid's item size.
@MainActor
open class TerminalGridCell: TerminalCell {
    /// The glyph in the middle of the cell, such as an emoji.
    public var image: String?
    /// The text under the image.
    public var text: String?
    /// How the text is drawn.
    public var textStyle: TextStyle = .plain

    /// Creates an empty grid cell.
    public required init() {}

    /// Clears the content.
    open override func prepareForReuse() {
        image = nil
        text = nil
        textStyle = .plain
    }

    /// Draws a framed box: the image centered on the first row, the text on the second.
    open override func draw(in buffer: inout ScreenBuffer, frame: ScreenRect, state: CellConfigurationState) {
        guard frame.width > 2, frame.height > 0 else { return }
        var style = TextStyle.plain
        style.background = backgroundConfiguration?.backgroundColor
        if state.isSelected { style.foreground = .cyan }
        if state.isTransient { style.dim = true }
        if state.isFocused { style.inverse = true }
        let inner = ScreenRect(x: frame.x, y: frame.y, width: frame.width - 1, height: frame.height)
        buffer.fill(inner, with: " ", style: style)
        let rows = [image, text].compactMap { $0 }.filter { !$0.isEmpty }
        for (offset, line) in rows.enumerated() where offset < frame.height {
            let shown = truncate(line, toWidth: inner.width)
            let x = inner.x + max((inner.width - displayWidth(of: shown)) / 2, 0)
            buffer.write(
                shown, x: x, y: inner.y + offset, style: offset == 0 ? style : merge(style, textStyle))
        }
    }
}

/// `base` with the colors and attributes `overlay` sets.
func merge(_ base: TextStyle, _ overlay: TextStyle) -> TextStyle {
    var style = base
    if let foreground = overlay.foreground { style.foreground = foreground }
    if let background = overlay.background { style.background = background }
    style.bold = style.bold || overlay.bold
    style.dim = style.dim || overlay.dim
    style.italic = style.italic || overlay.italic
    style.underline = style.underline || overlay.underline
    style.inverse = style.inverse || overlay.inverse
    return style
}

extension CellAccessory {
    /// The columns kept for the accessory when it shows for the view's editing mode: its glyph's
    /// width (`.standard`, `.actual`; none for `.actual` when hidden) or the one given.
    @MainActor
    func reservedWidth(in state: CellConfigurationState) -> Int {
        switch options.reservedLayoutWidth {
        case .standard: return displayWidth(of: glyph(in: state))
        case .actual: return isShown(in: state) ? displayWidth(of: glyph(in: state)) : 0
        case .custom(let width): return max(Int(width.rounded()), 0)
        }
    }
}
