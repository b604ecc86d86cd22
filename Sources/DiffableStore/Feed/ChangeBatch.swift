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

    /// A batch.
    public init(rowIDs: [String: Set<Int64>]?, position: Int64?) {
        self.rowIDs = rowIDs
        self.position = position
    }

    /// Whether any row of `table` may have changed.
    ///
    /// - Complexity: O(1).
    public func mayHaveChanged(_ table: String) -> Bool {
        guard let rowIDs else { return true }
        return !(rowIDs[table.lowercased()]?.isEmpty ?? true)
    }

    /// Whether the row of `table` with `rowID` may have changed.
    ///
    /// - Complexity: O(1) expected.
    public func mayHaveChanged(_ table: String, rowID: Int64) -> Bool {
        guard let rowIDs else { return true }
        return rowIDs[table.lowercased()]?.contains(rowID) ?? false
    }

    /// The row ids of `table` that changed, or `nil` when any may have.
    public func changedRowIDs(in table: String) -> Set<Int64>? {
        guard let rowIDs else { return nil }
        return rowIDs[table.lowercased()] ?? []
    }
}
