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
        var slots = 8
        while slots - slots / 4 < count + 1 { slots &<<= 1 }
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
        let grown = elements.isEmpty ? capacity : Swift.max(capacity, 2 &* elements.capacity)
        elements.reserveCapacity(grown)
        hashes.reserveCapacity(grown)
        if Self.slotCount(for: capacity) > slots.count {
            rebuildIndex(slotCount: Self.slotCount(for: grown))
        }
    }

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
        if elements.count + 1 > slots.count - slots.count / 4 {
            rebuildIndex(slotCount: Self.slotCount(for: Swift.max(elements.count * 2, 8)))
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
        if total + 1 > slots.count - slots.count / 4 {
            rebuildIndex(slotCount: Self.slotCount(for: Swift.max(total, oldCount * 2)))
        }
        hashes.append(contentsOf: newElements.lazy.map { $0.hashValue })
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
        slots.withUnsafeMutableBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                let mask = slotCount &- 1
                for position in hashes.indices {
                    var slot = hashes[position] & mask
                    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
                    slots[slot] = _Slot.entry(hash: hashes[position], position: position)
                }
            }
        }
    }

    /// Removes the identifiers at positions where `remove` is true, then rebuilds the index.
    ///
    /// - Complexity: O(n); no call to `hash(into:)`.
    @inlinable mutating func removeAll(where remove: [Bool]) {
        assert(remove.count == elements.count)
        var write = 0
        elements.withUnsafeMutableBufferPointer { elements in
            hashes.withUnsafeMutableBufferPointer { hashes in
                for read in elements.indices where !remove[read] {
                    if read != write {
                        elements.swapAt(read, write)
                        hashes[write] = hashes[read]
                    }
                    write += 1
                }
            }
        }
        elements.removeLast(elements.count - write)
        hashes.removeLast(hashes.count - write)
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

    /// Removes every identifier and the index.
    @inlinable mutating func removeAll() {
        elements = []
        hashes = []
        slots = []
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
    /// - Complexity: O(r) expected, where r is `subrange.count`; no call to `hash(into:)`.
    @inlinable mutating func rotate(subrange: Range<Int>, toStartAt middle: Int) {
        let first = subrange.lowerBound
        let end = subrange.upperBound
        assert(0 <= first && first <= middle && middle <= end && end <= elements.count)
        guard first < middle && middle < end else { return }
        // Copied out first, then written back over the same range: the arrays keep their buffers
        // (a slice would keep the buffer shared, and the write would copy it all).
        let rotated = Array(elements[middle..<end]) + Array(elements[first..<middle])
        elements.replaceSubrange(subrange, with: rotated)
        let rotatedHashes = Array(hashes[middle..<end]) + Array(hashes[first..<middle])
        hashes.replaceSubrange(subrange, with: rotatedHashes)
        let front = end &- middle  // how many come to the front
        let length = end &- first
        // An entry is found by its identifier's tag and old position. All are found before any is
        // rewritten, so every search sees only original entries, whose positions are unique.
        let entries = UnsafeMutableBufferPointer<Int>.allocate(capacity: length)
        defer { entries.deallocate() }
        slots.withUnsafeMutableBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                let mask = slots.count &- 1
                for offset in 0..<length {
                    let now = first &+ offset
                    let before = offset < front ? middle &+ offset : now &- front
                    let hash = hashes[now]
                    let entry = _Slot.entry(hash: hash, position: before)
                    var slot = hash & mask
                    var probes = 0
                    while slots[slot] != entry {
                        slot = (slot &+ 1) & mask
                        probes &+= 1
                        precondition(probes < slots.count, "identifier table: an index entry is missing")
                    }
                    entries[offset] = slot
                }
                for offset in 0..<length {
                    let now = first &+ offset
                    slots[entries[offset]] = _Slot.entry(hash: hashes[now], position: now)
                }
            }
        }
    }

    /// Checks that every identifier is found at its own position and the stored hashes are current.
    func checkInvariants(file: StaticString = #file, line: UInt = #line) {
        precondition(
            elements.count == hashes.count, "table: element and hash counts differ", file: file, line: line)
        precondition(
            slots.count == 0 ? elements.isEmpty : slots.count.nonzeroBitCount == 1,
            "table: slot count is not a power of two", file: file, line: line)
        precondition(
            elements.count <= slots.count - slots.count / 4 || elements.isEmpty,
            "table: index more than 3/4 full", file: file, line: line)
        var occupied = 0
        for entry in slots where entry != 0 { occupied += 1 }
        precondition(
            occupied == elements.count, "table: index holds \(occupied) entries, expected \(elements.count)",
            file: file, line: line)
        for (position, element) in elements.enumerated() {
            precondition(
                hashes[position] == element.hashValue,
                "table: stored hash of \(element) is stale (its hash value changed?)", file: file, line: line)
            precondition(
                index(of: element, hash: hashes[position]) == position,
                "table: \(element) is not found at its position \(position)", file: file, line: line)
        }
    }
}

extension _IdentifierTable: Sendable where Element: Sendable {}

/// The layout of one non-empty slot of an `_IdentifierTable` index: the high 32 bits of the
/// identifier's hash value (the tag) above its position plus one (never 0, so 0 can mean empty).
/// Positions are below 2^31 everywhere in the library (they are also stored as `Int32`).
@usableFromInline enum _Slot {
    @inlinable @inline(__always) static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    @inlinable @inline(__always) static func entry(hash: Int, position: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: hash) & tagMask | UInt64(truncatingIfNeeded: position &+ 1)
    }

    /// Whether `entry` may hold the identifier with hash value `hash` (its tag agrees).
    @inlinable @inline(__always) static func tagMatches(_ entry: UInt64, hash: Int) -> Bool {
        (entry ^ UInt64(truncatingIfNeeded: hash)) & tagMask == 0
    }

    /// 1 when a probe for `hash` stops at `entry`: it is empty, or its tag agrees; else 0.
    /// Both tests are evaluated (no `||`), so the result has no branch.
    @inlinable @inline(__always) static func endsProbe(_ entry: UInt64, hash: Int) -> UInt8 {
        (entry == 0 ? 1 : 0) | (tagMatches(entry, hash: hash) ? 1 : 0)
    }

    @inlinable @inline(__always) static func position(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
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
