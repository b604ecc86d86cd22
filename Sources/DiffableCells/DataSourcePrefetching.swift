import Diffable
import Foundation

/// Told ahead of scrolling which items will soon need cells, to start reading what they show:
/// `UICollectionViewDataSourcePrefetching`, minus the prefix. A view holds its
/// `prefetchDataSource` weakly.
///
/// The view asks for the items just beyond what it shows, in the direction the person scrolls,
/// and cancels those it asked for when the person turns back before reaching them. Items that
/// come on screen are not cancelled: their cells are made as usual.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// Items that will soon be shown, nearest first.
    func collectionView(_ collectionView: any DiffableCollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Items asked for before that are no longer ahead of the scrolling; does nothing by default.
    func collectionView(
        _ collectionView: any DiffableCollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {}
}

/// ``CollectionViewDataSourcePrefetching`` for table views: `UITableViewDataSourcePrefetching`.
@MainActor
public protocol TableViewDataSourcePrefetching: AnyObject {
    /// Rows that will soon be shown, nearest first.
    func tableView(_ tableView: any DiffableTableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Rows asked for before that are no longer ahead of the scrolling; does nothing by default.
    func tableView(_ tableView: any DiffableTableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    /// Does nothing by default.
    public func tableView(
        _ tableView: any DiffableTableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {}
}

extension CollectionViewDataSourcePrefetching {
    /// Tells what a plan's step decided: the cancellations first, then what to prefetch.
    package func tell(
        _ step: (prefetch: [IndexPath], cancel: [IndexPath]), in collectionView: any DiffableCollectionView
    ) {
        if !step.cancel.isEmpty {
            self.collectionView(collectionView, cancelPrefetchingForItemsAt: step.cancel)
        }
        if !step.prefetch.isEmpty { self.collectionView(collectionView, prefetchItemsAt: step.prefetch) }
    }
}

extension TableViewDataSourcePrefetching {
    /// Tells what a plan's step decided: the cancellations first, then what to prefetch.
    package func tell(
        _ step: (prefetch: [IndexPath], cancel: [IndexPath]), in tableView: any DiffableTableView
    ) {
        if !step.cancel.isEmpty { self.tableView(tableView, cancelPrefetchingForRowsAt: step.cancel) }
        if !step.prefetch.isEmpty { self.tableView(tableView, prefetchRowsAt: step.prefetch) }
    }
}

/// Which items a view prefetches as it scrolls, and which it cancels: every view keeps one, so
/// they all prefetch alike.
package struct PrefetchPlan {
    /// How many items beyond those shown are asked for; `nil`: as many as are shown (a screen).
    package var lookahead: Int?
    /// The items asked for and neither shown nor cancelled since.
    package private(set) var pending: [IndexPath] = []
    /// The first item shown at the last step, to tell the direction of scrolling.
    private var lastFirst: IndexPath?
    /// +1 scrolling towards the end, -1 towards the start, 0 before the first scroll.
    private var direction = 0

    package init(lookahead: Int? = nil) { self.lookahead = lookahead }

    /// What to ask for and what to cancel after the view shows `shown` (in order) of sections of
    /// `counts` items.
    ///
    /// - Complexity: O(l + p) for the lookahead l and the p items pending.
    package mutating func step(shown: [IndexPath], counts: [Int]) -> (
        prefetch: [IndexPath], cancel: [IndexPath]
    ) {
        guard let first = shown.first, let last = shown.last else { return ([], []) }
        if let lastFirst, lastFirst != first { direction = first > lastFirst ? 1 : -1 }
        lastFirst = first
        guard direction != 0 else { return ([], []) }
        var ahead: [IndexPath] = []
        var position = direction > 0 ? last : first
        let lookahead = self.lookahead ?? shown.count
        while ahead.count < lookahead, let next = Self.neighbour(of: position, by: direction, counts: counts)
        {
            ahead.append(next)
            position = next
        }
        let shownSet = Set(shown)
        let aheadSet = Set(ahead)
        let pendingSet = Set(pending)
        let prefetch = ahead.filter { !pendingSet.contains($0) }
        let cancel = pending.filter { !aheadSet.contains($0) && !shownSet.contains($0) }
        pending = ahead
        return (prefetch, cancel)
    }

    /// Whether a step after the view shows items from `first` on may ask for or cancel anything:
    /// not while nothing has scrolled yet, where a step would only remember `first` (as this
    /// does), so that a view updated where it stands skips listing what it shows.
    ///
    /// - Complexity: O(1).
    package mutating func mayChange(first: IndexPath) -> Bool {
        guard direction == 0, lastFirst == nil || lastFirst == first else { return true }
        lastFirst = first
        return false
    }

    /// Forgets what was asked for, as a reload or an update does (its index paths are stale).
    package mutating func reset() {
        pending = []
        lastFirst = nil
        direction = 0
    }

    private static func neighbour(of path: IndexPath, by step: Int, counts: [Int]) -> IndexPath? {
        var section = path.section
        var item = path.item + step
        while section >= 0, section < counts.count {
            if item >= 0, item < counts[section] { return IndexPath(item: item, section: section) }
            section += step
            guard section >= 0, section < counts.count else { return nil }
            item = step > 0 ? 0 : counts[section] - 1
        }
        return nil
    }
}
