/// Where a ``ChangeFeed``'s row changes come from: the one part of the store that differs from
/// backend to backend (SQLite's change log, PostgreSQL's logical decoding). The feed does the
/// rest: who listens, from which position, when to read, and who reads what.
package protocol _ChangeSource: AnyObject, Sendable {
    /// Starts watching the database: `wake` is called, on any thread, whenever something may have
    /// changed (a commit of this process, a file written by another). Called when the feed's first
    /// subscriber arrives.
    func start(wake: @escaping @Sendable () -> Void) throws(FetchedResultsError)

    /// Makes sure the changes of `table` are recorded (installing what records them if need be),
    /// before a subscriber to it reads its first state.
    ///
    /// - Throws: ``FetchedResultsError/changeLogUnavailable(table:reason:)`` naming what is
    ///   missing when they cannot be.
    func follow(table: String) async throws(FetchedResultsError)

    /// Stops watching; called when the feed's last subscriber leaves. The source forgets its
    /// place in the database's log so that it holds nothing there.
    func stop()

    /// Whether something changed since the last read: a cheap look, made on every poll.
    func poll() async -> Bool

    /// In one consistent read of the database: the changes after `position`, then `body` with a
    /// reader of the state that includes exactly them, for the subscribers to read their rows
    /// with. With `position` `nil`, no changes are read: `body` gets the current state and its
    /// position only (a new subscriber's first read).
    func read<Result: Sendable>(
        after position: Int64?,
        _ body: @escaping @Sendable (_ChangeRead, any _FeedReader) throws(FetchedResultsError) -> Result
    ) async throws(FetchedResultsError) -> Result

    /// Everything at or before `position` has been read by every subscriber of this process: the
    /// source may let the log be trimmed up to there.
    func acknowledge(_ position: Int64)
}

/// A backend's handle on a consistent state of its database, which its subscribers' readers know
/// how to use (for SQLite, a GRDB connection inside a read transaction).
package protocol _FeedReader {}

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

/// One row inserted, updated or deleted, at a position of the log.
package struct _RowChange: Sendable, Hashable {
    package var position: Int64
    /// The table, lowercased.
    package var table: String
    package var rowID: Int64

    package init(position: Int64, table: String, rowID: Int64) {
        self.position = position
        self.table = table
        self.rowID = rowID
    }
}

/// Something that follows a feed: a controller, or a stream of ``ChangeBatch`` values.
package protocol _FeedSubscriber: AnyObject, Sendable {
    /// The table whose changes it follows, lowercased; `nil` for every table the feed follows.
    var table: String? { get }

    /// Takes a read, inside it: the rows of its table changed since its position (`nil` when it
    /// must read everything), and the reader to read them with.
    func feed(_ batch: ChangeBatch, reader: any _FeedReader)

    /// The feed could not read.
    func feedFailed(_ error: FetchedResultsError)
}
