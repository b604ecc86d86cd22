/// Which identifier of one table is which identifier of another: the first step of every diff.
///
/// Both tables already hold each identifier's hash value, so matching never calls
/// `hash(into:)`: for each identifier of `new` it first tries the positions just after the previous
/// in-order match in `old` (where it usually is when most of a list is unchanged), then probes
/// `old`'s index with the stored hash. `==` runs where stored hashes are equal, and on an
/// identifier and itself where that spares a branch.
@usableFromInline struct _Matching {
    /// `newToOld[i]` is the position in `old` of `new`'s identifier `i`, or -1.
    @usableFromInline var newToOld: [Int32]
    /// `oldToNew[i]` is the position in `new` of `old`'s identifier `i`, or -1.
    @usableFromInline var oldToNew: [Int32]
    /// How many identifiers are in both.
    @usableFromInline var matchedCount: Int

    /// - Complexity: O(n + m) expected, where n and m are the sizes of the tables; no hashing.
    @inlinable init<Element: Hashable>(new: _IdentifierTable<Element>, old: _IdentifierTable<Element>) {
        let newCount = new.count
        let oldCount = old.count
        // One element more than `old` has, a scratch element that `_match` writes for identifiers it
        // does not find, so that its outcome writes need no branch; removed before it is returned.
        var oldToNew = [Int32](repeating: -1, count: oldCount &+ 1)
        var matched = 0
        guard oldCount > 0 && newCount > 0 else {
            oldToNew.removeLast()
            self.newToOld = [Int32](repeating: -1, count: newCount)
            self.oldToNew = oldToNew
            self.matchedCount = 0
            return
        }
        // `newToOld` starts uninitialized: `_match` writes every position in 0..<newCount (each
        // iteration of its loop settles one), before `initializedCount` claims them. The buffer is
        // not empty (guarded above), so `baseAddress` is not nil.
        let newToOld = [Int32](unsafeUninitializedCapacity: newCount) { newToOld, initializedCount in
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                old.slots.withUnsafeBufferPointer { slots in
                    old.hashes.withUnsafeBufferPointer { oldHashes in
                        old.elements.withUnsafeBufferPointer { oldElements in
                            new.hashes.withUnsafeBufferPointer { newHashes in
                                new.elements.withUnsafeBufferPointer { newElements in
                                    matched = Self._match(
                                        newHashes: newHashes, newElements: newElements, oldSlots: slots,
                                        oldHashes: oldHashes, oldElements: oldElements,
                                        newToOld: newToOld.baseAddress!, oldToNew: oldToNew)
                                }
                            }
                        }
                    }
                }
            }
            initializedCount = newCount
        }
        oldToNew.removeLast()
        self.newToOld = newToOld
        self.oldToNew = oldToNew
        self.matchedCount = matched
    }

    /// Fills `newToOld` (uninitialized on entry) and `oldToNew` (all -1 on entry, with one scratch
    /// element after `old`'s positions) and returns how many identifiers matched.
    ///
    /// Two passes. The first walks `new` in order and guesses where each identifier is in `old`
    /// from `run`, the position after the previous in-order match. All guesses are sequential
    /// reads. Identifiers at `run` go through a tight loop, since most of a list usually keeps its
    /// order. Where the order breaks, a loop without branches takes over (`_settle`; the breaks are
    /// as unpredictable as the edit, so a branch there mispredicts about once per break): it
    /// compares the stored hashes at `run` to `run + 3` (items dropped or moved away in `old` in
    /// between) and settles the outcome with arithmetic, until eight identifiers in a row are at
    /// `run` again. An identifier no guess finds is set aside. After six in a row (the guesses have
    /// probably lost their place: a block moved, or several items went), one is looked up at once,
    /// and the guesses carry on after it if the next identifier follows it in `old` too. A lookup
    /// on its own waits for memory alone, which on a large table costs several times what a
    /// batched one does, so when that identifier is absent too (a stretch of new identifiers), the
    /// next 32 go straight to the second pass, then twice as many each further time in a row.
    ///
    /// The second pass looks the identifiers set aside up in `old`'s index, 32 at a time, so that
    /// memory accesses that do not depend on each other are in flight together instead of one
    /// after another (which is what costs most on large tables): the four slots from each
    /// identifier's home slot are read for the next batch while this one is settled; then, without
    /// branches (where a probe stops is as unpredictable as the table's layout), the first of them
    /// that is empty (absent) or carries the identifier's tag; then, in a sweep of their own, the
    /// comparisons with the identifiers the tags point to; then the outcome. Only a probe that
    /// runs past four slots or meets a tag of another identifier takes the ordinary probe loop.
    ///
    /// - Complexity: O(n + m) expected; no hashing.
    @inlinable static func _match<Element: Hashable>(
        newHashes: UnsafeBufferPointer<Int>, newElements: UnsafeBufferPointer<Element>,
        oldSlots: UnsafeBufferPointer<UInt64>, oldHashes: UnsafeBufferPointer<Int>,
        oldElements: UnsafeBufferPointer<Element>, newToOld: UnsafeMutablePointer<Int32>,
        oldToNew: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let oldCount = oldHashes.count
        var matched = 0
        /// Whether `old`'s identifier at `guess` is `new`'s at `position`.
        @inline(__always) func isAt(_ guess: Int, _ position: Int, _ hash: Int) -> Bool {
            guess < oldCount && oldHashes[guess] == hash && oldElements[guess] == newElements[position]
        }
        @inline(__always) func probe(_ position: Int) -> Int {
            _IdentifierTable<Element>._find(
                newElements[position], hash: newHashes[position], slots: oldSlots, hashes: oldHashes,
                elements: oldElements)
        }
        let newCount = newHashes.count
        // Positions no guess found, to be looked up in the second pass.
        let pending = UnsafeMutableBufferPointer<Int32>.allocate(capacity: newCount)
        defer { pending.deallocate() }
        var pendingCount = 0
        var run = 0
        var misses = 0  // how many identifiers in a row were neither guessed nor found
        let oldBase = oldElements.baseAddress!
        let newBase = newElements.baseAddress!
        @inline(__always) func isGuess(_ guess: Int, valid: Int, at position: Int) -> Bool {
            Self._isGuess(guess, valid: valid, at: position, old: oldBase, new: newBase)
        }
        var skip = 32  // identifiers to set aside after a lookup at once finds nothing
        var position = 0
        while position < newCount {
            let stretchStart = position
            while position < newCount && isAt(run, position, newHashes[position]) {
                newToOld[position] = Int32(truncatingIfNeeded: run)
                oldToNew[run] = Int32(truncatingIfNeeded: position)
                run &+= 1
                position &+= 1
            }
            if position > stretchStart {
                matched &+= position &- stretchStart
                misses = 0
            }
            let streak = Self._settle(
                newHashes: newHashes.baseAddress!, newElements: newBase, newCount: newCount,
                oldHashes: oldHashes.baseAddress!, oldElements: oldBase, oldCount: oldCount,
                newToOld: newToOld, oldToNew: oldToNew.baseAddress!, pending: pending.baseAddress!,
                position: &position, run: &run, misses: &misses, pendingCount: &pendingCount,
                matched: &matched)
            guard position < newCount else { break }
            if streak >= 8 { continue }
            // Near the end of `old`, or six identifiers in a row that no guess found: one step
            // with branches, which may look the identifier up at once.
            let hash = newHashes[position]
            var found = -1
            if isAt(run, position, hash) {
                found = run
                run &+= 1
            } else if isAt(run &+ 1, position, hash) {
                found = run &+ 1
                run &+= 2
            } else if isAt(run &+ 2, position, hash) {
                found = run &+ 2
                run &+= 3
            } else if misses >= 6 {
                found = probe(position)
                if found >= 0 {
                    // Follow it only if the next identifier follows it in `old` too (the thread
                    // was lost, or a block moved), not when it moved on its own.
                    let next = position &+ 1
                    if next < newCount && isAt(found &+ 1, next, newHashes[next]) { run = found &+ 1 }
                    skip = 32
                }
            }
            newToOld[position] = Int32(truncatingIfNeeded: found)
            position &+= 1
            if found >= 0 {
                oldToNew[found] = Int32(truncatingIfNeeded: position &- 1)
                matched &+= 1
                misses = 0
                continue
            }
            pending[pendingCount] = Int32(truncatingIfNeeded: position &- 1)
            pendingCount &+= 1
            misses &+= 1
            if misses > 6 {
                // Looked up and absent: probably a stretch of new identifiers, where guesses cost
                // time for nothing. The next ones go straight to the second pass, twice as many
                // each time this happens again in a row.
                let stop = Swift.min(position &+ skip, newCount)
                while position < stop {
                    newToOld[position] = -1
                    pending[pendingCount] = Int32(truncatingIfNeeded: position)
                    pendingCount &+= 1
                    position &+= 1
                }
                skip = Swift.min(skip &* 2, 1 &<< 16)
            }
        }

        let mask = oldSlots.count &- 1
        let batchSize = 32
        let laneCount = 4  // slots a batched probe reads: two were slower on a full table, as was one
        // Per identifier of two batches, the slots its probe reads and an empty one after them
        // (for a probe that decides nothing): the next batch's are read while this one is settled.
        let stride = laneCount &+ 1
        let window = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 &* batchSize &* stride)
        // Per identifier of a batch: the position its tag points to (-1: absent, -2: undecided)
        // and whether the identifier there is the same.
        let candidates = UnsafeMutableBufferPointer<Int>.allocate(capacity: batchSize)
        let equal = UnsafeMutableBufferPointer<Bool>.allocate(capacity: batchSize)
        defer {
            window.deallocate()
            candidates.deallocate()
            equal.deallocate()
        }
        @inline(__always) func gather(from start: Int, into half: Int) {
            for k in 0..<Swift.min(batchSize, pendingCount &- start) {
                let slot = newHashes[Int(pending[start &+ k])] & mask
                let lanes = window + (half &* batchSize &+ k) &* stride
                for lane in 0..<laneCount { lanes[lane] = oldSlots[(slot &+ lane) & mask] }
                lanes[laneCount] = 0
            }
        }
        gather(from: 0, into: 0)
        var half = 0
        var batchStart = 0
        while batchStart < pendingCount {
            let batch = Swift.min(batchSize, pendingCount &- batchStart)
            gather(from: batchStart &+ batch, into: half ^ 1)
            // Where each probe stops is as unpredictable as the table's layout, so it is computed
            // without branches: a bit per slot that ends the probe (empty, or carrying the tag),
            // and the first such slot.
            for k in 0..<batch {
                let hash = newHashes[Int(pending[batchStart &+ k])]
                let lanes = window + (half &* batchSize &+ k) &* stride
                var stops: UInt32 = 1 &<< UInt32(laneCount)
                for lane in 0..<laneCount {
                    stops |= UInt32(_Slot.endsProbe(lanes[lane], hash: hash)) &<< UInt32(lane)
                }
                let first = Int(stops.trailingZeroBitCount)
                // An empty slot's position is -1 (absent); the extra lane makes it -2 (undecided).
                candidates[k] = _Slot.position(lanes[first]) &- first / laneCount
            }
            // A sweep of its own, so that the reads of the identifiers the tags point to are in
            // flight together. `==` runs on every identifier (against itself for one without a
            // candidate), so that no branch waits for the probe.
            for k in 0..<batch {
                let candidate = candidates[k]
                let valid = ~(candidate &>> (Int.bitWidth &- 1))  // all ones when not negative
                equal[k] =
                    (unsafeBitCast(
                        isGuess(candidate, valid: valid, at: Int(pending[batchStart &+ k])), to: UInt8.self)
                        & UInt8(truncatingIfNeeded: valid)) != 0
            }
            for k in 0..<batch {
                let position = Int(pending[batchStart &+ k])
                var found = candidates[k]
                if !equal[k] && found != -1 {
                    // A tag shared with another identifier, or a probe longer than four slots.
                    found = probe(position)
                }
                // Without a branch: an absent identifier writes to the scratch element.
                let foundMask = ~(found &>> (Int.bitWidth &- 1))  // all ones when found
                newToOld[position] = Int32(truncatingIfNeeded: found)
                oldToNew[(found & foundMask) | (oldCount & ~foundMask)] = Int32(truncatingIfNeeded: position)
                matched &+= foundMask & 1
            }
            batchStart &+= batch
            half ^= 1
        }
        return matched
    }

    /// The stretch of pass 1 where the order breaks, without branches: compares the stored hashes
    /// at `run` to `run + 3`, until eight identifiers in a row are at `run`, six in a row are at
    /// none of them, `run` nears the end of `old`, or `new` ends. Returns how many identifiers in
    /// a row it found at `run`. A function of its own, so that its state stays in registers, and
    /// so does that of the tight loop in `_match` (which took 30% less time once this was out).
    @inlinable @inline(never)
    static func _settle<Element: Hashable>(
        newHashes: UnsafePointer<Int>, newElements: UnsafePointer<Element>, newCount: Int,
        oldHashes: UnsafePointer<Int>, oldElements: UnsafePointer<Element>, oldCount: Int,
        newToOld: UnsafeMutablePointer<Int32>, oldToNew: UnsafeMutablePointer<Int32>,
        pending: UnsafeMutablePointer<Int32>,
        position positionState: inout Int, run runState: inout Int, misses missesState: inout Int,
        pendingCount pendingCountState: inout Int, matched matchedState: inout Int
    ) -> Int {
        // Copies, so that the loop's state lives in registers.
        var position = positionState
        var run = runState
        var misses = missesState
        var pendingCount = pendingCountState
        var matched = matchedState
        var streak = 0
        defer {
            positionState = position
            runState = run
            missesState = misses
            pendingCountState = pendingCount
            matchedState = matched
        }
        while position < newCount && streak < 8 && run &+ 3 < oldCount && misses < 6 {
            let hash = newHashes[position]
            // One bit per guess whose stored hash is the identifier's, turned into how far `run`
            // advances (0 when none is) with arithmetic only: a select here would be compiled to a
            // branch, which mispredicts as often as the list's order breaks.
            let bits =
                UInt(unsafeBitCast(oldHashes[run] == hash, to: UInt8.self))
                | UInt(unsafeBitCast(oldHashes[run &+ 1] == hash, to: UInt8.self)) &<< 1
                | UInt(unsafeBitCast(oldHashes[run &+ 2] == hash, to: UInt8.self)) &<< 2
                | UInt(unsafeBitCast(oldHashes[run &+ 3] == hash, to: UInt8.self)) &<< 3
            let first = (bits | 16).trailingZeroBitCount  // 4: no guess
            let hitMask = Int(bitPattern: UInt(first &>> 2)) &- 1  // all ones when a guess hit
            let next = run &+ ((first &+ 1) & hitMask)
            let candidate = next &- 1
            let equal = _isGuess(candidate, valid: hitMask, at: position, old: oldElements, new: newElements)
            let same = Int(unsafeBitCast(equal, to: UInt8.self)) & (hitMask & 1)
            let sameMask = 0 &- same
            streak = (streak &+ 1) & (0 &- Int(bits & 1))
            misses = (misses &+ 1) & ~hitMask
            newToOld[position] = Int32(truncatingIfNeeded: (candidate & sameMask) | ~sameMask)
            // Unmatched identifiers write to the scratch element after the last.
            oldToNew[(candidate & sameMask) | (oldCount & ~sameMask)] = Int32(truncatingIfNeeded: position)
            pending[pendingCount] = Int32(truncatingIfNeeded: position)
            pendingCount &+= 1 &- same
            matched &+= same
            run = next
            position &+= 1
        }
        return streak
    }

    /// Whether `old`'s identifier at `guess` is `new`'s at `position`, when `valid` is all ones;
    /// true when it is zero. Without a branch: an unusable guess compares the identifier with
    /// itself, the cheapest `==` there is (for `String`, its raw-bits fast path).
    @inlinable @inline(__always)
    static func _isGuess<Element: Hashable>(
        _ guess: Int, valid: Int, at position: Int, old: UnsafePointer<Element>, new: UnsafePointer<Element>
    ) -> Bool {
        let guessed = UInt(bitPattern: old + (guess & valid))
        let itself = UInt(bitPattern: new + position)
        let bits = UInt(bitPattern: valid)
        // One of two pointers into the tables, neither of them nil.
        let compared = UnsafePointer<Element>(bitPattern: (guessed & bits) | (itself & ~bits))
            .unsafelyUnwrapped
        return compared.pointee == new[position]
    }
}
