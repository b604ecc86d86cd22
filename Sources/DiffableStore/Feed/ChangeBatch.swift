/// The rows that changed in a database between two reads of its ``ChangeFeed``: what a live value
/// that is not a list (counts, a detail) needs to know whether to read itself again.
///
/// ```swift
/// for await batch in feed.changes() {
///     if batch.mayHaveChanged("recipe", rowID: shownID) { reloadDetail() }
/// }
/// ```
public struct ChangeBatch: Sendable {
    /// The row ids that changed, by table (lowercased); `nil` when the feed cannot know which
    /// rows did (its log was trimmed past this reader, the schema changed, too many changed):
    /// anything may have changed.
    public var rowIDs: [String: Set<Int64>]?

    /// The feed's position after the batch: the last change it includes.
    public var position: Int64?

    /// The tables (lowercased) that changed in rows the feed cannot name by row id (a table whose
    /// key is not one integer): any of their rows may have changed.
    public var tablesWithUnnamedRows: Set<String>

    /// The changes themselves, by table, oldest first, with the values of the columns the
    /// subscriber asked for; empty when ``rowIDs`` is `nil`.
    package var changes: [String: [_RowChange]] = [:]

    /// The changed rows of the subscriber's table that its condition holds for, when the feed
    /// evaluated it with other subscribers' (``_RowCondition``); `nil` when it did not.
    package var rowsMeetingCondition: Set<Int64>?

    /// A batch.
    public init(rowIDs: [String: Set<Int64>]?, position: Int64?, tablesWithUnnamedRows: Set<String> = []) {
        self.rowIDs = rowIDs
        self.position = position
        self.tablesWithUnnamedRows = tablesWithUnnamedRows
    }

    /// Whether any row of `table` may have changed.
    ///
    /// - Complexity: O(1).
    public func mayHaveChanged(_ table: String) -> Bool {
        guard let rowIDs else { return true }
        let table = table.lowercased()
        return !(rowIDs[table]?.isEmpty ?? true) || tablesWithUnnamedRows.contains(table)
    }

    /// Whether the row of `table` with `rowID` may have changed.
    ///
    /// - Complexity: O(1) expected.
    public func mayHaveChanged(_ table: String, rowID: Int64) -> Bool {
        guard let rowIDs else { return true }
        let table = table.lowercased()
        return rowIDs[table]?.contains(rowID) ?? false || tablesWithUnnamedRows.contains(table)
    }

    /// The row ids of `table` that changed, or `nil` when any may have.
    public func changedRowIDs(in table: String) -> Set<Int64>? {
        guard let rowIDs else { return nil }
        let table = table.lowercased()
        guard !tablesWithUnnamedRows.contains(table) else { return nil }
        return rowIDs[table] ?? []
    }
}
