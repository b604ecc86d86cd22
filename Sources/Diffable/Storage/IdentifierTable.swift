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
                for position in hashes.indices {
                    _insertEntry(hash: hashes[position], position: position, in: slots)
                }
            }
        }
    }

    /// Removes the identifiers in `runs`: ascending, non-overlapping ranges of positions.
    ///
    /// Only what follows the first removed identifier moves. The index is edited rather than
    /// rebuilt when that is cheaper: each removed entry leaves its probe cluster (later entries of
    /// the cluster that may fill the gap move back, so no tombstone is left), then the entries of
    /// the identifiers that shifted are renumbered, by a probe for each when they are few (removals
    /// near the end), or in a sequential sweep of the index per run, for up to 8 runs. A rebuild
    /// writes every entry at a random place, which on a large table costs several times a sweep:
    /// deleting one item at a time from a long list was dominated by it. The index is also rebuilt
    /// (smaller) once it has outgrown what is left fourfold.
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
        // Up to 8 runs are swept, one sweep each: deleting an item and its twin in another section
        // is two.
        let edit = _indexEdit(
            rewritten: removedCount, shifted: kept &- first, sweeps: runs.count, count: kept)
        if edit != .rebuild {
            slots.withUnsafeMutableBufferPointer { slots in
                hashes.withUnsafeBufferPointer { hashes in
                    for run in runs {
                        for position in run { _removeEntry(ofPosition: position, in: slots, hashes: hashes) }
                    }
                    if edit == .sweep {
                        _dropEntries(after: runs, in: slots)
                        return
                    }
                    // In order of old position: an entry renumbered so far has a new position below
                    // the old position searched for next, so no search can find it by mistake.
                    _forEachKeptPosition(after: runs, upTo: count) { position, removedBefore in
                        slots[_slot(ofPosition: position, in: slots, hashes: hashes)] = _Slot.entry(
                            hash: hashes[position], position: position &- removedBefore)
                    }
                }
            }
        }
        _removeElements(of: &elements, inRuns: runs)
        _removeElements(of: &hashes, inRuns: runs)
        if edit == .rebuild { rebuildIndex() }
    }

    /// Removes the identifiers at positions where `remove` is true: ``removeAll(inRuns:)`` when
    /// they form a few runs (a deleted item, or a parent with its children), else by compacting
    /// the identifiers and rebuilding the index.
    ///
    /// - Complexity: O(n); no call to `hash(into:)`.
    @inlinable mutating func removeAll(where remove: [Bool]) {
        assert(remove.count == elements.count)
        if let runs = _runs(where: remove, limit: 8) {
            removeAll(inRuns: runs)
            return
        }
        _removeElements(of: &elements, where: remove)
        _removeElements(of: &hashes, where: remove)
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
    /// The entries are found by probing for each or, when the range has at least an eighth as many
    /// identifiers as the index has slots, renumbered in one sequential sweep of the index.
    ///
    /// - Complexity: O(r) expected, where r is `subrange.count`; no call to `hash(into:)`.
    @inlinable mutating func rotate(subrange: Range<Int>, toStartAt middle: Int) {
        let first = subrange.lowerBound
        let end = subrange.upperBound
        assert(0 <= first && first <= middle && middle <= end && end <= elements.count)
        guard first < middle && middle < end else { return }
        _rotateElements(of: &elements, subrange: subrange, toStartAt: middle)
        _rotateElements(of: &hashes, subrange: subrange, toStartAt: middle)
        let front = end &- middle  // how many come to the front
        let length = end &- first
        if length &* 8 > slots.count {
            // An eighth of the index or more: one sequential sweep that renumbers every entry in
            // the range costs less than a probe (a chain of random reads) for each. Measured on
            // 100,000 identifiers, a probe cost about nine times a slot of the sweep.
            // Branch-free on the slot's low half (position + 1, 0 when empty), with masks made by
            // sign shifts (selects and comparisons were compiled to branches, which mispredict as
            // often as the positions are random): those at `first..<middle` move forward by
            // `front`, those at `middle..<end` back by `back`.
            let back = Int64(middle &- first)
            let forward = Int64(front)
            let firstRaw = Int64(first &+ 1)
            let middleRaw = Int64(middle &+ 1)
            slots.withUnsafeMutableBufferPointer { slots in
                for index in slots.indices {
                    let raw = Int64(slots[index] & 0xFFFF_FFFF)
                    let before = raw &- firstRaw  // in 0..<back when it moves forward
                    let after = raw &- middleRaw  // in 0..<forward when it moves back
                    let isBefore = ~((before | (back &- 1 &- before)) &>> 63)  // all ones when so
                    let isAfter = ~((after | (forward &- 1 &- after)) &>> 63)
                    let change = (forward & isBefore) &- (back & isAfter)
                    slots[index] = slots[index] &+ UInt64(bitPattern: change)
                }
            }
            return
        }
        // An entry is found by its identifier's tag and old position. All are found before any is
        // rewritten, so every search sees only original entries, whose positions are unique.
        let entries = UnsafeMutableBufferPointer<Int>.allocate(capacity: length)
        defer { entries.deallocate() }
        slots.withUnsafeMutableBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                for offset in 0..<length {
                    let now = first &+ offset
                    let before = offset < front ? middle &+ offset : now &- front
                    let hash = hashes[now]
                    entries[offset] = _slot(
                        holding: _Slot.entry(hash: hash, position: before), hash: hash, in: slots)
                }
                for offset in 0..<length {
                    let now = first &+ offset
                    slots[entries[offset]] = _Slot.entry(hash: hashes[now], position: now)
                }
            }
        }
    }

    /// Replaces the identifiers at `range` with `newElements`, whose hash values are `newHashes`:
    /// the items of one section given a new list at once. `newElements` must be unique, and absent
    /// from the table outside `range`.
    ///
    /// One edit of the index, where a removal then an insertion made two: the old identifiers'
    /// entries leave it as in ``removeAll(inRuns:)``, the entries after the range shift by the
    /// difference in length (a probe for each when they are few, else one sequential sweep of the
    /// index), and the new identifiers are entered at their positions. The index is rebuilt
    /// instead when that is cheaper, when it must grow, or when it has outgrown the table fourfold.
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
            slots.withUnsafeMutableBufferPointer { slots in
                hashes.withUnsafeBufferPointer { hashes in
                    for position in range {
                        _removeEntry(ofPosition: position, in: slots, hashes: hashes)
                    }
                    guard delta != 0 else { return }
                    if edit == .sweep {
                        _shiftEntries(from: range.upperBound, by: delta, in: slots)
                        return
                    }
                    // Away from the direction of the shift: an entry renumbered so far has a
                    // position beyond every old position still to be searched for, so no search can
                    // find it by mistake.
                    @inline(__always) func renumber(_ position: Int) {
                        slots[_slot(ofPosition: position, in: slots, hashes: hashes)] = _Slot.entry(
                            hash: hashes[position], position: position &+ delta)
                    }
                    let tail = range.upperBound..<count
                    if delta > 0 {
                        for position in tail.reversed() { renumber(position) }
                    } else {
                        for position in tail { renumber(position) }
                    }
                }
            }
        }
        elements.replaceSubrange(range, with: newElements)
        hashes.replaceSubrange(range, with: newHashes)
        guard edit != .rebuild else {
            rebuildIndex()
            return
        }
        slots.withUnsafeMutableBufferPointer { slots in
            for (offset, hash) in newHashes.enumerated() {
                _insertEntry(hash: hash, position: range.lowerBound &+ offset, in: slots)
            }
        }
    }

    /// How to bring the index up to date after an edit that removes or adds the entries of
    /// `rewritten` identifiers and moves `shifted` others, leaving `count` identifiers: probe for
    /// each entry that changes when they are few; else renumber the moved ones in `sweeps`
    /// sequential sweeps of the index, for up to 8; else rebuild it. It is rebuilt too when it
    /// must grow, or has outgrown what is left fourfold.
    ///
    /// The costs are in entries written by a rebuild, whose random writes overlap one another: a
    /// probe, a chain of dependent random reads, costs about eight (as measured), and a sweep a
    /// sixteenth per slot.
    @inlinable func _indexEdit(rewritten: Int, shifted: Int, sweeps: Int, count: Int) -> _IndexEdit {
        let needed = Self.slotCount(for: count)
        if needed > slots.count || slots.count > 4 &* needed { return .rebuild }
        if 8 &* (rewritten &+ shifted) < count { return .probe }
        if sweeps <= 8 && 8 &* rewritten &+ slots.count / 16 &* sweeps < count { return .sweep }
        return .rebuild
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

/// The runs of positions where `flags` is true, ascending, or `nil` when there are more than
/// `limit`.
///
/// - Complexity: O(n), where n is `flags.count`.
@inlinable func _runs(where flags: [Bool], limit: Int) -> [Range<Int>]? {
    var runs: [Range<Int>] = []
    var position = flags.firstIndex(of: true) ?? flags.count
    while position < flags.count {
        guard runs.count < limit else { return nil }
        let start = position
        while position < flags.count && flags[position] { position &+= 1 }
        runs.append(start..<position)
        while position < flags.count && !flags[position] { position &+= 1 }
    }
    return runs
}

/// Appends `run` to `runs` (ascending, non-overlapping ranges of positions, `run` after the last
/// of them), merged into the last one when it starts where that one ends.
@inlinable func _appendRun(_ run: Range<Int>, to runs: inout [Range<Int>]) {
    if let last = runs.last, last.upperBound == run.lowerBound {
        runs[runs.count &- 1] = last.lowerBound..<run.upperBound
    } else {
        runs.append(run)
    }
}

/// Removes the elements of `array` in `runs` (ascending, non-overlapping ranges of positions),
/// keeping the order of the rest: a few runs with a block move each, more in one pass.
///
/// - Complexity: O(n - f), where n is `array.count` and f the first position removed.
@inlinable func _removeElements<Element>(of array: inout [Element], inRuns runs: [Range<Int>]) {
    if runs.count <= 8 {
        for run in runs.reversed() { array.removeSubrange(run) }
        return
    }
    array.withUnsafeMutableBufferPointer { array in
        _forEachKeptPosition(after: runs, upTo: array.count) { read, removedBefore in
            array.swapAt(read, read &- removedBefore)
        }
    }
    array.removeLast(runs.reduce(0) { $0 &+ $1.count })
}

/// Calls `body` with each position from the end of the first of `runs` (ascending,
/// non-overlapping ranges) up to `count` that no run covers, in order, and with how many positions
/// the runs cover before it: where the element there lands once the runs are removed.
///
/// - Complexity: O(`count` - f + r), where f is where the first run starts and r is `runs.count`.
@inlinable @inline(__always) func _forEachKeptPosition(
    after runs: [Range<Int>], upTo count: Int, _ body: (_ position: Int, _ removedBefore: Int) -> Void
) {
    var removedBefore = 0
    for (index, run) in runs.enumerated() {
        removedBefore &+= run.count
        let end = index &+ 1 < runs.count ? runs[index &+ 1].lowerBound : count
        for position in run.upperBound..<end { body(position, removedBefore) }
    }
}

/// Removes the elements of `array` at the positions where `remove` is true, keeping the order of
/// the rest, in one pass from the first of them.
///
/// - Complexity: O(n), where n is `array.count`.
@inlinable func _removeElements<Element>(of array: inout [Element], where remove: [Bool]) {
    assert(remove.count == array.count)
    guard let first = remove.firstIndex(of: true) else { return }
    let count = array.count
    var write = first
    array.withUnsafeMutableBufferPointer { array in
        for read in first..<count where !remove[read] {
            array.swapAt(read, write)
            write &+= 1
        }
    }
    array.removeLast(count &- write)
}

/// Rotates the elements of `array` in `subrange` so that the one at `middle` comes first, in place:
/// the shorter side is moved out, the longer one slides over with one block move, and the shorter
/// one is moved back in. Elements are moved, never copied, so a rotation of identifiers that are
/// reference-counted (strings, enums with payloads) retains and releases nothing, and an array that
/// is not shared keeps its buffer.
///
/// - Complexity: O(r), where r is `subrange.count`.
@inlinable func _rotateElements<Element>(
    of array: inout [Element], subrange: Range<Int>, toStartAt middle: Int
) {
    let first = subrange.lowerBound
    let end = subrange.upperBound
    guard first < middle && middle < end else { return }
    let front = end &- middle  // the elements that come to the front
    let back = middle &- first  // the elements that go after them
    array.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        let saved = UnsafeMutablePointer<Element>.allocate(capacity: Swift.min(front, back))
        defer { saved.deallocate() }
        // `moveInitialize(from:count:)` allows the source and destination to overlap.
        if front <= back {
            saved.moveInitialize(from: base + middle, count: front)
            (base + first + front).moveInitialize(from: base + first, count: back)
            (base + first).moveInitialize(from: saved, count: front)
        } else {
            saved.moveInitialize(from: base + first, count: back)
            (base + first).moveInitialize(from: base + middle, count: front)
            (base + first + front).moveInitialize(from: saved, count: back)
        }
    }
}

/// The slot that holds exactly `entry` (an identifier's tag and position), probing from the home
/// slot of `hash`. Traps if there is none: the index has lost an entry.
///
/// - Complexity: O(1) expected.
@inlinable @inline(__always) func _slot(
    holding entry: UInt64, hash: Int, in slots: UnsafeMutableBufferPointer<UInt64>
) -> Int {
    let mask = slots.count &- 1
    var slot = hash & mask
    var probes = 0
    while slots[slot] != entry {
        slot = (slot &+ 1) & mask
        probes &+= 1
        precondition(probes < slots.count, "identifier table: an index entry is missing")
    }
    return slot
}

/// Removes the entry for the identifier at `position` from an index with linear probing, by
/// backward shift: later entries of its probe cluster that may fill the gap move back into it, so
/// no tombstone is left. `hashes` are the stored hash values of the table's positions.
///
/// - Complexity: O(1) expected: the probe to the entry and the length of the cluster after it.
@inlinable @inline(__always) func _removeEntry(
    ofPosition position: Int, in slots: UnsafeMutableBufferPointer<UInt64>, hashes: UnsafeBufferPointer<Int>
) {
    let mask = slots.count &- 1
    var gap = _slot(ofPosition: position, in: slots, hashes: hashes)
    var next = gap
    while true {
        next = (next &+ 1) & mask
        let entry = slots[next]
        if entry == 0 { break }
        // An entry may fill the gap unless its home slot lies after the gap, up to where it sits
        // (cyclically): then its probe would not reach it.
        let home = hashes[_Slot.position(entry)] & mask
        if (next &- home) & mask >= (next &- gap) & mask {
            slots[gap] = entry
            gap = next
        }
    }
    slots[gap] = 0
}

/// Adds `delta` to the position of every entry at or after position `start`, in one sequential
/// sweep of the index. The entries that would land below `start + delta` must be gone.
///
/// Branch-free, with a mask made by a sign shift (a select was compiled to a branch, which
/// mispredicts as often as the positions are random), on the slot's low half: position + 1, 0 when
/// empty. A negative `delta` borrows nothing from the tag, since no position goes below 0.
///
/// - Complexity: O(s), where s is `slots.count`.
@inlinable @inline(__always) func _shiftEntries(
    from start: Int, by delta: Int, in slots: UnsafeMutableBufferPointer<UInt64>
) {
    let startRaw = Int64(start &+ 1)
    let change = UInt64(bitPattern: Int64(delta))
    for index in slots.indices {
        let raw = Int64(slots[index] & 0xFFFF_FFFF)
        let isAfter = UInt64(bitPattern: ~((raw &- startRaw) &>> 63))  // all ones when raw >= startRaw
        slots[index] &+= change & isAfter
    }
}

/// The slot of the entry for the identifier at `position` of a table whose stored hash values are
/// `hashes`. Traps if there is none.
///
/// - Complexity: O(1) expected.
@inlinable @inline(__always) func _slot(
    ofPosition position: Int, in slots: UnsafeMutableBufferPointer<UInt64>, hashes: UnsafeBufferPointer<Int>
) -> Int {
    let hash = hashes[position]
    return _slot(holding: _Slot.entry(hash: hash, position: position), hash: hash, in: slots)
}

/// Lowers the position of every entry by the number of positions in `runs` (ascending,
/// non-overlapping, their entries already gone) that come before it: where each identifier lands
/// once the runs are removed.
///
/// One sweep of the index per run, from the last run to the first: an entry after a run, lowered
/// by its length, is still after every earlier run. A single sweep comparing each entry with every
/// run's end was compiled with a branch per comparison, which mispredicted wherever positions are
/// random; this sweep has none.
///
/// - Complexity: O(s × r), where s is `slots.count` and r is `runs.count`.
@inlinable @inline(__always) func _dropEntries(
    after runs: [Range<Int>], in slots: UnsafeMutableBufferPointer<UInt64>
) {
    for run in runs.reversed() { _shiftEntries(from: run.upperBound, by: -run.count, in: slots) }
}

/// Enters the identifier at `position`, whose hash value is `hash`, in the first empty slot from
/// its home slot.
///
/// - Complexity: O(1) expected.
@inlinable @inline(__always) func _insertEntry(
    hash: Int, position: Int, in slots: UnsafeMutableBufferPointer<UInt64>
) {
    let mask = slots.count &- 1
    var slot = hash & mask
    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
    slots[slot] = _Slot.entry(hash: hash, position: position)
}
