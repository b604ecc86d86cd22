import Diffable
import Foundation

/// A table view in the terminal, driven by a `TableViewDiffableDataSource`: `UITableView`'s
/// part of UIKit, as ``TerminalCollectionView`` is `UICollectionView`'s.
///
/// Like `UITableView`, it pulls counts, cells, header and footer titles and section index titles
/// from its ``dataSource`` and learns of changes only through ``reloadData()`` and
/// ``performBatchUpdates(_:animatingDifferences:rowAnimation:completion:)``.
///
/// - **Styles**: ``Style/plain``, ``Style/grouped`` (a blank row before each section, headers in
///   capitals) and ``Style/insetGrouped`` (each section's rows in a box).
/// - **Titles**: a section whose data source gives a header or footer title shows it; titles are
///   asked again after every update (UIKit asks on a reload or a section reload only).
/// - **Section index**: when the data source gives `sectionIndexTitles(for:)`,
///   they stand in a column at the right edge; `[` and `]` jump to the previous and next title's
///   section, and so does a click on a title (`tableView(_:sectionForSectionIndexTitle:at:)`
///   says which section).
/// - **Editing** (``setEditing(_:animated:)``): rows the data source lets the person edit show
///   the control their editing style asks for (``delegate``'s `editingStyleForRowAt`: `⊖` by
///   default, `⊕`): `d`, Delete, Backspace or a click on `⊖` commits the delete, `+` or a click on
///   `⊕` the insert; rows it lets the person move show `≡`, and `m` (or a drag) picks the row up,
///   the arrows carry it, Enter drops it where the delegate's `targetIndexPathForMoveFromRowAt`
///   says.
/// - **Swipe to delete**: outside editing, `d`, Delete or Backspace commits the delete of the
///   focused row when its editing style is `.delete`, unless the delegate's
///   `trailingSwipeActionsConfigurationForRowAt` gives the row actions of its own (then their keys
///   perform them).
/// - **Row animations**: the data source's `defaultRowAnimation`: `.fade` (and `.automatic`,
///   `.top`, `.bottom`, `.middle`) dims rows as they come and go, `.left` and `.right` slide them,
///   `.none` shows the change at once; moved rows always travel.
///
/// The rows are drawn by a ``TerminalCollectionView`` the table owns: reuse, scrolling, focus,
/// selection, animation, reordering and the mouse are that view's, so only rows on screen have
/// cells and a table of a million rows scrolls as a list does.
///
/// ```swift
/// let view = TerminalTableView(style: .insetGrouped, width: 40, height: 12)
/// let registration = TerminalTableView.CellRegistration<TerminalListCell, String> { cell, _, name in
///     var content = cell.defaultContentConfiguration()
///     content.text = name
///     cell.contentConfiguration = content
/// }
/// let dataSource = TableViewDiffableDataSource<String, String>(tableView: view) { view, indexPath, name in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
/// }
/// ```
@MainActor
public final class TerminalTableView: ReusingTableView {
    /// Cells are ``TerminalCell``s (usually ``TerminalListCell``).
    public typealias Cell = TerminalCell
    /// A cell registration, as for a collection view (UIKit's tables dequeue by identifier).
    public typealias CellRegistration<RegisteredCell: ReusableView, Item> = Diffable.CellRegistration<
        RegisteredCell, Item
    >

    /// How the table looks: `UITableView.Style`.
    public enum Style: Hashable, Sendable {
        /// Rows edge to edge, headers as they are given.
        case plain
        /// A blank row before each section, headers in capitals.
        case grouped
        /// As ``grouped``, with each section's rows in a box inset from the edges.
        case insetGrouped
    }

    /// Whether lines separate the rows: `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Hashable, Sendable {
        /// No lines; the default here, as a terminal line takes a whole row.
        case none
        /// A line between each two rows of a section.
        case singleLine
    }

    /// The object the view pulls from.
    public weak var dataSource: (any TableViewDataSource)?
    /// The look, chosen when the table is made.
    public let style: Style
    /// The rows each row of the table takes: 2 shows a subtitle cell's secondary text on its own
    /// line. `UITableView.rowHeight`, in rows.
    public var rowHeight = 1 {
        didSet { rows.setNeedsLayout() }
    }
    /// Whether lines separate the rows; ``SeparatorStyle/none`` by default.
    public var separatorStyle = SeparatorStyle.none {
        didSet { rows.setNeedsLayout() }
    }
    /// The object told of selection and display, and asked for swipe actions, editing styles
    /// and where a drop lands; held weakly. Enter, Space and a click are the person's taps; a
    /// row's swipe actions are bound to their keys (a row with trailing actions is not deleted by
    /// `d`: its actions are used instead, as UIKit shows them instead of Delete).
    public weak var delegate: (any TableViewDelegate)? {
        didSet { rows.setNeedsLayout() }
    }
    /// Whether rows can be selected; setting `false` deselects every row (telling no one).
    public var allowsSelection = true {
        didSet { if !allowsSelection { rows.selectItem(at: nil, animated: false, scrollPosition: []) } }
    }
    /// Whether several rows can be selected at once; `false` by default.
    public var allowsMultipleSelection = false
    /// Whether the person can select rows in editing mode; `false` by default, as in UIKit.
    public var allowsSelectionDuringEditing = false
    /// Told of the rows a screen ahead of scrolling, and of those the person turned back from;
    /// held weakly.
    public weak var prefetchDataSource: (any TableViewDataSourcePrefetching)? {
        didSet { rows.prefetchDataSource = prefetchDataSource == nil ? nil : rowsSource }
    }
    /// Whether the table is in editing mode; setting it is ``setEditing(_:animated:)`` without
    /// animation, as in UIKit.
    public var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }
    private var editing = false

    /// The width of the view, in columns.
    public private(set) var width: Int
    /// The height of the view, in rows.
    public private(set) var height: Int
    /// The section index titles, as last asked of the data source (on a reload or an update, or
    /// ``reloadSectionIndexTitles()``).
    public var sectionIndexTitles: [String] { rows.indexTitles }

    /// Draws the rows and the section index (the rows view's index).
    let rows: TerminalCollectionView
    /// What `rows` pulls from: this table's data source, as a collection view's.
    let rowsSource = TableRowsSource()

    /// Creates an empty table of a style and size.
    public init(style: Style = .plain, width: Int, height: Int) {
        self.style = style
        self.width = max(width, 1)
        self.height = max(height, 1)
        rows = TerminalCollectionView(
            layout: .list(using: CollectionLayoutListConfiguration(appearance: .plain)), width: self.width,
            height: self.height)
        rows.host = self
        rows.dataSource = rowsSource
        rowsSource.table = self
        rows.collectionViewLayout = TerminalLayout { [weak self] section in
            self?.layoutSection(section)
                ?? .list(using: CollectionLayoutListConfiguration(appearance: .plain))
        }
    }

    // MARK: What the rows view shows of the table

    /// How many frames an animated update takes; 0 turns animation off.
    public var animationFrameCount: Int {
        get { rows.animationFrameCount }
        set { rows.animationFrameCount = newValue }
    }
    /// The row the keyboard focus is on.
    public var focusedIndexPath: IndexPath? { rows.focusedIndexPath }
    /// The selected rows. A selected row stays selected wherever an update moves it; deleting it
    /// deselects it.
    public var selectedIndexPaths: Set<IndexPath> { rows.selectedIndexPaths }
    /// The selected row, the first if there are several: `indexPathForSelectedRow`.
    public var indexPathForSelectedRow: IndexPath? { rows.selectedIndexPaths.min() }
    /// The selected rows, in order; `nil` when none is: `indexPathsForSelectedRows`.
    public var indexPathsForSelectedRows: [IndexPath]? {
        rows.selectedIndexPaths.isEmpty ? nil : rows.selectedIndexPaths.sorted()
    }
    /// Selects a row in code, telling no delegate; `nil` deselects every row. With single
    /// selection, the row selected before is deselected; a scroll position other than `.none`
    /// scrolls the row there (``scrollToRow(at:at:animated:)``).
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: TableView.ScrollPosition)
    {
        guard let indexPath else { return rows.selectItem(at: nil, animated: animated, scrollPosition: []) }
        guard allowsSelection else { return }
        // As UIKit's: `.none` selects without scrolling (where scrollToRow scrolls the least).
        rows.select(
            indexPath, exclusively: !allowsMultipleSelection,
            scrollingTo: scrollPosition == .none ? nil : Self.position(scrollPosition))
    }
    /// Deselects a row in code, telling no delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        rows.deselectItem(at: indexPath, animated: animated)
    }
    /// The first content row on screen.
    public var contentOffset: Int { rows.contentOffset }
    /// The number of content rows.
    public var contentHeight: Int { rows.contentHeight }
    /// Whether the view has changed since it was last drawn.
    public var needsDisplay: Bool { rows.needsDisplay }
    /// Whether an animated update is running.
    public var isAnimating: Bool { rows.isAnimating }
    /// Whether a row is being moved.
    public var isReordering: Bool { rows.isReordering }
    /// The number of sections, as last counted from the data source.
    public var numberOfSections: Int { rows.numberOfSections }
    /// The number of rows in a section, as last counted from the data source.
    public func numberOfRows(inSection section: Int) -> Int { rows.numberOfItems(inSection: section) }
    /// The cell on screen for a row, if the row is on screen.
    public func cellForRow(at indexPath: IndexPath) -> TerminalCell? { rows.cellForItem(at: indexPath) }
    /// The number of cells that exist for rows (those on screen).
    public var visibleCellCount: Int { rows.visibleCellCount }
    /// The row drawn at a cell of the view, if any: `UITableView.indexPathForRow(at:)`.
    public func indexPathForRow(atX x: Int, y: Int) -> IndexPath? { rows.indexPathForItem(atX: x, y: y) }
    /// Scrolls a row to a place in the view and moves the focus to it:
    /// `UITableView.scrollToRow(at:at:animated:)`. `.top`, `.middle` and `.bottom` put the row
    /// there, as far as the content goes; `.none` scrolls as little as shows it (none when it is
    /// on screen). `animated` changes nothing: a terminal shows the new place at once.
    public func scrollToRow(
        at indexPath: IndexPath, at scrollPosition: TableView.ScrollPosition, animated: Bool
    ) {
        rows.scrollToItem(at: indexPath, at: Self.position(scrollPosition), animated: animated)
    }
    /// The collection view's position for a table's.
    private static func position(_ position: TableView.ScrollPosition) -> CollectionView.ScrollPosition {
        switch position {
        case .none: []
        case .top: .top
        case .middle: .centeredVertically
        case .bottom: .bottom
        }
    }
    /// Advances the running animation by one frame.
    public func advanceAnimation() { rows.advanceAnimation() }
    /// Ends the running animation at once and runs its completion.
    public func finishAnimations() { rows.finishAnimations() }

    /// Changes the view's size, keeping the focused row on screen.
    public func resize(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        rows.resize(width: self.width, height: self.height)
    }

    /// Enters or leaves editing mode: rows show their delete and reorder controls, and `d` and
    /// `m` act on them. Leaving puts back a row being moved.
    public func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != self.editing else { return }
        self.editing = editing
        if !editing && rows.isReordering { rows.handle(.escape) }
        rows.needsDisplay = true
    }

    // MARK: DiffableTableView

    /// Discards every cell and counts again from the data source, titles and index included.
    public func reloadData() {
        rows.reloadData()
    }

    /// Asks the data source for the section index titles again, as
    /// `UITableView.reloadSectionIndexTitles()`; reloads and updates do it themselves.
    public func reloadSectionIndexTitles() {
        rows.reloadIndexTitles()
    }

    /// Asks the data source for the titles of the headers and footers on screen again, showing
    /// them in the same cells: after every update, not only a reload (a footer that counts its
    /// rows stays right).
    func refreshTitles() {
        for held in rows.indexed.supplementaries {
            // The title cells only: a header or footer view of the delegate's is its own.
            guard let cell = held.cell as? TerminalListCell,
                cell.reuseKey == ObjectIdentifier(rowsSource.titleCells)
            else { continue }
            rowsSource.showTitle(in: cell, kind: held.place.kind, section: held.place.section)
        }
        rows.needsDisplay = true
    }

    /// Applies a batch update as ``TerminalCollectionView/performBatchUpdates(_:animatingDifferences:completion:)``
    /// does, drawing rows that come and go with `rowAnimation`.
    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: TableView.RowAnimation,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        rows.performBatchUpdates(
            update, animatingDifferences: animatingDifferences, rowAnimation: rowAnimation,
            completion: completion)
        refreshTitles()
    }

    /// A pooled cell, or the cell being reconfigured at `indexPath`.
    public func dequeueReusableView<View: ReusableView>(
        ofType type: View.Type, reuseKey: ObjectIdentifier, elementKind: String?, for indexPath: IndexPath
    ) -> View {
        rows.dequeueReusableView(ofType: type, reuseKey: reuseKey, elementKind: elementKind, for: indexPath)
    }

    // MARK: Drawing

    /// Draws what the view shows into a new buffer of the view's size.
    ///
    /// - Complexity: O(s + v + t) for s sections, v cells on screen and t index titles.
    public func render() -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        draw(into: &buffer)
        return buffer
    }

    /// Draws the rows and the section index into `buffer`, at its top-left corner.
    public func draw(into buffer: inout ScreenBuffer) {
        rows.draw(into: &buffer)
    }
}
