/// The order of a windowed request's rows when the change record can place a row in it by
/// itself: the plain columns of its table it is ordered by (its section first when that varies),
/// each with its direction, then the rowid, ascending; and the one column value every row shown
/// has, for a partitioned request. Which rows are shown must depend on nothing else (no filter).
///
/// With it, a commit's changes say how many rows came and went before the window and in all —
/// from each changed row's values before and after — so a window far down a long list keeps its
/// position without counting the rows before it.
package struct _OrderKey: Sendable, Hashable {
    /// The columns, lowercased, most significant first.
    package var columns: [String]
    /// Whether smaller values come first, for each column.
    package var ascending: [Bool]
    /// The column every row shown has `value` in, lowercased; `nil` for rows of any value.
    package var partitionColumn: String?
    package var partitionValue: _StoreValue?
    /// Whether `NULL` comes before every value in an ascending order (SQLite), or after it
    /// (PostgreSQL); the other way round in a descending one.
    package var nullsFirst: Bool

    package init(
        columns: [String], ascending: [Bool], partitionColumn: String? = nil,
        partitionValue: _StoreValue? = nil, nullsFirst: Bool = true
    ) {
        precondition(columns.count == ascending.count)
        self.columns = columns.map { $0.lowercased() }
        self.ascending = ascending
        self.partitionColumn = partitionColumn?.lowercased()
        self.partitionValue = partitionValue
        self.nullsFirst = nullsFirst
    }

    /// The columns whose values before and after each change the key needs.
    package var recordedColumns: Set<String> {
        Set(columns + (partitionColumn.map { [$0] } ?? []))
    }

    /// How the rows before the first row held and the rows in all changed with `changes` (of the
    /// request's table, oldest first): `oldAnchor` is the first row held before them, with its
    /// values then, `newAnchor` the first after them, with its values now. Every row that did not
    /// change and was before the old first row is before the new one (the rows held stay
    /// consecutive), so the count before changes by the changed rows that are before the new
    /// first row less those that were before the old one. `nil` when the changes cannot say — a
    /// change of unknown kind, a value not recorded, a row whose rowid changed, or text or blobs
    /// to compare (their order depends on a collation the record does not know) — and the caller
    /// counts.
    ///
    /// - Complexity: O(c × t) for c changes and t columns.
    package func positionChange(
        of changes: [_RowChange], oldAnchor: (rowID: Int64, values: [_StoreValue]),
        newAnchor: (rowID: Int64, values: [_StoreValue])
    ) -> (before: Int, count: Int)? {
        guard oldAnchor.values.count == columns.count, newAnchor.values.count == columns.count else {
            return nil
        }
        // Each changed row's state before the batch (its first change) and after (its last).
        var first: [Int64: _RowChange] = [:]
        var last: [Int64: _RowChange] = [:]
        for change in changes {
            guard change.kind != .unknown, change.oldKey == nil, change.key.values.count == 1,
                case .integer(let rowID) = change.key.values[0]
            else { return nil }
            if first[rowID] == nil { first[rowID] = change }
            last[rowID] = change
        }
        var before = 0
        var count = 0
        for (rowID, change) in first {
            if change.kind != .insert {
                guard let wasShown = isShown(change.oldValues) else { return nil }
                if wasShown {
                    count -= 1
                    guard let order = compare(change.oldValues, rowID, with: oldAnchor) else { return nil }
                    if order < 0 { before -= 1 }
                }
            }
            let change = last[rowID]!
            if change.kind != .delete {
                guard let isShown = isShown(change.values) else { return nil }
                if isShown {
                    count += 1
                    guard let order = compare(change.values, rowID, with: newAnchor) else { return nil }
                    if order < 0 { before += 1 }
                }
            }
        }
        return (before, count)
    }

    /// The values of the key's columns among a change's recorded values; `nil` when one is
    /// missing.
    package func values(in recorded: [String: _StoreValue]) -> [_StoreValue]? {
        let values = columns.compactMap { recorded[$0] }
        return values.count == columns.count ? values : nil
    }

    /// Whether a row with these values is shown; `nil` when the values do not say.
    private func isShown(_ values: [String: _StoreValue]) -> Bool? {
        guard let partitionColumn, let partitionValue else { return true }
        guard let value = values[partitionColumn] else { return nil }
        // `NULL` equals nothing.
        guard value != .null else { return false }
        return Self.compare(value, partitionValue, nullsFirst: nullsFirst).map { $0 == 0 }
    }

    /// The order of a row (its values and rowid) against an anchor row: negative when it comes
    /// first; `nil` when the values do not say.
    private func compare(
        _ values: [String: _StoreValue], _ rowID: Int64, with anchor: (rowID: Int64, values: [_StoreValue])
    ) -> Int? {
        for (index, column) in columns.enumerated() {
            guard let value = values[column],
                let order = Self.compare(value, anchor.values[index], nullsFirst: nullsFirst)
            else {
                return nil
            }
            if order != 0 { return ascending[index] ? order : -order }
        }
        return rowID < anchor.rowID ? -1 : (rowID > anchor.rowID ? 1 : 0)
    }

    /// The ascending order of two numbers or `NULL`s (`NULL` first when `nullsFirst`); `nil` for
    /// text and blobs.
    static func compare(_ left: _StoreValue, _ right: _StoreValue, nullsFirst: Bool) -> Int? {
        func order<T: Comparable>(_ left: T, _ right: T) -> Int { left < right ? -1 : (left > right ? 1 : 0) }
        switch (left, right) {
        case (.null, .null): return 0
        case (.null, .integer), (.null, .real): return nullsFirst ? -1 : 1
        case (.integer, .null), (.real, .null): return nullsFirst ? 1 : -1
        case (.integer(let left), .integer(let right)): return order(left, right)
        case (.integer(let left), .real(let right)): return order(Double(left), right)
        case (.real(let left), .integer(let right)): return order(left, Double(right))
        case (.real(let left), .real(let right)): return order(left, right)
        default: return nil
        }
    }
}
