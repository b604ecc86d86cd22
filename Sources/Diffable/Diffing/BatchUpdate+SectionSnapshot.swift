import Foundation

extension BatchUpdate {
    /// The item changes in one section of a view when its section snapshot changes from `old` to
    /// `new`: only visible items are rows, so this diffs the two `visibleItems` lists, as
    /// `apply(_:to:animatingDifferences:completion:)` needs.
    ///
    /// Deletes are old visible positions, inserts new ones, and moves (minimal: a longest
    /// increasing run of the items visible in both stays put) go from old to new, all in section
    /// `section`. Items that only expand or collapse around a row do not move it.
    ///
    /// ```swift
    /// var old = DiffableDataSourceSectionSnapshot<String>()
    /// old.append(["Soups", "Cakes"])
    /// old.append(["Leek"], to: "Soups")
    /// var new = old
    /// new.expand(["Soups"])
    /// BatchUpdate(from: old, to: new, inSection: 2).insertedItems  // [[2, 1]]: "Leek" appears
    /// ```
    ///
    /// - Complexity: O(v + w + k log k), where v and w are the visible item counts and k the number
    ///   of items that change position; no call to `hash(into:)`.
    @inlinable public init<ItemIdentifierType>(
        from old: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        to new: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        inSection section: Int
    ) {
        self.init()
        let before = old._items.subtable(old._visiblePositions())
        let after = new._items.subtable(new._visiblePositions())
        let flat = _FlatDiff(old: before, new: after)
        for position in 0..<before.count {
            if flat.matching.oldToNew[position] < 0 { deletedItems.append(_indexPath(section, position)) }
        }
        for position in 0..<after.count {
            let source = Int(flat.matching.newToOld[position])
            if source < 0 {
                insertedItems.append(_indexPath(section, position))
            } else if flat.movedOld[source] {
                movedItems.append(Move(from: _indexPath(section, source), to: _indexPath(section, position)))
            }
        }
    }
}

extension DiffableDataSourceSectionSnapshot {
    /// The positions of the visible items, in order: a collapsed item's subtree is skipped whole.
    ///
    /// - Complexity: O(v), where v is the number of visible items.
    @inlinable func _visiblePositions() -> [Int] {
        var positions: [Int] = []
        var position = 0
        let count = _items.count
        while position < count {
            positions.append(position)
            position = _expanded[position] ? position + 1 : Int(_subtreeEnds[position])
        }
        return positions
    }
}
