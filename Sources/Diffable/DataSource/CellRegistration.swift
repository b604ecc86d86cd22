import Foundation

/// A cell or supplementary view that a view can reuse: created with `init()`, and told before it
/// is handed out again, as `UICollectionReusableView.prepareForReuse()`.
@MainActor
public protocol ReusableView: AnyObject {
    /// Creates an unconfigured view.
    init()
    /// Resets state before the view is reused for another item.
    func prepareForReuse()
}

/// A view that keeps pools of reusable cells and supplementary views, so only what is on screen
/// exists. Adopting it gives the view `dequeueConfiguredReusableCell(using:for:item:)` and
/// `dequeueConfiguredReusableSupplementary(using:for:)`, as `UICollectionView` has. Collection
/// views adopt it through ``ReusingCollectionView``, table views through ``ReusingTableView``.
@MainActor
public protocol ReusingView: AnyObject {
    /// A reusable view of type `type` for `indexPath`, from the pool named by `reuseKey`.
    ///
    /// While the view reconfigures an item in place (a `reconfigureItems` update), it returns the
    /// cell already showing that item, so the registration's handler updates it without
    /// `prepareForReuse()`; otherwise it returns a pooled view after `prepareForReuse()`, or a new
    /// one.
    func dequeueReusableView<View: ReusableView>(
        ofType type: View.Type, reuseKey: ObjectIdentifier, elementKind: String?, for indexPath: IndexPath
    ) -> View
}

/// A collection view that keeps pools of reusable cells and supplementary views (see
/// ``ReusingView``).
@MainActor
public protocol ReusingCollectionView: DiffableCollectionView, ReusingView {}

extension ReusingCollectionView {
    /// `UICollectionView.CellRegistration`.
    public typealias CellRegistration<RegisteredCell: ReusableView, Item> = Diffable.CellRegistration<
        RegisteredCell, Item
    >
    /// `UICollectionView.SupplementaryRegistration`.
    public typealias SupplementaryRegistration<Supplementary: ReusableView> = Diffable
        .SupplementaryRegistration<Supplementary>
}

/// Creates and configures cells for items: `UICollectionView.CellRegistration`.
///
/// Create registrations once, before the data source (not inside its cell provider), and
/// dequeue with them from the cell provider:
///
/// ```swift
/// let registration = CellRegistration<MyCell, Item> { cell, indexPath, item in
///     cell.text = item.title
/// }
/// let dataSource = CollectionViewDiffableDataSource<Section, Item>(collectionView: view) {
///     view, indexPath, item in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// ```
@MainActor
public struct CellRegistration<Cell: ReusableView, Item> {
    /// Configures a cell for an item at an index path.
    public typealias Handler = @MainActor (_ cell: Cell, _ indexPath: IndexPath, _ item: Item) -> Void

    /// The configuration handler.
    public let handler: Handler
    let token = _RegistrationToken()

    /// Creates a registration whose cells are configured by `handler`.
    public init(handler: @escaping Handler) {
        self.handler = handler
    }
}

/// Creates and configures supplementary views: `UICollectionView.SupplementaryRegistration`.
@MainActor
public struct SupplementaryRegistration<Supplementary: ReusableView> {
    /// Configures a supplementary view of a kind at an index path.
    public typealias Handler =
        @MainActor (_ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath)
        -> Void

    /// The element kind the registration serves, such as a section header.
    public let elementKind: String
    /// The configuration handler.
    public let handler: Handler
    let token = _RegistrationToken()

    /// Creates a registration for views of `elementKind` configured by `handler`.
    public init(elementKind: String, handler: @escaping Handler) {
        self.elementKind = elementKind
        self.handler = handler
    }
}

/// Identifies one registration's reuse pool.
final class _RegistrationToken: Sendable {}

extension ReusingView {
    /// Dequeues a cell from the registration's pool (or the cell being reconfigured) and runs the
    /// registration's handler on it, as `UICollectionView.dequeueConfiguredReusableCell`.
    public func dequeueConfiguredReusableCell<RegisteredCell: ReusableView, Item>(
        using registration: CellRegistration<RegisteredCell, Item>, for indexPath: IndexPath, item: Item
    ) -> RegisteredCell {
        let cell = dequeueReusableView(
            ofType: RegisteredCell.self, reuseKey: ObjectIdentifier(registration.token), elementKind: nil,
            for: indexPath)
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// Dequeues a supplementary view from the registration's pool and runs its handler, as
    /// `UICollectionView.dequeueConfiguredReusableSupplementary`.
    public func dequeueConfiguredReusableSupplementary<Supplementary: ReusableView>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        let view = dequeueReusableView(
            ofType: Supplementary.self, reuseKey: ObjectIdentifier(registration.token),
            elementKind: registration.elementKind, for: indexPath)
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}
