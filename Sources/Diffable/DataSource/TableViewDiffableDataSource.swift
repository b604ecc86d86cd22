import Foundation

/// Drives a ``DiffableTableView`` from snapshots: Apple's `UITableViewDiffableDataSource` without
/// the prefix.
///
/// ```swift
/// let dataSource = TableViewDiffableDataSource<Section, Item>(tableView: view) {
///     view, indexPath, item in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// dataSource.defaultRowAnimation = .fade
/// dataSource.apply(snapshot)
/// ```
///
/// It shares the update path with ``CollectionViewDiffableDataSource``: the apply family,
/// ``DiffableDataSource/snapshot()``, the lookups and the tuning come from ``DiffableDataSource``,
/// one engine for both façades. This class adds what a table asks for: cells, and the optional
/// `UITableViewDataSource` methods, which a subclass overrides as with UIKit's.
///
/// ```swift
/// final class RosterDataSource: TableViewDiffableDataSource<Team, Player> {
///     override func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int) -> String? {
///         sectionIdentifier(for: section)?.name
///     }
///     override func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
///     override func tableView(
///         _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
///     ) {
///         guard editingStyle == .delete, let player = itemIdentifier(for: indexPath) else { return }
///         var snapshot = snapshot()
///         snapshot.deleteItems([player])
///         apply(snapshot)
///     }
///     override func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
/// }
/// ```
///
/// Apple's defaults, which these match: no row can be edited (a swipe deletes nothing) until
/// ``tableView(_:canEditRowAt:)`` says so; no row can be moved until
/// ``tableView(_:canMoveRowAt:)`` says so; and ``tableView(_:moveRowAt:to:)`` commits the
/// person's move to the data source's state, so ``DiffableDataSource/snapshot()`` has the row at
/// its new place when it returns, and a subclass that overrides it calls `super` or applies a
/// snapshot with the move itself.
@MainActor
open class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, TableViewDataSource {
    /// Returns a configured cell for a row; returning `nil` is a programming error that traps.
    public typealias CellProvider =
        @MainActor (
            _ tableView: any DiffableTableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
        ) -> AnyObject?

    let _cellProvider: CellProvider

    /// How rows come and go when an apply animates: inserted, deleted and reloaded rows use it,
    /// moved rows always travel. `.automatic` by default, as UIKit's.
    public var defaultRowAnimation = TableView.RowAnimation.automatic

    /// Creates a data source for a view and makes itself the view's data source.
    ///
    /// The data source holds the view weakly, and starts with an empty snapshot.
    public init<View: DiffableTableView>(
        tableView: View,
        cellProvider:
            @escaping @MainActor (
                _ tableView: View, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
            )
            -> View.Cell?
    ) {
        _cellProvider = Self._erasing(cellProvider)
        super.init()
        connect(to: tableView)
    }

    /// Creates a data source whose cell provider receives the view as an existential.
    public init(tableView: any DiffableTableView, cellProvider: @escaping CellProvider) {
        _cellProvider = cellProvider
        super.init()
        connect(to: tableView)
    }

    /// Gives the engine its way to the view, held weakly as UIKit's data source holds its table
    /// view, with the row animation read when each update is handed over.
    private func connect(to tableView: any DiffableTableView) {
        _engine.view = _ViewConnection(
            reloadData: { [weak tableView] in
                tableView?.reloadData()
                return tableView != nil
            },
            performBatchUpdates: { [weak tableView, weak self] update, animated, completion in
                tableView?.performBatchUpdates(
                    update, animatingDifferences: animated,
                    rowAnimation: self?.defaultRowAnimation ?? .automatic, completion: completion)
                return tableView != nil
            })
        tableView.dataSource = self
    }

    // MARK: TableViewDataSource: what the view pulls

    /// The number of sections in the committed snapshot.
    public func numberOfSections(in tableView: any DiffableTableView) -> Int {
        _numberOfSections
    }

    /// The number of rows in a section of the committed snapshot.
    public func tableView(_ tableView: any DiffableTableView, numberOfRowsInSection section: Int) -> Int {
        _numberOfItems(inSection: section)
    }

    /// Asks the cell provider for the row's cell. Traps if it returns `nil`, as UIKit does.
    public func tableView(_ tableView: any DiffableTableView, cellForRowAt indexPath: IndexPath) -> AnyObject
    {
        _cell(at: indexPath, view: "table view") { _cellProvider(tableView, indexPath, $0) }
    }

    /// The type-erased identifier of the row at an index path.
    public func tableView(_ tableView: any DiffableTableView, identifierOfRowAt indexPath: IndexPath)
        -> AnyHashable?
    {
        _engine.itemIdentifier(at: indexPath).map(AnyHashable.init)
    }

    // MARK: TableViewDataSource: what a subclass overrides

    // Apple's defaults, as found (UIKit's Swift overlay is not public source):
    // - canEditRowAt is false: apps subclass only to return true ("UITableViewDiffableDataSource
    //   disables canEditRowAt by default", ViteMaDose's EditableDiffableDataSource; the same
    //   one-method subclasses in SharedPlaylist, Threads and others), and swipe-to-delete needs it.
    // - canMoveRowAt is false, and moveRowAt commits the move to the data source's state: the
    //   Objective-C diffable data source answers a view's move with
    //   `__UIDiffableDataSource _commitReorderingForItemAtIndexPath:toDestinationIndexPath:`
    //   (decompiled UIKitCore, `collectionView:moveItemAtIndexPath:toIndexPath:`), and table
    //   subclasses enable reordering by overriding canMoveRowAt alone (SharedPlaylist's
    //   EditableTableViewDiffableDataSource), so the default must keep the snapshot right.
    // - Titles and index titles are nil; sectionForSectionIndexTitle has no documented default,
    //   and the title's position is what a data source whose titles are its sections returns.

    /// The title of a section's header; `nil` (no header) unless a subclass returns one, as
    /// `sectionIdentifier(for: section)`'s name.
    open func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int) -> String? {
        nil
    }

    /// The title of a section's footer; `nil` (no footer) unless a subclass returns one.
    open func tableView(_ tableView: any DiffableTableView, titleForFooterInSection section: Int) -> String? {
        nil
    }

    /// Whether a row may be deleted in editing mode or by a swipe: `false` unless a subclass
    /// returns `true`, as Apple's (its data source answers for every row, so `UITableView`'s own
    /// default of `true` never applies).
    open func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath) -> Bool {
        false
    }

    /// Commits a deletion (or insertion) the person made; does nothing unless a subclass deletes
    /// the row's item from ``DiffableDataSource/snapshot()`` and applies it.
    open func tableView(
        _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {}

    /// Whether a row shows a reorder control in editing mode: `false` unless a subclass returns
    /// `true`, as Apple's.
    open func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        false
    }

    /// Commits a move the person made: the row's item moves to the destination in the data
    /// source's state, before and around the same neighbours as the view shows, so
    /// ``DiffableDataSource/snapshot()`` has it at its new place when this returns (and every
    /// apply still on its way to the view carries the move too).
    ///
    /// A subclass that overrides this to update its model calls `super`, or applies a snapshot
    /// that makes the move itself.
    ///
    /// - Complexity: O(d) for a move of d places with nothing on its way to the view; O(n) for
    ///   each state on its way otherwise.
    open func tableView(
        _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        _ = _commitMove(from: sourceIndexPath, to: destinationIndexPath)
    }

    /// The section index titles; `nil` (no index) unless a subclass returns them.
    open func sectionIndexTitles(for tableView: any DiffableTableView) -> [String]? {
        nil
    }

    /// The section an index title scrolls to: the title's position, unless a subclass maps
    /// titles to sections otherwise (several sections under one letter, say).
    open func tableView(
        _ tableView: any DiffableTableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
        index
    }
}
