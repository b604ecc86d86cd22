extension DiffableDataSourceSectionSnapshot {
    /// Traps unless every structural invariant of the storage holds; see ``_invariantViolation()``.
    ///
    /// Every mutation runs it when the library is built with `-DDIFFABLE_INVARIANT_CHECKS`; tests
    /// call it directly. It hashes every item, so it voids the complexity guarantees.
    ///
    /// - Complexity: O(n), where n is the number of items.
    @usableFromInline package func _checkInvariants() {
        if let violation = _invariantViolation() { preconditionFailure(violation) }
    }

    /// The first broken structural invariant, or `nil`: the identifier table is consistent (which
    /// re-hashes every item to check the stored hashes), the outline arrays have one entry per item, the parents describe a valid pre-order (each item's
    /// parent is the item before it or one of that item's ancestors), and the stored levels and
    /// subtree ends match the parents.
    ///
    /// - Complexity: O(n), where n is the number of items.
    package func _invariantViolation() -> String? {
        if let violation = _items._invariantViolation() { return "section snapshot: \(violation)" }
        let count = _items.count
        guard _parents.count == count, _levels.count == count, _subtreeEnds.count == count,
            _expanded.count == count
        else {
            return
                "section snapshot: \(count) items but \(_parents.count) parents, \(_levels.count) levels, \(_subtreeEnds.count) subtree ends, \(_expanded.count) expansion flags"
        }

        // Walk the items in order, keeping the path from a root to the previous item. An item's
        // parent must be on that path (or it is a root); it closes every deeper subtree.
        var path: [Int] = []
        func close(downTo depth: Int, at position: Int) -> String? {
            while path.count > depth {
                let closed = path.removeLast()
                if Int(_subtreeEnds[closed]) != position {
                    return
                        "section snapshot: subtree of \(_items.elements[closed]) ends at \(_subtreeEnds[closed]), expected \(position)"
                }
            }
            return nil
        }
        for position in 0..<count {
            let parent = Int(_parents[position])
            let item = _items.elements[position]
            guard parent >= -1 && parent < position else {
                return "section snapshot: parent \(parent) of \(item) at \(position) does not precede it"
            }
            // The parent's level was checked when it was visited, so it indexes the path.
            let depth = parent < 0 ? -1 : Int(_levels[parent])
            guard parent < 0 || (depth < path.count && path[depth] == parent) else {
                return
                    "section snapshot: parent of \(item) at \(position) is not the item before it or one of its ancestors"
            }
            if let violation = close(downTo: depth + 1, at: position) { return violation }
            guard Int(_levels[position]) == path.count else {
                return "section snapshot: level of \(item) is \(_levels[position]), expected \(path.count)"
            }
            path.append(position)
        }
        return close(downTo: 0, at: count)
    }
}
