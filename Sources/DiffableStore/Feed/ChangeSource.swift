/// Where a ``ChangeFeed``'s row changes come from: the one part of the store that differs from
/// backend to backend (SQLite's change log, PostgreSQL's logical decoding). The feed does the
/// rest: who listens, from which position, when to read, who reads what, and every deadline.
///
/// Every member that touches the database is `async` and must not hold a thread while it waits:
/// the feed calls them from Swift's concurrency pool, which has a thread per core. Each call may
/// be given up on at its deadline (the feed cancels its task and calls ``interrupt()``); a source
/// must then be usable again by the next call.
package protocol _ChangeSource: AnyObject, Sendable {
    /// Starts watching the database: `wake` is called, on any thread, whenever something may have
    /// changed (a commit of this process, a file written by another). Called when the feed's first
    /// subscriber arrives; does no I/O that can wait.
    func start(wake: @escaping @Sendable () -> Void) throws(FetchedResultsError)

    /// Makes sure the changes of `table` are recorded (installing what records them if need be),
    /// each with the values of `columns` (lowercased) before and after it, before a subscriber to
    /// it reads its first state.
    ///
    /// - Throws: ``FetchedResultsError/changeLogUnavailable(table:reason:)`` naming what is
    ///   missing when they cannot be.
    func follow(table: String, columns: Set<String>) async throws(FetchedResultsError)

    /// Stops watching; called when the feed's last subscriber leaves. The source forgets its
    /// place in the database's log so that it holds nothing there. Returns at once; what must be
    /// closed is closed in the background.
    func stop()

    /// Whether something changed since the last read: a cheap look, made on every poll.
    ///
    /// - Throws: What keeps the source from looking (a server that does not answer); the feed
    ///   tells its subscribers, and looks again at the next poll.
    func poll() async throws(FetchedResultsError) -> Bool

    /// In one consistent read of the database: the changes after `position`, then `body` with a
    /// reader of the state that includes exactly them, for the subscribers to read their rows
    /// with. With `position` `nil`, no changes are read: `body` gets the current state and its
    /// position only (a new subscriber's first read).
    ///
    /// The reader is valid until `body` returns.
    func read<Result: Sendable>(
        after position: Int64?,
        _ body: @escaping @Sendable (_ChangeRead, any _FeedReader) async throws(FetchedResultsError) -> Result
    ) async throws(FetchedResultsError) -> Result

    /// Everything at or before `position` has been read by every subscriber of this process: the
    /// source may let the log be trimmed up to there.
    func acknowledge(_ position: Int64)

    /// Stops the database work under way, if it can: the feed gave up on it at its deadline (a
    /// server that stopped answering). PostgreSQL closes the connection the query waits on.
    func interrupt()
}

/// A backend's handle on a consistent state of its database, which its subscribers' readers know
/// how to use (for SQLite, a GRDB snapshot; for PostgreSQL, a connection in a transaction on an
/// exported snapshot).
package protocol _FeedReader: Sendable {}

/// A subscriber read a state other than the one it was handed: its rows are read again, whole,
/// at the next read (a `DatabaseQueue`, which has no snapshots, was written meanwhile).
package struct _ReadStateMoved: Error, Sendable {
    package init() {}
}

/// What a source read: the changes after a position, in commit order, up to the state read.
package struct _ChangeRead: Sendable {
    /// The position of the state read: the last change it includes.
    package var position: Int64?
    /// The first position the changes are complete after: a subscriber further behind missed
    /// some (the log was trimmed past it) and must read everything.
    package var completeAfter: Int64?
    /// The changes, oldest first; `nil` when the source cannot know them (too many, a schema
    /// change, a log that was made anew): every subscriber then reads everything.
    package var changes: [_RowChange]?

    package init(position: Int64?, completeAfter: Int64?, changes: [_RowChange]?) {
        self.position = position
        self.completeAfter = completeAfter
        self.changes = changes
    }
}

/// A value of a database column, as a change names it: what a key is made of.
package enum _StoreValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// The key of a changed row: the values of the table's primary key columns, in their order (for
/// SQLite, the rowid).
package struct _RowKey: Sendable, Hashable {
    package var values: [_StoreValue]

    package init(_ values: [_StoreValue]) {
        self.values = values
    }

    package init(rowID: Int64) {
        values = [.integer(rowID)]
    }

    /// The key as one integer, when it is one: what a controller follows rows by.
    package var rowID: Int64? {
        guard values.count == 1, case .integer(let rowID) = values[0] else { return nil }
        return rowID
    }
}

/// One row inserted, updated or deleted, at a position of the log.
package struct _RowChange: Sendable, Hashable {
    /// What happened to the row.
    package enum Kind: Sendable, Hashable {
        case insert
        case update
        case delete
        /// The source does not say (SQLite's change log names rows only).
        case unknown
    }

    package var position: Int64
    /// The table, lowercased (`schema.table` outside PostgreSQL's `public`).
    package var table: String
    package var kind: Kind
    /// The row's key after the change (before it, for a delete).
    package var key: _RowKey
    /// The row's key before an update that changed it; `nil` when it did not change.
    package var oldKey: _RowKey?
    /// The values after the change of the columns its subscribers asked for (lowercased names);
    /// empty for a delete.
    package var values: [String: _StoreValue]
    /// Their values before the change; empty for an insert.
    package var oldValues: [String: _StoreValue]

    package init(
        position: Int64, table: String, kind: Kind, key: _RowKey, oldKey: _RowKey? = nil,
        values: [String: _StoreValue] = [:], oldValues: [String: _StoreValue] = [:]
    ) {
        self.position = position
        self.table = table
        self.kind = kind
        self.key = key
        self.oldKey = oldKey
        self.values = values
        self.oldValues = oldValues
    }

    /// The values `column` had before and after the change, as far as the change says; `nil`
    /// when it says neither (its source did not record the column).
    package func values(of column: String) -> [_StoreValue]? {
        let found = [oldValues[column], values[column]].compactMap { $0 }
        return found.isEmpty ? nil : found
    }

    /// A change to the row with a rowid, of a kind the source does not know.
    package init(position: Int64, table: String, rowID: Int64) {
        self.init(position: position, table: table, kind: .unknown, key: _RowKey(rowID: rowID))
    }
}

/// Something that follows a feed: a controller, or a stream of ``ChangeBatch`` values.
package protocol _FeedSubscriber: AnyObject, Sendable {
    /// The tables whose changes it follows, lowercased, each with the columns whose values before
    /// and after each change it needs; `nil` for every table the feed follows.
    var tables: [String: Set<String>]? { get }

    /// Whether it must be handed the next read even if nothing it follows changed (a controller
    /// whose request's time window has a row to let in or out, or whose window moved).
    var isDue: Bool { get }

    /// Whether it may be due with nothing changed: asked once, when it subscribes.
    var mayBeDue: Bool { get }

    /// The column of its own table in which every row it shows has one value; `nil` when it
    /// shows rows of any value. Asked once, when it subscribes.
    var route: _Route? { get }

    /// Which rows of its table it shows, for the feed to evaluate with other subscribers'
    /// (``_RowCondition``); `nil` when it cannot be evaluated on its own rows alone. Asked once,
    /// when it subscribes.
    var condition: (any _RowCondition)? { get }

    /// Whether it takes each read after the controllers: a stream of changes whose reads may look
    /// at what the controllers show (a count that is a list's length). Asked once, when it
    /// subscribes.
    var takesReadsLast: Bool { get }

    /// Takes a read, inside it: the rows of its tables changed since its position (`nil` when it
    /// must read everything), and the reader to read them with.
    func feed(_ batch: ChangeBatch, reader: any _FeedReader) async

    /// The feed could not read or poll; the subscriber keeps what it shows. Told once, until
    /// ``feedRecovered()``.
    func feedFailed(_ error: FetchedResultsError)

    /// The feed reads again after a failure, and the subscriber has every change up to the read.
    func feedRecovered()
}

extension _FeedSubscriber {
    package var mayBeDue: Bool { false }
    package var route: _Route? { nil }
    package var condition: (any _RowCondition)? { nil }
    package var takesReadsLast: Bool { false }
}
