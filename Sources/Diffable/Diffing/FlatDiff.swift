/// A diff of two flat lists of unique identifiers: what was removed, inserted and moved, with the
/// longest increasing subsequence of survivors left in place.
@usableFromInline struct _FlatDiff {
    @usableFromInline var matching: _Matching
    /// `movedOld[i]` is true when old identifier `i` survives but leaves the increasing run.
    @usableFromInline var movedOld: [Bool]
    @usableFromInline var movedCount: Int

    /// - Complexity: O(n + m + k log k) expected; no hashing.
    @inlinable init<Element: Hashable>(old: _IdentifierTable<Element>, new: _IdentifierTable<Element>) {
        matching = _Matching(new: new, old: old)
        var survivors: [Int32] = []
        survivors.reserveCapacity(matching.matchedCount)
        for position in 0..<new.count where matching.newToOld[position] >= 0 {
            survivors.append(matching.newToOld[position])
        }
        let stays = _longestIncreasingSubsequenceMask(survivors)
        var movedOld = [Bool](repeating: false, count: old.count)
        var movedCount = 0
        for k in survivors.indices where !stays[k] {
            movedOld[Int(survivors[k])] = true
            movedCount += 1
        }
        self.movedOld = movedOld
        self.movedCount = movedCount
    }

    /// The standard library's form of the diff, with moves as associated removal/insertion pairs.
    @inlinable func collectionDifference<Element: Hashable>(
        old: _IdentifierTable<Element>, new: _IdentifierTable<Element>
    ) -> CollectionDifference<Element> {
        var changes: [CollectionDifference<Element>.Change] = []
        for position in 0..<old.count {
            let target = Int(matching.oldToNew[position])
            if target < 0 {
                changes.append(
                    .remove(offset: position, element: old.elements[position], associatedWith: nil))
            } else if movedOld[position] {
                changes.append(
                    .remove(offset: position, element: old.elements[position], associatedWith: target))
            }
        }
        for position in 0..<new.count {
            let source = Int(matching.newToOld[position])
            if source < 0 {
                changes.append(
                    .insert(offset: position, element: new.elements[position], associatedWith: nil))
            } else if movedOld[source] {
                changes.append(
                    .insert(offset: position, element: new.elements[position], associatedWith: source))
            }
        }
        guard let difference = CollectionDifference(changes) else {
            preconditionFailure("internal error: inconsistent collection difference")
        }
        return difference
    }
}

extension _IdentifierTable {
    /// A table of the identifiers at `positions`, reusing their stored hashes.
    ///
    /// - Complexity: O(k) for k positions; no call to `hash(into:)`.
    @inlinable func subtable(_ positions: some Sequence<Int>) -> _IdentifierTable {
        var subElements: [Element] = []
        var subHashes: [Int] = []
        for position in positions {
            subElements.append(elements[position])
            subHashes.append(hashes[position])
        }
        return _IdentifierTable(elements: subElements, hashes: subHashes)
    }
}
