import Foundation

/// A table view that a ``TableViewDiffableDataSource`` can drive: the protocol is shaped like
/// `UITableView`, as ``DiffableCollectionView`` is shaped like `UICollectionView`.
///
/// The view **pulls** section counts, row counts, cells, header and footer titles and section
/// index titles from its ``dataSource``, and learns of changes only through ``reloadData()`` and
/// ``performBatchUpdates(_:animatingDifferences:rowAnimation:completion:)``, which hands it one
/// ``BatchUpdate`` in UIKit's index conventions (items are rows). After a batch update it
/// re-counts from its data source, exactly as `UITableView` does.
///
/// What the person does comes back through the data source, as in UIKit: a view in editing mode
/// (or a swipe) deletes a row with ``TableViewDataSource/tableView(_:commit:forRowAt:)`` when
/// ``TableViewDataSource/tableView(_:canEditRowAt:)`` allows it, and reorders with
/// ``TableViewDataSource/tableView(_:moveRowAt:to:)`` when
/// ``TableViewDataSource/tableView(_:canMoveRowAt:)`` allows it.
///
/// ## Reporting a move
///
/// When the person drops a row, the view calls `tableView(_:moveRowAt:to:)` first, and then:
/// - if the data source updated the view during the call (a subclass that applies a snapshot
///   with the move, the common UIKit override), that update has moved the row;
/// - otherwise the view moves the row itself (``TableViewDiffableDataSource``'s own
///   `moveRowAt` has committed the move to its state, so the two agree).
///
/// Views in this package: `ValidatingTableView` (in `DiffableTesting`), which applies every
/// update under UIKit's rules and reports a data source that disagrees with the rows it shows,
/// and `TerminalTableView` (in `DiffableTerminal`).
@MainActor
public protocol DiffableTableView: AnyObject {
    /// The type of the cells the view shows.
    associatedtype Cell: AnyObject

    /// The object the view pulls from. Views hold it weakly, as UIKit does; a diffable data
    /// source sets it when it is created.
    var dataSource: (any TableViewDataSource)? { get set }

    /// Discards everything the view shows and asks its data source again.
    func reloadData()

    /// Applies one batch of changes, as ``DiffableCollectionView/performBatchUpdates(_:animatingDifferences:completion:)``
    /// does.
    ///
    /// - Parameters:
    ///   - update: Deletes and section reloads at old positions, inserts at new positions, moves
    ///     from old to new, then row reloads and reconfigures at final index paths.
    ///   - animatingDifferences: Whether to animate; `false` is UIKit's
    ///     `UIView.performWithoutAnimation`.
    ///   - rowAnimation: How inserted, deleted and reloaded rows appear and leave when animating:
    ///     the data source's ``TableViewDiffableDataSource/defaultRowAnimation``.
    ///   - completion: Runs once, on the main actor, when the view has finished.
    func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: TableView.RowAnimation,
        completion: (@MainActor (Bool) -> Void)?)
}

/// A table view that keeps pools of reusable cells, so only what is on screen exists. Adopting it
/// gives the view `dequeueConfiguredReusableCell(using:for:item:)`, as ``ReusingCollectionView``
/// does (UIKit's table views dequeue by reuse identifier instead).
@MainActor
public protocol ReusingTableView: DiffableTableView, ReusingView {}

/// What a table view pulls from: UIKit's `UITableViewDataSource`, for ``DiffableTableView``s.
///
/// ``TableViewDiffableDataSource`` adopts it and lets a subclass override what `UIKit` calls the
/// optional methods, with Apple's defaults (no header or footer titles, no index, no row can be
/// edited or moved until a subclass says so). Here every method is required but the last two:
/// an app rarely adopts the protocol itself, and a view then knows exactly what it is told.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections(in tableView: any DiffableTableView) -> Int
    /// The number of rows in a section.
    func tableView(_ tableView: any DiffableTableView, numberOfRowsInSection section: Int) -> Int
    /// A configured cell for a row. The view casts it to its ``DiffableTableView/Cell``.
    func tableView(_ tableView: any DiffableTableView, cellForRowAt indexPath: IndexPath) -> AnyObject
    /// The title of a section's header, or `nil` for none.
    func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int) -> String?
    /// The title of a section's footer, or `nil` for none.
    func tableView(_ tableView: any DiffableTableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row may be deleted (in editing mode, or by a swipe).
    func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Commits an edit the person made: deletes (or inserts) the row. The view does not change
    /// its rows itself; the data source updates it (a diffable one applies a snapshot).
    func tableView(
        _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath)
    /// Whether the row shows a reorder control in editing mode and may be moved.
    func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// Reports a row the person dropped at `destinationIndexPath` (a final index path); see
    /// "Reporting a move" in ``DiffableTableView``.
    func tableView(
        _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath)
    /// The titles of the section index at the view's trailing edge, or `nil` for no index.
    func sectionIndexTitles(for tableView: any DiffableTableView) -> [String]?
    /// The section to scroll to when the person picks the index title at `index`.
    func tableView(
        _ tableView: any DiffableTableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int
    /// The identifier of the row at an index path, type-erased, for views that check identity
    /// (beyond UIKit).
    func tableView(_ tableView: any DiffableTableView, identifierOfRowAt indexPath: IndexPath) -> AnyHashable?
    /// Whether updates are still on their way to the view; an interactive view holds input until
    /// they have landed.
    var hasPendingUpdates: Bool { get }
}

extension TableViewDataSource {
    /// `nil` by default.
    public func tableView(_ tableView: any DiffableTableView, identifierOfRowAt indexPath: IndexPath)
        -> AnyHashable?
    { nil }
    /// `false` by default.
    public var hasPendingUpdates: Bool { false }
}

/// Names UIKit nests in `UITableView`, spelled as they are there: `TableView.RowAnimation`. A
/// namespace, not a view (Swift protocols cannot hold types): the views are the types that
/// conform to ``DiffableTableView``.
public enum TableView {}

/// Names UIKit nests in `UITableViewCell`, spelled as they are there: `TableViewCell.EditingStyle`.
public enum TableViewCell {}

extension TableView {
    /// How a table view animates rows that are inserted, deleted or reloaded: `UITableView.RowAnimation`.
    ///
    /// Each view draws what it can and documents the rest; `TerminalTableView` fades (dims), slides
    /// rows sideways for ``left`` and ``right``, and shows ``none`` as no animation at all.
    public enum RowAnimation: Hashable, Sendable, CaseIterable {
        /// The rows fade in or out.
        case fade
        /// Inserted rows slide in from the right; deleted rows slide out to the right.
        case right
        /// Inserted rows slide in from the left; deleted rows slide out to the left.
        case left
        /// Rows slide in from, or out to, the top.
        case top
        /// Rows slide in from, or out to, the bottom.
        case bottom
        /// No animation for the rows (moves still animate).
        case none
        /// The view keeps the row centred in the space it occupies or will occupy.
        case middle
        /// The view picks a suitable animation; the default.
        case automatic
    }
}

extension TableViewCell {
    /// The editing a row commits: `UITableViewCell.EditingStyle`.
    public enum EditingStyle: Hashable, Sendable {
        /// No editing control.
        case none
        /// The row is deleted.
        case delete
        /// A row is inserted.
        case insert
    }
}

extension TableView {
    /// Where a table view places a row it scrolls to: `UITableView.ScrollPosition`.
    public enum ScrollPosition: Hashable, Sendable {
        /// As little scrolling as shows the row (none when it is visible).
        case none
        /// The row at the top of the visible part.
        case top
        /// The row in the middle of the visible part.
        case middle
        /// The row at the bottom of the visible part.
        case bottom
    }
}
