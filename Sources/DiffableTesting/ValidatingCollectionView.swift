import DiffableCells
import Foundation

/// A collection view with no screen that applies every batch update under UIKit's rules and
/// fails, with a precise message, on any inconsistency: the view to drive a diffable data source
/// with in tests, on Linux CI or anywhere else.
///
/// Like `UICollectionView`, it pulls counts and cells from its data source and re-counts after
/// every batch update. Beyond UIKit, it also checks identity: every cell that survives an update
/// must show, at its new index path, the item the data source now has there. It records every
/// operation and every cell configuration (a new cell, or an existing one reconfigured in place),
/// exposes what is on screen, and simulates what a person does: select, tap a disclosure, drag.
/// ``ValidatingTableView`` does the same for a table's data source.
///
/// ```swift
/// let view = ValidatingCollectionView()
/// let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
///     view, indexPath, item in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// dataSource.apply(snapshot)
/// #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3]])
/// ```
@MainActor
public final class ValidatingCollectionView: ValidatingView, ReusingCollectionView {
    /// The last ``scrollToItem(at:at:animated:)`` and its position (beyond UIKit: this view has
    /// no screen to look at).
    public internal(set) var lastScrollToItem:
        (indexPath: IndexPath, position: CollectionView.ScrollPosition)?
    /// Cells are ``ValidatingView/Cell``s.
    public typealias Cell = ValidatingView.Cell
    /// Supplementary views are cells too.
    public typealias SupplementaryView = ValidatingView.Cell

    /// Something the view was told to do.
    public enum Operation: Hashable, Sendable {
        /// `reloadData()`.
        case reloadData
        /// `performBatchUpdates` with this update.
        case batchUpdate(BatchUpdate, animated: Bool)
    }

    /// The object the view pulls from.
    public weak var dataSource: (any CollectionViewDataSource)?
    /// The object told of selection and display, and asked where a drag lands; held weakly.
    public weak var delegate: (any CollectionViewDelegate)?
    /// Told of the items ahead of a scroll (``ValidatingView/scroll(showing:)``); held weakly.
    public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?
    /// The list layout's configuration, as `UICollectionLayoutListConfiguration` is given to a
    /// list layout: its swipe action providers are what ``swipeItem(at:leading:performing:fullSwipe:)``
    /// swipes, and its header and footer modes say which sections' supplementary views are
    /// displayed. `nil` (no list layout, no headers) by default.
    public var listConfiguration: CollectionLayoutListConfiguration?
    /// Whether the view is in editing mode: cells show the accessories displayed `.whenEditing`
    /// and their configuration state says so. `UICollectionView.isEditing`; `false` by default.
    public var isEditing = false {
        didSet { updateCellConfigurations() }
    }

    /// Everything the view was told to do, in order.
    public var operations: [Operation] {
        recorded.map {
            switch $0 {
            case .reloadData: .reloadData
            case .batchUpdate(let update, let animated, _): .batchUpdate(update, animated: animated)
            }
        }
    }

    /// The number of items on screen in a section.
    public func numberOfItems(inSection section: Int) -> Int { sections[section].count }

    /// Asks the data source for a supplementary view, as a layout would.
    public func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> Cell? {
        dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath) as? Cell
    }

    // MARK: DiffableCollectionView

    /// Asks the data source for everything again; every cell on screen is new.
    public func reloadData() {
        applyReload()
    }

    /// Applies a batch update under UIKit's rules, then checks counts and identities.
    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        applyBatch(update, animated: animatingDifferences, rowAnimation: nil, completion: completion)
    }

    // MARK: Pulling from the data source

    override func pullSectionCount() -> Int? { dataSource?.numberOfSections(in: self) }

    override func tellPrefetching(_ step: (prefetch: [IndexPath], cancel: [IndexPath])) {
        prefetchDataSource?.tell(step, in: self)
    }

    override func willDisplay(_ cell: Cell, at indexPath: IndexPath) {
        delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
    }

    override func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath) {
        delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }

    /// An item is editing while the view is, if the data source lets it be edited; its outline
    /// place is the data source's; a list's first item is its section's header where the
    /// ``listConfiguration`` says so.
    override func decorate(_ state: inout CellConfigurationState, at indexPath: IndexPath) {
        state.isEditing = isEditing && dataSource?.collectionView(self, canEditItemAt: indexPath) != false
        state.isSectionHeader = indexPath.item == 0 && listConfiguration?.headerMode == .firstItemInSection
        if let outline = dataSource?.collectionView(self, outlineStateOfItemAt: indexPath) {
            state.hasChildren = outline.hasChildren
            state.isExpanded = outline.isExpanded
            state.outlineLevel = outline.level
        }
    }

    /// A list section's header or footer, as its ``listConfiguration`` says it has one.
    override func pullSupplementary(isHeader: Bool, section: Int) -> Cell? {
        guard let listConfiguration,
            isHeader
                ? listConfiguration.headerMode == .supplementary
                : listConfiguration.footerMode == .supplementary
        else { return nil }
        return supplementaryView(ofKind: Self.kind(isHeader), at: IndexPath(item: 0, section: section))
    }

    override func willDisplaySupplementary(_ view: Cell, isHeader: Bool, section: Int) {
        delegate?.collectionView(
            self, willDisplaySupplementaryView: view, forElementKind: Self.kind(isHeader),
            at: IndexPath(item: 0, section: section))
    }

    override func didEndDisplayingSupplementary(_ view: Cell, isHeader: Bool, section: Int) {
        delegate?.collectionView(
            self, didEndDisplayingSupplementaryView: view, forElementOfKind: Self.kind(isHeader),
            at: IndexPath(item: 0, section: section))
    }

    private static func kind(_ isHeader: Bool) -> String {
        isHeader ? elementKindSectionHeader : elementKindSectionFooter
    }

    override func pullItemCount(inSection section: Int) -> Int {
        dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
    }

    override func pullCell(at indexPath: IndexPath) -> AnyObject {
        guard let dataSource else { fatalError("ValidatingCollectionView: no data source") }
        return dataSource.collectionView(self, cellForItemAt: indexPath)
    }

    override func pullIdentifier(at indexPath: IndexPath) -> AnyHashable? {
        dataSource?.collectionView(self, identifierOfItemAt: indexPath)
    }
}
