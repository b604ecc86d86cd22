// Section mutations: Apple's trapping members over their `checked` twins.

extension DiffableDataSourceSnapshot {
    /// Adds empty sections at the end. Traps if a section is already in the snapshot or listed twice.
    ///
    /// - Complexity: O(k) amortized for k sections, one call to `hash(into:)` each.
    @inlinable public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        _trapOnError { () throws(Error) in try checkedAppendSections(identifiers) }
    }

    /// Inserts empty sections just before a section. Traps if the anchor is missing or a section is
    /// already in the snapshot or listed twice.
    ///
    /// - Complexity: O(n + s), where n is the number of items and s the number of sections.
    @inlinable public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedInsertSections(identifiers, beforeSection: toIdentifier)
        }
    }

    /// Inserts empty sections just after a section. Traps if the anchor is missing or a section is
    /// already in the snapshot or listed twice.
    ///
    /// - Complexity: O(n + s), where n is the number of items and s the number of sections.
    @inlinable public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedInsertSections(identifiers, afterSection: toIdentifier)
        }
    }

    /// Deletes sections and all of their items. Identifiers not in the snapshot are ignored.
    ///
    /// - Complexity: O(n - f + s + k), where n is the number of items, f the flattened index of
    ///   the first item deleted, s the number of sections and k the number of identifiers given:
    ///   only the items after the first deleted section move; one call to `hash(into:)` per
    ///   identifier given.
    @inlinable public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        guard !identifiers.isEmpty, !_sections.isEmpty else { return }
        _settle()
        var removedSections = [Bool](repeating: false, count: _sections.count)
        var any = false
        for identifier in identifiers {
            guard let section = _sections.index(of: identifier) else { continue }
            removedSections[section] = true
            any = true
        }
        guard any else { return }
        let counts = _sectionCounts
        // The items of the deleted sections, as runs of flattened positions (neighbours merged).
        var itemRuns: [Range<Int>] = []
        for section in removedSections.indices where removedSections[section] {
            let items = _sectionStarts[section]..<_sectionStarts[section + 1]
            if !items.isEmpty { itemRuns._appendRun(items) }
        }
        let firstSection = removedSections.firstIndex(of: true)!
        if !itemRuns.isEmpty {
            _items.removeAll(inRuns: itemRuns)
            _itemSections._removeAll(inRuns: itemRuns)
            _dropMarksOfDeletedItems()
        }
        _sections.removeAll(where: removedSections)
        _setSectionCounts(counts.indices.filter { !removedSections[$0] }.map { counts[$0] })
        _rebuildItemSections(from: firstSection)
        _dropMarksOfDeletedSections()
        _debugCheckInvariants()
    }

    /// Moves a section, with its items, to just before another section. Moving a section onto
    /// itself does nothing. Traps if either section is missing.
    ///
    /// - Complexity: O(n + s), where n is the number of items and s the number of sections.
    @inlinable public mutating func moveSection(
        _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedMoveSection(identifier, beforeSection: toIdentifier) }
    }

    /// Moves a section, with its items, to just after another section. Moving a section onto
    /// itself does nothing. Traps if either section is missing.
    ///
    /// - Complexity: O(n + s), where n is the number of items and s the number of sections.
    @inlinable public mutating func moveSection(
        _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedMoveSection(identifier, afterSection: toIdentifier) }
    }
}

// MARK: - Checked twins

extension DiffableDataSourceSnapshot {
    /// ``appendSections(_:)`` that throws ``SnapshotError/duplicateSection(_:call:)`` instead of
    /// trapping and leaves the snapshot unchanged on error.
    @inlinable public mutating func checkedAppendSections(_ identifiers: [SectionIdentifierType])
        throws(Error)
    {
        try _insertSections(identifiers, at: _sections.count, call: "appendSections(_:)")
    }

    /// ``insertSections(_:beforeSection:)`` that throws instead of trapping and leaves the snapshot
    /// unchanged on error.
    @inlinable public mutating func checkedInsertSections(
        _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) throws(Error) {
        let call = "insertSections(_:beforeSection:)"
        guard let anchor = _sections.index(of: toIdentifier) else {
            throw .sectionNotFound(toIdentifier, call: call)
        }
        try _insertSections(identifiers, at: anchor, call: call)
    }

    /// ``insertSections(_:afterSection:)`` that throws instead of trapping and leaves the snapshot
    /// unchanged on error.
    @inlinable public mutating func checkedInsertSections(
        _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) throws(Error) {
        let call = "insertSections(_:afterSection:)"
        guard let anchor = _sections.index(of: toIdentifier) else {
            throw .sectionNotFound(toIdentifier, call: call)
        }
        try _insertSections(identifiers, at: anchor + 1, call: call)
    }

    /// ``moveSection(_:beforeSection:)`` that throws ``SnapshotError/sectionNotFound(_:call:)``
    /// instead of trapping.
    @inlinable public mutating func checkedMoveSection(
        _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) throws(Error) {
        try _moveSection(
            identifier, relativeTo: toIdentifier, after: false, call: "moveSection(_:beforeSection:)")
    }

    /// ``moveSection(_:afterSection:)`` that throws ``SnapshotError/sectionNotFound(_:call:)``
    /// instead of trapping.
    @inlinable public mutating func checkedMoveSection(
        _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) throws(Error) {
        try _moveSection(
            identifier, relativeTo: toIdentifier, after: true, call: "moveSection(_:afterSection:)")
    }
}

// MARK: - Implementation

extension DiffableDataSourceSnapshot {
    /// Inserts new empty sections at section index `position`.
    @inlinable mutating func _insertSections(
        _ identifiers: [SectionIdentifierType], at position: Int, call: String
    ) throws(Error) {
        guard !identifiers.isEmpty else { return }
        _settle()
        let oldCount = _sections.count
        // Section indices are stored in 32 bits (the section of each item).
        precondition(
            identifiers.count < Int(Int32.max) - oldCount, "\(call): too many sections for a snapshot")
        _sections.reserveCapacity(oldCount + identifiers.count)
        for identifier in identifiers {
            if case .appended = _sections.appendOrRelocate(
                identifier, hash: identifier.hashValue, protectedFrom: 0)
            {
                continue
            }
            _sections.truncate(to: oldCount)
            throw .duplicateSection(identifier, call: call)
        }
        let added = identifiers.count
        let total = _items.count
        if position == oldCount {
            _sectionStarts.append(contentsOf: repeatElement(total, count: added))
        } else {
            var order = Array(0..<position)
            order.append(contentsOf: oldCount..<(oldCount + added))
            order.append(contentsOf: position..<oldCount)
            _sections.permute(order)
            _sectionStarts.insert(
                contentsOf: repeatElement(_sectionStarts[position], count: added), at: position)
            _rebuildItemSections(from: position)
        }
        _debugCheckInvariants()
    }

    @inlinable mutating func _moveSection(
        _ identifier: SectionIdentifierType, relativeTo anchorIdentifier: SectionIdentifierType, after: Bool,
        call: String
    ) throws(Error) {
        guard let from = _sections.index(of: identifier) else {
            throw .sectionNotFound(identifier, call: call)
        }
        guard let anchor = _sections.index(of: anchorIdentifier) else {
            throw .sectionNotFound(anchorIdentifier, call: call)
        }
        guard from != anchor else { return }
        _settle()
        let target = after ? anchor + 1 : anchor
        var sectionOrder = Array(0..<_sections.count)
        sectionOrder.remove(at: from)
        sectionOrder.insert(from, at: target > from ? target - 1 : target)
        var itemOrder = [Int]()
        itemOrder.reserveCapacity(_items.count)
        for section in sectionOrder {
            itemOrder.append(contentsOf: _sectionStarts[section]..<_sectionStarts[section + 1])
        }
        let counts = _sectionCounts
        _sections.permute(sectionOrder)
        if !_items.isEmpty { _items.permute(itemOrder) }
        _setSectionCounts(sectionOrder.map { counts[$0] })
        _rebuildItemSections()
        _debugCheckInvariants()
    }
}
