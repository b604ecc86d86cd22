import Diffable

extension ChangeFeed {
    /// What a subscriber's batch is made from, besides the read.
    struct BatchKey: Hashable {
        var tables: [String: Set<String>]?
        var position: Int64
    }

    /// What a subscriber at `position` that follows `tables` (every table when `nil`) takes from
    /// a read; `nil` when nothing it follows changed.
    static func batch(_ read: _ChangeRead, tables: [String: Set<String>]?, after position: Int64)
        -> ChangeBatch?
    {
        let end = read.position ?? position
        guard let changes = read.changes, position >= (read.completeAfter ?? position) else {
            return ChangeBatch(rowIDs: nil, position: end)
        }
        var rowIDs: [String: Set<Int64>] = [:]
        var unnamed: Set<String> = []
        var followed: [String: [_RowChange]] = [:]
        for change in changes
        where change.position > position && (tables.map { $0[change.table] != nil } ?? true) {
            if tables?[change.table]?.isEmpty == false { followed[change.table, default: []].append(change) }
            for key in [change.key, change.oldKey] {
                guard let key else { continue }
                if let rowID = key.rowID {
                    rowIDs[change.table, default: []].insert(rowID)
                } else {
                    unnamed.insert(change.table)
                }
            }
        }
        guard !rowIDs.isEmpty || !unnamed.isEmpty else { return nil }
        var batch = ChangeBatch(rowIDs: rowIDs, position: end, tablesWithUnnamedRows: unnamed)
        batch.changes = followed
        return batch
    }
}
