import Foundation

/// What a menu holds: `UIMenuElement`, the class that ``Action`` (a command) and ``Menu`` (a group
/// of elements, or a submenu) share. Its image is a glyph, as in ``ListContentConfiguration``.
@MainActor
public class MenuElement {
    /// The title.
    public var title: String
    /// A second line under the title, or `nil`.
    public var subtitle: String?
    /// A glyph shown before the title, such as an emoji, or `nil`.
    public var image: String?

    init(title: String, subtitle: String?, image: String?) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// How an element is shown and whether it may be chosen: `UIMenuElement.Attributes`.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown, but cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Destroys something: drawn in red.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing it leaves the menu open.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether an element is checked: `UIMenuElement.State`.
    public enum State: Hashable, Sendable {
        /// Not checked.
        case off
        /// Checked: a `✓` before the title.
        case on
        /// Partly checked (some of what it stands for): a `–` before the title.
        case mixed
    }
}

/// What an ``Action`` does when chosen: `UIActionHandler`.
public typealias ActionHandler = @MainActor (Action) -> Void

/// A command in a menu: `UIAction`.
public final class Action: MenuElement {
    /// A name for an action, unique within its menu: `UIAction.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's identifier: the one given, or a unique one.
    public let identifier: Identifier
    /// A longer title, for help and accessibility, or `nil`.
    public var discoverabilityTitle: String?
    /// Whether the action is shown, may be chosen, and destroys something.
    public var attributes: Attributes
    /// Whether the action is checked.
    public var state: State
    /// What performed the action last: the view whose menu it was chosen in, or the sender given
    /// to ``performWithSender(_:target:)``. An object is held weakly: a menu kept open holds its
    /// actions, and a view holds its open menu.
    public var sender: Any? { senderObject ?? senderValue }
    private weak var senderObject: AnyObject?
    private var senderValue: Any?
    private let handler: ActionHandler

    /// An action, as `UIAction(title:subtitle:image:identifier:discoverabilityTitle:attributes:state:handler:)`.
    public init(
        title: String = "", subtitle: String? = nil, image: String? = nil, identifier: Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off,
        handler: @escaping ActionHandler
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// Performs the action, as choosing it does: calls its handler, whether or not it is disabled
    /// (a disabled action cannot be chosen in a menu, but code may still perform it).
    public func performWithSender(_ sender: Any?, target: Any?) {
        if let sender, type(of: sender) is AnyClass {
            (senderObject, senderValue) = (sender as AnyObject, nil)
        } else {
            (senderObject, senderValue) = (nil, sender)
        }
        handler(self)
    }
}

/// A group of menu elements, shown as a submenu or inline in its parent: `UIMenu`. A context
/// menu's root is a menu, usually untitled.
public final class Menu: MenuElement {
    /// A name for a menu: `UIMenu.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How a menu shows its children: `UIMenu.Options`.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The children are shown in the parent, set apart by separators, rather than in a
        /// submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The menu's title is drawn in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one child action is checked: choosing one checks it and unchecks the others.
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// The children are shown in a row (drawn inline, one per line, in these views).
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The menu's identifier: the one given, or a unique one.
    public let identifier: Identifier
    /// How the menu shows its children.
    public let options: Options
    /// The actions and submenus, in order.
    public let children: [MenuElement]

    /// A menu, as `UIMenu(title:subtitle:image:identifier:options:children:)`.
    public init(
        title: String = "", subtitle: String? = nil, image: String? = nil, identifier: Identifier? = nil,
        options: Options = [], children: [MenuElement] = []
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.children = children
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// The actions checked (state `.on`), in order, through inline groups and submenus:
    /// `UIMenu.selectedElements`. A pop-up menu's one selected element is the first.
    public var selectedElements: [MenuElement] {
        children.flatMap { child -> [MenuElement] in
            if let menu = child as? Menu { return menu.selectedElements }
            return (child as? Action)?.state == .on ? [child] : []
        }
    }

    /// A menu like this one with other children.
    public func replacingChildren(_ newChildren: [MenuElement]) -> Menu {
        Menu(
            title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
            children: newChildren)
    }
}

/// Builds a context menu's root from the actions the system suggests (none, in these views):
/// `UIContextMenuActionProvider`.
public typealias ContextMenuActionProvider = @MainActor (_ suggestedActions: [MenuElement]) -> Menu?

/// Builds the preview a context menu shows above itself: `UIContextMenuContentPreviewProvider`,
/// which returns a view controller. These views have none and show no preview; the type is here
/// so that a configuration ported from UIKit (`previewProvider: nil`) compiles.
public typealias ContextMenuContentPreviewProvider = @MainActor () -> AnyObject?

/// What a context menu shows for an item: `UIContextMenuConfiguration`. A delegate returns one
/// from `contextMenuConfigurationForItemsAt` (`contextMenuConfigurationForRowAt` for a table);
/// the view builds the menu from it each time the person opens one.
@MainActor
public final class ContextMenuConfiguration {
    /// The configuration's identifier: the one given, or a unique one.
    public let identifier: AnyHashable
    /// The preview's provider; never called (these views show no preview).
    public let previewProvider: ContextMenuContentPreviewProvider?
    /// The provider of the menu.
    public let actionProvider: ContextMenuActionProvider?

    /// A configuration, as `UIContextMenuConfiguration(identifier:previewProvider:actionProvider:)`.
    public init(
        identifier: AnyHashable? = nil, previewProvider: ContextMenuContentPreviewProvider? = nil,
        actionProvider: ContextMenuActionProvider? = nil
    ) {
        self.identifier = identifier ?? AnyHashable(UUID())
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }

    /// The menu to show: the provider's, or `nil` when it has nothing a person could see.
    package func makeMenu() -> Menu? {
        guard let menu = actionProvider?([]), menu.hasVisibleElements else { return nil }
        return menu
    }
}
