/// Values by rowid, in an array indexed by rowid while the rowids are dense (the usual
/// `INTEGER PRIMARY KEY`), in a dictionary otherwise: 8 bytes a row instead of about 40.
package struct _RowIDTable: Sendable {
    /// `values[rowID]`, or `absent`.
    private var dense: [Int] = []
    private var sparse: [Int64: Int]?
    package private(set) var count = 0

    /// Marks a rowid without a value in `dense`; a value equal to it is stored as its neighbour
    /// (these are hash values: the collision that makes costs nothing but one needless
    /// reconfigure).
    private static let absent = Int.min

    /// How far beyond the rows the array may reach before the table turns to a dictionary.
    private func fitsDense(_ rowID: Int64) -> Bool {
        rowID >= 0 && rowID < 4 * Int64(count) + 4096
    }

    package subscript(rowID: Int64) -> Int? {
        get {
            if let sparse { return sparse[rowID] }
            guard rowID >= 0, rowID < dense.count else { return nil }
            let value = dense[Int(rowID)]
            return value == Self.absent ? nil : value
        }
        set {
            if sparse == nil, !fitsDense(rowID) { makeSparse() }
            if sparse != nil {
                let old =
                    newValue.map { sparse!.updateValue($0, forKey: rowID) }
                    ?? sparse!.removeValue(forKey: rowID)
                count += (old == nil ? 0 : -1) + (newValue == nil ? 0 : 1)
                return
            }
            let index = Int(rowID)
            if index >= dense.count {
                guard newValue != nil else { return }
                dense.append(contentsOf: repeatElement(Self.absent, count: index + 1 - dense.count))
            }
            let wasPresent = dense[index] != Self.absent
            if let newValue {
                dense[index] = newValue == Self.absent ? newValue + 1 : newValue
            } else {
                dense[index] = Self.absent
            }
            count += (wasPresent ? -1 : 0) + (newValue == nil ? 0 : 1)
        }
    }

    /// Builds the table from rowids and values, given together.
    package init(rowIDs: [Int64], values: [Int]) {
        count = rowIDs.count
        guard let maximum = rowIDs.max() else { return }
        if rowIDs.allSatisfy({ $0 >= 0 }) && fitsDense(maximum) {
            dense = [Int](repeating: Self.absent, count: Int(maximum) + 1)
            for (rowID, value) in zip(rowIDs, values) {
                dense[Int(rowID)] = value == Self.absent ? value + 1 : value
            }
        } else {
            sparse = Dictionary(zip(rowIDs, values), uniquingKeysWith: { _, last in last })
        }
    }

    package init() {}

    /// The rowids whose value differs from `other`'s (both present, not equal).
    ///
    /// - Complexity: O(n) for the n rowids of this table, a sequential pass when both are
    ///   arrays.
    package func rowIDsWithChangedValues(comparedTo other: _RowIDTable) -> [Int64] {
        var changed: [Int64] = []
        if sparse == nil, other.sparse == nil {
            let shared = Swift.min(dense.count, other.dense.count)
            dense.withUnsafeBufferPointer { mine in
                other.dense.withUnsafeBufferPointer { theirs in
                    for index in 0..<shared {
                        let value = mine[index]
                        let old = theirs[index]
                        if value != old && value != Self.absent && old != Self.absent {
                            changed.append(Int64(index))
                        }
                    }
                }
            }
            return changed
        }
        for rowID in rowIDs() where other[rowID] != nil && other[rowID] != self[rowID] {
            changed.append(rowID)
        }
        return changed
    }

    /// Every rowid with a value.
    private func rowIDs() -> [Int64] {
        if let sparse { return Array(sparse.keys) }
        return dense.indices.filter { dense[$0] != Self.absent }.map(Int64.init)
    }

    private mutating func makeSparse() {
        var table: [Int64: Int] = [:]
        table.reserveCapacity(count)
        for (rowID, value) in dense.enumerated() where value != Self.absent {
            table[Int64(rowID)] = value
        }
        sparse = table
        dense = []
    }
}

/// What a controller remembers of the rows it shows, beyond the snapshot: a fingerprint of each
/// row's content (to tell a real change from an `UPDATE` that wrote the same values), and,
/// once some item is not its own rowid, which rowid shows which item.
package struct _RowIndex<ItemIdentifierType: Hashable & Sendable>: Sendable {
    package init() {}

    /// The content fingerprint of each row shown, by rowid.
    package var fingerprints = _RowIDTable()
    /// The item each rowid shows, and the rowid of each item; `nil` while every item is its
    /// own rowid (an `INTEGER PRIMARY KEY` used as the identifier).
    package var items: (byRowID: [Int64: ItemIdentifierType], byItem: [ItemIdentifierType: Int64])?

    /// The item a rowid shows, if it shows one.
    package func item(forRowID rowID: Int64) -> ItemIdentifierType? {
        if let items { return items.byRowID[rowID] }
        guard fingerprints[rowID] != nil else { return nil }
        return rowID as? ItemIdentifierType
    }

    /// The rowid that shows an item, if one does.
    package func rowID(forItem item: ItemIdentifierType) -> Int64? {
        if let items { return items.byItem[item] }
        guard let rowID = item as? Int64, fingerprints[rowID] != nil else { return nil }
        return rowID
    }

    /// Records that `rowID` shows `item` with this fingerprint. `shownItems` lists every item
    /// shown, for the first item that is not its own rowid (the tables are then built).
    package mutating func record(
        _ item: ItemIdentifierType, rowID: Int64, fingerprint: Int, shownItems: () -> [ItemIdentifierType]
    ) {
        if items == nil, (item as? Int64) != rowID {
            var byRowID: [Int64: ItemIdentifierType] = [:]
            var byItem: [ItemIdentifierType: Int64] = [:]
            for shown in shownItems() {
                guard let shownRowID = shown as? Int64 else { continue }
                byRowID[shownRowID] = shown
                byItem[shown] = shownRowID
            }
            items = (byRowID, byItem)
        }
        fingerprints[rowID] = fingerprint
        items?.byRowID[rowID] = item
        items?.byItem[item] = rowID
    }

    /// Forgets the row that shows an item.
    package mutating func forget(_ item: ItemIdentifierType) {
        guard let rowID = rowID(forItem: item) else { return }
        fingerprints[rowID] = nil
        items?.byRowID[rowID] = nil
        items?.byItem[item] = nil
    }
}
