import Diffable
import Foundation

/// A collection view in the terminal, driven by a diffable data source.
///
/// Like `UICollectionView`, it pulls section counts, cells and supplementary views from its
/// ``dataSource`` and learns of changes only through ``reloadData()`` and
/// ``performBatchUpdates(_:animatingDifferences:completion:)``. Its ``collectionViewLayout`` gives
/// each section a list, grid or horizontal layout; list sections show outlines (indentation and
/// disclosure from the data source's section snapshots). A data source that gives index titles
/// (`indexTitles(for:)`, overridden in a subclass as in UIKit) gets an index at the right edge.
///
/// Only what is on screen exists: the layout is computed per section, never per item, and cells
/// are dequeued from reuse pools as they scroll into view, so a section of a million items scrolls
/// as cheaply as one of ten. Drawing goes into a ``ScreenBuffer`` (``draw(into:)``), which a
/// ``TerminalApplication`` diffs against the terminal, or a test reads as text.
///
/// ```swift
/// let view = TerminalCollectionView(layout: .list(using: .init(appearance: .plain)), width: 80, height: 24)
/// let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> { cell, _, name in
///     var content = cell.defaultContentConfiguration()
///     content.text = name
///     cell.contentConfiguration = content
/// }
/// let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, indexPath, name in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
/// }
/// ```
@MainActor
public final class TerminalCollectionView: ReusingCollectionView {
    /// Cells are ``TerminalCell``s.
    public typealias Cell = TerminalCell
    /// Headers and footers are ``TerminalCell``s too (usually ``TerminalListCell``).
    public typealias SupplementaryView = TerminalCell

    /// The object the view pulls from.
    public weak var dataSource: (any CollectionViewDataSource)?
    /// The layout of every section.
    public var collectionViewLayout: TerminalLayout {
        didSet { setNeedsLayout() }
    }
    /// The object told of selection and display, and asked where a drop lands; held weakly.
    /// Enter, Space and a click are the person's taps.
    public weak var delegate: (any CollectionViewDelegate)?
    /// Whether items can be selected; setting `false` deselects every item (telling no one).
    public var allowsSelection = true {
        didSet { if !allowsSelection { selectItem(at: nil, animated: false, scrollPosition: []) } }
    }
    /// Whether several items can be selected at once; `false` by default.
    public var allowsMultipleSelection = false
    /// Whether the view is in editing mode: the cells of items the data source lets edit
    /// (`canEditItemAt`) show the accessories displayed `.whenEditing` and hide those displayed
    /// `.whenNotEditing`. `UICollectionView.isEditing`; `false` by default. (A table's rows view
    /// follows the table's own.)
    public var isEditing = false {
        didSet { needsDisplay = true }
    }
    /// Told of the items a screen ahead of scrolling, and of those the person turned back from;
    /// held weakly.
    public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?
    /// Whether ``prefetchDataSource`` is told; `true` by default.
    public var isPrefetchingEnabled = true
    /// How many frames an animated batch update takes; 0 turns animation off.
    public var animationFrameCount = 6
    /// Whether a batch update keeps the rows the person is reading where they are. When on and the
    /// view is scrolled down, the topmost visible item that survives the update (and does not
    /// move, itself or with its section) stays on its screen row, so items inserted or deleted
    /// above it do not push the content around: a feed that grows at the top, a log, a chat.
    /// Scrolled to the very top, the view stays there and shows what arrived. Off by default: like
    /// `UICollectionView`, the view then keeps its ``contentOffset``.
    public var maintainsVisibleContentPosition = false

    /// The width of the view, in columns.
    public private(set) var width: Int
    /// The height of the view, in rows.
    public private(set) var height: Int
    /// The index titles, as last asked of the data source (`indexTitles(for:)`, on a reload or
    /// an update, or ``reloadIndexTitles()``): a column at the right edge when there are any.
    public internal(set) var indexTitles: [String] = []
    /// The first content row on screen.
    public internal(set) var contentOffset = 0
    /// The item the keyboard focus is on.
    public internal(set) var focusedIndexPath: IndexPath? {
        get { indexed.focused }
        set { indexed.focused = newValue }
    }
    /// The selected items. A selected item stays selected wherever an update moves it; deleting
    /// it deselects it.
    public internal(set) var selectedIndexPaths: Set<IndexPath> {
        get { indexed.selected }
        set { indexed.selected = newValue }
    }
    /// Whether the view has changed since it was last drawn.
    public internal(set) var needsDisplay = true

    var counts: [Int] = []
    var frames: [SectionFrame] = []
    var layoutIsValid = false
    /// The cells, selection, focus and everything else named by index path or section, which an
    /// update remaps and a reload resets as one.
    var indexed = IndexedViewState()
    /// The cells off screen, by registration, and the cell being reconfigured.
    var reuse = ReusePool<TerminalCell>()
    var animation: Animation?
    /// The context menu open over the view, if any.
    var contextMenu: TerminalContextMenu?
    /// How many cells were dequeued (new or from a pool) since the view was created; for tests and
    /// benchmarks that check only visible cells are configured.
    public var dequeueCount: Int { reuse.dequeueCount }

    /// What was prefetched, and the direction of scrolling.
    var prefetchPlan = PrefetchPlan()
    /// The table that draws its rows with this view, which answers for it; `nil` for a
    /// collection view of its own.
    weak var host: (any TerminalCollectionViewHost)?
    /// How many updates (batch updates and reloads) the view has been handed, so a drop can tell
    /// whether the data source updated the view while it was told of the move.
    var updateCount = 0

    /// Creates a view of a size with a layout.
    public init(layout: TerminalLayout, width: Int, height: Int) {
        self.collectionViewLayout = layout
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    // MARK: Geometry

    /// Changes the view's size and lays it out again, keeping the focused item on screen.
    public func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = max(width, 1)
        self.height = max(height, 1)
        setNeedsLayout()
        scrollToFocus()
    }

    func setNeedsLayout() {
        layoutIsValid = false
        needsDisplay = true
    }

    /// Computes where each section lies, per section.
    ///
    /// - Complexity: O(s) for s sections, whatever their item counts.
    func layoutIfNeeded() {
        guard !layoutIsValid else { return }
        layoutIsValid = true
        frames = Self.frames(for: displayCounts(), width: contentWidth, layout: collectionViewLayout)
        clampContentOffset()
    }

    static func frames(for counts: [Int], width: Int, layout: TerminalLayout) -> [SectionFrame] {
        var frames: [SectionFrame] = []
        frames.reserveCapacity(counts.count)
        var top = 0
        for (section, count) in counts.enumerated() {
            let sectionLayout = layout.sectionProvider(section)
            var columns = 1
            var itemHeight = 1
            var itemWidth = width
            switch sectionLayout.kind {
            case .list(_, let rowHeight):
                itemHeight = rowHeight
            case .grid(let minimumItemWidth, let rows, _):
                columns = max(width / minimumItemWidth, 1)
                itemWidth = width / columns
                itemHeight = rows
            case .horizontal(let strideWidth, _):
                itemWidth = strideWidth
            }
            let frame = SectionFrame(
                section: section, layout: sectionLayout, itemCount: count, top: top, columns: columns,
                itemHeight: itemHeight, itemWidth: itemWidth)
            frames.append(frame)
            top = frame.bottom
        }
        return frames
    }

    /// The number of content rows.
    public var contentHeight: Int {
        layoutIfNeeded()
        return frames.last?.bottom ?? 0
    }

    func clampContentOffset() {
        let maximum = max((frames.last?.bottom ?? 0) - height, 0)
        contentOffset = min(max(contentOffset, 0), maximum)
    }

    /// The section whose rows include content row `row`.
    func section(atRow row: Int, in frames: [SectionFrame]) -> Int? {
        var low = 0
        var high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].bottom <= row { low = middle + 1 } else { high = middle }
        }
        return low < frames.count && frames[low].top <= row ? low : nil
    }

    /// Where an item is drawn in content coordinates (row from the top of the content).
    func contentRect(for indexPath: IndexPath, in frames: [SectionFrame]) -> ScreenRect? {
        let section = indexPath.section
        let item = indexPath.item
        guard section < frames.count, item >= 0, item < frames[section].itemCount else { return nil }
        let frame = frames[section]
        switch frame.layout.kind {
        case .list:
            let inset = frame.layout.horizontalInset
            return ScreenRect(
                x: inset, y: frame.row(ofItem: item), width: max(contentWidth - 2 * inset, 1),
                height: frame.itemHeight)
        case .grid:
            return ScreenRect(
                x: item % frame.columns * frame.itemWidth, y: frame.row(ofItem: item), width: frame.itemWidth,
                height: frame.itemHeight)
        case .horizontal:
            let first = indexed.stripOffsets[section] ?? 0
            return ScreenRect(
                x: (item - first) * frame.itemWidth, y: frame.itemsTop, width: frame.itemWidth,
                height: frame.itemHeight)
        }
    }

    /// The index paths of the items with at least one row on screen, for a given layout and offset.
    func visibleIndexPaths(in frames: [SectionFrame], offset: Int) -> [IndexPath] {
        guard !frames.isEmpty, let first = section(atRow: offset, in: frames) ?? frames.indices.last else {
            return []
        }
        var paths: [IndexPath] = []
        let bottom = offset + height
        var section = first
        while section < frames.count && frames[section].top < bottom {
            let frame = frames[section]
            if frame.itemCount > 0 {
                switch frame.layout.kind {
                case .list:
                    let start = max(offset - frame.itemsTop, 0) / frame.itemStride
                    let end = min(
                        (bottom - frame.itemsTop + frame.itemStride - 1) / frame.itemStride, frame.itemCount)
                    if start < end {
                        for item in start..<end { paths.append(IndexPath(item: item, section: section)) }
                    }
                case .grid:
                    let firstRow = max(offset - frame.itemsTop, 0) / frame.itemHeight
                    let lastRow = (bottom - frame.itemsTop + frame.itemHeight - 1) / frame.itemHeight
                    let start = firstRow * frame.columns
                    let end = min(lastRow * frame.columns, frame.itemCount)
                    if start < end {
                        for item in start..<end { paths.append(IndexPath(item: item, section: section)) }
                    }
                case .horizontal:
                    if frame.itemsTop + frame.itemHeight > offset && frame.itemsTop < bottom {
                        let start = min(indexed.stripOffsets[section] ?? 0, frame.itemCount)
                        let end = min(
                            start + (contentWidth + frame.itemWidth - 1) / frame.itemWidth, frame.itemCount)
                        for item in start..<end { paths.append(IndexPath(item: item, section: section)) }
                    }
                }
            }
            section += 1
        }
        return paths
    }

    // MARK: Cells

    /// Makes sure exactly the items on screen have cells: dequeues the ones that scrolled in and
    /// returns the ones that scrolled out to their pools.
    func updateVisibleCells() {
        layoutIfNeeded()
        var visible = visibleIndexPaths(in: frames, offset: contentOffset)
        if let reorder = indexed.reorder { visible = visible.map { reorder.actual(forDisplayed: $0) } }
        let wanted = Set(visible)
        for (path, cell) in indexed.items where !wanted.contains(path) {
            indexed.items[path] = nil
            endDisplaying(cell, at: path)
        }
        guard let dataSource else { return }
        for path in visible where indexed.items[path] == nil {
            let cell = cell(from: dataSource, at: path)
            indexed.items[path] = cell
            willDisplay(cell, at: path)
        }
        updateVisibleSupplementaries()
        if indexed.reorder == nil { prefetch(ahead: visible) }
    }

    /// Makes sure exactly the headers and footers on screen have views: tells the delegate of
    /// those that left the screen, and asks the data source for those that came onto it.
    ///
    /// - Complexity: O(s + h) for the s sections on screen and the h headers and footers held.
    private func updateVisibleSupplementaries() {
        var wanted: [IndexedViewState.SupplementaryPlace] = []
        let bottom = contentOffset + height
        var section = self.section(atRow: contentOffset, in: frames) ?? frames.count
        while section < frames.count && frames[section].top < bottom {
            for (kind, row) in supplementaryRows(of: frames[section])
            where row >= contentOffset && row < bottom {
                wanted.append(.init(kind: kind, section: section))
            }
            section += 1
        }
        let shown = Set(wanted)
        for held in indexed.supplementaries where !shown.contains(held.place) {
            indexed[held.place] = nil
            endDisplaying(held)
        }
        guard dataSource != nil else { return }
        for place in wanted where indexed[place] == nil {
            guard let view = supplementary(kind: place.kind, section: place.section) else { continue }
            indexed[place] = view
            willDisplay(.init(cell: view, place: place))
        }
    }

    /// Tells the prefetching data source of the items a screen beyond `visible` in the direction
    /// of scrolling, and of those asked for before that the person turned back from.
    func prefetch(ahead visible: [IndexPath]) {
        guard isPrefetchingEnabled, let prefetchDataSource else { return }
        prefetchDataSource.tell(prefetchPlan.step(shown: visible, counts: counts), in: self)
    }

    func cell(from dataSource: any CollectionViewDataSource, at path: IndexPath) -> TerminalCell {
        let object = dataSource.collectionView(self, cellForItemAt: path)
        guard let cell = object as? TerminalCell else {
            fatalError(
                "TerminalCollectionView: the cell provider returned \(type(of: object)), which is not a TerminalCell"
            )
        }
        cell.configurationCount += 1
        return cell
    }

    func supplementary(kind: String, section: Int) -> TerminalCell? {
        guard let dataSource else { return nil }
        let object = dataSource.collectionView(
            self, viewForSupplementaryElementOfKind: kind, at: IndexPath(item: 0, section: section))
        return object as? TerminalCell
    }

    /// A pooled cell, or the cell being reconfigured at `indexPath`.
    public func dequeueReusableView<View: ReusableView>(
        ofType type: View.Type, reuseKey: ObjectIdentifier, elementKind: String?, for indexPath: IndexPath
    ) -> View {
        reuse.dequeue(ofType: type, reuseKey: reuseKey, for: indexPath)
    }

    func recycle(_ cell: TerminalCell) {
        reuse.recycle(cell)
    }

    /// The cell on screen for an item, if it is on screen.
    public func cellForItem(at indexPath: IndexPath) -> TerminalCell? {
        updateVisibleCells()
        return indexed.items[indexPath]
    }

    /// The number of cells that exist for items (those on screen).
    public var visibleCellCount: Int { indexed.items.count }

    /// The number of sections, as last counted from the data source.
    public var numberOfSections: Int { counts.count }

    /// The number of items in a section, as last counted from the data source.
    public func numberOfItems(inSection section: Int) -> Int { counts[section] }
}
