// Inserting items at many places of a snapshot in one pass: how a store makes a batch of row
// changes, where an insertion at a time shifted every item after each.

extension DiffableDataSourceSnapshot {
    /// Inserts `items[j]` into the section at index `sections[j]`, just before the item now at flat
    /// position `positions[j]` — the section's end (where the next section starts) to put it last
    /// there. Positions ascend; items given one position keep their order, and so do their
    /// sections. The items must be unique and not in the snapshot; `call` names the caller in the
    /// message of the trap when they are not (items for one place are put there as
    /// ``insertItems(_:beforeItem:)`` puts them, moving one already present).
    ///
    /// - Complexity: O(n - f + k log k + s) expected, where n is the number of items, f the first
    ///   position, k the number of items inserted and s the number of sections; one call to
    ///   `hash(into:)` per inserted item. What follows the first position moves once, in the
    ///   arrays and in the index (see `_IdentifierTable.insert(_:hashes:at:)`).
    package mutating func _insertItems(
        _ items: [ItemIdentifierType], inSections sections: [Int], at positions: [Int], call: String
    ) {
        precondition(
            items.count == sections.count && items.count == positions.count, "\(call): mismatched lists")
        guard let first = positions.first else { return }
        precondition(items.count < Int(Int32.max) - _itemCount, "\(call): too many items for a snapshot")
        if positions.last == first, sections.last == sections[0] {
            // One place: the block appended and rotated into place, as `insertItems` does (an item
            // already present would be moved there, as there).
            do {
                _ = try _insertItems(
                    items, section: sections[0], at: first, call: call, dropDuplicates: false)
            } catch {
                preconditionFailure("\(call): \(error)")
            }
            return
        }
        let hashes = items.map(\.hashValue)
        let starts = _sectionStarts
        var previous = (position: first, section: sections[0])
        func isInOrder(_ position: Int, _ section: Int) -> Bool {
            position > previous.position || (position == previous.position && section >= previous.section)
        }
        for (offset, item) in items.enumerated() {
            let section = sections[offset]
            let position = positions[offset]
            precondition(
                section >= 0 && section < _sections.count && position >= starts[section]
                    && position <= starts[section + 1]
                    && isInOrder(position, section),
                "\(call): item \(_quoted(item)) placed at \(position) in section \(section), out of order")
            previous = (position, section)
            precondition(
                _position(ofItem: item, hash: hashes[offset]) == nil,
                "\(call): item \(_quoted(item)) is already in the snapshot")
        }
        // A repeat among the items: equal hash values side by side once sorted.
        let byHash = hashes.indices.sorted { hashes[$0] < hashes[$1] }
        for (a, b) in zip(byHash, byHash.dropFirst()) where hashes[a] == hashes[b] {
            precondition(items[a] != items[b], "\(call): item \(_quoted(items[a])) is placed twice")
        }
        if _keepsEditsBeside(adding: items.count) {
            let saved = _pendingEdits
            if _insertItemsBeside(items, hashes: hashes, inSections: sections, at: positions, call: call) {
                return
            }
            _pendingEdits = saved
        }
        _settle()
        _items.insert(items, hashes: hashes, at: positions)
        _itemSections._insert(sections.map { Int32(truncatingIfNeeded: $0) }, at: positions)
        var added = [Int](repeating: 0, count: _sections.count)
        for section in sections { added[section] += 1 }
        var before = 0
        for section in 0..<_sections.count {
            before += added[section]
            _sectionStarts[section + 1] += before
        }
        _debugCheckInvariants()
    }

    /// The flat position just after the last item of a section: where an item put last in it goes.
    /// Traps if the section is not in the snapshot.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once.
    package func _endOfSection(_ identifier: SectionIdentifierType) -> Int {
        _sectionStarts[_requireSection(identifier, call: "_endOfSection(_:)") + 1]
    }

    /// The items of ``_insertItems(_:inSections:at:call:)``, checked, put beside the storage one
    /// block at a time from the last place to the first (so the places before stay where they
    /// are); `false` when one of them was in the storage, and then the edits are partly made.
    ///
    /// - Complexity: O(j (k + b)) for j items, k pending edits and b blocks.
    @inlinable mutating func _insertItemsBeside(
        _ items: [ItemIdentifierType], hashes: [Int], inSections sections: [Int], at positions: [Int],
        call: String
    ) -> Bool {
        var end = items.count
        while end > 0 {
            var start = end - 1
            while start > 0 && positions[start - 1] == positions[start]
                && sections[start - 1] == sections[start]
            {
                start -= 1
            }
            do {
                guard
                    try _insertItemsBeside(
                        items[start..<end], hashes: Array(hashes[start..<end]), section: sections[start],
                        at: positions[start], call: call)
                else { return false }
            } catch {
                preconditionFailure("\(call): \(error)")
            }
            end = start
        }
        return true
    }
}
