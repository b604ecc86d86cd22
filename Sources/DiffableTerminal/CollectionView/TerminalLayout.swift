import Diffable
import Foundation

/// How a list section looks: `UICollectionLayoutListConfiguration` for the terminal.
public struct ListConfiguration: Sendable {
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
    /// The rows each item takes: 1 by default, 2 for ``ListContentConfiguration/subtitleCell()``
    /// cells whose secondary text sits on a line of its own. The terminal's stand-in for
    /// self-sizing: the layout stays per section, never per item.
    public var rowHeight = 1 {
        didSet { rowHeight = max(rowHeight, 1) }
    }
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
    }
}

/// One section's layout: `NSCollectionLayoutSection` for the terminal.
public struct TerminalLayoutSection: Sendable {
    enum Kind: Sendable {
        case list(ListConfiguration)
        case grid(minimumItemWidth: Int, itemHeight: Int, hasHeader: Bool)
        case horizontal(itemWidth: Int, hasHeader: Bool)
    }

    let kind: Kind

    /// A vertical list, one row per item.
    public static func list(using configuration: ListConfiguration) -> Self {
        Self(kind: .list(configuration))
    }

    /// A grid whose column count follows the width: as many columns of at least
    /// `minimumItemWidth` as fit, each item `itemHeight` rows tall.
    public static func grid(minimumItemWidth: Int = 14, itemHeight: Int = 2, hasHeader: Bool = true) -> Self {
        Self(
            kind: .grid(
                minimumItemWidth: max(minimumItemWidth, 3), itemHeight: max(itemHeight, 1),
                hasHeader: hasHeader))
    }

    /// One row of items that scrolls sideways (`orthogonalScrollingBehavior = .continuous`).
    public static func horizontal(itemWidth: Int = 16, hasHeader: Bool = true) -> Self {
        Self(kind: .horizontal(itemWidth: max(itemWidth, 3), hasHeader: hasHeader))
    }

    var listConfiguration: ListConfiguration? {
        if case .list(let configuration) = kind { return configuration }
        return nil
    }

    var hasSupplementaryHeader: Bool {
        switch kind {
        case .list(let configuration): return configuration.headerMode == .supplementary
        case .grid(_, _, let hasHeader), .horizontal(_, let hasHeader): return hasHeader
        }
    }

    var hasSupplementaryFooter: Bool { listConfiguration?.footerMode == .supplementary }

    var gapBefore: Int {
        switch listConfiguration?.appearance {
        case .grouped, .insetGrouped: 1
        case .plain, .sidebar, .sidebarPlain, nil: 0
        }
    }

    /// Whether the section's items sit in a box inset from the view's edges.
    var isInset: Bool { listConfiguration?.appearance == .insetGrouped }

    /// The columns between the view's edges and the section's items, headers and footers: the
    /// box's side and a space in an inset section.
    var horizontalInset: Int { isInset ? 2 : 0 }
}

/// The layout of a ``TerminalCollectionView``: `UICollectionViewCompositionalLayout` for the
/// terminal, one ``TerminalLayoutSection`` per section.
public struct TerminalLayout: Sendable {
    let sectionProvider: @MainActor @Sendable (Int) -> TerminalLayoutSection

    /// A layout that asks `sectionProvider` for each section's layout.
    public init(
        sectionProvider: @escaping @MainActor @Sendable (_ sectionIndex: Int) -> TerminalLayoutSection
    ) {
        self.sectionProvider = sectionProvider
    }

    /// A layout whose every section is a list, as `UICollectionViewCompositionalLayout.list(using:)`.
    public static func list(using configuration: ListConfiguration) -> Self {
        Self { _ in .list(using: configuration) }
    }
}

/// Where one section lies in the content, in rows; computed per section, never per item, so a
/// million-item section costs what a ten-item one does.
struct SectionFrame {
    var section: Int
    var layout: TerminalLayoutSection
    var itemCount: Int
    /// The content row of the section's first row (its gap, if any).
    var top: Int
    var columns: Int
    var itemHeight: Int
    var itemWidth: Int

    var headerRows: Int { layout.hasSupplementaryHeader ? 1 : 0 }
    var footerRows: Int { layout.hasSupplementaryFooter ? 1 : 0 }
    /// The rows of the box's top and bottom edges in an inset section with items.
    var boxRows: Int { layout.isInset && itemCount > 0 ? 1 : 0 }
    var itemsTop: Int { top + layout.gapBefore + headerRows + boxRows }
    /// The separator row after each item but the last, in a list that shows separators.
    var separatorRows: Int { layout.listConfiguration?.showsSeparators == true ? 1 : 0 }
    /// The rows from one item's first row to the next item's: in a list, its height and its
    /// separator.
    var itemStride: Int { itemHeight + separatorRows }

    var itemRows: Int {
        switch layout.kind {
        case .list: return itemCount > 0 ? itemCount * itemStride - separatorRows : 0
        case .grid: return (itemCount + columns - 1) / max(columns, 1) * itemHeight
        case .horizontal: return itemCount > 0 ? itemHeight : 0
        }
    }

    var height: Int { layout.gapBefore + headerRows + boxRows + itemRows + boxRows + footerRows }
    var bottom: Int { top + height }

    /// The content row where an item starts.
    func row(ofItem item: Int) -> Int {
        switch layout.kind {
        case .list: return itemsTop + item * itemStride
        case .grid: return itemsTop + item / columns * itemHeight
        case .horizontal: return itemsTop
        }
    }

    /// The list item whose rows include `offset` rows below the first item's, or `nil` on a
    /// separator (or past the last item).
    func listItem(atOffset offset: Int) -> Int? {
        guard offset >= 0 else { return nil }
        let item = offset / itemStride
        return item < itemCount && offset % itemStride < itemHeight ? item : nil
    }
}
