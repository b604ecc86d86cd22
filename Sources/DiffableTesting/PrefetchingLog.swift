import Diffable
import DiffableCells
import Foundation

/// A prefetching data source for tests: it records what a view asks it to prefetch and to
/// cancel, in order, for collection and table views alike.
///
/// ```swift
/// let log = PrefetchingLog()
/// view.prefetchDataSource = log
/// view.scroll(showing: firstScreen)
/// view.scroll(showing: nextScreen)
/// #expect(log.prefetched.first == IndexPath(item: 20, section: 0))
/// ```
@MainActor
public final class PrefetchingLog: CollectionViewDataSourcePrefetching, TableViewDataSourcePrefetching {
    /// Every index path the view asked to prefetch, in order.
    public private(set) var prefetched: [IndexPath] = []
    /// Every index path whose prefetching the view cancelled, in order.
    public private(set) var cancelled: [IndexPath] = []

    /// An empty log.
    public init() {}

    public func collectionView(
        _ collectionView: any DiffableCollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
        prefetched += indexPaths
    }

    public func collectionView(
        _ collectionView: any DiffableCollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
        cancelled += indexPaths
    }

    public func tableView(_ tableView: any DiffableTableView, prefetchRowsAt indexPaths: [IndexPath]) {
        prefetched += indexPaths
    }

    public func tableView(
        _ tableView: any DiffableTableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {
        cancelled += indexPaths
    }
}
