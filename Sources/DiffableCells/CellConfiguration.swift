import Diffable

/// The state a cell is drawn in: `UICellConfigurationState`. A cell's
/// `configurationUpdateHandler` gets it whenever it changes, and styles the cell for it; the
/// members after UIKit's (outline place, editing controls, animation) are what these views
/// draw with.
public struct CellConfigurationState: Hashable, Sendable {
    /// The keyboard focus is on the cell.
    public var isFocused = false
    /// The cell is selected.
    public var isSelected = false
    /// The person is pressing the cell (the mouse button is down on it).
    public var isHighlighted = false
    /// The cell cannot be selected: the view does not allow selection.
    public var isDisabled = false
    /// The cell's swipe actions are revealed.
    public var isSwiped = false
    /// The cell's item is expanded in its outline.
    public var isExpanded = false
    /// The cell's item has children in its outline.
    public var hasChildren = false
    /// The depth of the cell's item in its outline.
    public var outlineLevel = 0
    /// The cell is being moved by the person using the view.
    public var isReordering = false
    /// The cell is drawn as its section's header (`headerMode = .firstItemInSection`).
    public var isSectionHeader = false
    /// The cell is appearing (inserted) or disappearing (deleted) in an animation.
    public var isTransient = false
    /// The view is in editing mode (a table's `setEditing(_:animated:)`).
    public var isEditing = false
    /// The cell shows a delete control (`⊖`) at its leading edge: a table in editing mode, for a
    /// row its data source lets the person delete.
    public var showsDeleteControl = false
    /// The cell shows an insert control (`⊕`) at its leading edge: a table in editing mode, for a
    /// row whose editing style is `.insert`.
    public var showsInsertControl = false
    /// The cell shows a reorder control (`≡`) at its trailing edge: a table in editing mode, for a
    /// row its data source lets the person move.
    public var showsReorderControl = false

    /// A default state.
    public init() {}
}

/// What a list cell shows: `UIListContentConfiguration`.
public struct ListContentConfiguration: Hashable, Sendable {
    /// The primary text.
    public var text: String?
    /// Secondary text: under the text in a subtitle cell (after it, when the cell is one row
    /// tall), right-aligned in a value cell.
    public var secondaryText: String?
    /// A glyph shown before the text, such as an emoji.
    public var image: String?
    /// How the primary text is drawn.
    public var textStyle: TextStyle = .plain
    /// How the secondary text is drawn.
    public var secondaryTextStyle = TextStyle(dim: true)
    /// How the image is drawn.
    public var imageStyle: TextStyle = .plain
    /// Where secondary text goes.
    public var secondaryTextPlacement: SecondaryTextPlacement = .afterText

    /// Where a list cell puts its secondary text.
    public enum SecondaryTextPlacement: Hashable, Sendable {
        /// After the text, separated by two spaces.
        case afterText
        /// Right-aligned before the accessories (`valueCell()`).
        case trailing
        /// On the row below the text (`subtitleCell()`), in a cell at least two rows tall (a
        /// terminal list laid out with `rowHeight: 2`); after the text in a one-row cell.
        case belowText
    }

    /// An empty configuration.
    public init() {}

    /// The configuration of a plain cell.
    public static func cell() -> Self { Self() }

    /// A cell with secondary text on a second line, as `UIListContentConfiguration.subtitleCell()`:
    /// in the terminal, lay the list out with `rowHeight: 2` (a table: set its `rowHeight` to 2), or
    /// the secondary text follows the text on its one row.
    public static func subtitleCell() -> Self {
        var configuration = Self()
        configuration.secondaryTextPlacement = .belowText
        return configuration
    }

    /// A cell with secondary text right-aligned.
    public static func valueCell() -> Self {
        var configuration = Self()
        configuration.secondaryTextPlacement = .trailing
        return configuration
    }

    /// A section header.
    public static func header() -> Self {
        var configuration = Self()
        configuration.textStyle = TextStyle(bold: true)
        return configuration
    }

    /// A plain list's section header.
    public static func plainHeader() -> Self { header() }

    /// A grouped list's section header.
    public static func groupedHeader() -> Self {
        var configuration = Self()
        configuration.textStyle = TextStyle(foreground: .brightBlack, bold: true)
        return configuration
    }

    /// A section footer.
    public static func footer() -> Self {
        var configuration = Self()
        configuration.textStyle = TextStyle(dim: true)
        return configuration
    }
}

/// An action a swipe reveals on a list row: `UIContextualAction`. In the terminal it is also bound
/// to a key (``key``, an addition: by default the first letter of its title), as in the browser,
/// where the row lists its actions as key shortcuts. A class, as UIKit's is: an action made with
/// `let` takes its colour and image after.
@MainActor
public final class ContextualAction {
    /// Whether the action destroys something: `UIContextualAction.Style`.
    public enum Style: Hashable, Sendable {
        /// An ordinary action.
        case normal
        /// A destructive action, drawn in red.
        case destructive
    }

    /// What an action does: `UIContextualAction.Handler`. It is given the action, the view it was
    /// performed from (the row's cell), and the completion to call with whether it was performed.
    public typealias Handler =
        @MainActor @Sendable (
            _ action: ContextualAction, _ sourceView: AnyObject,
            _ completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
        ) -> Void

    /// Whether the action is destructive.
    public let style: Style
    /// The action's title, shown on its button and in the help line.
    public var title: String?
    /// A glyph shown with the title, such as an emoji.
    public var image: String?
    /// The colour of its button; by default grey, or red for a destructive action.
    public var backgroundColor: TerminalColor?
    /// The key that performs the action on the focused row: the one given, else the first letter
    /// of the title.
    public var key: Character? {
        get { givenKey ?? title?.first.flatMap { $0.lowercased().first } }
        set { givenKey = newValue }
    }
    private var givenKey: Character?
    /// Performs the action.
    public let handler: Handler

    /// An action, as `UIContextualAction(style:title:handler:)`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    /// An action bound to a key of its own: what `d` or `f` does to the focused row.
    public convenience init(style: Style, title: String?, key: Character, handler: @escaping Handler) {
        self.init(style: style, title: title, handler: handler)
        self.givenKey = key
    }

    /// The action for a help line, `d delete`; `nil` without a key.
    package var helpItem: String? {
        key.map { "\($0) \((title ?? "").lowercased())" }
    }

    /// Performs the action from a cell, as a person's swipe or key does.
    package func perform(
        from sourceView: AnyObject, completion: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        handler(self, sourceView, completion)
    }
}

/// The swipe actions of an item: `UISwipeActionsConfiguration`. A class, as UIKit's is.
@MainActor
public final class SwipeActionsConfiguration {
    /// The actions, first is the primary one.
    public let actions: [ContextualAction]
    /// Whether a full swipe performs the first action (`true`, as in UIKit).
    public var performsFirstActionWithFullSwipe = true

    /// Creates a configuration.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}
