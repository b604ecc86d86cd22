import Foundation

/// The state of a list or collection view at one moment: ordered sections, each with ordered items,
/// identified by values rather than index paths.
///
/// This is Apple's `NSDiffableDataSourceSnapshot` without the prefix, with the same members,
/// argument labels and semantics: identifiers are unique across the whole snapshot,
/// ``indexOfItem(_:)`` is an index in the flattened item list, ``appendItems(_:toSection:)`` with no
/// section appends to the last one, ``deleteAllItems()`` removes the sections too, and adding an
/// item that is already present moves it.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["Fruit", "Vegetables"])
/// snapshot.appendItems([1, 2, 3], toSection: "Fruit")
/// snapshot.appendItems([10, 11])  // to the last section, "Vegetables"
/// snapshot.indexOfItem(10)  // 3: the index in `itemIdentifiers`, not within the section
/// snapshot.sectionIdentifier(containingItem: 2)  // "Fruit"
/// ```
///
/// ## Storage and costs
/// Each identifier is hashed exactly once, when it is added; its hash value is stored beside it in
/// an open-addressing table. Lookups (``indexOfItem(_:)``, ``indexOfSection(_:)``,
/// ``sectionIdentifier(containingItem:)``) hash the argument once and never re-hash what is stored.
/// Appending at the end is O(k) amortized for k items. Inserting in the middle shifts only the items
/// after the insertion point, moving an item only those between its old and new places, and
/// deleting only those after the first deleted, in the arrays and in the index (which a delete
/// rebuilds instead when that is cheaper). Adding an item that is already present (a move) costs
/// O(n), where n is the number of items, because it rebuilds the position index from the stored
/// hashes (no call to `hash(into:)`). The storage is a handful of copy-on-write arrays, so copying
/// a snapshot is O(1). The diff engine probes these tables directly.
///
/// Editing a copy whose storage another snapshot still holds — `var s = dataSource.snapshot()`,
/// then `s.deleteItems([x])` — does not copy that storage: deletes, moves, and appends and inserts
/// of new items, up to 1,024 of them, are kept beside it, and lookups answer through them in
/// O(log k) more for k kept edits. The data source finds the update from kept deletes and
/// inserts without a pass over every item (a move takes the diff, for its fewest moves). A change
/// of sections, appending an item that is already shown (Apple's move to the end), or the 1,025th
/// edit first writes the kept edits into storage of the snapshot's own (the copy the edit would
/// have made, once); ``itemIdentifiers`` is made once per state of the kept edits.
///
/// ## Bad input
/// Misuse that Apple traps on (no section to append to, an unknown anchor, reloading an unknown
/// identifier, duplicates inside one call, a duplicate section) traps here too, with a message
/// naming the call and the identifier. Every such member has a `checked` twin, such as
/// ``checkedAppendItems(_:toSection:)``, that throws a ``SnapshotError`` and leaves the snapshot
/// unchanged, and ``appendItemsDroppingDuplicates(_:toSection:)`` skips duplicates from a server.
public struct DiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The error the `checked` members throw.
    public typealias Error = SnapshotError<SectionIdentifierType, ItemIdentifierType>

    // The storage, read and written through `_sections`, `_sectionStarts`, `_items` and
    // `_itemSections` (see `+PendingEdits`): while `_pendingEdits` holds item edits kept beside
    // storage another snapshot shares, the item storage is that snapshot's, the base.

    /// Section identifiers in order, with their hashes and index.
    @usableFromInline var _storedSections = _IdentifierTable<SectionIdentifierType>()
    /// `_storedSectionStarts[s]` is the flat index of section `s`'s first item; the last entry is
    /// the total item count, so there is always one more entry than there are sections.
    @usableFromInline var _storedSectionStarts: [Int] = [0]
    /// Item identifiers flattened in display order, with their hashes and index.
    @usableFromInline var _storedItems = _IdentifierTable<ItemIdentifierType>()
    /// `_storedItemSections[i]` is the section index of flat item `i`.
    @usableFromInline var _storedItemSections: [Int32] = []
    /// Item deletions and insertions kept beside the storage instead of copying it, or `nil`.
    @usableFromInline var _pendingEdits: _PendingItemEdits<ItemIdentifierType>?
    /// Held by every copy of this value since its storage was last written: another holder means
    /// shared storage. `nil` until the first edit.
    @usableFromInline var _storageMarker: _StorageMarker?

    @usableFromInline var _reloadedSections = _MarkList<SectionIdentifierType>()
    @usableFromInline var _reloadedItems = _MarkList<ItemIdentifierType>()
    @usableFromInline var _reconfiguredItems = _MarkList<ItemIdentifierType>()

    /// Creates an empty snapshot: no sections, no items.
    @inlinable public init() {}
}

// MARK: - Queries

extension DiffableDataSourceSnapshot {
    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfItems: Int { _itemCount }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { _sections.count }

    /// The section identifiers, in display order.
    ///
    /// - Complexity: O(1) (the storage is shared copy-on-write).
    @inlinable public var sectionIdentifiers: [SectionIdentifierType] { _sections.elements }

    /// Every item identifier, flattened in display order: the items of section 0, then section 1, ….
    ///
    /// - Complexity: O(1) (the storage is shared copy-on-write); O(n) once after edits of a
    ///   snapshot whose storage another one shares (they are kept beside it; see "Storage and
    ///   costs").
    @inlinable public var itemIdentifiers: [ItemIdentifierType] {
        guard let edits = _pendingEdits else { return _storedItems.elements }
        return edits.items(over: _storedItems.elements)
    }

    /// The number of items in a section. Traps if the section is not in the snapshot.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once.
    @inlinable public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        let section = _requireSection(identifier, call: "numberOfItems(inSection:)")
        return _sectionStarts[section + 1] - _sectionStarts[section]
    }

    /// The items of a section, in order. Traps if the section is not in the snapshot.
    ///
    /// - Complexity: O(k) for the k items of the section; hashes `identifier` once. O(k log² e)
    ///   with e edits kept beside shared storage (see "Storage and costs").
    @inlinable public func itemIdentifiers(inSection identifier: SectionIdentifierType)
        -> [ItemIdentifierType]
    {
        let section = _requireSection(identifier, call: "itemIdentifiers(inSection:)")
        let starts = _sectionStarts
        return _items(in: starts[section]..<starts[section + 1])
    }

    /// The section that contains an item, or `nil` if the item is not in the snapshot.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once; O(log e) more with e kept edits.
    @inlinable public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
        -> SectionIdentifierType?
    {
        guard let place = _place(ofItem: identifier, hash: identifier.hashValue) else { return nil }
        return _sections.elements[place.section]
    }

    /// The index of an item in ``itemIdentifiers`` (the flattened list, not within its section), or
    /// `nil` if the item is not in the snapshot.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once; O(log e) more with e kept edits.
    @inlinable public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        _position(ofItem: identifier)
    }

    /// The index of a section in ``sectionIdentifiers``, or `nil` if it is not in the snapshot.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once.
    @inlinable public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        _sections.index(of: identifier)
    }
}

// MARK: - Beyond Apple: queries the data source and the diff use

extension DiffableDataSourceSnapshot {
    /// Whether the snapshot contains an item.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once; O(log e) more with e kept edits.
    @inlinable public func contains(item identifier: ItemIdentifierType) -> Bool {
        _position(ofItem: identifier) != nil
    }

    /// Whether the snapshot contains a section.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once.
    @inlinable public func contains(section identifier: SectionIdentifierType) -> Bool {
        _sections.index(of: identifier) != nil
    }

    /// The item at an index path, or `nil` when the index path is out of range.
    ///
    /// - Complexity: O(1); O(log² e) with e kept edits.
    @inlinable public func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifierType? {
        Self._itemIdentifier(
            at: indexPath, sectionStarts: _sectionStarts, items: _storedItems.elements, edits: _pendingEdits)
    }

    /// ``itemIdentifier(at:)`` on the two stored properties it reads.
    ///
    /// For the data source, which keeps its snapshot in a class property and is called by views
    /// through a protocol, in generic code that is not specialized: there, calling a method on the
    /// snapshot copies all of it first (each of its arrays retained and released through generic
    /// value witnesses), while reading two stored properties copies two references.
    ///
    /// - Complexity: O(1).
    @inlinable static func _itemIdentifier(
        at indexPath: IndexPath, sectionStarts: [Int], items: [ItemIdentifierType],
        edits: _PendingItemEdits<ItemIdentifierType>?
    ) -> ItemIdentifierType? {
        guard indexPath.count == 2 else { return nil }
        let section = indexPath.section
        let item = indexPath.item
        guard section >= 0, section < sectionStarts.count - 1, item >= 0 else { return nil }
        let flat = sectionStarts[section] + item
        guard flat < sectionStarts[section + 1] else { return nil }
        return _item(at: flat, items: items, edits: edits)
    }

    /// The index path of an item, or `nil` if the item is not in the snapshot.
    ///
    /// - Complexity: O(1) expected; hashes `identifier` once; O(log e) more with e kept edits.
    @inlinable public func indexPath(ofItem identifier: ItemIdentifierType) -> IndexPath? {
        guard let place = _place(ofItem: identifier, hash: identifier.hashValue) else { return nil }
        return IndexPath(item: place.position - _sectionStarts[place.section], section: place.section)
    }

    /// The number of items in the section at an index. Traps if the index is out of range.
    ///
    /// - Complexity: O(1).
    @inlinable public func numberOfItems(inSectionAt index: Int) -> Int {
        precondition(
            index >= 0 && index < _sections.count,
            "numberOfItems(inSectionAt:): section index \(index) is out of range (\(_sections.count) sections)"
        )
        return _sectionStarts[index + 1] - _sectionStarts[index]
    }
}

// MARK: - Internal helpers

extension DiffableDataSourceSnapshot {
    /// The index of a section the call needs, trapping with a message naming both if it is absent.
    @inlinable func _requireSection(_ identifier: SectionIdentifierType, call: String) -> Int {
        guard let index = _sections.index(of: identifier) else {
            fatalError(
                "\(call): Section identifier \(_quoted(identifier)) was not found. You can verify the section exists by calling indexOfSection(_:), which is O(1)."
            )
        }
        return index
    }

    /// Recomputes `_itemSections` for every item from section `firstSection` on.
    ///
    /// - Complexity: O(n) where n is the number of items in those sections; no hashing.
    @inlinable mutating func _rebuildItemSections(from firstSection: Int = 0) {
        let total = _items.count
        if _itemSections.count != total {
            _itemSections = [Int32](repeating: 0, count: total)
        }
        let sectionCount = _sections.count
        guard firstSection < sectionCount else { return }
        let starts = _sectionStarts
        _itemSections.withUnsafeMutableBufferPointer { buffer in
            for section in firstSection..<sectionCount {
                let value = Int32(truncatingIfNeeded: section)
                for flat in starts[section]..<starts[section + 1] {
                    buffer[flat] = value
                }
            }
        }
    }

    /// Recomputes `_sectionStarts` from per-section counts.
    @inlinable mutating func _setSectionCounts(_ counts: [Int]) {
        var starts = [Int]()
        starts.reserveCapacity(counts.count + 1)
        var running = 0
        starts.append(0)
        for count in counts {
            running += count
            starts.append(running)
        }
        _sectionStarts = starts
    }

    /// The number of items in each section.
    @inlinable var _sectionCounts: [Int] {
        (0..<_sections.count).map { _sectionStarts[$0 + 1] - _sectionStarts[$0] }
    }

    /// Drops the reload and reconfigure marks of items that are no longer in the snapshot.
    @inlinable mutating func _dropMarksOfDeletedItems() {
        guard !_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty else { return }
        let snapshot = self
        _reloadedItems.removeAll { snapshot._position(ofItem: $0) == nil }
        _reconfiguredItems.removeAll { snapshot._position(ofItem: $0) == nil }
    }

    /// Drops the reload marks of sections that are no longer in the snapshot.
    @inlinable mutating func _dropMarksOfDeletedSections() {
        let sections = _sections
        if !_reloadedSections.isEmpty { _reloadedSections.removeAll { !sections.contains($0) } }
    }

    /// Runs `_checkInvariants()` when the package is built with `-D DIFFABLE_INVARIANT_CHECKS`.
    @inlinable @inline(__always)
    func _debugCheckInvariants() {
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }
}
