extension DiffableDataSourceSnapshot {
    /// Verifies every structural invariant of the storage, trapping with a message on the first
    /// violation. The snapshot runs it after every mutation when built with
    /// `-D DIFFABLE_INVARIANT_CHECKS`; tests may call it directly.
    ///
    /// - Complexity: O(n + s), plus one call to `hash(into:)` per identifier (it checks that stored
    ///   hashes are current).
    public func _checkInvariants() {
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
}
