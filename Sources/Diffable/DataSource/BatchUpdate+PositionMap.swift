import Foundation

extension BatchUpdate {
    /// Where old sections and items end up after a batch update's structural pass, computed the
    /// way `UICollectionView` does: a view uses it to keep the cells it has on screen.
    ///
    /// Sections that are neither deleted nor moved keep their relative order and fill the new
    /// section indices that are neither inserted nor move targets. Within a surviving section,
    /// items that are neither deleted nor moved away keep their relative order and fill the new
    /// positions that are neither inserted nor move targets; a moved item goes to its target.
    ///
    /// ```swift
    /// let update = BatchUpdate(deletedItems: [IndexPath(item: 0, section: 0)])
    /// let map = BatchUpdate.PositionMap(update, oldSectionCount: 1, newSectionCount: 1)
    /// map.newIndexPath(forOld: IndexPath(item: 2, section: 0))  // [0, 1]: one item above it left
    /// map.newIndexPath(forOld: IndexPath(item: 0, section: 0))  // nil: deleted
    /// ```
    public struct PositionMap: Sendable {
        /// `newSections[s]` is where old section `s` goes, or `nil` when it is deleted.
        public let newSections: [Int?]
        private let reloadedOld: Set<Int>
        private let removedOld: [Int: [Int]]  // old section: sorted old items deleted or moved away
        private let occupiedNew: [Int: [Int]]  // new section: sorted new items inserted or moved in
        private let moves: [IndexPath: IndexPath]

        /// Prepares the map for an update between states with these section counts.
        ///
        /// - Complexity: O(s + k log k), where s is the number of sections and k the number of
        ///   item operations.
        public init(_ update: BatchUpdate, oldSectionCount: Int, newSectionCount: Int) {
            let deleted = Set(update.deletedSections)
            var sectionTargets = [Int?](repeating: nil, count: oldSectionCount)
            var taken = Set(update.insertedSections)
            var movedFrom = Set<Int>()
            for move in update.movedSections where move.from < oldSectionCount {
                sectionTargets[move.from] = move.to
                taken.insert(move.to)
                movedFrom.insert(move.from)
            }
            var next = 0
            for section in 0..<oldSectionCount
            where !deleted.contains(section) && !movedFrom.contains(section) {
                while taken.contains(next) { next += 1 }
                sectionTargets[section] = next < newSectionCount ? next : nil
                next += 1
            }
            newSections = sectionTargets
            reloadedOld = Set(update.reloadedSections)
            var removed: [Int: [Int]] = [:]
            var occupied: [Int: [Int]] = [:]
            var moves: [IndexPath: IndexPath] = [:]
            for path in update.deletedItems { removed[path.section, default: []].append(path.item) }
            for path in update.insertedItems { occupied[path.section, default: []].append(path.item) }
            for move in update.movedItems {
                removed[move.from.section, default: []].append(move.from.item)
                occupied[move.to.section, default: []].append(move.to.item)
                moves[move.from] = move.to
            }
            removedOld = removed.mapValues { $0.sorted() }
            occupiedNew = occupied.mapValues { $0.sorted() }
            self.moves = moves
        }

        /// Where old section `section` goes, or `nil` when it is deleted.
        public func newSection(forOld section: Int) -> Int? {
            section >= 0 && section < newSections.count ? newSections[section] : nil
        }

        /// Where the item at an old index path goes, or `nil` when it is deleted or its section
        /// is deleted or reloaded (its cell is replaced).
        ///
        /// - Complexity: O(log k) for the k operations in the item's sections.
        public func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
            if let target = moves[indexPath] { return target }
            let section = indexPath.section
            let item = indexPath.item
            guard !reloadedOld.contains(section), let newSection = newSection(forOld: section) else {
                return nil
            }
            let removed = removedOld[section] ?? []
            let removedBefore = Self.count(in: removed, atMost: item)
            if removedBefore > 0 && Self.count(in: removed, atMost: item - 1) < removedBefore { return nil }
            let rank = item - removedBefore
            let occupied = occupiedNew[newSection] ?? []
            // The smallest position j whose free slots up to j number rank + 1.
            var position = rank
            while true {
                let next = rank + Self.count(in: occupied, atMost: position)
                if next == position { break }
                position = next
            }
            return IndexPath(item: position, section: newSection)
        }

        /// How many of the sorted `values` are at most `limit`.
        private static func count(in values: [Int], atMost limit: Int) -> Int {
            _leadingCount(values.count) { values[$0] <= limit }
        }
    }
}
