// The open-addressing index of an identifier table, and the edits of its entries that the table's
// mutations are built from.

/// The layout of one non-empty slot of an `_IdentifierTable` index: the high 32 bits of the
/// identifier's hash value (the tag) above its position plus one (never 0, so 0 can mean empty).
/// Positions are below 2^31 everywhere in the library (they are also stored as `Int32`).
@usableFromInline enum _Slot {
    @inlinable @inline(__always) static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    /// The low half of an entry: its position plus one, 0 when the slot is empty.
    @inlinable @inline(__always) static var positionMask: UInt64 { 0xFFFF_FFFF }

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
        Int(truncatingIfNeeded: entry & positionMask) &- 1
    }
}

/// An identifier table's index, seen through pointers to its slots and to the stored hash values
/// of the table's positions (from which an entry's home slot is found), with the edits of its
/// entries: entering one, finding one, removing one without leaving a tombstone, and renumbering
/// many in one sequential sweep.
///
/// Linear probing over a power-of-two number of slots; a slot is 0 when empty, else a `_Slot`
/// entry. Not nested in the generic table, where the compiler optimized these edits less.
@usableFromInline struct _IdentifierIndex {
    /// The slots, a power of two of them (or none).
    @usableFromInline let slots: UnsafeMutableBufferPointer<UInt64>
    /// The stored hash value of each position of the table.
    @usableFromInline let hashes: UnsafeBufferPointer<Int>

    @inlinable @inline(__always) init(
        slots: UnsafeMutableBufferPointer<UInt64>, hashes: UnsafeBufferPointer<Int>
    ) {
        self.slots = slots
        self.hashes = hashes
    }

    /// Enters the identifier at `position`, whose hash value is `hash`, in the first empty slot from
    /// its home slot.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always) func insertEntry(hash: Int, position: Int) {
        let mask = slots.count &- 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = _Slot.entry(hash: hash, position: position)
    }

    /// The slot that holds exactly `entry` (an identifier's tag and position), probing from the
    /// home slot of `hash`. Traps if there is none: the index has lost an entry.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always) func slot(holding entry: UInt64, hash: Int) -> Int {
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

    /// The slot of the entry for the identifier at `position`. Traps if there is none.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always) func slot(ofPosition position: Int) -> Int {
        let hash = hashes[position]
        return slot(holding: _Slot.entry(hash: hash, position: position), hash: hash)
    }

    /// Gives the entry for the identifier at `position` the position `newPosition`, in its slot.
    /// Traps if there is none.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always) func renumberEntry(ofPosition position: Int, to newPosition: Int) {
        slots[slot(ofPosition: position)] = _Slot.entry(hash: hashes[position], position: newPosition)
    }

    /// Removes the entry for the identifier at `position` by backward shift: later entries of its
    /// probe cluster that may fill the gap move back into it, so no tombstone is left.
    ///
    /// - Complexity: O(1) expected: the probe to the entry and the length of the cluster after it.
    @inlinable @inline(__always) func removeEntry(ofPosition position: Int) {
        let mask = slots.count &- 1
        var gap = slot(ofPosition: position)
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

    /// Renumbers entries by position in one sequential sweep of the index: `delta` is added to the
    /// position of every entry whose position lies in `range`, and `otherDelta` to those in
    /// `otherRange` (both are added where the ranges overlap). Positions are tested as they were
    /// before the sweep; none may leave 0..<2^31, and no two entries may end up with one position.
    ///
    /// The sweep that every renumbering of many entries uses (a shift of all the entries after a
    /// point is one range, a rotation two). Branch-free, with masks made by sign shifts on the
    /// slot's low half (position + 1, 0 when empty, which lies in no range): a select or comparison
    /// was compiled to a branch, which mispredicts as often as the positions are random. A negative
    /// change borrows nothing from the tag, since no position goes below 0. With the defaults, the
    /// second range costs nothing: a `delta` of 0 is folded away once this is inlined.
    ///
    /// - Complexity: O(s), where s is `slots.count`.
    @inlinable @inline(__always) func shiftPositions(
        in range: Range<Int>, by delta: Int, andIn otherRange: Range<Int> = 0..<0, by otherDelta: Int = 0
    ) {
        // Per range, the low halves of its first and last positions; the mask is all ones when
        // neither `raw - first` nor `last - raw` is negative.
        let first = Int64(range.lowerBound &+ 1)
        let last = Int64(range.upperBound)
        let change = Int64(delta)
        let otherFirst = Int64(otherRange.lowerBound &+ 1)
        let otherLast = Int64(otherRange.upperBound)
        let otherChange = Int64(otherDelta)
        for index in slots.indices {
            let raw = Int64(slots[index] & _Slot.positionMask)
            let inside = ~(((raw &- first) | (last &- raw)) &>> 63)
            let otherInside = ~(((raw &- otherFirst) | (otherLast &- raw)) &>> 63)
            slots[index] &+= UInt64(bitPattern: (change & inside) &+ (otherChange & otherInside))
        }
    }

    /// Adds `delta` to the position of every entry at or after position `start`, in one sequential
    /// sweep. The entries that would land below `start + delta` must be gone.
    ///
    /// - Complexity: O(s), where s is `slots.count`.
    @inlinable @inline(__always) func shiftPositions(from start: Int, by delta: Int) {
        // Up to the largest position a slot can hold: no low half exceeds it, so the compiler drops
        // the test of the upper end.
        shiftPositions(in: start..<Int(_Slot.positionMask), by: delta)
    }

    /// Renumbers entries by a step function of their position, in one sequential sweep of the
    /// index however many steps it has: an entry whose old position `p` is at or after
    /// `breakpoints[j]` (ascending, distinct), and before `breakpoints[j + 1]`, gets `deltas[j]`
    /// added; one before the first breakpoint keeps its position. Where many inserted or removed
    /// identifiers each shift what follows them by one more, this is one sweep where a sweep per
    /// step would be many, and a rebuild of the index writes every entry at a random place.
    ///
    /// The positions are cut into blocks that a small table covers (in cache), each with the delta
    /// at its start and the breakpoints inside it; an entry whose block holds none (most, when the
    /// blocks outnumber the breakpoints) costs two reads of that table and no branch.
    ///
    /// - Complexity: O(s + b + n / 1,024), where s is `slots.count`, b the number of breakpoints
    ///   and n `positionLimit` (above every position in the index), plus, for each entry in a block
    ///   that holds breakpoints, the number of them there (the table has at least 8 blocks a
    ///   breakpoint, so a few).
    @inlinable func shiftPositions(
        breakpoints: UnsafeBufferPointer<Int>, deltas: UnsafeBufferPointer<Int>, positionLimit: Int
    ) {
        guard breakpoints.count > 1 else {
            // One step: the plain sweep.
            if let first = breakpoints.first { shiftPositions(from: first, by: deltas[0]) }
            return
        }
        // Blocks of 2^shift positions: at least 8 a breakpoint and n / 1,024 in all, so that blocks
        // with a breakpoint inside are few, and the table stays a few hundred kilobytes at most.
        let wanted = Swift.max(8 &* breakpoints.count, positionLimit >> 10, 1)
        var shift = 0
        while (positionLimit >> shift) > wanted { shift &+= 1 }
        let blocks = (positionLimit >> shift) &+ 1
        // Per block: the delta at its first position, and where its breakpoints start in
        // `breakpoints`. One block more, with neither, stands for the empty slots.
        let blockDelta = UnsafeMutableBufferPointer<Int>.allocate(capacity: blocks &+ 1)
        let firstBreak = UnsafeMutableBufferPointer<Int32>.allocate(capacity: blocks &+ 2)
        defer {
            blockDelta.deallocate()
            firstBreak.deallocate()
        }
        var next = 0
        var delta = 0
        for block in 0..<blocks {
            let start = block << shift
            // `delta` is the delta before `start`; breakpoints below it were passed.
            while next < breakpoints.count && breakpoints[next] < start {
                delta = deltas[next]
                next &+= 1
            }
            firstBreak[block] = Int32(truncatingIfNeeded: next)
            blockDelta[block] = delta
        }
        // The breakpoints at or after the start of block b and before that of block b + 1 are
        // firstBreak[b]..<firstBreak[b + 1]; the block of the empty slots has none.
        firstBreak[blocks] = Int32(truncatingIfNeeded: breakpoints.count)
        firstBreak[blocks &+ 1] = Int32(truncatingIfNeeded: breakpoints.count)
        blockDelta[blocks] = 0
        for index in slots.indices {
            let entry = slots[index]
            let raw = Int(truncatingIfNeeded: entry & _Slot.positionMask)  // position + 1, or 0
            let live = (0 &- raw) &>> 63  // all ones for an entry, 0 for an empty slot
            let position = (raw &- 1) & live
            let block = ((position &>> shift) & live) | (blocks & ~live)
            var change = blockDelta[block]
            let low = Int(firstBreak[block])
            let high = Int(firstBreak[block &+ 1])
            if low != high {
                for step in low..<high where breakpoints[step] <= position { change = deltas[step] }
            }
            slots[index] = entry &+ UInt64(bitPattern: Int64(change & live))
        }
    }

    /// Lowers the position of every entry by the number of positions in `runs` (ascending,
    /// non-overlapping, their entries already gone) that come before it: where each identifier
    /// lands once the runs are removed.
    ///
    /// For a few runs, one sweep per run, from the last run to the first: an entry after a run,
    /// lowered by its length, is still after every earlier run. A single sweep comparing each
    /// entry with every run's end was compiled with a branch per comparison, which mispredicted
    /// wherever positions are random; these sweeps have none. For more runs, one sweep by a step
    /// function (``shiftPositions(breakpoints:deltas:positionLimit:)``), `positionLimit` being
    /// above every position.
    ///
    /// - Complexity: O(s × r) for r runs up to `_IndexTuning.steppedSweepCost`, where s is
    ///   `slots.count`; else O(s + r + positionLimit / 1,024).
    @inlinable func dropPositions(after runs: [Range<Int>], positionLimit: Int) {
        guard runs.count > _IndexTuning.steppedSweepCost else {
            for run in runs.reversed() { shiftPositions(from: run.upperBound, by: -run.count) }
            return
        }
        var removedBefore = 0
        let breakpoints = runs.map(\.upperBound)
        let deltas = runs.map { run in
            removedBefore &+= run.count
            return -removedBefore
        }
        breakpoints.withUnsafeBufferPointer { breakpoints in
            deltas.withUnsafeBufferPointer { deltas in
                shiftPositions(breakpoints: breakpoints, deltas: deltas, positionLimit: positionLimit)
            }
        }
    }
}
