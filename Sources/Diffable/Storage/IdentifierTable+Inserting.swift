// Inserting identifiers at many places of an identifier table in one pass.

extension _IdentifierTable {
    /// Inserts `newElements`, whose hash values are `newHashes`, each just before the identifier
    /// at the position given for it in `positions` (ascending, `count` for the end; several at one
    /// position keep their order). `newElements` must be unique and absent from the table.
    ///
    /// One pass, where an insertion at a time shifted what follows each: the identifiers from the
    /// first position on are merged with the new ones once, and the index's entries of those that
    /// move are renumbered once — by a probe for each when they are few, else in one sequential
    /// sweep of the index whatever the number of places (see
    /// `_IdentifierIndex.shiftPositions(breakpoints:deltas:positionLimit:)`) — or the index is
    /// rebuilt when that is cheaper or it must grow. The new identifiers' entries are then added.
    ///
    /// - Complexity: O(n - f + k) expected, where n is the number of identifiers, f the first
    ///   position and k the number inserted (O(n + k) when the index is rebuilt); no call to
    ///   `hash(into:)`.
    @inlinable mutating func insert(_ newElements: [Element], hashes newHashes: [Int], at positions: [Int]) {
        assert(newElements.count == newHashes.count && newElements.count == positions.count)
        guard let first = positions.first else { return }
        let count = elements.count
        let inserted = newElements.count
        // The distinct positions, each with how many identifiers go in at or before it: what an
        // identifier there (and up to the next one) moves by.
        var breakpoints: [Int] = []
        var deltas: [Int] = []
        for (offset, position) in positions.enumerated() {
            assert(position >= first && position <= count, "position out of bounds")
            if breakpoints.last == position {
                deltas[deltas.count &- 1] = offset &+ 1
            } else {
                assert(breakpoints.last.map { $0 < position } ?? true, "positions must ascend")
                breakpoints.append(position)
                deltas.append(offset &+ 1)
            }
        }
        let stepped = breakpoints.count > 1
        let edit = _indexEdit(
            rewritten: inserted, shifted: count &- first,
            sweeps: stepped ? _IndexTuning.steppedSweepCost : 1, count: count &+ inserted)
        if edit != .rebuild {
            _editIndex { index in
                if edit == .sweep {
                    breakpoints.withUnsafeBufferPointer { breakpoints in
                        deltas.withUnsafeBufferPointer { deltas in
                            index.shiftPositions(
                                breakpoints: breakpoints, deltas: deltas, positionLimit: count)
                        }
                    }
                    return
                }
                // From the last to the first: an entry renumbered so far has a position beyond
                // every old position still to be searched for, so no search finds it by mistake.
                var step = breakpoints.count &- 1
                for position in (first..<count).reversed() {
                    while breakpoints[step] > position { step &-= 1 }
                    index.renumberEntry(ofPosition: position, to: position &+ deltas[step])
                }
            }
        }
        elements._insert(newElements, at: positions)
        hashes._insert(newHashes, at: positions)
        guard edit != .rebuild else {
            rebuildIndex()
            return
        }
        _editIndex { index in
            for (offset, hash) in newHashes.enumerated() {
                index.insertEntry(hash: hash, position: positions[offset] &+ offset)
            }
        }
    }
}
