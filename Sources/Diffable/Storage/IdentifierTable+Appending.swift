// Appending to an identifier table: one probe sequence per identifier both finds it if it is
// already present and enters it if it is new.

extension _IdentifierTable {
    /// Appends `element` with its precomputed hash, in one probe sequence.
    ///
    /// An identifier found before `protectedFrom` is appended again and the index re-pointed at the
    /// new copy (`.relocated`), so a later occurrence in the same batch is reported as
    /// `.duplicate`. The old copy stays in `elements` until the caller removes it and rebuilds.
    ///
    /// - Complexity: O(1) amortized expected; no call to `hash(into:)`.
    @inlinable mutating func appendOrRelocate(
        _ element: Element, hash: Int, protectedFrom: Int
    ) -> _AppendOutcome {
        if elements.count &+ 1 > _IndexTuning.capacity(slotCount: slots.count) {
            rebuildIndex(
                slotCount: Self.slotCount(
                    for: Swift.max(elements.count &* _IndexTuning.growthFactor, _IndexTuning.initialCapacity))
            )
        }
        let newPosition = elements.count
        let outcome: _AppendOutcome = slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var slot = hash & mask
            while true {
                let entry = slots[slot]
                if entry == 0 {
                    slots[slot] = _Slot.entry(hash: hash, position: newPosition)
                    return .appended
                }
                if _Slot.tagMatches(entry, hash: hash) {
                    let position = _Slot.position(entry)
                    if hashes[position] == hash && elements[position] == element {
                        if position >= protectedFrom { return .duplicate(at: position) }
                        slots[slot] = _Slot.entry(hash: hash, position: newPosition)
                        return .relocated(from: position)
                    }
                }
                slot = (slot &+ 1) & mask
            }
        }
        if case .duplicate = outcome { return outcome }
        elements.append(element)
        hashes.append(hash)
        return outcome
    }

    /// Appends identifiers, hashing each once; an identifier already in the table is appended too
    /// and the index re-pointed at the new copy (its old position goes to `relocated`, and the
    /// caller must remove that copy), exactly as `appendOrRelocate` one at a time.
    ///
    /// Runs in passes: every hash first, then one copy of the identifiers, then the index entries.
    /// Keeping the index pass free of hashing lets the processor overlap its random memory accesses,
    /// which one combined loop per identifier did not.
    ///
    /// - Returns: `nil`, or the first identifier listed twice in `newElements`; then the table is
    ///   left as it was (and `relocated` must be ignored).
    /// - Complexity: O(k) amortized expected for k identifiers; one call to `hash(into:)` each.
    @inlinable mutating func appendOrRelocate(
        contentsOf newElements: [Element], relocated: inout [Int]
    ) -> Element? {
        let oldCount = elements.count
        let total = oldCount + newElements.count
        if total &+ 1 > _IndexTuning.capacity(slotCount: slots.count) {
            rebuildIndex(
                slotCount: Self.slotCount(for: Swift.max(total, oldCount &* _IndexTuning.growthFactor)))
        }
        // A plain loop: where `Element` is not specialized (a store's reads), appending a lazy
        // map costs several witness calls per identifier on top of its hash.
        hashes.reserveCapacity(total)
        for element in newElements { hashes.append(element.hashValue) }
        elements.append(contentsOf: newElements)
        let duplicate: Int? = slots.withUnsafeMutableBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                elements.withUnsafeBufferPointer { elements in
                    let mask = slots.count &- 1
                    for newPosition in oldCount..<total {
                        let hash = hashes[newPosition]
                        var slot = hash & mask
                        while true {
                            let entry = slots[slot]
                            if entry == 0 {
                                slots[slot] = _Slot.entry(hash: hash, position: newPosition)
                                break
                            }
                            if _Slot.tagMatches(entry, hash: hash) {
                                let position = _Slot.position(entry)
                                if hashes[position] == hash && elements[position] == elements[newPosition] {
                                    if position >= oldCount { return newPosition }
                                    slots[slot] = _Slot.entry(hash: hash, position: newPosition)
                                    relocated.append(position)
                                    break
                                }
                            }
                            slot = (slot &+ 1) & mask
                        }
                    }
                    return nil
                }
            }
        }
        guard let duplicate else { return nil }
        let element = elements[duplicate]
        truncate(to: oldCount)
        return element
    }
}

/// Outcome of `_IdentifierTable.appendOrRelocate(_:hash:protectedFrom:)`; not nested in the
/// generic table so that using it needs no generic metadata.
@usableFromInline enum _AppendOutcome {
    /// The identifier was new; it is now the last element.
    case appended
    /// The identifier was already at this position (before `protectedFrom`); it has also been
    /// appended and the index now points at the new copy. The caller must remove the old one.
    case relocated(from: Int)
    /// The identifier was already appended at this position, at or after `protectedFrom`.
    case duplicate(at: Int)
}
