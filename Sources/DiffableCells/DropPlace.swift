import Diffable
import Foundation

extension IndexPath {
    /// Whether an item picked up at `source` can be dropped here, in sections of `counts` items:
    /// a final index path after the move, where its own section keeps its count and another
    /// section gains one. Every view checks a drop, and a delegate's redirection of it, with this.
    package func isDropPlace(forItemAt source: IndexPath, counts: [Int]) -> Bool {
        guard count == 2, counts.indices.contains(section), item >= 0 else { return false }
        return item < counts[section] + (section == source.section ? 0 : 1)
    }
}
