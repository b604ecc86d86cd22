public import Diffable

/// A view that takes each batch update at once and notes when it came.
@MainActor
public final class ArrivalView: DiffableCollectionView {
    public typealias Cell = ArrivalView
    public typealias SupplementaryView = ArrivalView
    public weak var dataSource: (any CollectionViewDataSource)?
    public var arrivals: [ContinuousClock.Instant] = []

    public func reloadData() {}

    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        arrivals.append(.now)
        completion?(true)
    }

    public init() {}
}
