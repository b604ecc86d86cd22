import Diffable
import Foundation

/// One section's layout: `NSCollectionLayoutSection` for the terminal.
public struct TerminalLayoutSection: Sendable {
    enum Kind: Sendable {
        case list(CollectionLayoutListConfiguration, rowHeight: Int)
        case grid(minimumItemWidth: Int, itemHeight: Int, hasHeader: Bool)
        case horizontal(itemWidth: Int, hasHeader: Bool)
    }

    let kind: Kind

    /// A vertical list, each item `rowHeight` rows tall: 1 by default, 2 for
    /// `ListContentConfiguration.subtitleCell()` cells whose secondary text sits on a line of its
    /// own. The terminal's stand-in for self-sizing: the layout stays per section, never per item.
    public static func list(using configuration: CollectionLayoutListConfiguration, rowHeight: Int = 1)
        -> Self
    {
        Self(kind: .list(configuration, rowHeight: max(rowHeight, 1)))
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

    var listConfiguration: CollectionLayoutListConfiguration? {
        if case .list(let configuration, _) = kind { return configuration }
        return nil
    }

    var hasSupplementaryHeader: Bool {
        switch kind {
        case .list(let configuration, _): return configuration.headerMode == .supplementary
        case .grid(_, _, let hasHeader), .horizontal(_, let hasHeader): return hasHeader
        }
    }

    var hasSupplementaryFooter: Bool { listConfiguration?.footerMode == .supplementary }

    /// Rows above a section: the appearance's, or the list's `headerTopPadding` above a header.
    var gapBefore: Int {
        let appearance =
            switch listConfiguration?.appearance {
            case .grouped, .insetGrouped: 1
            case .plain, .sidebar, .sidebarPlain, nil: 0
            }
        return listConfiguration?.gap(appearanceGap: appearance) ?? appearance
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

    /// A layout whose every section is a list, as `UICollectionViewCompositionalLayout.list(using:)`,
    /// each item `rowHeight` rows tall.
    public static func list(using configuration: CollectionLayoutListConfiguration, rowHeight: Int = 1)
        -> Self
    {
        Self { _ in .list(using: configuration, rowHeight: rowHeight) }
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
