import Foundation

/// A cell a ``ReusePool`` keeps: it remembers the registration it was made for, so it goes back
/// to that registration's pool.
@MainActor
package protocol PooledCell: ReusableView {
    /// The reuse key of the registration the cell was made for; set by the pool.
    var reuseKey: ObjectIdentifier? { get set }
}

/// What a view that reuses its cells keeps for it, as `UICollectionView` keeps inside: the cells
/// taken off the screen, by reuse key, and the cell being reconfigured in place. The terminal,
/// browser and validating views each hold one and answer ``ReusingView/dequeueReusableView(ofType:reuseKey:elementKind:for:)``
/// with it, so their reuse rules cannot drift apart.
@MainActor
package struct ReusePool<Cell: PooledCell> {
    private var pools: [ObjectIdentifier: [Cell]] = [:]
    /// The cell showing the item being reconfigured, which a dequeue at its index path returns
    /// as it is (no `prepareForReuse()`).
    package var reconfiguring: (indexPath: IndexPath, cell: Cell)?
    /// How many cells were dequeued (made or taken from a pool), not counting reconfigures.
    package private(set) var dequeueCount = 0

    package init() {}

    /// The cell being reconfigured at `indexPath`; else a pooled cell after
    /// `prepareForReuse()`; else a new one.
    ///
    /// - Complexity: O(1).
    package mutating func dequeue<View: ReusableView>(
        ofType type: View.Type, reuseKey: ObjectIdentifier, for indexPath: IndexPath
    ) -> View {
        if let reconfiguring, reconfiguring.indexPath == indexPath, let cell = reconfiguring.cell as? View {
            return cell
        }
        dequeueCount += 1
        if let cell = pools[reuseKey]?.popLast() as? View {
            cell.prepareForReuse()
            return cell
        }
        let view = View()
        (view as? Cell)?.reuseKey = reuseKey
        return view
    }

    /// Puts a cell that left the screen back in its registration's pool.
    ///
    /// - Complexity: O(1) amortized.
    package mutating func recycle(_ cell: Cell) {
        guard let key = cell.reuseKey else { return }
        pools[key, default: []].append(cell)
    }
}
