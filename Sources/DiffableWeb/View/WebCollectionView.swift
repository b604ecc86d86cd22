import Diffable
import DiffableCells
import Foundation

/// What the page shows of the collection: where it is scrolled and how big it is, in CSS pixels.
public struct WebViewport: Hashable, Sendable {
    /// The first pixel of the collection on screen, from its top.
    public var top: Int
    /// The height of the screen.
    public var height: Int
    /// The width of the collection.
    public var width: Int
    /// The width of the window, which the main collection's reports carry: what a page's
    /// ``WebPage/splitViewController`` follows.
    var windowWidth: Int?

    /// A viewport.
    public init(top: Int, height: Int, width: Int) {
        self.top = max(top, 0)
        self.height = max(height, 1)
        self.width = max(width, 1)
    }
}

/// A collection view in a browser page, driven by a diffable data source: one per connected page.
///
/// Like `UICollectionView` (and DiffableTerminal's `TerminalCollectionView`), it pulls section counts, cells and
/// supplementary views from its ``dataSource`` and learns of changes only through
/// ``reloadData()`` and ``performBatchUpdates(_:animatingDifferences:completion:)``. Each batch
/// update becomes one message to the page, whose script performs the update's operations on the
/// page's elements as they are: a delete removes an element, an insert adds one, a move moves one
/// (keeping its focus and state), a reconfigure updates one in place, a reload replaces one.
///
/// Only what is on screen exists, on the page and here: the page reports its viewport, the view
/// asks its data source for the cells of the items in it (plus a margin) and the page keeps an
/// element for each. Sections are laid out per section, never per item.
///
/// ```swift
/// let view = WebCollectionView(layout: .list(using: .init(appearance: .insetGrouped)))
/// let registration = WebCollectionView.CellRegistration<WebListCell, String> { cell, _, name in
///     var content = cell.defaultContentConfiguration()
///     content.text = name
///     cell.contentConfiguration = content
/// }
/// let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, indexPath, name in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
/// }
/// ```
@MainActor
public final class WebCollectionView: ReusingCollectionView {
    /// Cells are ``WebCell``s.
    public typealias Cell = WebCell
    /// Headers and footers are ``WebCell``s too (usually ``WebListCell``).
    public typealias SupplementaryView = WebCell

    /// The object the view pulls from.
    public weak var dataSource: (any CollectionViewDataSource)?
    /// The layout of every section.
    public var collectionViewLayout: WebLayout {
        didSet { relayout() }
    }
    /// The object told of selection and display, and asked where a drop lands; held weakly. A
    /// click, or Enter on the focused row, is the person's tap; an item is displayed while it has
    /// an element on the page (on screen, or within the overscan).
    public weak var delegate: (any CollectionViewDelegate)?
    /// Whether items can be selected; setting `false` deselects every item (telling no one).
    public var allowsSelection = true {
        didSet { if !allowsSelection { setSelection([]) } }
    }
    /// Whether several items can be selected at once; `false` by default.
    public var allowsMultipleSelection = false
    /// Whether the view is in editing mode: the cells of items the data source lets edit
    /// (`canEditItemAt`) show the accessories displayed `.whenEditing` (delete, insert, reorder,
    /// multiselect by default) and hide those displayed `.whenNotEditing`.
    /// `UICollectionView.isEditing`; `false` by default.
    public var isEditing = false {
        didSet {
            guard isEditing != oldValue else { return }
            var patch = WebPatch()
            resendContent(of: state.items.keys, into: &patch)
            updateWindow(&patch)
            send(&patch)
        }
    }
    /// Told of the items a window ahead of scrolling, and of those the person turned back from;
    /// held weakly.
    public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?
    /// Whether ``prefetchDataSource`` is told; `true` by default.
    public var isPrefetchingEnabled = true
    /// Pixels above and below the screen whose items have elements too, so that scrolling shows
    /// rows at once; `nil` for one screen's height.
    public var overscan: Int?
    /// What the page shows of the collection.
    public internal(set) var viewport = WebViewport(top: 0, height: 800, width: 800)
    /// The selected items. A selected item stays selected wherever an update moves it; deleting
    /// it deselects it.
    public var selectedIndexPaths: Set<IndexPath> { state.selected }
    /// How many cells were dequeued (new or from a pool) since the view was created; for tests
    /// that check only the cells on screen are configured.
    public var dequeueCount: Int { reuse.dequeueCount }

    var counts: [Int] = []
    var layouts: [WebLayoutSection] = []
    var frames: [WebSectionFrame] = []
    /// The window the page's sections were last described with, while the sections are laid out
    /// as they were then: an update that moves nothing within it describes no section again.
    var describedWindow: [Int: Range<Int>]?
    var state = WebViewState()
    /// What was prefetched, and the direction of scrolling.
    var prefetchPlan = PrefetchPlan()
    /// The cells without elements, by registration, and the cell being reconfigured.
    var reuse = ReusePool<WebCell>()
    var nextKey = 1
    /// The context menu the page shows, and the key of the item it is for: what a choice names.
    var shownContextMenu: (key: Int, menu: Menu, popUp: CellAccessory?)?
    /// The index titles, as last asked of the data source (`indexTitles(for:)`, on a reload or an
    /// update): a column of buttons at the right edge of the page when there are any.
    public internal(set) var indexTitles: [String] = []
    /// The page's keys, when the view is one of several on a page: a key then names one element
    /// of the page.
    var sharedKeys: WebKeyCounter?
    /// Called after every update the view performs (a batch update or a reload), once the page
    /// has been sent it: where an app re-selects an item that came back (`selectRecipeIfNeeded`).
    public var didPerformUpdates: (@MainActor () -> Void)?
    /// Where the view's messages go: the connected page's session. While `nil` (no page is
    /// connected) the view keeps its state and sends nothing; a page that connects gets a reset.
    var outbound: (@MainActor (WebPatch) -> Void)?

    /// Creates a view with a layout.
    public init(layout: WebLayout = .list(using: CollectionLayoutListConfiguration(appearance: .plain))) {
        collectionViewLayout = layout
    }

    /// The number of sections, as last counted from the data source.
    public var numberOfSections: Int { counts.count }

    /// The number of items in a section, as last counted from the data source.
    public func numberOfItems(inSection section: Int) -> Int { counts[section] }

    /// The number of items with elements on the page (those on screen and in the margin).
    public var visibleCellCount: Int { state.items.count }

    /// The index paths of the items with elements on the page.
    public var indexPathsForVisibleItems: [IndexPath] { state.items.keys.sorted() }

    /// The cell of an item on the page, if it has one.
    public func cellForItem(at indexPath: IndexPath) -> WebCell? { state.items[indexPath]?.cell }

    /// The height of everything in the collection, in pixels.
    public var contentHeight: Int { frames.last?.bottom ?? 0 }

    // MARK: Layout

    /// Asks the layout for every section's layout and places the sections.
    ///
    /// - Complexity: O(s) for s sections, whatever their item counts.
    func layoutSections() {
        describedWindow = nil
        layouts = counts.indices.map { collectionViewLayout.sectionProvider($0) }
        var top = 0
        frames = zip(layouts, counts).map { layout, count in
            let frame = WebSectionFrame(layout: layout, itemCount: count, top: top, width: viewport.width)
            top = frame.bottom
            return frame
        }
    }

    /// The items that should have elements: those within the viewport and its margin, as a
    /// range per section.
    ///
    /// - Complexity: O(s) for s sections.
    func window() -> [Int: Range<Int>] {
        let margin = overscan ?? viewport.height
        let low = viewport.top - margin
        let high = viewport.top + viewport.height + margin
        var ranges: [Int: Range<Int>] = [:]
        for (section, frame) in frames.enumerated() where frame.bottom > low && frame.top < high {
            let left = (state.stripOffsets[section] ?? 0) - viewport.width / 2
            let range = frame.items(
                from: low, to: high, left: left, right: left + 2 * viewport.width)
            if !range.isEmpty { ranges[section] = range }
        }
        return ranges
    }

    /// Sets the viewport the page reported, and the strips' scroll offsets (by section), and
    /// tells the page which elements to add and drop.
    func setViewport(_ newViewport: WebViewport, stripOffsets: [Int: Int] = [:]) {
        let widthChanged = newViewport.width != viewport.width
        viewport = newViewport
        for (section, offset) in stripOffsets where section < counts.count {
            state.stripOffsets[section] = offset
        }
        let oldFrames = frames
        if widthChanged { layoutSections() }
        var patch = WebPatch()
        updateWindow(&patch)
        guard !patch.isEmpty || frames != oldFrames else { return }
        send(&patch)
    }

    /// Lays out again after the layout changed, and tells the page.
    func relayout() {
        guard !counts.isEmpty else { return }
        reloadData()
    }

    // MARK: Cells

    /// A new key for an element.
    func makeKey() -> Int {
        if let sharedKeys { return sharedKeys.make() }
        defer { nextKey += 1 }
        return nextKey
    }

    /// Asks the data source for the cell of an item and keeps it under a new key.
    func materialize(_ path: IndexPath, from dataSource: any CollectionViewDataSource) -> MaterializedItem {
        let cell = cell(from: dataSource, at: path)
        let itemState = itemState(at: path)
        return MaterializedItem(
            key: makeKey(), cell: cell, content: content(of: cell, in: itemState.configuration),
            extras: extras(for: path, cell: cell, itemState: itemState))
    }

    func cell(from dataSource: any CollectionViewDataSource, at path: IndexPath) -> WebCell {
        let object = dataSource.collectionView(self, cellForItemAt: path)
        guard let cell = object as? WebCell else {
            fatalError(
                "WebCollectionView: the cell provider returned \(type(of: object)), which is not a WebCell")
        }
        cell.configurationCount += 1
        return cell
    }

    /// What a cell shows, once it is updated for its item's state (its configuration update
    /// handler runs when that changed).
    func content(of cell: WebCell, at path: IndexPath) -> WebCellContent {
        content(of: cell, in: configurationState(at: path))
    }

    func content(of cell: WebCell, in state: CellConfigurationState) -> WebCellContent {
        cell.updateConfigurationIfNeeded(for: state)
        return cell.content()
    }

    /// The state of the item at `path`: selected, disabled, editing, its outline place, and
    /// whether it is drawn as its section's header.
    func configurationState(at path: IndexPath) -> CellConfigurationState {
        itemState(at: path).configuration
    }

    /// An item's configuration state, and the outline place it is made from.
    typealias ItemState = (configuration: CellConfigurationState, outline: OutlineItemState?)

    /// ``configurationState(at:)``, and the outline place it is made from: the data source is
    /// asked once, where a new or reconfigured cell needs both.
    func itemState(at path: IndexPath) -> ItemState {
        var state = CellConfigurationState()
        state.isSelected = self.state.selected.contains(path)
        state.isDisabled = !allowsSelection
        state.isEditing = isEditing && dataSource?.collectionView(self, canEditItemAt: path) != false
        let outline = dataSource?.collectionView(self, outlineStateOfItemAt: path)
        if let outline {
            state.isExpanded = outline.isExpanded
            state.hasChildren = outline.hasChildren
            state.outlineLevel = outline.level
        }
        state.isSectionHeader =
            path.item == 0 && layouts.indices.contains(path.section)
            && layouts[path.section].listConfiguration?.headerMode == .firstItemInSection
        return (state, outline)
    }

    /// What the data source and the layout say about an item besides its cell, and whether its
    /// cell opens a pop-up menu; `itemState` is the item's (``itemState(at:)``).
    func extras(for path: IndexPath, cell: WebCell, itemState: ItemState) -> ItemExtras {
        var extras = ItemExtras()
        extras.hasContextMenu = contextMenuConfiguration(at: path, point: .zero) != nil
        extras.hasPopUpMenu = popUpMenu(of: cell, in: itemState.configuration) != nil
        guard let dataSource, path.section < layouts.count, let list = layouts[path.section].listConfiguration
        else { return extras }
        extras.outline = itemState.outline
        extras.isMovable = dataSource.collectionView(self, canMoveItemAt: path)
        extras.isSectionHeader = list.headerMode == .firstItemInSection && path.item == 0
        let (leading, trailing) = swipeActionsConfigurations(at: path)
        for (configuration, isLeading) in [(leading, true), (trailing, false)] {
            guard let configuration else { continue }
            extras.actions += configuration.actions.enumerated().map { index, action in
                .init(
                    title: action.title ?? "", isDestructive: action.style == .destructive, key: action.key,
                    isLeading: isLeading,
                    performsOnFullSwipe: index == 0 && configuration.performsFirstActionWithFullSwipe)
            }
        }
        extras.separator = separator(below: path, in: list)
        return extras
    }

    /// The line below a row when the list's separators make it other than the plain hairline:
    /// hidden by the row's bottom separator or the next row's top one, or with the row's colour
    /// and insets.
    func separator(below path: IndexPath, in list: CollectionLayoutListConfiguration) -> ItemExtras
        .SeparatorSummary?
    {
        let own = list.separatorConfiguration(forItemAt: path)
        let next = list.separatorConfiguration(
            forItemAt: IndexPath(item: path.item + 1, section: path.section))
        let summary = ItemExtras.SeparatorSummary(
            isHidden: !own.drawsLine(above: next),
            leading: max(Int(own.bottomSeparatorInsets.leading.rounded()), 0),
            trailing: max(Int(own.bottomSeparatorInsets.trailing.rounded()), 0), color: own.color?.css)
        let plain = ItemExtras.SeparatorSummary(isHidden: false, leading: 0, trailing: 0, color: nil)
        return summary == plain ? nil : summary
    }

    /// The swipe actions of an item: the leading ones, then the trailing ones.
    func swipeActions(at path: IndexPath) -> [ContextualAction] {
        let (leading, trailing) = swipeActionsConfigurations(at: path)
        return (leading?.actions ?? []) + (trailing?.actions ?? [])
    }

    /// The list's leading and trailing swipe actions configurations of an item.
    func swipeActionsConfigurations(at path: IndexPath) -> (
        leading: SwipeActionsConfiguration?, trailing: SwipeActionsConfiguration?
    ) {
        guard path.section < layouts.count, let list = layouts[path.section].listConfiguration else {
            return (nil, nil)
        }
        return (
            list.leadingSwipeActionsConfigurationProvider?(path),
            list.trailingSwipeActionsConfigurationProvider?(path)
        )
    }

    /// A section's header or footer from the data source, as the page shows it.
    func supplementary(kind: String, section: Int) -> MaterializedSupplementary? {
        guard let dataSource,
            let cell = dataSource.collectionView(
                self, viewForSupplementaryElementOfKind: kind, at: IndexPath(item: 0, section: section))
                as? WebCell
        else { return nil }
        var content = cell.content()
        content.style = kind == Self.elementKindSectionFooter ? .footer : .header
        return MaterializedSupplementary(cell: cell, content: content)
    }

    /// A pooled cell, or the cell being reconfigured at `indexPath`.
    public func dequeueReusableView<View: ReusableView>(
        ofType type: View.Type, reuseKey: ObjectIdentifier, elementKind: String?, for indexPath: IndexPath
    ) -> View {
        reuse.dequeue(ofType: type, reuseKey: reuseKey, for: indexPath)
    }

    /// A cell got an element on the page: tells the delegate.
    func willDisplay(_ cell: WebCell, at path: IndexPath) {
        delegate?.collectionView(self, willDisplay: cell, forItemAt: path)
    }

    /// A cell lost its element: tells the delegate, then returns the cell to its pool.
    func endDisplaying(_ cell: WebCell, at path: IndexPath) {
        delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        recycle(cell)
    }

    func recycle(_ cell: WebCell) {
        reuse.recycle(cell)
    }

    func currentCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
    }

    /// The index path of the item whose element has `key`, if it has one.
    ///
    /// - Complexity: O(1) expected (see ``WebViewState/indexPath(forKey:)``).
    func indexPath(forKey key: Int) -> IndexPath? {
        state.indexPath(forKey: key)
    }
}
