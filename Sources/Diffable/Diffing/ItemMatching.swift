/// Which identifier of one table is which identifier of another: the first step of every diff.
///
/// Both tables already hold each identifier's hash value, so matching never calls
/// `hash(into:)`: for each identifier of `new` it first tries the positions just after the previous
/// in-order match in `old` (where it usually is when most of a list is unchanged) and just after
/// the previous match of any kind (a block that moved together), then probes `old`'s index with
/// the stored hash. `==` runs only where stored hashes are equal.
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
        var oldToNew = [Int32](repeating: -1, count: oldCount)
        var matched = 0
        guard oldCount > 0 && newCount > 0 else {
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
        self.newToOld = newToOld
        self.oldToNew = oldToNew
        self.matchedCount = matched
    }

    /// Fills `newToOld` (uninitialized on entry) and `oldToNew` (all -1 on entry) and returns how
    /// many identifiers matched.
    ///
    /// Two passes. The first walks `new` in order and guesses: identifiers that follow the previous
    /// in-order match (`run`) go through a tight loop, since most of a list usually keeps its
    /// order; otherwise the one or two identifiers after it are tried (items dropped or moved away
    /// in `old`), then `jump`, just after the last match of any kind (a block that moved
    /// together). All guesses are sequential reads. An identifier no guess finds is set aside,
    /// unless the two before it were not found either (the guesses have probably lost their
    /// place): then it is looked up at once, so that the guesses can carry on from it. A lookup
    /// on its own waits for memory alone, which on a large table costs several times what a
    /// batched one does, so if that identifier is absent as well (a stretch of new identifiers),
    /// the next 64 are set aside before another is looked up at once. After eight identifiers in a
    /// row that nothing found (most of the list replaced), the next 32 are set aside without
    /// guessing, since the guesses only cost time there.
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
        var jump = 0
        var misses = 0  // how many identifiers in a row were neither guessed nor found
        var patience = 0  // identifiers to set aside before looking one up at once again
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
                jump = run
                misses = 0
                patience = 0
            }
            guard position < newCount else { break }
            let hash = newHashes[position]
            var found = -1
            if isAt(run &+ 1, position, hash) {
                found = run &+ 1
                run &+= 2
            } else if isAt(run &+ 2, position, hash) {
                found = run &+ 2
                run &+= 3
            } else if isAt(jump, position, hash) {
                found = jump
                run = jump &+ 1
            } else if misses >= 2 && patience == 0 {
                found = probe(position)
                // Absent too (a stretch of new identifiers): set the next ones aside before trying
                // again, so that they are looked up together.
                if found < 0 { patience = 64 }
            } else {
                pending[pendingCount] = Int32(truncatingIfNeeded: position)
                pendingCount &+= 1
                if patience > 0 { patience &-= 1 }
            }
            newToOld[position] = Int32(truncatingIfNeeded: found)
            if found >= 0 {
                oldToNew[found] = Int32(truncatingIfNeeded: position)
                matched &+= 1
                jump = found &+ 1
            }
            misses = found < 0 ? misses &+ 1 : 0
            position &+= 1
            if misses >= 8 {
                // A long stretch of identifiers nothing finds (most of the list replaced): the
                // guesses are wasted here, so the next ones go straight to the second pass.
                let stop = Swift.min(position &+ 32, newCount)
                while position < stop {
                    newToOld[position] = -1
                    pending[pendingCount] = Int32(truncatingIfNeeded: position)
                    pendingCount &+= 1
                    position &+= 1
                }
                patience = 0  // then look one up at once, to pick up the thread if it is there
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
            // flight together. `==` runs on every identifier, against the first one for an absent
            // identifier, so that no branch waits for the probe.
            for k in 0..<batch {
                let candidate = candidates[k]
                let same = oldElements[Swift.max(candidate, 0)] == newElements[Int(pending[batchStart &+ k])]
                equal[k] = same && candidate >= 0
            }
            for k in 0..<batch {
                let position = Int(pending[batchStart &+ k])
                var found = candidates[k]
                if !equal[k] && found != -1 {
                    // A tag shared with another identifier, or a probe longer than four slots.
                    found = probe(position)
                }
                // A select rather than a branch: an absent identifier rewrites `oldToNew[0]` (which
                // exists, `old` is not empty) with its own value.
                let isFound = found >= 0
                let target = Swift.max(found, 0)
                newToOld[position] = Int32(truncatingIfNeeded: found)
                oldToNew[target] = isFound ? Int32(truncatingIfNeeded: position) : oldToNew[target]
                matched &+= isFound ? 1 : 0
            }
            batchStart &+= batch
            half ^= 1
        }
        return matched
    }
}
