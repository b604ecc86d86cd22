// Item mutations: Apple's trapping members, each a thin wrapper over its `checked` twin, so there
// is one code path and the trap message is the error's description.

extension DiffableDataSourceSnapshot {
    /// Adds items to the end of a section; with no section given, to the end of the last section.
    ///
    /// An item that is already in the snapshot is moved to the new position (as UIKit does, which
    /// logs a warning). Traps if the snapshot has no sections, if `identifier` names a section that
    /// is not in the snapshot, or if `identifiers` lists one item twice; see
    /// ``checkedAppendItems(_:toSection:)`` for a throwing twin and
    /// ``appendItemsDroppingDuplicates(_:toSection:)`` for data from a server.
    ///
    /// - Complexity: O(k + m + s) amortized for k items, with one call to `hash(into:)` per item,
    ///   where m is the number of items in the sections after this one and s the number of those
    ///   sections: only they shift, so appending to the last section is O(k). O(n + k) when an item
    ///   already in the snapshot is moved, where n is the number of items in the snapshot. When
    ///   another snapshot shares this one's storage, appending k new items costs O(k + e + s) for e
    ///   kept edits instead (see "Storage and costs" on the type).
    @inlinable public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        _trapOnError { () throws(Error) in try checkedAppendItems(identifiers, toSection: sectionIdentifier) }
    }

    /// Inserts items just before an item, in that item's section. Traps if the anchor is missing or
    /// `identifiers` lists one item twice. Items already present are moved.
    ///
    /// - Complexity: O(k + m + s) for k items, where m is the number of items after the insertion
    ///   point and s the number of sections after the anchor's: only they shift; one call to
    ///   `hash(into:)` per inserted item and one for the anchor. O(n + k) when an item already in
    ///   the snapshot is moved, where n is the number of items in the snapshot. When another
    ///   snapshot shares this one's storage, inserting k new items costs O(k + e + s) for e kept
    ///   edits instead (see "Storage and costs" on the type).
    @inlinable public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedInsertItems(identifiers, beforeItem: beforeIdentifier) }
    }

    /// Inserts items just after an item, in that item's section. Traps if the anchor is missing or
    /// `identifiers` lists one item twice. Items already present are moved.
    ///
    /// - Complexity: As ``insertItems(_:beforeItem:)``.
    @inlinable public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedInsertItems(identifiers, afterItem: afterIdentifier) }
    }

    /// Deletes items from wherever they are. Identifiers that are not in the snapshot are ignored;
    /// sections stay even when they become empty. Reload and reconfigure marks of deleted items are
    /// dropped.
    ///
    /// - Complexity: O(n + k) expected, where n is the number of items in the snapshot and k the
    ///   number of identifiers given; one call to `hash(into:)` per identifier given. Deleting a
    ///   few items costs O(n - f + k log k + s) for the arrays, where f is the flattened index of
    ///   the first one deleted and s the number of sections, and the index of items is edited in
    ///   place unless rebuilding it is cheaper: deleting near the end of a long list costs little.
    ///   When another snapshot shares this one's storage, deleting k items costs O(k log e + s)
    ///   for e kept edits instead (see "Storage and costs" on the type).
    @inlinable public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        guard !identifiers.isEmpty, _itemCount > 0 else { return }
        if _keepsEditsBeside(adding: identifiers.count) { return _deleteItemsBeside(identifiers) }
        _settle()
        var positions: [Int] = []
        positions.reserveCapacity(identifiers.count)
        for identifier in identifiers {
            if let flat = _items.index(of: identifier) { positions.append(flat) }
        }
        guard !positions.isEmpty else { return }
        var counts = _sectionCounts
        if positions.count &* 16 > _items.count {
            // Many: flags in one pass beat sorting them.
            var removed = [Bool](repeating: false, count: _items.count)
            for flat in positions where !removed[flat] {
                removed[flat] = true
                counts[Int(_itemSections[flat])] -= 1
            }
            _items.removeAll(where: removed)
            _itemSections._removeAll(where: removed)
        } else {
            positions.sort()
            var runs: [Range<Int>] = []
            for flat in positions where runs.last.map({ flat >= $0.upperBound }) ?? true {
                counts[Int(_itemSections[flat])] -= 1
                runs._appendRun(flat..<flat + 1)
            }
            _items.removeAll(inRuns: runs)
            _itemSections._removeAll(inRuns: runs)
        }
        _setSectionCounts(counts)
        _dropMarksOfDeletedItems()
        _debugCheckInvariants()
    }

    /// Deletes every item **and every section**, as UIKit does: afterwards the snapshot is empty.
    ///
    /// - Complexity: O(1) (the old storage is released).
    @inlinable public mutating func deleteAllItems() {
        self = Self()
    }

    /// Moves an item to just before another item, possibly in another section. Moving an item onto
    /// itself does nothing. Traps if either item is missing.
    ///
    /// - Complexity: O(d + s), where d is the distance between the two items in
    ///   ``itemIdentifiers`` and s the number of sections between theirs: only the items in between
    ///   shift; two calls to `hash(into:)`. When another snapshot shares this one's storage,
    ///   O(e + s) for e kept edits instead (see "Storage and costs" on the type).
    @inlinable public mutating func moveItem(
        _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedMoveItem(identifier, beforeItem: toIdentifier) }
    }

    /// Moves an item to just after another item, possibly in another section. Moving an item onto
    /// itself does nothing. Traps if either item is missing.
    ///
    /// - Complexity: O(d + s), where d is the distance between the two items in
    ///   ``itemIdentifiers`` and s the number of sections between theirs: only the items in between
    ///   shift; two calls to `hash(into:)`. When another snapshot shares this one's storage,
    ///   O(e + s) for e kept edits instead (see "Storage and costs" on the type).
    @inlinable public mutating func moveItem(
        _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
    ) {
        _trapOnError { () throws(Error) in try checkedMoveItem(identifier, afterItem: toIdentifier) }
    }
}

// MARK: - Checked twins

extension DiffableDataSourceSnapshot {
    /// ``appendItems(_:toSection:)`` that throws instead of trapping and leaves the snapshot
    /// unchanged on error.
    ///
    /// - Throws: ``SnapshotError/noSections(call:)``, ``SnapshotError/sectionNotFound(_:call:)``, or
    ///   ``SnapshotError/duplicateItem(_:call:)`` when `identifiers` lists one item twice.
    /// - Complexity: As ``appendItems(_:toSection:)``.
    @inlinable public mutating func checkedAppendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) throws(Error) {
        let call = "appendItems(_:toSection:)"
        let section = try _resolveAppendSection(sectionIdentifier, call: call)
        _ = try _insertItems(
            identifiers, section: section, at: _sectionStarts[section + 1], call: call, dropDuplicates: false)
    }

    /// Appends the items that are not already in the snapshot (nor earlier in `identifiers`) to the
    /// end of a section, or of the last section, and returns the ones it skipped.
    ///
    /// Use this for identifiers from outside the app, such as a server response that repeats an
    /// entry: the app stays alive and the first occurrence wins.
    ///
    /// ```swift
    /// var snapshot = DiffableDataSourceSnapshot<String, String>()
    /// snapshot.appendSections(["Inbox"])
    /// let skipped = try snapshot.appendItemsDroppingDuplicates(["a", "b", "a"], toSection: "Inbox")
    /// // snapshot.itemIdentifiers == ["a", "b"], skipped == ["a"]
    /// ```
    ///
    /// - Throws: ``SnapshotError/noSections(call:)`` or ``SnapshotError/sectionNotFound(_:call:)``;
    ///   the snapshot is then unchanged.
    /// - Complexity: As ``appendItems(_:toSection:)``.
    @discardableResult
    @inlinable public mutating func appendItemsDroppingDuplicates(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) throws(Error) -> [ItemIdentifierType] {
        let call = "appendItemsDroppingDuplicates(_:toSection:)"
        let section = try _resolveAppendSection(sectionIdentifier, call: call)
        return try _insertItems(
            identifiers, section: section, at: _sectionStarts[section + 1], call: call, dropDuplicates: true)
    }

    /// ``insertItems(_:beforeItem:)`` that throws instead of trapping and leaves the snapshot
    /// unchanged on error.
    ///
    /// - Throws: ``SnapshotError/itemNotFound(_:call:)`` for a missing anchor, or
    ///   ``SnapshotError/duplicateItem(_:call:)``.
    @inlinable public mutating func checkedInsertItems(
        _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) throws(Error) {
        let call = "insertItems(_:beforeItem:)"
        guard let anchor = _place(ofItem: beforeIdentifier, hash: beforeIdentifier.hashValue) else {
            throw .itemNotFound(beforeIdentifier, call: call)
        }
        _ = try _insertItems(
            identifiers, section: anchor.section, at: anchor.position, call: call, dropDuplicates: false)
    }

    /// ``insertItems(_:afterItem:)`` that throws instead of trapping and leaves the snapshot
    /// unchanged on error.
    ///
    /// - Throws: ``SnapshotError/itemNotFound(_:call:)`` for a missing anchor, or
    ///   ``SnapshotError/duplicateItem(_:call:)``.
    @inlinable public mutating func checkedInsertItems(
        _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
    ) throws(Error) {
        let call = "insertItems(_:afterItem:)"
        guard let anchor = _place(ofItem: afterIdentifier, hash: afterIdentifier.hashValue) else {
            throw .itemNotFound(afterIdentifier, call: call)
        }
        _ = try _insertItems(
            identifiers, section: anchor.section, at: anchor.position + 1, call: call, dropDuplicates: false)
    }

    /// ``moveItem(_:beforeItem:)`` that throws ``SnapshotError/itemNotFound(_:call:)`` instead of
    /// trapping.
    @inlinable public mutating func checkedMoveItem(
        _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
    ) throws(Error) {
        try _moveItem(identifier, relativeTo: toIdentifier, after: false, call: "moveItem(_:beforeItem:)")
    }

    /// ``moveItem(_:afterItem:)`` that throws ``SnapshotError/itemNotFound(_:call:)`` instead of
    /// trapping.
    @inlinable public mutating func checkedMoveItem(
        _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
    ) throws(Error) {
        try _moveItem(identifier, relativeTo: toIdentifier, after: true, call: "moveItem(_:afterItem:)")
    }
}

// MARK: - Implementation

extension DiffableDataSourceSnapshot {
    /// The section an append goes to: the given one, or the last.
    @inlinable func _resolveAppendSection(_ identifier: SectionIdentifierType?, call: String) throws(Error)
        -> Int
    {
        if let identifier {
            guard let section = _sections.index(of: identifier) else {
                throw .sectionNotFound(identifier, call: call)
            }
            return section
        }
        guard !_sections.isEmpty else { throw .noSections(call: call) }
        return _sections.count - 1
    }

    /// Inserts `newItems` into `section` at flat position `position` (which must lie within or at
    /// the end of that section).
    ///
    /// The table appends every identifier, hashing each once and probing once; an identifier
    /// already in the snapshot is re-pointed (Apple's move-into-place) or, with `dropDuplicates`,
    /// skipped. A repeat inside `newItems` rolls the table back and throws. When nothing moved, the
    /// block is rotated into place, which rewrites only the items after the insertion point;
    /// otherwise the items are permuted and the index rebuilt from stored hashes.
    @inlinable mutating func _insertItems(
        _ newItems: [ItemIdentifierType], section: Int, at position: Int, call: String, dropDuplicates: Bool
    ) throws(Error) -> [ItemIdentifierType] {
        guard !newItems.isEmpty else { return [] }
        if !dropDuplicates, _keepsEditsBeside(adding: newItems.count),
            try _insertItemsBeside(newItems, section: section, at: position, call: call)
        {
            return []
        }
        _settle()
        let oldCount = _items.count
        // Positions are stored in 32 bits (in the index and by the diff).
        precondition(newItems.count < Int(Int32.max) - oldCount, "\(call): too many items for a snapshot")
        _items.reserveCapacity(oldCount + newItems.count)
        var relocated: [Int] = []
        var dropped: [ItemIdentifierType] = []
        if !dropDuplicates {
            if let duplicate = _items.appendOrRelocate(contentsOf: newItems, relocated: &relocated) {
                throw .duplicateItem(duplicate, call: call)
            }
        } else {
            for item in newItems {
                let hash = item.hashValue
                if _items.index(of: item, hash: hash) != nil {
                    dropped.append(item)
                    continue
                }
                switch _items.appendOrRelocate(item, hash: hash, protectedFrom: oldCount) {
                case .appended:
                    break
                case .relocated(let from):
                    relocated.append(from)
                case .duplicate:
                    _items.truncate(to: oldCount)
                    throw .duplicateItem(item, call: call)
                }
            }
        }
        let added = _items.count - oldCount
        guard added > 0 else { return dropped }
        if relocated.isEmpty {
            // Nothing moved: the block goes into place, and only the items after it shift, in the
            // arrays and in the index; the later sections' starts move by the block's size.
            _items.rotate(subrange: position..<_items.count, toStartAt: oldCount)
            _itemSections.insert(
                contentsOf: repeatElement(Int32(truncatingIfNeeded: section), count: added), at: position)
            for later in (section + 1)..._sections.count { _sectionStarts[later] += added }
            _debugCheckInvariants()
            return dropped
        }
        var counts = _sectionCounts
        counts[section] += added
        var removed = [Bool](repeating: false, count: oldCount)
        for from in relocated {
            removed[from] = true
            counts[Int(_itemSections[from])] -= 1
        }
        var order = [Int]()
        order.reserveCapacity(oldCount + added - relocated.count)
        for flat in 0..<position where !removed[flat] { order.append(flat) }
        order.append(contentsOf: oldCount..<(oldCount + added))
        for flat in position..<oldCount where !removed[flat] { order.append(flat) }
        _items.permute(order)
        _setSectionCounts(counts)
        _rebuildItemSections()
        _debugCheckInvariants()
        return dropped
    }

    /// Replaces the items of the section at index `section` with `newItems`, which must be unique,
    /// in one edit (only the items after the section shift, once), and returns `true`; or returns
    /// `false` and changes nothing when one of `newItems` is in another section, which the caller
    /// then moves there as ``appendItems(_:toSection:)`` does. This is how `apply(_:to:)` puts a
    /// section snapshot's visible items in place, where a delete and an append shifted the items
    /// after the section twice.
    ///
    /// - Complexity: O(k + m + s) expected, where k is the number of items in the section before
    ///   and after, m the number of items after it and s the number of sections after it; one call
    ///   to `hash(into:)` per new item.
    @inlinable mutating func _replaceItems(inSection section: Int, with newItems: [ItemIdentifierType])
        -> Bool
    {
        _replaceItems(inSection: section, with: newItems, hashes: newItems.map(\.hashValue))
    }

    /// ``_replaceItems(inSection:with:)`` with the new items' stored hash values, taken from the
    /// table that holds them (a section snapshot's): no call to `hash(into:)`.
    @inlinable mutating func _replaceItems(
        inSection section: Int, with newItems: _IdentifierTable<ItemIdentifierType>
    )
        -> Bool
    {
        _replaceItems(inSection: section, with: newItems.elements, hashes: newItems.hashes)
    }

    @inlinable mutating func _replaceItems(
        inSection section: Int, with newItems: [ItemIdentifierType], hashes: [Int]
    ) -> Bool {
        _settle()
        let range = _sectionStarts[section]..<_sectionStarts[section + 1]
        precondition(
            newItems.count - range.count < Int(Int32.max) - _items.count,
            "apply(_:to:animatingDifferences:completion:): too many items for a snapshot")
        for (item, hash) in zip(newItems, hashes) {
            if let position = _items.index(of: item, hash: hash), !range.contains(position) { return false }
        }
        _items.replaceSubrange(range, with: newItems, hashes: hashes)
        _itemSections.replaceSubrange(
            range, with: repeatElement(Int32(truncatingIfNeeded: section), count: newItems.count))
        let delta = newItems.count - range.count
        if delta != 0 {
            for later in (section + 1)..._sections.count { _sectionStarts[later] += delta }
        }
        _dropMarksOfDeletedItems()
        _debugCheckInvariants()
        return true
    }

    @inlinable mutating func _moveItem(
        _ identifier: ItemIdentifierType, relativeTo anchorIdentifier: ItemIdentifierType, after: Bool,
        call: String
    ) throws(Error) {
        if _keepsEditsBeside(adding: 2) {
            return try _moveItemBeside(identifier, relativeTo: anchorIdentifier, after: after, call: call)
        }
        _settle()
        guard let from = _items.index(of: identifier) else { throw .itemNotFound(identifier, call: call) }
        guard let anchor = _items.index(of: anchorIdentifier) else {
            throw .itemNotFound(anchorIdentifier, call: call)
        }
        guard from != anchor else { return }
        let source = Int(_itemSections[from])
        let destination = Int(_itemSections[anchor])
        let target = after ? anchor + 1 : anchor
        // Where the item ends up, once it is out of the way; the items in between shift by one
        // and keep their sections.
        let to = target > from ? target - 1 : target
        if from < to {
            _items.rotate(subrange: from..<(to + 1), toStartAt: from + 1)
            for flat in from..<to { _itemSections[flat] = _itemSections[flat + 1] }
        } else if to < from {
            _items.rotate(subrange: to..<(from + 1), toStartAt: from)
            for flat in stride(from: from, to: to, by: -1) { _itemSections[flat] = _itemSections[flat - 1] }
        }
        _itemSections[to] = Int32(truncatingIfNeeded: destination)
        // The sections between give up (moving down) or take (moving up) one place each.
        if source < destination {
            for section in (source + 1)...destination { _sectionStarts[section] -= 1 }
        } else if destination < source {
            for section in (destination + 1)...source { _sectionStarts[section] += 1 }
        }
        _debugCheckInvariants()
    }
}
