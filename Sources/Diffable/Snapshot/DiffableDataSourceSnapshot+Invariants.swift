extension DiffableDataSourceSnapshot {
    /// Verifies every structural invariant of the storage, trapping with a message on the first
    /// violation. The snapshot runs it after every mutation when built with
    /// `-D DIFFABLE_INVARIANT_CHECKS`; tests may call it directly.
    ///
    /// - Complexity: O(n + s), plus one call to `hash(into:)` per identifier (it checks that stored
    ///   hashes are current).
    public func _checkInvariants() {
        if let edits = _pendingEdits { return _checkInvariants(of: edits) }
        _sections._checkInvariants()
        _items._checkInvariants()
        precondition(
            _sectionStarts.count == _sections.count + 1,
            "snapshot: \(_sectionStarts.count) section starts for \(_sections.count) sections")
        precondition(_sectionStarts.first == 0, "snapshot: first section does not start at 0")
        precondition(
            _sectionStarts.last == _items.count,
            "snapshot: sections end at \(_sectionStarts.last!), but there are \(_items.count) items")
        for section in 0..<_sections.count {
            precondition(
                _sectionStarts[section] <= _sectionStarts[section + 1],
                "snapshot: section \(section) has a negative item count")
        }
        precondition(_itemSections.count == _items.count, "snapshot: item-section table has the wrong size")
        for section in 0..<_sections.count {
            for flat in _sectionStarts[section]..<_sectionStarts[section + 1] {
                precondition(
                    Int(_itemSections[flat]) == section,
                    "snapshot: item \(flat) is recorded in section \(_itemSections[flat]), but lies in section \(section)"
                )
            }
        }
        for item in _reloadedItems.elements + _reconfiguredItems.elements {
            precondition(_items.contains(item), "snapshot: mark for missing item \(item)")
        }
        for section in _reloadedSections.elements {
            precondition(_sections.contains(section), "snapshot: mark for missing section \(section)")
        }
    }

    /// The invariants of edits kept beside the storage: the storage is a snapshot's, the edits are
    /// in order and within their limit, and every read through them is what the same snapshot with
    /// the edits written into its storage reads.
    func _checkInvariants(of edits: _PendingItemEdits<ItemIdentifierType>) {
        var base = self
        base._pendingEdits = nil
        base._clearMarks()
        base._checkInvariants()
        let settled = _settled()
        settled._checkInvariants()
        let baseCount = _storedItems.count
        precondition(
            edits.count <= _PendingItemEdits<ItemIdentifierType>.limit, "snapshot: too many edits kept")
        precondition(
            edits.inserted.count == edits.anchors.count && edits.inserted.count == edits.sections.count,
            "snapshot: \(edits.inserted.count) inserted items, \(edits.anchors.count) anchors, \(edits.sections.count) sections"
        )
        edits.inserted._checkInvariants()
        for (earlier, later) in zip(edits.deleted, edits.deleted.dropFirst()) {
            precondition(earlier < later, "snapshot: deleted positions out of order")
        }
        for (earlier, later) in zip(edits.anchors, edits.anchors.dropFirst()) {
            precondition(earlier <= later, "snapshot: anchors out of order")
        }
        precondition(
            edits.deleted.allSatisfy { (0..<baseCount).contains($0) },
            "snapshot: deleted position out of range")
        precondition(
            edits.anchors.allSatisfy { (0...baseCount).contains($0) }, "snapshot: anchor out of range")
        precondition(
            edits.sectionStarts == settled._storedSectionStarts, "snapshot: edited section starts are wrong")
        precondition(_itemCount == settled._storedItems.count, "snapshot: edited item count is wrong")
        for (item, hash) in zip(edits.inserted.elements, edits.inserted.hashes) {
            if let base = _storedItems.index(of: item, hash: hash) {
                precondition(edits.isDeleted(base), "snapshot: \(item) is both in the storage and inserted")
            }
        }
        for position in 0..<_itemCount {
            let item = settled._storedItems.elements[position]
            precondition(_item(at: position) == item, "snapshot: edited item \(position) is wrong")
            let place = _place(ofItem: item, hash: item.hashValue)
            precondition(
                place?.position == position && place?.section == Int(settled._storedItemSections[position]),
                "snapshot: edited place of \(item) is wrong")
        }
    }
}
