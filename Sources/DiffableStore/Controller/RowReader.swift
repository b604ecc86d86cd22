import Diffable
import Foundation

/// How a backend reads a request's rows with its reader (see ``_FeedReader``).
package protocol _RowReader<SectionIdentifierType, ItemIdentifierType>: Sendable {
    associatedtype SectionIdentifierType: Hashable & Sendable
    associatedtype ItemIdentifierType: Hashable & Sendable

    /// The table the rows come from.
    var table: String { get }

    /// The tables the request's SQL reads besides its own, as the database reports them, each
    /// with the key path the request declares from its rows to the rows shown.
    ///
    /// - Throws: ``FetchedResultsError/changeLogUnavailable(table:reason:)`` for a table that
    ///   cannot be followed, or a key path from a table the SQL does not read.
    func readTables(_ reader: any _FeedReader) async throws(FetchedResultsError) -> [_ReadTable]

    /// The row ids of the request's table (shown or not) whose key path columns take one of the
    /// values of `leads`; at most `limit` of them (more means "too many": read everything).
    func rowIDs(_ reader: any _FeedReader, ledBy leads: [_Lead], limit: Int) async throws(FetchedResultsError)
        -> Set<Int64>

    /// Every row shown at `now`, in order, as a snapshot: read in one statement of the reader's
    /// state.
    func fetchAll(_ reader: any _FeedReader, now: Date) async throws(FetchedResultsError) -> _FetchedRows<
        SectionIdentifierType, ItemIdentifierType
    >

    /// The rows among `rowIDs` that are shown, in order, each with the item of the row shown
    /// after it.
    ///
    /// - Throws: `FetchedResultsError.read(_ReadStateMoved())` when the reader's state is not
    ///   the one the batch was read at (the controller then reads every row at the next read).
    func readRows(_ reader: any _FeedReader, rowIDs: Set<Int64>, now: Date) async throws(FetchedResultsError)
        -> [_ReadRow<
            SectionIdentifierType, ItemIdentifierType
        >]

    /// The column in which every row the request shows has one value (its `partition`), by
    /// which the feed hands it only the changes of rows with that value; `nil` for none.
    var route: _Route? { get }

    /// The request's condition on its own rows, when the feed may evaluate it together with
    /// other requests' (``_RowCondition``) and hand over the changed rows it holds for: a
    /// request with a filter, and no window, time window or partition (which the feed routes
    /// already). `nil` otherwise.
    var rowCondition: (any _RowCondition)? { get }

    /// Whether a row is shown or not depends on other rows of its table too: a search that keeps
    /// its first matches, where one new match pushes another out. A change such a request may
    /// show (its condition says so, or it shows the row) is read by reading every row.
    var dependsOnOtherRows: Bool { get }

    /// The request's window (`fetchLimit`, `fetchOffset`); `nil` when it shows every row.
    var window: _Window? { get }

    /// The rows of a window's read, in order: at a position, or right before or after a row
    /// (by the ordering's index, from that row's values).
    func readWindow(_ reader: any _FeedReader, _ read: _WindowRead, now: Date)
        async throws(FetchedResultsError)
        -> [_HeldRow<SectionIdentifierType, ItemIdentifierType>]

    /// How many rows are shown before the row with this row id (which is shown); how many rows
    /// are shown at all for `nil`.
    func countRows(_ reader: any _FeedReader, before rowID: Int64?, now: Date)
        async throws(FetchedResultsError)
        -> Int

    /// For a windowed request, its order as the change record can place rows in it by itself
    /// (``_OrderKey``); `nil` when it cannot, and a change beyond the rows held is counted.
    var orderKey: _OrderKey? { get }

    /// The values of the ``orderKey``'s columns in the row with this row id; `nil` when there
    /// is no such row.
    func orderValues(_ reader: any _FeedReader, rowID: Int64, now: Date) async throws(FetchedResultsError)
        -> [_StoreValue]?

    /// The request's time window; `nil` when which rows are shown does not depend on the time.
    var timeEdges: _TimeEdges? { get }

    /// The row ids of the rows that enter or leave the request's time window after `start` and
    /// up to `end`: at most `limit` of them.
    func rowIDs(_ reader: any _FeedReader, crossingFrom start: Date, to end: Date, limit: Int)
        async throws(FetchedResultsError) -> Set<Int64>

    /// The first time after `now` at which a row enters or leaves the request's time window, as
    /// the rows are in the reader's state; `nil` when none will.
    func nextBoundary(_ reader: any _FeedReader, after now: Date) async throws(FetchedResultsError) -> Date?
}

extension _RowReader {
    /// Whether which rows are shown depends on the time.
    var dependsOnTime: Bool { !(timeEdges?.offsets.isEmpty ?? true) }

    package var rowCondition: (any _RowCondition)? { nil }

    package var dependsOnOtherRows: Bool { false }

    package var orderKey: _OrderKey? { nil }

    package func orderValues(_ reader: any _FeedReader, rowID: Int64, now: Date)
        async throws(FetchedResultsError)
        -> [_StoreValue]?
    { nil }
}

/// A table a request reads besides its own, as the database reported it, and the key paths the
/// request declares from its rows to the rows shown.
package struct _ReadTable: Sendable, Hashable {
    /// The table whose changes are followed for it, lowercased: the table the SQL names, or the
    /// content table of a full-text table it names.
    package var table: String
    /// The key paths the request declares from its rows; `nil` when it declares none: a change
    /// to `table` is read by reading every row.
    package var keyPaths: [_KeyPath]?

    package init(table: String, keyPaths: [_KeyPath]?) {
        self.table = table
        self.keyPaths = keyPaths
    }
}

/// A key path of a request, as its backend found it: the column of the followed table whose
/// values lead to rows shown, and which of the request's key paths it is.
package struct _KeyPath: Sendable, Hashable {
    /// Lowercased.
    package var column: String
    package var index: Int

    package init(column: String, index: Int) {
        self.column = column
        self.index = index
    }
}

/// The values a key path's column had in changed rows, before or after each change: the rows
/// (shown or to be shown) that they lead to are read again.
package struct _Lead: Sendable {
    package var keyPath: _KeyPath
    package var values: Set<_StoreValue>

    package init(keyPath: _KeyPath, values: Set<_StoreValue>) {
        self.keyPath = keyPath
        self.values = values
    }
}
