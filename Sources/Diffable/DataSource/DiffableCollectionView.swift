import Foundation

/// A list or collection view that a diffable data source can drive.
///
/// The protocol is shaped like `UICollectionView`: the view **pulls** section counts, item
/// counts, cells and supplementary views from its ``dataSource``, and learns of changes only
/// through ``reloadData()`` and ``performBatchUpdates(_:animatingDifferences:completion:)``, which
/// hands it one ``BatchUpdate`` in UIKit's index conventions. After a batch update the view
/// re-counts from its data source, exactly as `UICollectionView` does, so a wrong batch is caught
/// where it happens.
///
/// ## How UIKit and AppKit views map onto it
///
/// | Requirement | `UICollectionView` | `UITableView` | `NSCollectionView` |
/// |---|---|---|---|
/// | ``dataSource`` | `dataSource` (through an adapter object conforming to `UICollectionViewDataSource`) | `dataSource` (adapter conforming to `UITableViewDataSource`) | `dataSource` (adapter conforming to `NSCollectionViewDataSource`) |
/// | ``reloadData()`` | `reloadData()` | `reloadData()` | `reloadData()` |
/// | ``performBatchUpdates(_:animatingDifferences:completion:)`` | `performBatchUpdates` with `deleteSections`, `insertSections`, `moveSection`, `reloadSections`, `deleteItems`, `insertItems`, `moveItem`, then a second `performBatchUpdates` with `reloadItems` and `reconfigureItems`; wrapped in `UIView.performWithoutAnimation` when not animating | the same with the `Rows` variants and `reconfigureRows` | `animator().performBatchUpdates` (or without `animator()`), with `reloadItems` for both reloads and reconfigures |
/// | ``Cell`` | `UICollectionViewCell` | `UITableViewCell` | `NSCollectionViewItem` |
/// | ``SupplementaryView`` | `UICollectionReusableView` | `UITableViewHeaderFooterView` | `NSView & NSCollectionViewElement` |
///
/// Interactions come back through the data source: a view that supports reordering asks
/// ``CollectionViewDataSource/collectionView(_:canMoveItemAt:)`` and, when a drag ends, reports it
/// with ``CollectionViewDataSource/collectionView(_:moveItemAt:to:)`` after it has moved the cell
/// itself (as UIKit does); a view that shows outline disclosures reports a tap with
/// ``CollectionViewDataSource/collectionView(_:toggleExpansionOfItemAt:)``.
///
/// Views in this package: `ValidatingCollectionView` (in `DiffableTesting`), which applies every
/// update under UIKit's rules and fails loudly on any inconsistency, and `TerminalCollectionView`
/// (in `DiffableTerminal`).
@MainActor
public protocol DiffableCollectionView: AnyObject {
    /// The type of the cells the view shows.
    associatedtype Cell: AnyObject
    /// The type of the headers, footers and other supplementary views the view shows.
    associatedtype SupplementaryView: AnyObject

    /// The object the view pulls counts, cells and supplementary views from. Views hold it weakly,
    /// as UIKit does; a diffable data source sets it when it is created.
    var dataSource: (any CollectionViewDataSource)? { get set }

    /// Discards everything the view shows and asks its data source again.
    func reloadData()

    /// Applies one batch of changes: deletes and section reloads at old positions, inserts at new
    /// positions, moves from old to new, then reloads and reconfigures at final index paths.
    ///
    /// The view must re-count from its data source while applying, so the data source commits its
    /// new state before calling this. `completion` runs once, on the main actor, when the view has
    /// finished (after the animation, if any); its argument is `false` if the animation was cut
    /// short.
    func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?)
}

/// Names UIKit nests in `UICollectionView`, spelled as they are there: `CollectionView.ScrollPosition`.
/// A namespace, not a view (Swift protocols cannot hold types): the views are the types that
/// conform to ``DiffableCollectionView``.
public enum CollectionView {}

extension CollectionView {
    /// Where a collection view places an item it scrolls to: `UICollectionView.ScrollPosition`. The
    /// empty set (`[]`) does not scroll.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        /// Creates a position from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The item at the top of the visible part.
        public static let top = Self(rawValue: 1 << 0)
        /// The item centred vertically.
        public static let centeredVertically = Self(rawValue: 1 << 1)
        /// The item at the bottom of the visible part.
        public static let bottom = Self(rawValue: 1 << 2)
        /// The item at the left of the visible part.
        public static let left = Self(rawValue: 1 << 3)
        /// The item centred horizontally.
        public static let centeredHorizontally = Self(rawValue: 1 << 4)
        /// The item at the right of the visible part.
        public static let right = Self(rawValue: 1 << 5)

        /// Where a view scrolled along one axis starts so that a span (`start`, `length`) sits
        /// where this position says on that axis, in a visible part `visible` long: at its leading
        /// edge, its middle or its trailing edge; `nil` when the position names no place on that
        /// axis. The view clamps it to its content.
        package func offset(placing start: Int, length: Int, in visible: Int, horizontally: Bool) -> Int? {
            let (leading, middle, trailing): (Self, Self, Self) =
                horizontally ? (.left, .centeredHorizontally, .right) : (.top, .centeredVertically, .bottom)
            if contains(leading) { return start }
            if contains(middle) { return start - (visible - length) / 2 }
            if contains(trailing) { return start + length - visible }
            return nil
        }
    }
}

/// What a view pulls from: UIKit's `UICollectionViewDataSource`, for ``DiffableCollectionView``s.
///
/// ``CollectionViewDiffableDataSource`` adopts it; an app rarely implements it directly.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections(in collectionView: any DiffableCollectionView) -> Int
    /// The number of items in a section.
    func collectionView(_ collectionView: any DiffableCollectionView, numberOfItemsInSection section: Int)
        -> Int
    /// A configured cell for an item. The view casts it to its ``DiffableCollectionView/Cell``.
    func collectionView(_ collectionView: any DiffableCollectionView, cellForItemAt indexPath: IndexPath)
        -> AnyObject
    /// A configured supplementary view (a header or footer) for a section.
    func collectionView(
        _ collectionView: any DiffableCollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> AnyObject
    /// Whether the item may be picked up and moved by the person using the view.
    func collectionView(_ collectionView: any DiffableCollectionView, canMoveItemAt indexPath: IndexPath)
        -> Bool
    /// Whether the item's cell enters editing mode with the view (`CellConfigurationState`'s
    /// `isEditing`, the accessories displayed `.whenEditing`).
    func collectionView(_ collectionView: any DiffableCollectionView, canEditItemAt indexPath: IndexPath)
        -> Bool
    /// Reports a finished move: the view has already moved the cell from `sourceIndexPath` to
    /// `destinationIndexPath` (a final index path) and the data source must now agree.
    func collectionView(
        _ collectionView: any DiffableCollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath)
    /// Reports a tap on an outline disclosure: expand the item if it is collapsed, else collapse it.
    func collectionView(
        _ collectionView: any DiffableCollectionView, toggleExpansionOfItemAt indexPath: IndexPath)
    /// The outline position of an item, for indentation and disclosure; `nil` for a flat item.
    func collectionView(
        _ collectionView: any DiffableCollectionView, outlineStateOfItemAt indexPath: IndexPath
    )
        -> OutlineItemState?
    /// The identifier of the item at an index path, type-erased, for views that check identity.
    func collectionView(_ collectionView: any DiffableCollectionView, identifierOfItemAt indexPath: IndexPath)
        -> AnyHashable?
    /// The titles of the view's index, shown along its trailing edge (`["A", "B", …]`); `nil` for
    /// none, as UIKit's `indexTitles(for:)`.
    func indexTitles(for collectionView: any DiffableCollectionView) -> [String]?
    /// The item an index title leads to, as UIKit's `collectionView(_:indexPathForIndexTitle:at:)`:
    /// picking the title scrolls there.
    func collectionView(
        _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath
    /// Whether updates are still on their way to the view (a diff running, or applies queued behind
    /// an animation). An interactive view holds input until they have landed, so that a key or tap
    /// acts on what the person sees.
    var hasPendingUpdates: Bool { get }
}

extension CollectionViewDataSource {
    /// Not supported by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> AnyObject {
        fatalError(
            "\(type(of: self)) does not provide supplementary views (element kind '\(kind)' at \(indexPath))")
    }
    /// `false` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, canMoveItemAt indexPath: IndexPath
    )
        -> Bool
    { false }
    /// `true` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, canEditItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {}
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, toggleExpansionOfItemAt indexPath: IndexPath
    ) {}
    /// `nil` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, outlineStateOfItemAt indexPath: IndexPath
    ) -> OutlineItemState? { nil }
    /// `nil` by default: no index.
    public func indexTitles(for collectionView: any DiffableCollectionView) -> [String]? { nil }
    /// The first item of the section at `index` by default (the view clamps it to its content).
    public func collectionView(
        _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath { IndexPath(item: 0, section: index) }
    /// `nil` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, identifierOfItemAt indexPath: IndexPath
    ) -> AnyHashable? { nil }
    /// `false` by default.
    public var hasPendingUpdates: Bool { false }
}

/// Where an item sits in its section's outline.
public struct OutlineItemState: Hashable, Sendable {
    /// The depth: 0 for a root item.
    public var level: Int
    /// Whether the item has children in its section snapshot.
    public var hasChildren: Bool
    /// Whether the item is expanded.
    public var isExpanded: Bool

    /// Creates an outline state.
    public init(level: Int, hasChildren: Bool, isExpanded: Bool) {
        self.level = level
        self.hasChildren = hasChildren
        self.isExpanded = isExpanded
    }
}

extension CollectionView {
    /// The element kind of section headers: `UICollectionView.elementKindSectionHeader`.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The element kind of section footers: `UICollectionView.elementKindSectionFooter`.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

extension DiffableCollectionView {
    /// The element kind of section headers, as `UICollectionView.elementKindSectionHeader`.
    nonisolated public static var elementKindSectionHeader: String { CollectionView.elementKindSectionHeader }
    /// The element kind of section footers, as `UICollectionView.elementKindSectionFooter`.
    nonisolated public static var elementKindSectionFooter: String { CollectionView.elementKindSectionFooter }
}
