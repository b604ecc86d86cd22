/// Which identifier of one table is which identifier of another: the first step of every diff.
///
/// Both tables already hold each identifier's hash value, so matching never calls
/// `hash(into:)`: for each identifier of `new` it first tries the position just after the previous
/// match in `old` (where it usually is when most of a list is unchanged), then probes `old`'s index
/// with the stored hash. `==` runs only where stored hashes are equal.
struct _Matching {
    /// `newToOld[i]` is the position in `old` of `new`'s identifier `i`, or -1.
    var newToOld: [Int32]
    /// `oldToNew[i]` is the position in `new` of `old`'s identifier `i`, or -1.
    var oldToNew: [Int32]
    /// How many identifiers are in both.
    var matchedCount: Int

    /// - Complexity: O(n + m) expected, where n and m are the sizes of the tables; no hashing.
    init<Element: Hashable>(new: _IdentifierTable<Element>, old: _IdentifierTable<Element>) {
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
                                        var guess = 0
                                        for position in 0..<newCount {
                                            let hash = newHashes[position]
                                            var found = -1
                                            if guess < oldCount && oldHashes[guess] == hash
                                                && oldElements[guess] == newElements[position]
                                            {
                                                found = guess
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
                                                guess = found &+ 1
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
