/// An accessory of a list cell: `UICellAccessory`, made with its static functions
/// (`.delete(displayed: .whenEditing, actionHandler: …)`). A delete, insert or multiselect
/// accessory sits at the leading edge, the rest at the trailing edge; the views draw them as
/// glyphs. ``style`` is an addition: how the glyph is drawn (``Options/tintColor`` sets its color).
public struct CellAccessory: Sendable {
    /// The kinds of accessory.
    public enum Kind: Hashable, Sendable {
        /// `›`: the cell leads somewhere.
        case disclosureIndicator
        /// `✓`.
        case checkmark
        /// `▸`/`▾` at the leading edge: the item expands and collapses its outline children.
        case outlineDisclosure
        /// A short text or glyph, such as `♥`.
        case label(String)
        /// `≡`: the cell can be reordered.
        case reorder
        /// `⊖` at the leading edge: the cell can be deleted.
        case delete
        /// `⊕` at the leading edge: something can be inserted at the cell.
        case insert
        /// `○`/`●` at the leading edge: whether the cell is selected, while editing.
        case multiselect
        /// `ⓘ`: details about the cell's item.
        case detail
        /// A glyph or short text of the app's, at the leading or trailing edge.
        case customView(String, CustomViewConfiguration.Placement)
        /// `↕` after the title of the menu's selected element: a tap on the cell opens ``menu``.
        case popUpMenu
    }

    /// When an accessory shows, depending on whether the view is editing:
    /// `UICellAccessory.DisplayedState`.
    public enum DisplayedState: Hashable, Sendable {
        case always
        case whenEditing
        case whenNotEditing

        /// Whether an accessory with this state shows in a view that is editing or not.
        package func includes(editing: Bool) -> Bool {
            switch self {
            case .always: return true
            case .whenEditing: return editing
            case .whenNotEditing: return !editing
            }
        }
    }

    /// A width kept for an accessory: `UICellAccessory.LayoutDimension`. In character cells here
    /// (terminal columns; `ch` in the browser).
    public enum LayoutDimension: Hashable, Sendable {
        /// The accessory kind's usual width.
        case standard
        /// The width of what the accessory shows.
        case actual
        /// A fixed width, in character cells.
        case custom(Double)
    }

    /// How an outline disclosure behaves: `UICellAccessory.OutlineDisclosureStyle`.
    public enum OutlineDisclosureStyle: Hashable, Sendable {
        /// `.header` for a section's header cell, else `.cell`.
        case automatic
        /// A click anywhere on the cell expands or collapses it.
        case header
        /// Only the disclosure expands or collapses the cell; a click elsewhere selects it.
        case cell
    }

    /// An accessory's options: one type for UIKit's per-kind ones (`DeleteOptions`,
    /// `OutlineDisclosureOptions`, …, each a name for it), with every member any of them has, so
    /// that `options: .init(isHidden: false, tintColor: .red)` reads as it does in UIKit.
    public struct Options: Hashable, Sendable {
        /// An outline disclosure's behavior.
        public var style: OutlineDisclosureStyle
        /// Whether the accessory is hidden (its width still kept with `reservedLayoutWidth`);
        /// `nil` lets the view decide (an outline disclosure hides on an item without children).
        public var isHidden: Bool?
        /// The width kept for the accessory, shown or hidden.
        public var reservedLayoutWidth: LayoutDimension
        /// The glyph's color; `nil` for the kind's own.
        public var tintColor: TerminalColor?
        /// The color behind the glyph (a delete, insert or multiselect accessory's).
        public var backgroundColor: TerminalColor?
        /// Whether a reorder accessory has a line before it.
        public var showsVerticalSeparator: Bool

        /// Options, as `UICellAccessory.DeleteOptions(isHidden:reservedLayoutWidth:tintColor:backgroundColor:)`
        /// and its siblings.
        public init(
            style: OutlineDisclosureStyle = .automatic, isHidden: Bool? = nil,
            reservedLayoutWidth: LayoutDimension = .standard, tintColor: TerminalColor? = nil,
            backgroundColor: TerminalColor? = nil, showsVerticalSeparator: Bool = true
        ) {
            self.style = style
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
            self.showsVerticalSeparator = showsVerticalSeparator
        }
    }

    public typealias DisclosureIndicatorOptions = Options
    public typealias CheckmarkOptions = Options
    public typealias DeleteOptions = Options
    public typealias InsertOptions = Options
    public typealias ReorderOptions = Options
    public typealias MultiselectOptions = Options
    public typealias OutlineDisclosureOptions = Options
    public typealias LabelOptions = Options
    public typealias DetailOptions = Options
    public typealias PopUpMenuOptions = Options

    /// An accessory of the app's: `UICellAccessory.CustomViewConfiguration`, with a glyph or
    /// short text where UIKit has a view.
    public struct CustomViewConfiguration: Hashable, Sendable {
        /// Where a custom accessory goes: `UICellAccessory.Placement`.
        public enum Placement: Hashable, Sendable {
            case leading(displayed: DisplayedState = .always)
            case trailing(displayed: DisplayedState = .always)

            var displayed: DisplayedState {
                switch self {
                case .leading(let displayed), .trailing(let displayed): return displayed
                }
            }
        }

        /// What the accessory shows.
        public var customView: String
        /// Its edge, and when it shows.
        public var placement: Placement
        /// Whether it is hidden (its width still kept with `reservedLayoutWidth`).
        public var isHidden: Bool?
        /// The width kept for it.
        public var reservedLayoutWidth: LayoutDimension
        /// Its color.
        public var tintColor: TerminalColor?
        /// Kept for UIKit's shape: a glyph has one size.
        public var maintainsFixedSize: Bool

        /// As `UICellAccessory.CustomViewConfiguration(customView:placement:isHidden:reservedLayoutWidth:tintColor:maintainsFixedSize:)`.
        public init(
            customView: String, placement: Placement, isHidden: Bool? = nil,
            reservedLayoutWidth: LayoutDimension = .standard, tintColor: TerminalColor? = nil,
            maintainsFixedSize: Bool = false
        ) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    /// Where a custom accessory goes: `UICellAccessory.Placement` (without its `at:` position:
    /// the accessories stand in the order given).
    public typealias Placement = CustomViewConfiguration.Placement

    /// What a click on the accessory does in place of the view's own:
    /// `UICellAccessory.ActionHandler`.
    public typealias ActionHandler = @MainActor @Sendable () -> Void
    /// Told of a pop-up menu whose selected element the person changed:
    /// `UICellAccessory.MenuSelectedElementDidChangeHandler`.
    public typealias MenuSelectedElementDidChangeHandler = @MainActor @Sendable (Menu) -> Void

    /// The kind of accessory.
    public var kind: Kind
    /// When it shows.
    public var displayed: DisplayedState
    /// Its options.
    public var options: Options
    /// How the glyph is drawn; ``Options/tintColor`` overrides its color.
    public var style: TextStyle
    /// What a click on it does, for the kinds that take one (delete, insert, outline disclosure,
    /// detail); `nil` for the view's own action.
    public var actionHandler: ActionHandler?
    /// A pop-up menu accessory's menu; `nil` for the other kinds.
    public var menu: Menu?
    /// Told when the person chooses another element of a pop-up menu accessory's menu.
    public var selectedElementDidChangeHandler: MenuSelectedElementDidChangeHandler?

    /// An accessory of a kind.
    public init(
        kind: Kind, displayed: DisplayedState = .always, options: Options = .init(),
        style: TextStyle = .plain,
        actionHandler: ActionHandler? = nil
    ) {
        self.kind = kind
        self.displayed = displayed
        self.options = options
        self.style = style
        self.actionHandler = actionHandler
    }

    /// `›`, as `UICellAccessory.disclosureIndicator(displayed:options:)`.
    public static func disclosureIndicator(
        displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()
    ) -> Self {
        Self(kind: .disclosureIndicator, displayed: displayed, options: options, style: TextStyle(dim: true))
    }
    /// `✓`, as `UICellAccessory.checkmark(displayed:options:)`.
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init())
        -> Self
    {
        Self(kind: .checkmark, displayed: displayed, options: options, style: TextStyle(foreground: .green))
    }
    /// `▸`/`▾`, as `UICellAccessory.outlineDisclosure(displayed:options:actionHandler:)`: a click
    /// on it expands or collapses the item, or runs `actionHandler` instead.
    public static func outlineDisclosure(
        displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
        actionHandler: ActionHandler? = nil
    ) -> Self {
        Self(kind: .outlineDisclosure, displayed: displayed, options: options, actionHandler: actionHandler)
    }
    /// A text label, as `UICellAccessory.label(text:displayed:options:)`; `style` is an addition.
    public static func label(
        text: String, displayed: DisplayedState = .always, options: LabelOptions = .init(),
        style: TextStyle = .plain
    ) -> Self {
        Self(kind: .label(text), displayed: displayed, options: options, style: style)
    }
    /// `≡` while editing, as `UICellAccessory.reorder(displayed:options:)`: the cell can be dragged.
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init())
        -> Self
    {
        Self(kind: .reorder, displayed: displayed, options: options, style: TextStyle(dim: true))
    }
    /// `⊖` while editing, as `UICellAccessory.delete(displayed:options:actionHandler:)`: a click
    /// reveals the row's trailing swipe actions (its delete), or runs `actionHandler` instead.
    public static func delete(
        displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(),
        actionHandler: ActionHandler? = nil
    ) -> Self {
        Self(
            kind: .delete, displayed: displayed, options: options, style: TextStyle(foreground: .red),
            actionHandler: actionHandler)
    }
    /// `⊕` while editing, as `UICellAccessory.insert(displayed:options:actionHandler:)`: a click
    /// runs `actionHandler` (a table row's, with none, commits an insert as its ⊕ does).
    public static func insert(
        displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(),
        actionHandler: ActionHandler? = nil
    ) -> Self {
        Self(
            kind: .insert, displayed: displayed, options: options, style: TextStyle(foreground: .green),
            actionHandler: actionHandler)
    }
    /// `○`/`●` while editing, as `UICellAccessory.multiselect(displayed:options:)`: whether the
    /// cell is selected; a click selects or deselects it as a click on the cell does.
    public static func multiselect(
        displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()
    ) -> Self {
        Self(kind: .multiselect, displayed: displayed, options: options, style: TextStyle(foreground: .blue))
    }
    /// `ⓘ`, as `UICellAccessory.detail(displayed:options:actionHandler:)`: a click runs
    /// `actionHandler` (a table row's, with none, tells the delegate
    /// `tableView(_:accessoryButtonTappedForRowWith:)`).
    public static func detail(
        displayed: DisplayedState = .always, options: DetailOptions = .init(),
        actionHandler: ActionHandler? = nil
    ) -> Self {
        Self(
            kind: .detail, displayed: displayed, options: options, style: TextStyle(foreground: .blue),
            actionHandler: actionHandler)
    }
    /// `↕` after the title of the menu's selected element (its action whose state is `.on`), as
    /// `UICellAccessory.popUpMenu(_:displayed:options:selectedElementDidChangeHandler:)`: a tap
    /// anywhere on the cell opens the menu instead of selecting the cell; the action chosen
    /// becomes the selected element, is performed, and, when the selection changed,
    /// `selectedElementDidChangeHandler` is called with the menu.
    public static func popUpMenu(
        _ menu: Menu, displayed: DisplayedState = .always, options: PopUpMenuOptions = .init(),
        selectedElementDidChangeHandler: MenuSelectedElementDidChangeHandler? = nil
    ) -> Self {
        var accessory = Self(
            kind: .popUpMenu, displayed: displayed, options: options, style: TextStyle(dim: true))
        accessory.menu = menu
        accessory.selectedElementDidChangeHandler = selectedElementDidChangeHandler
        return accessory
    }

    /// Chooses the action at `path` of a pop-up menu accessory's menu, as a person does: it
    /// becomes the menu's one selected element and is performed; the handler hears of a changed
    /// selection.
    ///
    /// - Returns: Whether an action was performed (not for a hidden or disabled one, nor a path
    ///   that names none).
    @MainActor
    package func choosePopUpElement(at path: [Int], sender: Any?) -> Bool {
        guard let menu, let changed = menu.chooseAsPopUp(at: path, sender: sender) else { return false }
        if changed { selectedElementDidChangeHandler?(menu) }
        return true
    }

    /// An accessory of the app's, as `UICellAccessory.customView(configuration:)`.
    public static func customView(configuration: CustomViewConfiguration) -> Self {
        let options = Options(
            isHidden: configuration.isHidden, reservedLayoutWidth: configuration.reservedLayoutWidth,
            tintColor: configuration.tintColor)
        return Self(
            kind: .customView(configuration.customView, configuration.placement),
            displayed: configuration.placement.displayed, options: options)
    }

    /// Whether the accessory sits at the cell's leading edge.
    package var isLeading: Bool {
        switch kind {
        case .delete, .insert, .multiselect, .outlineDisclosure: return true
        case .customView(_, .leading): return true
        default: return false
        }
    }

    /// Whether a click on the accessory does something of its own, rather than what a click on
    /// the cell does.
    package var isActionable: Bool {
        switch kind {
        case .delete, .insert, .detail, .outlineDisclosure: return true
        default: return false
        }
    }

    /// The handler a click on the accessory runs: its ``actionHandler``, for the kinds that take
    /// one; `nil` when the view's own action applies.
    package var clickHandler: ActionHandler? { isActionable ? actionHandler : nil }

    /// Whether the accessory is drawn in a state: shown for the view's editing mode and not
    /// hidden (an outline disclosure with no `isHidden` shows only on an item with children).
    package func isShown(in state: CellConfigurationState) -> Bool {
        guard displayed.includes(editing: state.isEditing) else { return false }
        if let isHidden = options.isHidden { return !isHidden }
        return kind != .outlineDisclosure || state.hasChildren || state.isExpanded
    }

    /// The style an outline disclosure behaves with in a state: `.automatic` is `.header` on a
    /// cell drawn as its section's header and `.cell` elsewhere, as UIKit decides from whether the
    /// cell is configured as a section header.
    package func outlineDisclosureStyle(in state: CellConfigurationState) -> OutlineDisclosureStyle {
        switch options.style {
        case .automatic: return state.isSectionHeader ? .header : .cell
        case .header, .cell: return options.style
        }
    }

    /// The glyph drawn for the accessory in a state.
    @MainActor
    public func glyph(in state: CellConfigurationState) -> String {
        switch kind {
        case .disclosureIndicator: return "›"
        case .checkmark: return "✓"
        case .outlineDisclosure: return state.isExpanded ? "▾" : "▸"
        case .label(let text): return text
        case .reorder: return "≡"
        case .delete: return "⊖"
        case .insert: return "⊕"
        case .multiselect: return state.isSelected ? "●" : "○"
        case .detail: return "ⓘ"
        case .customView(let text, _): return text
        case .popUpMenu:
            let title = menu?.selectedElements.first?.title ?? ""
            return title.isEmpty ? "↕" : "\(title) ↕"
        }
    }

    /// How the glyph is drawn: ``style`` with ``Options/tintColor`` and
    /// ``Options/backgroundColor`` over it.
    package var glyphStyle: TextStyle {
        var style = style
        if let tint = options.tintColor { style.foreground = tint }
        if let background = options.backgroundColor { style.background = background }
        return style
    }
}

extension CellAccessory: Hashable {
    /// Accessories are equal when they draw the same; their action handlers are not compared,
    /// and a pop-up menu is compared by identity.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.displayed == rhs.displayed && lhs.options == rhs.options
            && lhs.style == rhs.style && (lhs.actionHandler == nil) == (rhs.actionHandler == nil)
            && lhs.menu.map(ObjectIdentifier.init) == rhs.menu.map(ObjectIdentifier.init)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(menu.map(ObjectIdentifier.init))
        hasher.combine(displayed)
        hasher.combine(options)
        hasher.combine(style)
    }
}

extension [CellAccessory] {
    /// The pop-up menu accessory the cell shows, if any: a tap on the cell opens its menu. The
    /// state is made only for a cell that has one: a view asks of every cell it updates, and the
    /// state asks the data source (the item's outline place).
    package func shownPopUpMenu(in state: @autoclosure () -> CellConfigurationState) -> CellAccessory? {
        let isPopUp = { (accessory: CellAccessory) in accessory.kind == .popUpMenu && accessory.menu != nil }
        guard contains(where: isPopUp) else { return nil }
        let state = state()
        return first { isPopUp($0) && $0.isShown(in: state) }
    }

    /// Whether a tap on the cell itself, not on an accessory, expands or collapses its item
    /// instead of selecting it: the cell shows an outline disclosure of the `.header` style (one
    /// that hides on an item without children leaves that item selectable).
    package func tapTogglesExpansion(in state: CellConfigurationState) -> Bool {
        contains {
            $0.kind == .outlineDisclosure && $0.isShown(in: state)
                && $0.outlineDisclosureStyle(in: state) == .header
        }
    }
}
