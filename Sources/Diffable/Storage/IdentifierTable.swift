/// An insertion-ordered list of unique identifiers, the hash value of each, and an open-addressing
/// index from identifier to position.
///
/// This is the storage every snapshot is built on. Each identifier is hashed exactly once, when it
/// is added; the hash is kept beside it, so rebuilding the index after a mutation in the middle, or
/// probing this table with an identifier taken from another table (which is what the diff engine
/// does), never calls `hash(into:)` again.
///
/// The index uses linear probing over a power-of-two array of slots and is kept at most
/// three-quarters full. A slot is 0 when empty; otherwise its low 32 bits are a position plus one
/// and its high 32 bits the high half of that identifier's hash value (see `_Slot`), so a probe
/// passes over other identifiers without reading their stored hash: a miss (the diff's inserted
/// identifiers, or a fresh append) usually costs one random memory access instead of two. The tag
/// doubles the index to 8 bytes a slot, 10.7 to 21.3 bytes an identifier depending on the fill.
///
/// The table's concerns live in one file each: lookups, sizing and the rebuild here; appending in
/// `+Appending`; removing, replacing, rotating and the choice of how to edit the index in
/// `+Editing`; the index entries in `_IdentifierIndex`; the numbers in `_IndexTuning`; the
/// invariants in `+Invariants`.
@usableFromInline struct _IdentifierTable<Element: Hashable> {
    /// The identifiers, in order.
    @usableFromInline var elements: [Element] = []
    /// `elements[i].hashValue`, computed once when the identifier was added.
    @usableFromInline var hashes: [Int] = []
    /// The open-addressing index: 0 = empty, otherwise a `_Slot` entry.
    @usableFromInline var slots: [UInt64] = []

    @inlinable init() {}

    /// Creates a table from identifiers and their precomputed hash values, which must be unique.
    @inlinable init(elements: [Element], hashes: [Int]) {
        assert(elements.count == hashes.count)
        self.elements = elements
        self.hashes = hashes
        rebuildIndex()
    }

    @inlinable var count: Int { elements.count }
    @inlinable var isEmpty: Bool { elements.isEmpty }

    /// The number of slots an index for `count` identifiers uses: a power of two, at most 3/4 full.
    @inlinable static func slotCount(for count: Int) -> Int {
        guard count > 0 else { return 0 }
        var slots = _IndexTuning.minimumSlotCount
        while _IndexTuning.capacity(slotCount: slots) < count + 1 { slots &<<= 1 }
        return slots
    }

    /// The position of `element`, hashing it once.
    ///
    /// - Complexity: O(1) expected; one call to `hash(into:)`.
    @inlinable func index(of element: Element) -> Int? {
        guard !slots.isEmpty else { return nil }
        return index(of: element, hash: element.hashValue)
    }

    /// The position of `element` whose hash value is already known; no call to `hash(into:)`.
    ///
    /// - Complexity: O(1) expected; `==` is called only on identifiers whose stored hash matches.
    @inlinable func index(of element: Element, hash: Int) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            guard !slots.isEmpty else { return nil }
            return hashes.withUnsafeBufferPointer { hashes in
                elements.withUnsafeBufferPointer { elements in
                    let position = Self._find(
                        element, hash: hash, slots: slots, hashes: hashes, elements: elements)
                    return position < 0 ? nil : position
                }
            }
        }
    }

    /// The position of `element` in the table made of `slots`, `hashes` and `elements`, or -1: the
    /// probe loop that lookups and the diff share. `slots` must not be empty.
    ///
    /// - Complexity: O(1) expected; `==` is called only on identifiers whose stored hash matches.
    @inlinable @inline(__always) static func _find(
        _ element: Element, hash: Int, slots: UnsafeBufferPointer<UInt64>, hashes: UnsafeBufferPointer<Int>,
        elements: UnsafeBufferPointer<Element>
    ) -> Int {
        let mask = slots.count &- 1
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return -1 }
            if _Slot.tagMatches(entry, hash: hash) {
                let position = _Slot.position(entry)
                if hashes[position] == hash && elements[position] == element { return position }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Whether the table holds `element`.
    @inlinable func contains(_ element: Element) -> Bool { index(of: element) != nil }

    /// Reserves room for `capacity` identifiers, growing the index if needed.
    ///
    /// An empty table reserves exactly `capacity` (one big append costs no slack); a table that
    /// already holds identifiers at least doubles, index included, because `Array.reserveCapacity`
    /// reallocates to the exact size and repeated appends (one per section) would otherwise copy
    /// every identifier, or rebuild the index, far more often.
    @inlinable mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > elements.capacity else { return }
        let grown =
            elements.isEmpty ? capacity : Swift.max(capacity, _IndexTuning.growthFactor &* elements.capacity)
        elements.reserveCapacity(grown)
        hashes.reserveCapacity(grown)
        if Self.slotCount(for: capacity) > slots.count {
            rebuildIndex(slotCount: Self.slotCount(for: grown))
        }
    }

    /// Calls `body` with the index, to edit its entries in place; `body` must leave it consistent
    /// with `hashes`.
    @inlinable @inline(__always) mutating func _editIndex<Result>(
        _ body: (_IdentifierIndex) -> Result
    ) -> Result {
        slots.withUnsafeMutableBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in body(_IdentifierIndex(slots: slots, hashes: hashes)) }
        }
    }

    /// Rebuilds the index from the stored hash values; never calls `hash(into:)`.
    ///
    /// - Complexity: O(n), where n is the number of identifiers.
    @inlinable mutating func rebuildIndex(slotCount requested: Int? = nil) {
        let slotCount = Swift.max(requested ?? 0, Self.slotCount(for: elements.count))
        if slots.count == slotCount {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            slots = [UInt64](repeating: 0, count: slotCount)
        }
        guard slotCount > 0 else { return }
        _editIndex { index in
            for position in index.hashes.indices {
                index.insertEntry(hash: index.hashes[position], position: position)
            }
        }
    }
}

extension _IdentifierTable: Sendable where Element: Sendable {}
