import Diffable
import Foundation

/// How a list section looks: `UICollectionLayoutListConfiguration`. Its units are the layout's
/// own: a row's height is given to the terminal's or the browser's list layout, in rows or pixels.
public struct CollectionLayoutListConfiguration: Sendable {
    /// The overall look of a list.
    public enum Appearance: Hashable, Sendable {
        /// Rows edge to edge.
        case plain
        /// Sections set apart by a blank row.
        case grouped
        /// Sections set apart by a blank row, their rows in a box inset from the edges: the
        /// terminal's rounded card.
        case insetGrouped
        /// An outline-style navigation list (drawn like `.plain`).
        case sidebar
        /// An outline-style navigation list for a plain background (drawn like `.plain`).
        case sidebarPlain
    }

    /// Where a section's header comes from.
    public enum HeaderMode: Hashable, Sendable {
        /// No header.
        case none
        /// A supplementary view from the data source's `supplementaryViewProvider`.
        case supplementary
        /// The first item of the section, drawn as a header (pairs with an outline root item).
        case firstItemInSection
    }

    /// Where a section's footer comes from.
    public enum FooterMode: Hashable, Sendable {
        /// No footer.
        case none
        /// A supplementary view from the data source's `supplementaryViewProvider`.
        case supplementary
    }

    /// The look.
    public var appearance: Appearance
    /// The header mode; `.none` by default.
    public var headerMode: HeaderMode = .none
    /// The footer mode; `.none` by default.
    public var footerMode: FooterMode = .none
    /// Whether a line is drawn between rows. A terminal line is a whole row, so this is off by
    /// default (UIKit's lists draw hairlines, which take no room).
    public var showsSeparators = false
    /// The space above each section's header, setting it apart from the section before:
    /// `headerTopPadding`, in the layout's units (rows in the terminal, CSS pixels in the
    /// browser); `nil` for the appearance's (a blank row, or 20 pixels, in grouped lists; none in
    /// plain ones). Sections without a header keep the appearance's.
    public var headerTopPadding: Double?
    /// The colour behind the list's sections, around and between its cells (which draw their
    /// own backgrounds): `backgroundColor`; `nil` for the view's.
    public var backgroundColor: TerminalColor?
    /// How the lines between rows look, for every row: `separatorConfiguration`.
    public var separatorConfiguration: ListSeparatorConfiguration
    /// Changes the separators of one row: called with the row's index path and
    /// ``separatorConfiguration``, it returns the row's (`itemSeparatorHandler`).
    public var itemSeparatorHandler:
        (@MainActor (IndexPath, ListSeparatorConfiguration) -> ListSeparatorConfiguration)?
    /// Supplies the actions bound to keys on an item at the trailing edge (`d` for delete, say):
    /// `UICollectionLayoutListConfiguration.trailingSwipeActionsConfigurationProvider`.
    public var trailingSwipeActionsConfigurationProvider:
        (@MainActor (IndexPath) -> SwipeActionsConfiguration?)?
    /// Supplies the actions bound to keys on an item at the leading edge (`r` for mark as read,
    /// say): `leadingSwipeActionsConfigurationProvider`. The focused item's leading actions come
    /// before its trailing ones.
    public var leadingSwipeActionsConfigurationProvider:
        (@MainActor (IndexPath) -> SwipeActionsConfiguration?)?

    /// A list configuration with an appearance.
    public init(appearance: Appearance) {
        self.appearance = appearance
        self.separatorConfiguration = ListSeparatorConfiguration(listAppearance: appearance)
    }

    /// The separators of the row at `indexPath`: ``separatorConfiguration``, as
    /// ``itemSeparatorHandler`` changes it.
    /// The space above a section, given the appearance's: ``headerTopPadding`` when the
    /// section has a header and the padding is set, rounded to the layout's unit.
    package func gap(appearanceGap: Int) -> Int {
        guard let headerTopPadding, headerMode != .none else { return appearanceGap }
        return max(Int(headerTopPadding.rounded()), 0)
    }

    @MainActor public func separatorConfiguration(forItemAt indexPath: IndexPath)
        -> ListSeparatorConfiguration
    {
        itemSeparatorHandler?(indexPath, separatorConfiguration) ?? separatorConfiguration
    }
}
