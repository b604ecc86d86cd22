/// Which identifier of one table is which identifier of another: the first step of every diff.
///
/// Both tables already hold each identifier's hash value, so matching never calls
/// `hash(into:)`: for each identifier of `new` it first tries the position just after the previous
/// match in `old` (where it usually is when most of a list is unchanged), then probes `old`'s index
/// with the stored hash. `==` runs only where stored hashes are equal.
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
        var newToOld = [Int32](repeating: -1, count: newCount)
        var oldToNew = [Int32](repeating: -1, count: oldCount)
        var matched = 0
        if oldCount > 0 && newCount > 0 {
            newToOld.withUnsafeMutableBufferPointer { newToOld in
                oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                    old.slots.withUnsafeBufferPointer { slots in
                        old.hashes.withUnsafeBufferPointer { oldHashes in
                            old.elements.withUnsafeBufferPointer { oldElements in
                                new.hashes.withUnsafeBufferPointer { newHashes in
                                    new.elements.withUnsafeBufferPointer { newElements in
                                        let mask = slots.count &- 1
                                        // Two guesses before probing: `run`, just after the last
                                        // identifier matched in order, and `jump`, just after the
                                        // last match of any kind (a block that moved together).
                                        var run = 0
                                        var jump = 0
                                        for position in 0..<newCount {
                                            let hash = newHashes[position]
                                            var found = -1
                                            if jump < oldCount && oldHashes[jump] == hash
                                                && oldElements[jump] == newElements[position]
                                            {
                                                found = jump
                                                run = jump &+ 1
                                            } else if run < oldCount && oldHashes[run] == hash
                                                && oldElements[run] == newElements[position]
                                            {
                                                found = run
                                                run &+= 1
                                            } else if run &+ 1 < oldCount && oldHashes[run &+ 1] == hash
                                                && oldElements[run &+ 1] == newElements[position]
                                            {
                                                found = run &+ 1
                                                run &+= 2
                                            } else {
                                                var slot = hash & mask
                                                while true {
                                                    let entry = Int(slots[slot])
                                                    if entry == 0 { break }
                                                    let candidate = entry &- 1
                                                    if oldHashes[candidate] == hash
                                                        && oldElements[candidate] == newElements[position]
                                                    {
                                                        found = candidate
                                                        break
                                                    }
                                                    slot = (slot &+ 1) & mask
                                                }
                                            }
                                            if found >= 0 {
                                                newToOld[position] = Int32(truncatingIfNeeded: found)
                                                oldToNew[found] = Int32(truncatingIfNeeded: position)
                                                matched &+= 1
                                                jump = found &+ 1
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.newToOld = newToOld
        self.oldToNew = oldToNew
        self.matchedCount = matched
    }
}
