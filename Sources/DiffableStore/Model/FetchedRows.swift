import Diffable

/// A row a change inserted or updated that is shown, as read right after the change.
package struct _ReadRow<SectionIdentifierType: Sendable, ItemIdentifierType: Sendable>: Sendable {
    package var rowID: Int64
    package var item: ItemIdentifierType
    package var section: SectionIdentifierType
    /// A hash of the row's content columns.
    package var fingerprint: Int
    /// The item of the row shown after it; `nil` for the last.
    package var successor: ItemIdentifierType?

    package init(
        rowID: Int64, item: ItemIdentifierType, section: SectionIdentifierType, fingerprint: Int,
        successor: ItemIdentifierType?
    ) {
        self.rowID = rowID
        self.item = item
        self.section = section
        self.fingerprint = fingerprint
        self.successor = successor
    }
}

/// A snapshot of the rows shown, with what the controller remembers of them.
package struct _FetchedRows<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    Sendable
{
    package var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    package var rows: _RowIndex<ItemIdentifierType>

    package init(
        snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        rows: _RowIndex<ItemIdentifierType>
    ) {
        self.snapshot = snapshot
        self.rows = rows
    }

    /// The items whose content changed from `old` to these rows, shown by the same row in both.
    ///
    /// - Complexity: O(n) for the n rows, a sequential pass when row ids are dense.
    package func reconfiguredItems(since old: _RowIndex<ItemIdentifierType>) -> [ItemIdentifierType] {
        var reconfigured: [ItemIdentifierType] = []
        for rowID in rows.fingerprints.rowIDsWithChangedValues(comparedTo: old.fingerprints) {
            guard let item = rows.item(forRowID: rowID), old.item(forRowID: rowID) == item else { continue }
            reconfigured.append(item)
        }
        return reconfigured
    }
}

extension _RowIndex {
    /// What a change did to the rows shown, given the row ids it inserted, updated or deleted and
    /// the ones among them that are shown now; the index is brought up to date.
    /// `shownItems` lists every item shown before the change.
    ///
    /// - Throws: ``FetchedResultsError/duplicateItem(_:)`` when a row now shows an item that
    ///   another row shows; the index is then left as it was.
    /// - Complexity: O(k) expected for k changed rows (O(n) once, the first time an item is not
    ///   its row id).
    package mutating func resolve<SectionIdentifierType: Hashable & Sendable>(
        _ read: [_ReadRow<SectionIdentifierType, ItemIdentifierType>], changed rowIDs: Set<Int64>,
        shownItems: () -> [ItemIdentifierType]
    ) throws(FetchedResultsError) -> _StoreChanges<SectionIdentifierType, ItemIdentifierType> {
        var seen = Set<ItemIdentifierType>()
        for row in read {
            // Another row shows this item, and this change did not touch that row: a duplicate.
            if !seen.insert(row.item).inserted { throw .duplicateItem(row.item) }
            if let other = rowID(forItem: row.item), other != row.rowID, !rowIDs.contains(other) {
                throw .duplicateItem(row.item)
            }
        }
        var changes = _StoreChanges<SectionIdentifierType, ItemIdentifierType>()
        var previousItems: [Int64: ItemIdentifierType] = [:]
        for rowID in rowIDs {
            if let item = item(forRowID: rowID) { previousItems[rowID] = item }
        }
        for row in read {
            let contentChanged =
                previousItems[row.rowID] == row.item && fingerprints[row.rowID] != row.fingerprint
            changes.upserted.append(
                .init(
                    item: row.item, section: row.section, successor: row.successor,
                    contentChanged: contentChanged))
        }
        // Items no row shows any more (an item that went to another row is still shown).
        changes.removed = previousItems.values.filter { !seen.contains($0) }
        for item in previousItems.values { forget(item) }
        for row in read {
            record(row.item, rowID: row.rowID, fingerprint: row.fingerprint, shownItems: shownItems)
        }
        return changes
    }
}

/// Builds the rows of a whole read, row by row in the request's order, into a snapshot and its
/// row index: what every backend's first read and whole reads do with the rows they read.
///
/// A store's code runs unspecialized (the identifier types are the app's), so a generic call per
/// row is what a whole read of a million rows costs most. Where the items are `Int64`s — a row's
/// own key, most often — ``append(rowID:int64Item:fingerprint:)`` keeps them in a concrete array
/// and makes no generic call per row.
package struct _FetchedRowsBuilder<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> {
    private var snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    private var rowIDs: [Int64] = []
    private var fingerprints: [Int] = []
    private var section: SectionIdentifierType?
    private var items: [ItemIdentifierType] = []
    /// The current section's items, where ``itemsAreInt64``.
    private var int64Items: [Int64] = []
    /// Whether every item appended so far is its row's id.
    private var itemsAreRowIDs = Self.itemsAreInt64

    package init() {}

    /// Whether the items are `Int64`s, which ``append(rowID:int64Item:fingerprint:)`` takes.
    package static var itemsAreInt64: Bool { ItemIdentifierType.self == Int64.self }

    /// The rows that follow are in `section`, until the next call.
    ///
    /// - Throws: ``FetchedResultsError/duplicateSection(_:)`` when the section came before, or
    ///   ``FetchedResultsError/duplicateItem(_:)`` when the section just ended repeats an item.
    package mutating func startSection(_ section: SectionIdentifierType) throws(FetchedResultsError) {
        try flush()
        self.section = section
    }

    /// The next row of the current section.
    package mutating func append(rowID: Int64, item: ItemIdentifierType, fingerprint: Int) {
        if Self.itemsAreInt64 {
            append(rowID: rowID, int64Item: unsafeBitCast(item, to: Int64.self), fingerprint: fingerprint)
            return
        }
        rowIDs.append(rowID)
        items.append(item)
        fingerprints.append(fingerprint)
    }

    /// The next row of the current section, whose item is the `Int64` `int64Item`.
    ///
    /// - Precondition: ``itemsAreInt64``.
    package mutating func append(rowID: Int64, int64Item: Int64, fingerprint: Int) {
        itemsAreRowIDs = itemsAreRowIDs && int64Item == rowID
        rowIDs.append(rowID)
        int64Items.append(int64Item)
        fingerprints.append(fingerprint)
    }

    /// Rows of the current section, each showing its own id as its item.
    ///
    /// - Precondition: ``itemsAreInt64``.
    package mutating func appendRowsShowingTheirIDs(
        _ rowIDs: ArraySlice<Int64>, fingerprints: ArraySlice<Int>
    ) {
        precondition(
            Self.itemsAreInt64, "_FetchedRowsBuilder: items of \(ItemIdentifierType.self) are not row ids")
        self.rowIDs.append(contentsOf: rowIDs)
        int64Items.append(contentsOf: rowIDs)
        self.fingerprints.append(contentsOf: fingerprints)
    }

    /// The snapshot and row index of the rows appended.
    ///
    /// - Throws: ``FetchedResultsError/duplicateItem(_:)`` when two rows show one item.
    /// - Complexity: O(n) for the n rows: one hash of each identifier.
    package mutating func finish() throws(FetchedResultsError) -> _FetchedRows<
        SectionIdentifierType, ItemIdentifierType
    > {
        try flush()
        if snapshot.numberOfItems != rowIDs.count {
            // An item came twice, in two sections: the second took it from the first.
            var seen = Set<ItemIdentifierType>()
            for item in snapshot.itemIdentifiers where !seen.insert(item).inserted {
                throw .duplicateItem(item)
            }
            throw .duplicateItem("an item")
        }
        var rows = _RowIndex<ItemIdentifierType>()
        rows.fingerprints = _RowIDTable(rowIDs: rowIDs, values: fingerprints)
        if !itemsAreRowIDs {
            let items = snapshot.itemIdentifiers
            rows.items = (
                Dictionary(zip(rowIDs, items), uniquingKeysWith: { first, _ in first }),
                Dictionary(zip(items, rowIDs), uniquingKeysWith: { first, _ in first })
            )
        }
        return _FetchedRows(snapshot: snapshot, rows: rows)
    }

    private mutating func flush() throws(FetchedResultsError) {
        guard let section else { return }
        if snapshot.contains(section: section) { throw .duplicateSection(section) }
        snapshot.appendSections([section])
        if !int64Items.isEmpty {
            // The same type (`itemsAreInt64`), so the same array: no pass over it.
            items = unsafeBitCast(int64Items, to: [ItemIdentifierType].self)
            int64Items = []
        }
        do {
            try snapshot.checkedAppendItems(items, toSection: section)
        } catch {
            if case .duplicateItem(let item, _) = error { throw .duplicateItem(item) }
            throw .duplicateItem("an item")
        }
        items.removeAll(keepingCapacity: true)
    }
}
