// Editing an identifier table in the middle: removing, truncating, permuting, rotating and
// replacing identifiers, each keeping the index current without calling `hash(into:)`, and the cost
// model that chooses between editing the index's entries and rebuilding it.

extension _IdentifierTable {
    /// Removes the identifiers in `runs`: ascending, non-overlapping ranges of positions.
    ///
    /// Only what follows the first removed identifier moves. The index is edited rather than
    /// rebuilt when that is cheaper: each removed entry leaves its probe cluster (later entries of
    /// the cluster that may fill the gap move back, so no tombstone is left), then the entries of
    /// the identifiers that shifted are renumbered, by a probe for each when they are few (removals
    /// near the end), or in a sequential sweep of the index per run for a few runs, one sweep by a
    /// step function for more. A rebuild writes every entry at a random place, which on a large
    /// table costs several times a sweep: deleting one item at a time from a long list was
    /// dominated by it. The index is also rebuilt (smaller) once it has outgrown what is left (see
    /// `_IndexTuning`).
    ///
    /// - Complexity: O(n - f + r) expected when it is edited, O(n) when rebuilt, where n is the
    ///   number of identifiers, f the first position removed and r the number of runs; no call to
    ///   `hash(into:)`.
    @inlinable mutating func removeAll(inRuns runs: [Range<Int>]) {
        guard let first = runs.first?.lowerBound else { return }
        let count = elements.count
        var removedCount = 0
        for run in runs {
            assert(run.lowerBound >= 0 && run.upperBound <= count, "run out of bounds")
            removedCount &+= run.count
        }
        let kept = count &- removedCount
        // One sweep per run (deleting an item and its twin in another section is two), or for
        // more runs one sweep by a step function of the position (see `dropPositions`).
        let edit = _indexEdit(
            rewritten: removedCount, shifted: kept &- first,
            sweeps: Swift.min(runs.count, _IndexTuning.steppedSweepCost), count: kept)
        if edit != .rebuild {
            _editIndex { index in
                for run in runs {
                    for position in run { index.removeEntry(ofPosition: position) }
                }
                if edit == .sweep { return index.dropPositions(after: runs, positionLimit: count) }
                // In order of old position: an entry renumbered so far has a new position below
                // the old position searched for next, so no search can find it by mistake.
                runs._forEachKeptPosition(upTo: count) { position, removedBefore in
                    index.renumberEntry(ofPosition: position, to: position &- removedBefore)
                }
            }
        }
        elements._removeAll(inRuns: runs)
        hashes._removeAll(inRuns: runs)
        if edit == .rebuild { rebuildIndex() }
    }

    /// Removes the identifiers at positions where `remove` is true: ``removeAll(inRuns:)`` when
    /// they form a few runs (a deleted item, or a parent with its children), else by compacting
    /// the identifiers and rebuilding the index.
    ///
    /// - Complexity: O(n); no call to `hash(into:)`.
    @inlinable mutating func removeAll(where remove: [Bool]) {
        assert(remove.count == elements.count)
        if let runs = remove._runs(limit: _IndexTuning.maximumSweeps) {
            removeAll(inRuns: runs)
            return
        }
        elements._removeAll(where: remove)
        hashes._removeAll(where: remove)
        rebuildIndex()
    }

    /// Removes the identifiers from position `count` on and rebuilds the index (used to roll back
    /// a batch of appends that failed validation).
    ///
    /// - Complexity: O(n); no call to `hash(into:)`.
    @inlinable mutating func truncate(to count: Int) {
        elements.removeLast(elements.count - count)
        hashes.removeLast(hashes.count - count)
        rebuildIndex()
    }

    /// Reorders the identifiers by a list of old positions (`order[i]` is the old position of the
    /// identifier that ends up at `i`), dropping positions the list leaves out, then rebuilds the
    /// index.
    ///
    /// - Complexity: O(n); no call to `hash(into:)`.
    @inlinable mutating func permute(_ order: [Int]) {
        assert(order.count <= elements.count)
        elements = order.map { elements[$0] }
        hashes = order.map { hashes[$0] }
        rebuildIndex()
    }

    /// Rotates the identifiers in `subrange` so that the one at `middle` comes first: those at
    /// `middle..<subrange.upperBound` move to the front of the range, those at
    /// `subrange.lowerBound..<middle` after them. Only the index entries of the identifiers in the
    /// range are rewritten. Moving a block just appended into place is the rotation of
    /// `position..<count` to start at the block; moving one identifier, that of the positions
    /// between its old and new place.
    ///
    /// The entries are found by probing for each or, when the range is large next to the index
    /// (see `_IndexTuning.slotsPerRotatedEntry`), renumbered in one sequential sweep of it.
    ///
    /// - Complexity: O(r) expected, where r is `subrange.count`; no call to `hash(into:)`.
    @inlinable mutating func rotate(subrange: Range<Int>, toStartAt middle: Int) {
        let first = subrange.lowerBound
        let end = subrange.upperBound
        assert(0 <= first && first <= middle && middle <= end && end <= elements.count)
        guard first < middle && middle < end else { return }
        let front = end &- middle  // how many come to the front
        let back = middle &- first  // how many go after them
        let length = end &- first
        // The index first, while `hashes` is in the old order that its entries are found by.
        _editIndex { index in
            if length &* _IndexTuning.slotsPerRotatedEntry > index.slots.count {
                index.shiftPositions(in: first..<middle, by: front, andIn: middle..<end, by: -back)
                return
            }
            // All entries are found before any is rewritten, so every search sees only original
            // entries, whose positions are unique.
            let found = UnsafeMutableBufferPointer<Int>.allocate(capacity: length)
            defer { found.deallocate() }
            for offset in 0..<length { found[offset] = index.slot(ofPosition: first &+ offset) }
            for offset in 0..<length {
                let position = first &+ offset
                let newPosition = offset < back ? position &+ front : position &- back
                index.slots[found[offset]] = _Slot.entry(hash: index.hashes[position], position: newPosition)
            }
        }
        elements._rotate(subrange: subrange, toStartAt: middle)
        hashes._rotate(subrange: subrange, toStartAt: middle)
    }

    /// Replaces the identifiers at `range` with `newElements`, whose hash values are `newHashes`:
    /// the items of one section given a new list at once. `newElements` must be unique, and absent
    /// from the table outside `range`.
    ///
    /// One edit of the index, where a removal then an insertion made two: the old identifiers'
    /// entries leave it as in ``removeAll(inRuns:)``, the entries after the range shift by the
    /// difference in length (a probe for each when they are few, else one sequential sweep of the
    /// index), and the new identifiers are entered at their positions. The index is rebuilt
    /// instead when that is cheaper, when it must grow, or when it has outgrown the table.
    ///
    /// - Complexity: O(n - f + k) expected, where n is the number of identifiers, f is
    ///   `range.lowerBound` and k is `newElements.count` (O(n + k) when the index is rebuilt); no
    ///   call to `hash(into:)`.
    @inlinable mutating func replaceSubrange(
        _ range: Range<Int>, with newElements: [Element], hashes newHashes: [Int]
    ) {
        assert(range.lowerBound >= 0 && range.upperBound <= elements.count, "range out of bounds")
        assert(newElements.count == newHashes.count)
        let count = elements.count
        let delta = newElements.count &- range.count
        let edit = _indexEdit(
            rewritten: range.count &+ newElements.count, shifted: delta == 0 ? 0 : count &- range.upperBound,
            sweeps: 1, count: count &+ delta)
        if edit != .rebuild {
            _editIndex { index in
                for position in range { index.removeEntry(ofPosition: position) }
                guard delta != 0 else { return }
                if edit == .sweep {
                    index.shiftPositions(from: range.upperBound, by: delta)
                    return
                }
                // Away from the direction of the shift: an entry renumbered so far has a position
                // beyond every old position still to be searched for, so no search can find it by
                // mistake.
                let tail = range.upperBound..<count
                if delta > 0 {
                    for position in tail.reversed() {
                        index.renumberEntry(ofPosition: position, to: position &+ delta)
                    }
                } else {
                    for position in tail { index.renumberEntry(ofPosition: position, to: position &+ delta) }
                }
            }
        }
        elements.replaceSubrange(range, with: newElements)
        hashes.replaceSubrange(range, with: newHashes)
        guard edit != .rebuild else {
            rebuildIndex()
            return
        }
        _editIndex { index in
            for (offset, hash) in newHashes.enumerated() {
                index.insertEntry(hash: hash, position: range.lowerBound &+ offset)
            }
        }
    }

    /// How to bring the index up to date after an edit that removes or adds the entries of
    /// `rewritten` identifiers and moves `shifted` others, leaving `count` identifiers: probe for
    /// each entry that changes when they are few; else renumber the moved ones in `sweeps`
    /// sequential sweeps of the index, for a few; else rebuild it. It is rebuilt too when it must
    /// grow, or has outgrown what is left.
    ///
    /// The costs are in entries written by a rebuild, whose random writes overlap one another; the
    /// figures are `_IndexTuning`'s.
    @inlinable func _indexEdit(rewritten: Int, shifted: Int, sweeps: Int, count: Int) -> _IndexEdit {
        let needed = Self.slotCount(for: count)
        if needed > slots.count || slots.count > _IndexTuning.shrinkFactor &* needed { return .rebuild }
        let probes = rewritten &+ shifted
        if _IndexTuning.probeCost &* probes < count { return .probe }
        let sweepCost = slots.count / _IndexTuning.slotsPerRebuiltEntry &* sweeps
        if sweeps <= _IndexTuning.maximumSweeps && _IndexTuning.probeCost &* rewritten &+ sweepCost < count {
            return .sweep
        }
        return .rebuild
    }
}

/// How `_IdentifierTable._indexEdit` brings the index up to date after an edit; not nested in the
/// generic table so that using it needs no generic metadata.
@usableFromInline enum _IndexEdit {
    /// Find and rewrite each entry that changes.
    case probe
    /// Renumber the entries in sequential sweeps of the index.
    case sweep
    /// Build the index anew from the stored hash values.
    case rebuild
}
