// Structural edits of the outline storage: the splice, removal and extraction steps that every
// mutation is built from. None of them calls `hash(into:)` on a stored identifier.

extension DiffableDataSourceSectionSnapshot {
    /// Appends `elements` to the identifier table, past the end of the outline arrays, hashing each
    /// one unless its hash value is given. Follow with ``_placeAppended(at:parent:shape:)``.
    ///
    /// An identifier that is already in the table, or comes twice in `elements`, is skipped and
    /// returned when `droppingDuplicates` is set; otherwise the table is restored and the error
    /// ``SectionSnapshotError/duplicateItem(_:call:)`` is thrown.
    ///
    /// - Complexity: O(k) amortized expected, where k is `elements.count`; O(n + k) on error.
    @inlinable mutating func _appendToTable(
        _ elements: [ItemIdentifierType], hashes: [Int]?, droppingDuplicates: Bool, call: String
    ) throws(SectionSnapshotError<ItemIdentifierType>) -> [ItemIdentifierType] {
        assert(_items.count == _parents.count, "table and outline out of step")
        assert(hashes == nil || hashes!.count == elements.count)
        let count = _items.count
        precondition(
            elements.count < Int(Int32.max) - count, "\(call): too many items for a section snapshot")
        // No `reserveCapacity` here: an exact reservation per call would turn a run of one-item
        // appends quadratic; the table and arrays grow geometrically on their own.
        var skipped: [ItemIdentifierType] = []
        for offset in elements.indices {
            let element = elements[offset]
            let hash = hashes?[offset] ?? element.hashValue
            switch _items.appendOrRelocate(element, hash: hash, protectedFrom: 0) {
            case .appended:
                continue
            case .duplicate:
                if droppingDuplicates {
                    skipped.append(element)
                    continue
                }
                _items.truncate(to: count)
                throw .duplicateItem(element, call: call)
            case .relocated:
                preconditionFailure("an identifier found before protectedFrom: 0 cannot exist")
            }
        }
        return skipped
    }

    /// Moves the identifiers that ``_appendToTable(_:hashes:droppingDuplicates:call:)`` added past
    /// the end of the outline to `position`, as children of the item at position `parent` (-1 for
    /// root level), and extends the outline arrays to match.
    ///
    /// `shape` gives the hierarchy and expansion state of the new items (its items must be the new
    /// identifiers, in order); `nil` means they are collapsed leaves. `position` must be where a
    /// child of `parent` starts, or the end of the subtree of `parent`.
    ///
    /// - Complexity: O(n - position + k + d) expected, where n is the number of items before the
    ///   call, k the number of new items and d the level of `position`: only the items from
    ///   `position` on move, in the arrays and in the index.
    @inlinable mutating func _placeAppended(
        at position: Int, parent: Int, shape: DiffableDataSourceSectionSnapshot<ItemIdentifierType>?
    ) {
        let count = _parents.count
        let added = _items.count - count
        guard added > 0 else { return }
        assert(shape == nil || shape!._items.count == added, "shape does not match the new items")
        assert(parent < position && position <= count, "bad insertion point")
        assert(parent < 0 || position <= Int(_subtreeEnds[parent]), "insertion point outside parent")

        _items.rotate(subrange: position..<_items.count, toStartAt: count)

        let start = Int32(position)
        let shift = Int32(added)
        for index in position..<count {
            if _parents[index] >= start { _parents[index] += shift }
            _subtreeEnds[index] += shift
        }
        var ancestor = parent
        while ancestor >= 0 {
            _subtreeEnds[ancestor] += shift
            ancestor = Int(_parents[ancestor])
        }

        let parentPosition = Int32(parent)
        let baseLevel: Int32 = parent < 0 ? 0 : _levels[parent] + 1
        if let shape {
            _parents.insert(
                contentsOf: shape._parents.lazy.map { $0 < 0 ? parentPosition : $0 + start }, at: position)
            _levels.insert(contentsOf: shape._levels.lazy.map { $0 + baseLevel }, at: position)
            _subtreeEnds.insert(contentsOf: shape._subtreeEnds.lazy.map { $0 + start }, at: position)
            _expanded.insert(contentsOf: shape._expanded, at: position)
        } else {
            _parents.insert(contentsOf: repeatElement(parentPosition, count: added), at: position)
            _levels.insert(contentsOf: repeatElement(baseLevel, count: added), at: position)
            _subtreeEnds.insert(contentsOf: (start + 1)...(start + shift), at: position)
            _expanded.insert(contentsOf: repeatElement(false, count: added), at: position)
        }
    }

    /// Removes the items at the positions flagged in `remove`. Every descendant of a flagged item
    /// must be flagged too.
    ///
    /// - Complexity: O(n).
    @inlinable mutating func _remove(where remove: [Bool]) {
        let count = _parents.count
        assert(remove.count == count)
        // newPosition[i]: the number of kept items before position i, which is where item i lands.
        var newPosition = [Int32](repeating: 0, count: count + 1)
        var kept: Int32 = 0
        for index in 0..<count {
            newPosition[index] = kept
            if !remove[index] { kept += 1 }
        }
        newPosition[count] = kept
        var write = 0
        for read in 0..<count where !remove[read] {
            let parent = _parents[read]
            assert(parent < 0 || !remove[Int(parent)], "removing a parent but not its child")
            _parents[write] = parent < 0 ? -1 : newPosition[Int(parent)]
            _levels[write] = _levels[read]
            _subtreeEnds[write] = newPosition[Int(_subtreeEnds[read])]
            _expanded[write] = _expanded[read]
            write += 1
        }
        let removed = count - write
        _parents.removeLast(removed)
        _levels.removeLast(removed)
        _subtreeEnds.removeLast(removed)
        _expanded.removeLast(removed)
        _items.removeAll(where: remove)
    }

    /// Removes the descendants of the item at `position`.
    ///
    /// - Complexity: O(n) if it has any, O(1) otherwise.
    @inlinable mutating func _removeDescendants(of position: Int) {
        let descendants = (position + 1)..<Int(_subtreeEnds[position])
        guard !descendants.isEmpty else { return }
        var remove = [Bool](repeating: false, count: _parents.count)
        for index in descendants { remove[index] = true }
        _remove(where: remove)
    }

    /// A section snapshot of the items in `range`, which must be a run of whole sibling subtrees;
    /// their parent (if any) is cut off, so their roots are the new root items.
    ///
    /// - Complexity: O(`range.count`); no call to `hash(into:)`.
    @inlinable func _subtree(_ range: Range<Int>) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        var result = DiffableDataSourceSectionSnapshot()
        guard !range.isEmpty else { return result }
        let start = Int32(range.lowerBound)
        let baseLevel = _levels[range.lowerBound]
        result._items = _IdentifierTable(
            elements: Array(_items.elements[range]), hashes: Array(_items.hashes[range]))
        result._parents = _parents[range].map { $0 < start ? -1 : $0 - start }
        result._levels = _levels[range].map { $0 - baseLevel }
        result._subtreeEnds = _subtreeEnds[range].map { $0 - start }
        result._expanded = Array(_expanded[range])
        return result
    }

    /// The levels and subtree ends implied by a pre-order list of parent positions.
    ///
    /// - Complexity: O(n).
    static func _levelsAndSubtreeEnds(parents: [Int32]) -> (levels: [Int32], subtreeEnds: [Int32]) {
        var levels = [Int32](repeating: 0, count: parents.count)
        for index in parents.indices where parents[index] >= 0 {
            levels[index] = levels[Int(parents[index])] + 1
        }
        // Children follow their parent, so walking backwards finishes a subtree before its root.
        var ends = (0..<parents.count).map { Int32($0 + 1) }
        for index in parents.indices.reversed() where parents[index] >= 0 {
            let parent = Int(parents[index])
            ends[parent] = Swift.max(ends[parent], ends[index])
        }
        return (levels, ends)
    }
}
