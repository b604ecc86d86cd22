/// Columns side by side that collapse into one at a time on a narrow screen:
/// `UISplitViewController`'s column style, as a model the terminal and the browser lay their
/// regions out by. A column is whatever the app shows there (a collection view, a panel); there
/// are no view controllers here, so the model knows each column by ``Column`` and its title, and
/// the front end shows the ``visibleColumns``.
///
/// The front end reports the width it has (``updateWidth(_:)``): below
/// ``compactWidthThreshold`` the interface collapses (``isCollapsed``) to one column, the top of a
/// stack of the columns in order, with a back control to the one before (``backColumn``); at or
/// above it, it expands to the columns its ``displayMode`` shows. ``show(_:)`` and ``hide(_:)``
/// act as UIKit's do in both states: collapsed, they push and pop; expanded, they change the
/// display mode. The delegate hears of each change, and may choose the column a collapse shows
/// (`topColumnForCollapsingToProposedTopColumn`) and the display mode an expansion restores.
///
/// ```swift
/// let split = SplitViewController(style: .tripleColumn)
/// split.setTitle("All Recipes", for: .supplementary)
/// split.updateWidth(390)           // a phone: collapsed, one column
/// split.show(.secondary)           // a tap on a recipe: its detail, with "‹ All Recipes"
/// split.hide(.secondary)           // back to the list
/// ```
@MainActor
public final class SplitViewController {
    /// The columns: `UISplitViewController.Column`.
    public enum Column: Hashable, Sendable, CaseIterable {
        /// The first column: a sidebar.
        case primary
        /// The middle column of a triple-column interface: a list.
        case supplementary
        /// The last column: the detail.
        case secondary
    }

    /// How many columns the interface has: `UISplitViewController.Style`.
    public enum Style: Hashable, Sendable {
        /// Primary and secondary.
        case doubleColumn
        /// Primary, supplementary and secondary.
        case tripleColumn
    }

    /// Which columns show beside the secondary one while expanded:
    /// `UISplitViewController.DisplayMode`. There is no overlay here: a column shown "over" the
    /// secondary one is laid out beside it, as `.tile` does.
    public enum DisplayMode: Hashable, Sendable {
        /// The width decides (``preferredDisplayMode`` only): every column from
        /// ``tripleColumnMinimumWidth`` up, else the secondary with the one before it.
        case automatic
        /// The secondary column alone.
        case secondaryOnly
        /// The column before the secondary one (the supplementary, or a double column's
        /// primary) beside it.
        case oneBesideSecondary
        /// As ``oneBesideSecondary`` (laid out beside the secondary column, not over it).
        case oneOverSecondary
        /// Every column, side by side.
        case twoBesideSecondary
        /// As ``twoBesideSecondary`` (laid out beside, not over).
        case twoOverSecondary
        /// As ``twoBesideSecondary`` (nothing is displaced: the columns share the width).
        case twoDisplaceSecondary
    }

    /// How the columns share the width: `UISplitViewController.SplitBehavior`. Every column
    /// shown here has a place of its own (tiled); the other values are kept for a port.
    public enum SplitBehavior: Hashable, Sendable {
        case automatic
        case tile
        case overlay
        case displace
    }

    /// The interface's columns.
    public let style: Style
    /// Told of collapses, expansions and columns shown or hidden.
    public weak var delegate: (any SplitViewControllerDelegate)?
    /// The display mode the interface takes when it expands and when the width changes;
    /// `.automatic` by default.
    public var preferredDisplayMode: DisplayMode = .automatic {
        didSet {
            if !isCollapsed { change(to: resolved(preferredDisplayMode)) }
            didChange?()
        }
    }
    /// How the columns share the width; `.automatic` by default (always tiled here).
    public var preferredSplitBehavior: SplitBehavior = .automatic
    /// How the columns share the width now: tiled.
    public var splitBehavior: SplitBehavior { .tile }
    /// Below this width the interface collapses: 600 by default, a phone's width in CSS pixels
    /// (`UITraitCollection`'s compact width on iOS). A terminal sets its own, in columns.
    public var compactWidthThreshold: Double = 600
    /// From this width up, `.automatic` shows every column of a triple-column interface.
    public var tripleColumnMinimumWidth: Double = 1000

    /// Whether one column shows at a time: the width is under ``compactWidthThreshold``.
    public private(set) var isCollapsed = false
    /// The columns shown while expanded.
    public private(set) var displayMode: DisplayMode = .twoBesideSecondary
    /// The column shown while collapsed: the top of the stack of columns.
    public private(set) var topColumn: Column
    /// The width last reported.
    public private(set) var width: Double = 0
    private var titles: [Column: String] = [:]
    /// Called after anything that may change what shows: a width, a column shown or hidden, a
    /// title. A front end lays its regions out again (the browser's page).
    package var didChange: (@MainActor () -> Void)?

    /// A split interface of a style, expanded until a width says otherwise:
    /// `UISplitViewController(style:)`.
    public init(style: Style) {
        self.style = style
        topColumn = .secondary
    }

    /// The interface's columns, in order.
    public var columns: [Column] {
        style == .tripleColumn ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
    }

    /// The title of a column: what its back control says from the column after it (an addition:
    /// UIKit reads the column's view controller's title).
    public func title(for column: Column) -> String? { titles[column] }

    /// Sets the title of a column.
    public func setTitle(_ title: String?, for column: Column) {
        guard titles[column] != title else { return }
        titles[column] = title
        didChange?()
    }

    /// The columns shown now, in order: the top one while collapsed, those of the display mode
    /// while expanded.
    public var visibleColumns: [Column] {
        if isCollapsed { return [topColumn] }
        let all = columns
        switch displayMode {
        case .secondaryOnly: return [.secondary]
        case .oneBesideSecondary, .oneOverSecondary, .automatic: return Array(all.suffix(2))
        case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary: return all
        }
    }

    /// Where the back control of the collapsed interface goes: the column before the top one;
    /// `nil` while expanded or at the first column.
    public var backColumn: Column? {
        guard isCollapsed, let index = columns.firstIndex(of: topColumn), index > 0 else { return nil }
        return columns[index - 1]
    }

    /// What the back control says: the title of ``backColumn``.
    public var backTitle: String? { backColumn.flatMap { title(for: $0) } }

    /// Takes the width the front end has (CSS pixels, terminal columns): collapses below
    /// ``compactWidthThreshold``, expands at or above it, and, expanded with `.automatic`, shows
    /// as many columns as the width holds.
    public func updateWidth(_ width: Double) {
        defer { didChange?() }
        self.width = width
        if width < compactWidthThreshold {
            guard !isCollapsed else { return }
            let proposed = columns.contains(topColumn) ? topColumn : .secondary
            topColumn =
                delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed)
                ?? proposed
            isCollapsed = true
            delegate?.splitViewControllerDidCollapse(self)
        } else if isCollapsed {
            let proposed = resolved(preferredDisplayMode)
            isCollapsed = false
            displayMode =
                delegate?.splitViewController(self, displayModeForExpandingToProposedDisplayMode: proposed)
                ?? proposed
            delegate?.splitViewControllerDidExpand(self)
        } else {
            change(to: resolved(preferredDisplayMode))
        }
    }

    /// Shows a column, as UIKit's `show(_:)`: collapsed, it becomes the top one (the columns
    /// before it stay under it, reached with back); expanded, the display mode grows to include
    /// it, and a later collapse proposes it as the top column. The delegate hears `willShow`
    /// first, for a column that was not showing.
    public func show(_ column: Column) {
        guard columns.contains(column) else { return }
        defer { didChange?() }
        let isShown = visibleColumns.contains(column)
        if !isShown { delegate?.splitViewController(self, willShow: column) }
        // The column last shown is the one a collapse proposes to keep on top.
        topColumn = column
        guard !isCollapsed, !isShown else { return }
        change(to: column == .primary || style == .doubleColumn ? .twoBesideSecondary : .oneBesideSecondary)
    }

    /// Hides a column, as UIKit's `hide(_:)`: collapsed, the top column gives way to the one
    /// before it (what the back control does); expanded, the display mode shrinks to leave it
    /// out. The secondary column of an expanded interface always shows. The delegate hears
    /// `willHide` first.
    public func hide(_ column: Column) {
        guard columns.contains(column), visibleColumns.contains(column) else { return }
        defer { didChange?() }
        if isCollapsed {
            guard let back = backColumn else { return }
            delegate?.splitViewController(self, willHide: column)
            topColumn = back
            return
        }
        guard column != .secondary else { return }
        delegate?.splitViewController(self, willHide: column)
        let keepsSupplementary = column == .primary && style == .tripleColumn
        change(to: keepsSupplementary ? .oneBesideSecondary : .secondaryOnly)
    }

    /// The back control of the collapsed interface: hides the top column.
    public func goBack() {
        if isCollapsed { hide(topColumn) }
    }

    /// The display mode a preferred one stands for at the current width.
    private func resolved(_ mode: DisplayMode) -> DisplayMode {
        guard mode == .automatic else { return mode }
        return style == .doubleColumn || width >= tripleColumnMinimumWidth
            ? .twoBesideSecondary : .oneBesideSecondary
    }

    /// Changes the expanded display mode, telling the delegate first.
    private func change(to mode: DisplayMode) {
        guard mode != displayMode else { return }
        delegate?.splitViewController(self, willChangeTo: mode)
        displayMode = mode
    }
}

/// What a ``SplitViewController`` tells of its changes, and asks: `UISplitViewControllerDelegate`'s
/// column-style methods. Every method has a default.
@MainActor
public protocol SplitViewControllerDelegate: AnyObject {
    /// The column a collapsing interface shows; `proposedTopColumn` (the column on top before,
    /// else the secondary) by default.
    func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column
    /// The display mode an expanding interface takes; `proposedDisplayMode` by default.
    func splitViewController(
        _ svc: SplitViewController,
        displayModeForExpandingToProposedDisplayMode proposedDisplayMode: SplitViewController.DisplayMode
    ) -> SplitViewController.DisplayMode
    /// The interface collapsed to one column.
    func splitViewControllerDidCollapse(_ svc: SplitViewController)
    /// The interface expanded to several columns.
    func splitViewControllerDidExpand(_ svc: SplitViewController)
    /// The expanded interface is about to show other columns.
    func splitViewController(
        _ svc: SplitViewController, willChangeTo displayMode: SplitViewController.DisplayMode)
    /// A column is about to show.
    func splitViewController(_ svc: SplitViewController, willShow column: SplitViewController.Column)
    /// A column is about to hide.
    func splitViewController(_ svc: SplitViewController, willHide column: SplitViewController.Column)
}

extension SplitViewControllerDelegate {
    public func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column { proposedTopColumn }
    public func splitViewController(
        _ svc: SplitViewController,
        displayModeForExpandingToProposedDisplayMode proposedDisplayMode: SplitViewController.DisplayMode
    ) -> SplitViewController.DisplayMode { proposedDisplayMode }
    public func splitViewControllerDidCollapse(_ svc: SplitViewController) {}
    public func splitViewControllerDidExpand(_ svc: SplitViewController) {}
    public func splitViewController(
        _ svc: SplitViewController, willChangeTo displayMode: SplitViewController.DisplayMode
    ) {}
    public func splitViewController(_ svc: SplitViewController, willShow column: SplitViewController.Column) {
    }
    public func splitViewController(_ svc: SplitViewController, willHide column: SplitViewController.Column) {
    }
}
