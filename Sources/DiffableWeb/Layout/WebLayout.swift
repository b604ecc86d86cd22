import DiffableCells

/// One section's layout in the browser, in CSS pixels: `NSCollectionLayoutSection` for the page.
///
/// The kinds are the terminal's (a list with a `CollectionLayoutListConfiguration`, a grid, a horizontal strip),
/// so an app that has both front ends shares its list configurations, swipe actions included.
/// Sizes are fixed per section: the layout is computed per section, never per item, which is what
/// lets a section of a million rows scroll at the cost of a few dozen.
public struct WebLayoutSection: Sendable {
    enum Kind: Sendable {
        case list(CollectionLayoutListConfiguration)
        case grid(minimumItemWidth: Int)
        case horizontal(itemWidth: Int)
    }

    let kind: Kind
    /// The height of each item (a list's row, a grid's tile, a strip's tile).
    let itemHeight: Int
    /// Whether the section shows a supplementary header.
    let hasSupplementaryHeader: Bool

    /// A vertical list, one row per item, `rowHeight` pixels tall: 40 by default, about 60 for
    /// subtitle cells.
    public static func list(using configuration: CollectionLayoutListConfiguration, rowHeight: Int = 40)
        -> Self
    {
        Self(
            kind: .list(configuration), itemHeight: max(rowHeight, 8),
            hasSupplementaryHeader: configuration.headerMode == .supplementary)
    }

    /// A grid whose column count follows the page's width: as many columns of at least
    /// `minimumItemWidth` pixels as fit, each tile `itemHeight` pixels tall.
    public static func grid(minimumItemWidth: Int = 160, itemHeight: Int = 140, hasHeader: Bool = true)
        -> Self
    {
        Self(
            kind: .grid(minimumItemWidth: max(minimumItemWidth, 16)), itemHeight: max(itemHeight, 16),
            hasSupplementaryHeader: hasHeader)
    }

    /// One row of tiles that scrolls sideways (`orthogonalScrollingBehavior = .continuous`).
    public static func horizontal(itemWidth: Int = 160, itemHeight: Int = 140, hasHeader: Bool = true) -> Self
    {
        Self(
            kind: .horizontal(itemWidth: max(itemWidth, 16)), itemHeight: max(itemHeight, 16),
            hasSupplementaryHeader: hasHeader)
    }

    var listConfiguration: CollectionLayoutListConfiguration? {
        if case .list(let configuration) = kind { return configuration }
        return nil
    }

    var hasSupplementaryFooter: Bool { listConfiguration?.footerMode == .supplementary }

    /// The page's name for the kind.
    var kindName: String {
        switch kind {
        case .list: "list"
        case .grid: "grid"
        case .horizontal: "strip"
        }
    }

    /// The page's name for a list's appearance.
    var appearanceName: String {
        switch listConfiguration?.appearance {
        case .plain, nil: "plain"
        case .grouped: "grouped"
        case .insetGrouped: "inset"
        case .sidebar, .sidebarPlain: "sidebar"
        }
    }

    /// Pixels above a section, setting it apart from the one before it: the appearance's, or the
    /// list's `headerTopPadding` above a header.
    var gapBefore: Int {
        let appearance =
            switch listConfiguration?.appearance {
            case .grouped, .insetGrouped: 20
            case .plain, .sidebar, .sidebarPlain, nil: 0
            }
        return listConfiguration?.gap(appearanceGap: appearance) ?? appearance
    }
}

/// The layout of a ``WebCollectionView``: one ``WebLayoutSection`` per section, as
/// `UICollectionViewCompositionalLayout`.
public struct WebLayout: Sendable {
    let sectionProvider: @MainActor @Sendable (Int) -> WebLayoutSection

    /// A layout that asks `sectionProvider` for each section's layout.
    public init(
        sectionProvider: @escaping @MainActor @Sendable (_ sectionIndex: Int) -> WebLayoutSection
    ) {
        self.sectionProvider = sectionProvider
    }

    /// A layout whose every section is a list, as `UICollectionViewCompositionalLayout.list(using:)`.
    public static func list(using configuration: CollectionLayoutListConfiguration) -> Self {
        Self { _ in .list(using: configuration) }
    }
}

/// Where one section lies in the page, in pixels from the top of the collection; computed per
/// section, never per item.
struct WebSectionFrame: Equatable {
    static let headerHeight = 40
    static let footerHeight = 32

    var itemCount: Int
    var top: Int
    var gap: Int
    var headerHeight: Int
    var footerHeight: Int
    var columns: Int
    var itemHeight: Int
    var itemWidth: Int
    var isList: Bool
    var isHorizontal: Bool

    init(layout: WebLayoutSection, itemCount: Int, top: Int, width: Int) {
        self.itemCount = itemCount
        self.top = top
        gap = layout.gapBefore
        headerHeight = layout.hasSupplementaryHeader ? Self.headerHeight : 0
        footerHeight = layout.hasSupplementaryFooter ? Self.footerHeight : 0
        itemHeight = layout.itemHeight
        isList = layout.listConfiguration != nil
        isHorizontal = false
        switch layout.kind {
        case .list:
            columns = 1
            itemWidth = width
        case .grid(let minimumItemWidth):
            columns = max(width / minimumItemWidth, 1)
            itemWidth = width / columns
        case .horizontal(let width):
            columns = 1
            itemWidth = width
            isHorizontal = true
        }
    }

    /// The pixels the items take, top to bottom.
    var itemsHeight: Int {
        if isHorizontal { return itemCount > 0 ? itemHeight : 0 }
        return (itemCount + columns - 1) / columns * itemHeight
    }
    var itemsTop: Int { top + gap + headerHeight }
    var height: Int { gap + headerHeight + itemsHeight + footerHeight }
    var bottom: Int { top + height }

    /// The items with at least one pixel between `low` and `high` (content coordinates), and, in
    /// a strip, between `left` and `right` of the strip's scrolled content.
    func items(from low: Int, to high: Int, left: Int, right: Int) -> Range<Int> {
        guard itemCount > 0, high > itemsTop, low < itemsTop + itemsHeight else { return 0..<0 }
        if isHorizontal {
            let start = min(max(left, 0) / itemWidth, itemCount)
            let end = min((max(right, 0) + itemWidth - 1) / itemWidth, itemCount)
            return start..<max(start, end)
        }
        let firstRow = max(low - itemsTop, 0) / itemHeight
        let lastRow = (high - itemsTop + itemHeight - 1) / itemHeight
        return min(firstRow * columns, itemCount)..<min(lastRow * columns, itemCount)
    }
}
