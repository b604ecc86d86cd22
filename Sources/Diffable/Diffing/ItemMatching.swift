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
    /// the next 64 are set aside before another is looked up at once.
    ///
    /// The second pass looks the identifiers set aside up in `old`'s index, a batch at a time and
    /// in three sweeps, so that memory accesses that do not depend on each other are in flight
    /// together instead of one after another (which is what costs most on large tables): the home
    /// slot of each identifier; then, within what is now cached, the slot that holds its tag or
    /// the empty slot that proves it absent, and a comparison with the identifier the tag points
    /// to; then the outcome. Only a probe that runs past the home slot's neighbours or meets a
    /// tag of another identifier takes the ordinary probe loop.
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
        }

        let mask = oldSlots.count &- 1
        let batchSize = 32
        // Per identifier of a batch: its home slot's entry, then the position its tag points to
        // (-1: absent, -2: undecided) and whether the identifier there is the same.
        let homes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: batchSize)
        let candidates = UnsafeMutableBufferPointer<Int>.allocate(capacity: batchSize)
        let equal = UnsafeMutableBufferPointer<Bool>.allocate(capacity: batchSize)
        defer {
            homes.deallocate()
            candidates.deallocate()
            equal.deallocate()
        }
        var batchStart = 0
        while batchStart < pendingCount {
            let batch = Swift.min(batchSize, pendingCount &- batchStart)
            for k in 0..<batch {
                homes[k] = oldSlots[newHashes[Int(pending[batchStart &+ k])] & mask]
            }
            for k in 0..<batch {
                let position = Int(pending[batchStart &+ k])
                let hash = newHashes[position]
                var entry = homes[k]
                var slot = hash & mask
                var candidate = -2
                for _ in 0..<4 {
                    if entry == 0 {
                        candidate = -1
                        break
                    }
                    if _Slot.tagMatches(entry, hash: hash) {
                        candidate = _Slot.position(entry)
                        break
                    }
                    slot = (slot &+ 1) & mask
                    entry = oldSlots[slot]
                }
                candidates[k] = candidate
                equal[k] = candidate >= 0 && oldElements[candidate] == newElements[position]
            }
            for k in 0..<batch {
                let position = Int(pending[batchStart &+ k])
                var found = candidates[k]
                if !equal[k] && found != -1 { found = probe(position) }
                if found >= 0 {
                    newToOld[position] = Int32(truncatingIfNeeded: found)
                    oldToNew[found] = Int32(truncatingIfNeeded: position)
                    matched &+= 1
                }
            }
            batchStart &+= batch
        }
        return matched
    }
}
