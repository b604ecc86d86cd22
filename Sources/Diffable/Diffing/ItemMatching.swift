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
    /// Walks `new` in order. Identifiers that follow the previous in-order match (`run`) are
    /// handled by a tight inner loop, since most of a list usually keeps its order; otherwise the
    /// identifier after that one is tried (one item dropped), then `jump`, just after the last match
    /// of any kind (a block that moved together), and only then the index. All guesses are
    /// sequential reads; only a probe touches memory at random.
    ///
    /// Deferring probes to a second pass, to overlap their cache misses, was measured slower: the
    /// processor already overlaps them, and the bookkeeping cost more than it saved.
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
        var run = 0
        var jump = 0
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
            }
            guard position < newCount else { break }
            let hash = newHashes[position]
            var found = -1
            if isAt(run &+ 1, position, hash) {
                found = run &+ 1
                run &+= 2
            } else if isAt(jump, position, hash) {
                found = jump
                run = jump &+ 1
            } else {
                found = probe(position)
            }
            newToOld[position] = Int32(truncatingIfNeeded: found)
            if found >= 0 {
                oldToNew[found] = Int32(truncatingIfNeeded: position)
                matched &+= 1
                jump = found &+ 1
            }
            position &+= 1
        }
        return matched
    }
}
