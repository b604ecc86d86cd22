import DiffableCells
import Foundation

/// A table view with no screen that applies every batch update under UIKit's rules and fails,
/// with a precise message, on any inconsistency: ``ValidatingCollectionView`` for a
/// ``TableViewDiffableDataSource`` (or any ``TableViewDataSource``).
///
/// Like `UITableView`, it pulls counts, cells and titles from its data source and re-counts after
/// every batch update, and it checks that every surviving cell shows the row the data source now
/// has at its index path. It records each update with the row animation it came with, and
/// simulates what a person does: select a row, swipe to delete, enter editing mode, delete with
/// the delete control, drag a row by its reorder control, pick a section index title.
///
/// ```swift
/// let view = ValidatingTableView()
/// let dataSource = TableViewDiffableDataSource<String, Int>(tableView: view) {
///     view, indexPath, item in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// dataSource.apply(snapshot)
/// #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3]])
/// ```
@MainActor
public final class ValidatingTableView: ValidatingView, ReusingTableView {
    /// The last ``scrollToRow(at:at:animated:)`` and its position (beyond UIKit: this view has no
    /// screen to look at).
    public internal(set) var lastScrollToRow: (indexPath: IndexPath, position: TableView.ScrollPosition)?
    /// Cells are ``ValidatingView/Cell``s.
    public typealias Cell = ValidatingView.Cell

    /// Something the view was told to do.
    public enum Operation: Hashable, Sendable {
        /// `reloadData()`.
        case reloadData
        /// `performBatchUpdates` with this update, animated or not, and the row animation.
        case batchUpdate(BatchUpdate, animated: Bool, rowAnimation: TableView.RowAnimation)
    }

    /// The object the view pulls from.
    public weak var dataSource: (any TableViewDataSource)?
    /// The object told of selection and display, and asked for editing styles and where a drag
    /// lands; held weakly.
    public weak var delegate: (any TableViewDelegate)?
    /// Whether the person can select rows in editing mode; `false` by default, as in UIKit.
    public var allowsSelectionDuringEditing = false
    /// Told of the rows ahead of a scroll (``ValidatingView/scroll(showing:)``); held weakly.
    public weak var prefetchDataSource: (any TableViewDataSourcePrefetching)?
    /// Whether the view is in editing mode; setting it is ``setEditing(_:animated:)``, as in UIKit.
    public var isEditing = false {
        didSet { updateCellConfigurations() }
    }

    /// Everything the view was told to do, in order.
    public var operations: [Operation] {
        recorded.map {
            switch $0 {
            case .reloadData:
                .reloadData
            case .batchUpdate(let update, let animated, let rowAnimation):
                .batchUpdate(update, animated: animated, rowAnimation: rowAnimation ?? .automatic)
            }
        }
    }

    /// The number of rows on screen in a section.
    public func numberOfRows(inSection section: Int) -> Int { sections[section].count }

    /// The title the data source gives a section's header, as the view would draw it.
    public func headerTitle(forSection section: Int) -> String? {
        dataSource?.tableView(self, titleForHeaderInSection: section)
    }

    /// The title the data source gives a section's footer, as the view would draw it.
    public func footerTitle(forSection section: Int) -> String? {
        dataSource?.tableView(self, titleForFooterInSection: section)
    }

    /// The header displayed for a section, `UITableView.headerView(forSection:)`: the delegate's
    /// view (`viewForHeaderInSection`), else one showing the data source's title; `nil` when the
    /// section has neither or is not displayed.
    public func headerView(forSection section: Int) -> Cell? {
        supplementaries[SupplementaryPlace(isHeader: true, section: section)]
    }

    /// The footer displayed for a section, `UITableView.footerView(forSection:)`.
    public func footerView(forSection section: Int) -> Cell? {
        supplementaries[SupplementaryPlace(isHeader: false, section: section)]
    }

    /// The section index the data source gives the view, or `nil` for none.
    public var sectionIndexTitles: [String]? {
        dataSource.flatMap { $0.sectionIndexTitles(for: self) }
    }

    // MARK: DiffableTableView

    /// Asks the data source for everything again; every cell on screen is new.
    public func reloadData() {
        applyReload()
    }

    /// Applies a batch update under UIKit's rules, then checks counts and identities.
    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: TableView.RowAnimation,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        applyBatch(update, animated: animatingDifferences, rowAnimation: rowAnimation, completion: completion)
    }

    // MARK: Pulling from the data source

    override func pullSectionCount() -> Int? { dataSource?.numberOfSections(in: self) }

    override func tellPrefetching(_ step: (prefetch: [IndexPath], cancel: [IndexPath])) {
        prefetchDataSource?.tell(step, in: self)
    }

    override func willDisplay(_ cell: Cell, at indexPath: IndexPath) {
        delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }

    override func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath) {
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    /// A table's rows are editing while it is.
    override func decorate(_ state: inout CellConfigurationState, at indexPath: IndexPath) {
        state.isEditing = isEditing
    }

    /// A header or footer showing the section's title, for a section that has one.
    override func pullSupplementary(isHeader: Bool, section: Int) -> Cell? {
        let given =
            isHeader
            ? delegate?.tableView(self, viewForHeaderInSection: section)
            : delegate?.tableView(self, viewForFooterInSection: section)
        if let view = given as? Cell { return view }
        guard let title = isHeader ? headerTitle(forSection: section) : footerTitle(forSection: section)
        else {
            return nil
        }
        let view = Cell()
        view.text = title
        return view
    }

    override func willDisplaySupplementary(_ view: Cell, isHeader: Bool, section: Int) {
        if isHeader {
            delegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        } else {
            delegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
    }

    override func didEndDisplayingSupplementary(_ view: Cell, isHeader: Bool, section: Int) {
        if isHeader {
            delegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        } else {
            delegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
    }

    override func pullItemCount(inSection section: Int) -> Int {
        dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
    }

    override func pullCell(at indexPath: IndexPath) -> AnyObject {
        guard let dataSource else { fatalError("ValidatingTableView: no data source") }
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }

    override func pullIdentifier(at indexPath: IndexPath) -> AnyHashable? {
        dataSource?.tableView(self, identifierOfRowAt: indexPath)
    }
}
