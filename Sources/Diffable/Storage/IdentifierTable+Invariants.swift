extension _IdentifierTable {
    /// Traps unless every invariant of the table holds; see ``_invariantViolation(rehashing:)``.
    ///
    /// - Complexity: O(n + s), where n is the number of identifiers and s the number of slots; one
    ///   call to `hash(into:)` per identifier.
    func _checkInvariants() {
        if let violation = _invariantViolation() { preconditionFailure(violation) }
    }

    /// The first broken invariant of the table, or `nil`: one stored hash value per identifier;
    /// the index a power of two of slots (none when the table is empty), at most 3/4 full, holding
    /// exactly one entry per identifier; and every identifier found at its own position by a
    /// lookup with its stored hash value.
    ///
    /// - Parameter rehashing: Whether to check, too, that each stored hash value is the
    ///   identifier's `hashValue` (a stale one means an identifier's hash changed while stored).
    ///   Tests that choose the stored hash values themselves, to force collisions, pass `false`.
    /// - Complexity: O(n + s), where n is the number of identifiers and s the number of slots; one
    ///   call to `hash(into:)` per identifier when `rehashing`.
    func _invariantViolation(rehashing: Bool = true) -> String? {
        guard elements.count == hashes.count else {
            return "identifier table: \(elements.count) identifiers but \(hashes.count) stored hash values"
        }
        guard slots.isEmpty ? elements.isEmpty : slots.count.nonzeroBitCount == 1 else {
            return "identifier table: \(slots.count) slots for \(elements.count) identifiers"
        }
        guard elements.isEmpty || elements.count <= _IndexTuning.capacity(slotCount: slots.count) else {
            return
                "identifier table: \(elements.count) identifiers in \(slots.count) slots, more than 3/4 full"
        }
        let occupied = slots.count { $0 != 0 }
        guard occupied == elements.count else {
            return "identifier table: the index holds \(occupied) entries for \(elements.count) identifiers"
        }
        for (position, element) in elements.enumerated() {
            if rehashing && hashes[position] != element.hashValue {
                return "identifier table: stored hash of \(element) is stale (its hash value changed?)"
            }
            let found = index(of: element, hash: hashes[position])
            guard found == position else {
                return
                    "identifier table: \(element) at \(position) is found at \(found.map(String.init) ?? "no position")"
            }
        }
        return nil
    }
}
