import Diffable
import DiffableCells

/// A cell of a ``WebCollectionView``: a reusable object that a registration configures, and that
/// the view turns into a value (``WebCellContent``) for the page. Use ``WebListCell`` and
/// ``WebGridCell``, or subclass and override ``content()``.
///
/// The page never receives markup: every text a cell shows is sent as text and put into the page
/// as text, so nothing a person typed becomes part of the page's structure.
@MainActor
open class WebCell: PooledCell, UpdatingConfiguration {
    /// How many times a handler configured this cell since it was created (for tests).
    public internal(set) var configurationCount = 0
    /// The pool the cell returns to.
    package var reuseKey: ObjectIdentifier?
    /// What the cell shows: a `ListContentConfiguration` in a list cell, or any
    /// ``WebContentConfiguration``, which describes safe content for the page.
    public var contentConfiguration: (any ContentConfiguration)?
    /// How the cell's background looks: its colour reaches the page.
    public var backgroundConfiguration: BackgroundConfiguration?
    /// Styles the cell for its state: called before the cell is first sent for an item, and
    /// whenever its state (selected, expanded, disabled) changes, as
    /// `UICollectionViewCell.configurationUpdateHandler` is; a change it makes reaches the page
    /// as a reconfigure.
    public var configurationUpdateHandler: (@MainActor (WebCell, CellConfigurationState) -> Void)?
    /// The state the cell was last updated for: `configurationState`.
    public var configurationState: CellConfigurationState { configurationUpdates.state }
    package var configurationUpdates = ConfigurationUpdates()

    /// Creates an unconfigured cell.
    public required init() {}

    /// Resets the cell before it shows another item.
    open func prepareForReuse() {}

    /// What the cell shows, as a value the view sends to the page: a custom
    /// ``WebContentConfiguration``'s content, else an empty row.
    open func content() -> WebCellContent {
        var content =
            (contentConfiguration as? any WebContentConfiguration)?.webContent()
            ?? WebCellContent(style: .list)
        content.backgroundColor = backgroundConfiguration?.backgroundColor
        return content
    }

    /// Asks for the configuration to be updated before the cell is next sent:
    /// `setNeedsUpdateConfiguration()`.
    public func setNeedsUpdateConfiguration() { configurationUpdates.isNeeded = true }

    /// Updates the cell for a state: calls the ``configurationUpdateHandler``. A subclass may
    /// override it, as `updateConfiguration(using:)`.
    open func updateConfiguration(using state: CellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }
}

/// A content configuration the browser can show: `UIContentConfiguration` for the page, which
/// receives no markup, only a description of safe content (texts, a glyph or an image by URL,
/// styles, accessories) that it builds with text nodes.
public protocol WebContentConfiguration: ContentConfiguration {
    /// What the page shows for this configuration.
    func webContent() -> WebCellContent
}

/// A list cell with a content configuration and accessories: `UICollectionViewListCell` for the
/// browser. Its vocabulary is DiffableCells' (`ListContentConfiguration`, `CellAccessory`,
/// `TextStyle`), the terminal's too, so one configuration function can serve both front ends.
///
/// ```swift
/// let registration = WebCollectionView.CellRegistration<WebListCell, Recipe> { cell, _, recipe in
///     var content = cell.defaultContentConfiguration()
///     content.text = recipe.title
///     content.image = "🍲"
///     cell.contentConfiguration = content
///     cell.accessories = recipe.isFavorite ? [.label(text: "♥")] : []
/// }
/// ```
@MainActor
open class WebListCell: WebCell {
    /// Accessories at the trailing edge (an outline disclosure goes at the leading edge).
    public var accessories: [CellAccessory] = []
    /// An image shown before the text, by URL (`https:`, `http:` or a path on the server), in
    /// place of the configuration's glyph; any other scheme is dropped.
    public var imageURL: String?

    /// Creates an empty list cell.
    public required init() {}

    /// A configuration to start from, as `defaultContentConfiguration()`.
    public func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

    /// Clears content, accessories and image.
    open override func prepareForReuse() {
        contentConfiguration = nil
        backgroundConfiguration = nil
        accessories = []
        imageURL = nil
    }

    /// The configuration, accessories and image as a value; a custom
    /// ``WebContentConfiguration``'s content, with the accessories.
    open override func content() -> WebCellContent {
        if let custom = contentConfiguration, !(custom is ListContentConfiguration) {
            var content = super.content()
            content.accessories = accessories.shown(in: configurationState)
            return content
        }
        let configuration = contentConfiguration as? ListContentConfiguration ?? .cell()
        var content = WebCellContent(style: .list)
        content.backgroundColor = backgroundConfiguration?.backgroundColor
        content.text = configuration.text
        content.secondaryText = configuration.secondaryText
        content.secondaryTextPlacement = configuration.secondaryTextPlacement
        content.image = configuration.image
        content.imageURL = imageURL.flatMap(WebCellContent.safeImageURL)
        content.textStyle = configuration.textStyle
        content.secondaryTextStyle = configuration.secondaryTextStyle
        content.imageStyle = configuration.imageStyle
        content.accessories = accessories.shown(in: configurationState)
        return content
    }
}

/// A grid cell: an image (a glyph such as an emoji, or a URL) over a line of text.
@MainActor
open class WebGridCell: WebCell {
    /// The glyph in the middle of the cell, such as an emoji.
    public var image: String?
    /// An image by URL, shown in place of the glyph (see ``WebListCell/imageURL``).
    public var imageURL: String?
    /// The text under the image.
    public var text: String?
    /// Secondary text under the text.
    public var secondaryText: String?
    /// How the text is drawn.
    public var textStyle: TextStyle = .plain
    /// Accessories, drawn in the cell's top corner (a heart label, a checkmark).
    public var accessories: [CellAccessory] = []

    /// Creates an empty grid cell.
    public required init() {}

    /// Clears the content.
    open override func prepareForReuse() {
        image = nil
        imageURL = nil
        text = nil
        secondaryText = nil
        textStyle = .plain
        accessories = []
        backgroundConfiguration = nil
    }

    /// The image, texts and accessories as a value.
    open override func content() -> WebCellContent {
        var content = WebCellContent(style: .grid)
        content.backgroundColor = backgroundConfiguration?.backgroundColor
        content.text = text
        content.secondaryText = secondaryText
        content.image = image
        content.imageURL = imageURL.flatMap(WebCellContent.safeImageURL)
        content.textStyle = textStyle
        content.accessories = accessories.shown(in: configurationState)
        return content
    }
}
