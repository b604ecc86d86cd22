// Item edits kept beside storage another snapshot shares, instead of a copy of it: how
// `var s = dataSource.snapshot(); s.deleteItems([x]); dataSource.apply(s)` stays far below a pass
// over a million items. See `_PendingItemEdits`.

extension DiffableDataSourceSnapshot {
    /// The section identifiers. Writing them first writes pending item edits into the storage.
    @inlinable var _sections: _IdentifierTable<SectionIdentifierType> {
        get { _storedSections }
        _modify {
            _prepareToWriteStorage()
            yield &_storedSections
        }
    }

    /// The flat index of each section's first item, and the item count last.
    @inlinable var _sectionStarts: [Int] {
        get { _pendingEdits?.sectionStarts ?? _storedSectionStarts }
        _modify {
            _prepareToWriteStorage()
            yield &_storedSectionStarts
        }
    }

    /// The items in display order. With edits pending, reading this writes them into a copy of the
    /// storage, O(n): code that runs while edits may be pending reads through `_position(ofItem:)`,
    /// `_item(at:)` and `_itemCount` instead.
    @inlinable var _items: _IdentifierTable<ItemIdentifierType> {
        get { _pendingEdits == nil ? _storedItems : _settled()._storedItems }
        _modify {
            _prepareToWriteStorage()
            yield &_storedItems
        }
    }

    /// The section index of each item in display order; as `_items`, O(n) with edits pending.
    @inlinable var _itemSections: [Int32] {
        get { _pendingEdits == nil ? _storedItemSections : _settled()._storedItemSections }
        _modify {
            _prepareToWriteStorage()
            yield &_storedItemSections
        }
    }

    /// Writes pending edits into the storage and makes sure no other snapshot holds it as this one's:
    /// what every write of the storage does first.
    @inlinable mutating func _prepareToWriteStorage() {
        if _pendingEdits != nil { _settle() } else { _claimStorageMarker() }
    }

    /// Gives this snapshot a storage marker no other value holds: what writing its storage makes it.
    @inlinable mutating func _claimStorageMarker() {
        if _storageMarker == nil || _storageIsShared() { _storageMarker = _StorageMarker() }
    }

    /// Whether another snapshot value holds this one's storage marker, and so its storage.
    @inlinable mutating func _storageIsShared() -> Bool {
        guard _storageMarker != nil else { return false }
        return !isKnownUniquelyReferenced(&_storageMarker!)
    }

    /// Writes the pending edits into the storage (copying it, if it is shared).
    ///
    /// - Complexity: O(n - f + k) expected, where n is the number of items, f the first position
    ///   edited and k the number of edits; no call to `hash(into:)`.
    @inlinable mutating func _settle() {
        guard let edits = _pendingEdits else { return }
        _pendingEdits = nil
        _claimStorageMarker()
        if !edits.deleted.isEmpty {
            let runs = [Range<Int>](_covering: edits.deleted)
            _storedItems.removeAll(inRuns: runs)
            _storedItemSections._removeAll(inRuns: runs)
        }
        if !edits.inserted.isEmpty {
            let positions = edits.anchors.map { $0 &- edits.deletedCount(below: $0) }
            _storedItems.insert(edits.inserted.elements, hashes: edits.inserted.hashes, at: positions)
            _storedItemSections._insert(edits.sections, at: positions)
        }
        _storedSectionStarts = edits.sectionStarts
        _debugCheckInvariants()
    }

    /// This snapshot with its pending edits written into storage of its own.
    ///
    /// - Complexity: O(1) without pending edits, else O(n).
    @inlinable func _settled() -> Self {
        guard _pendingEdits != nil else { return self }
        var copy = self
        copy._settle()
        return copy
    }

    /// Whether `added` more edits go beside the storage rather than into it: the storage is shared
    /// (or edits are already kept), large enough for a copy to cost more than the lookups kept
    /// edits add, and the edits stay within their limit.
    @inlinable mutating func _keepsEditsBeside(adding added: Int) -> Bool {
        typealias Edits = _PendingItemEdits<ItemIdentifierType>
        if let edits = _pendingEdits { return edits.count &+ added <= Edits.limit }
        return added <= Edits.limit && _storedItems.count >= Edits.minimumBase && _storageIsShared()
    }
}

// MARK: - Lookups that answer with edits pending

extension DiffableDataSourceSnapshot {
    /// The number of items.
    ///
    /// - Complexity: O(1).
    @inlinable var _itemCount: Int {
        guard let edits = _pendingEdits else { return _storedItems.count }
        return _storedItems.count &- edits.deleted.count &+ edits.inserted.count
    }

    /// The flat position of an item whose hash value is `hash`, or `nil`.
    ///
    /// - Complexity: O(1) expected, plus O(log k) for k pending edits; no call to `hash(into:)`.
    @inlinable func _position(ofItem identifier: ItemIdentifierType, hash: Int) -> Int? {
        _place(ofItem: identifier, hash: hash)?.position
    }

    /// The flat position of an item, or `nil`, hashing it once.
    ///
    /// - Complexity: O(1) expected, plus O(log k) for k pending edits.
    @inlinable func _position(ofItem identifier: ItemIdentifierType) -> Int? {
        guard _pendingEdits != nil else { return _storedItems.index(of: identifier) }
        return _position(ofItem: identifier, hash: identifier.hashValue)
    }

    /// The flat position and section index of an item whose hash value is `hash`, or `nil`.
    ///
    /// - Complexity: O(1) expected, plus O(log k) for k pending edits; no call to `hash(into:)`.
    @inlinable func _place(ofItem identifier: ItemIdentifierType, hash: Int) -> (position: Int, section: Int)?
    {
        if let base = _storedItems.index(of: identifier, hash: hash) {
            guard let edits = _pendingEdits else { return (base, Int(_storedItemSections[base])) }
            // A deleted one may be back among the inserted: moved.
            if !edits.isDeleted(base) {
                return (edits.position(ofBase: base), Int(_storedItemSections[base]))
            }
        }
        guard let edits = _pendingEdits, let index = edits.inserted.index(of: identifier, hash: hash) else {
            return nil
        }
        return (edits.position(ofInserted: index), Int(edits.sections[index]))
    }

    /// The item at flat position `position`, which must be in range.
    ///
    /// - Complexity: O(1), plus O(log² k) for k pending edits.
    @inlinable func _item(at position: Int) -> ItemIdentifierType {
        Self._item(at: position, items: _storedItems.elements, edits: _pendingEdits)
    }

    /// ``_item(at:)`` on the stored properties it reads (see `_itemIdentifier(at:sectionStarts:items:edits:)`).
    @inlinable static func _item(
        at position: Int, items: [ItemIdentifierType], edits: _PendingItemEdits<ItemIdentifierType>?
    ) -> ItemIdentifierType {
        guard let edits else { return items[position] }
        let found = edits.locate(position)
        return found.inserted ? edits.inserted.elements[found.index] : items[found.index]
    }

    /// The item at flat position `position` of ``itemIdentifiers``, which must be in range, without
    /// making that array while edits are kept beside shared storage: for a store, which reads the
    /// neighbours of the rows a commit changed.
    ///
    /// - Complexity: O(1), plus O(log² k) for k kept edits.
    package func _itemIdentifier(atFlat position: Int) -> ItemIdentifierType { _item(at: position) }

    /// The items at the flat positions `range` of ``itemIdentifiers``, as ``_itemIdentifier(atFlat:)``.
    ///
    /// - Complexity: O(r) for r positions, plus O(r log² k) for k kept edits.
    package func _itemIdentifiers(inFlat range: Range<Int>) -> [ItemIdentifierType] { _items(in: range) }

    /// The items at the flat positions `range`, in order.
    ///
    /// - Complexity: O(r) for r positions, plus O(r log² k) for k pending edits.
    @inlinable func _items(in range: Range<Int>) -> [ItemIdentifierType] {
        guard _pendingEdits != nil else { return Array(_storedItems.elements[range]) }
        return range.map(_item(at:))
    }
}

// MARK: - Edits kept beside the storage

extension DiffableDataSourceSnapshot {
    /// Deletes items beside the storage (see ``deleteItems(_:)``); the caller has checked
    /// `_keepsEditsBeside(adding:)`.
    ///
    /// - Complexity: O(j log k + s) for j identifiers and k pending edits, where s is the number of
    ///   sections after the first one an item left; one call to `hash(into:)` per identifier.
    @inlinable mutating func _deleteItemsBeside(_ identifiers: [ItemIdentifierType], hashes: [Int]? = nil) {
        var edits = _pendingEdits ?? _PendingItemEdits(sectionStarts: _storedSectionStarts)
        _pendingEdits = nil  // so that `edits` is the only holder of its arrays while they change
        var leftSections: [Int] = []
        var removedInserted: [Int] = []
        for (offset, identifier) in identifiers.enumerated() {
            let hash = hashes?[offset] ?? identifier.hashValue
            if let base = _storedItems.index(of: identifier, hash: hash), !edits.isDeleted(base) {
                edits.deleteBase(at: base)
                leftSections.append(Int(_storedItemSections[base]))
            } else if let index = edits.inserted.index(of: identifier, hash: hash) {
                removedInserted.append(index)
            }
        }
        if !removedInserted.isEmpty {
            removedInserted.sort()
            var distinct: [Int] = []
            for index in removedInserted where distinct.last != index {
                distinct.append(index)
                leftSections.append(Int(edits.sections[index]))
            }
            edits.removeInserted(at: distinct)
        }
        guard !leftSections.isEmpty else {
            _pendingEdits = edits.count > 0 ? edits : nil
            return
        }
        leftSections.sort()
        edits.sectionStarts.withUnsafeMutableBufferPointer { starts in
            var left = 0
            for section in leftSections[0]..<(starts.count &- 1) {
                while left < leftSections.count && leftSections[left] == section { left &+= 1 }
                starts[section &+ 1] &-= left
            }
        }
        _pendingEdits = edits
        _dropMarksOfDeletedItems()
        _debugCheckInvariants()
    }

    /// Moves an item just before or after another beside the storage (see ``moveItem(_:beforeItem:)``):
    /// deleted, then inserted there; its marks stay. The caller has checked
    /// `_keepsEditsBeside(adding: 2)`.
    ///
    /// - Complexity: O(k + s) for k pending edits and s sections; two calls to `hash(into:)`.
    @inlinable mutating func _moveItemBeside(
        _ identifier: ItemIdentifierType, relativeTo anchorIdentifier: ItemIdentifierType, after: Bool,
        call: String
    ) throws(Error) {
        let hash = identifier.hashValue
        let anchorHash = anchorIdentifier.hashValue
        guard let from = _place(ofItem: identifier, hash: hash) else {
            throw .itemNotFound(identifier, call: call)
        }
        guard let to = _place(ofItem: anchorIdentifier, hash: anchorHash) else {
            throw .itemNotFound(anchorIdentifier, call: call)
        }
        guard from.position != to.position else { return }
        let marks = (_reloadedItems, _reconfiguredItems)
        _deleteItemsBeside([identifier], hashes: [hash])
        (_reloadedItems, _reconfiguredItems) = marks
        let anchor = _place(ofItem: anchorIdentifier, hash: anchorHash)!
        do {
            let placed = try _insertItemsBeside(
                [identifier], hashes: [hash], section: anchor.section,
                at: after ? anchor.position + 1 : anchor.position, call: call)
            precondition(placed, "\(call): \(_quoted(identifier)) could not be put back")
        } catch {
            preconditionFailure("\(call): \(error)")
        }
    }

    /// Inserts new items as one block at flat position `position` of the section at index
    /// `section`, beside the storage, and returns `true`; or returns `false` and changes nothing
    /// when one of them is already in the snapshot (Apple's append moves it), for the caller to
    /// edit the storage instead. An item deleted from the storage may come back: a move. The
    /// caller has checked `_keepsEditsBeside(adding:)`.
    ///
    /// `hashes`, when given, are the items' hash values.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:call:)`` when `items` lists one item twice.
    /// - Complexity: O(j + k + s) for j items and k pending edits, where s is the number of
    ///   sections after `section`; one call to `hash(into:)` per item.
    @inlinable mutating func _insertItemsBeside(
        _ items: some Collection<ItemIdentifierType>, hashes: [Int]? = nil, section: Int, at position: Int,
        call: String
    ) throws(Error) -> Bool {
        var block = _IdentifierTable<ItemIdentifierType>()
        block.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            let hash = hashes?[offset] ?? item.hashValue
            // One in the storage must be deleted there (it comes back: a move), else it is shown.
            if let base = _storedItems.index(of: item, hash: hash), !(_pendingEdits?.isDeleted(base) ?? false)
            {
                return false
            }
            if _pendingEdits?.inserted.index(of: item, hash: hash) != nil { return false }
            if case .duplicate = block.appendOrRelocate(item, hash: hash, protectedFrom: 0) {
                throw .duplicateItem(item, call: call)
            }
        }
        let count = _itemCount
        var edits = _pendingEdits ?? _PendingItemEdits(sectionStarts: _storedSectionStarts)
        _pendingEdits = nil
        edits.insert(
            block.elements, hashes: block.hashes, section: section, at: position, count: count,
            baseCount: _storedItems.count)
        edits.sectionStarts.withUnsafeMutableBufferPointer { starts in
            for later in (section &+ 1)..<starts.count { starts[later] &+= items.count }
        }
        _pendingEdits = edits
        _debugCheckInvariants()
        return true
    }
}
