public import Diffable

/// Keeps a snapshot of a request's rows up to date as the database changes: the role of Core
/// Data's `NSFetchedResultsController`, for a database that other processes and servers write too.
///
/// ```swift
/// let controller = FetchedResultsController(database: dbQueue, request: request)  // DiffableGRDB
/// try await controller.performFetch()
/// controller.drive(dataSource)  // on the main actor
/// ```
///
/// Snapshots hold identifiers only; cells read their records through a record cache.
///
/// ## How changes arrive
///
/// The controller follows its database's ``ChangeFeed``, one per database for the whole process.
/// Whoever commits — this process, another connection, another process — the feed reads which
/// rows changed and hands the controller their ids; the controller reads just those rows and, for
/// each one still shown, the row that now follows it (an index seek), then edits its snapshot in
/// place. A row whose content did not change (an `UPDATE` that wrote the same values) is not
/// reconfigured; one whose content did is. Every data source the controller drives gets the one
/// new snapshot and its one batch update: no fetch of every row, no diff, no copy per data source.
/// When the feed cannot know which rows changed, or more than ``incrementalChangeLimit`` did, the
/// controller reads every row once and diffs once.
///
/// Reading happens on the feed's reads, never on the main actor.
///
/// ## Sharing
///
/// Controllers for equal requests can be shared (DiffableGRDB's `shared(database:request:)`):
/// a thousand pages that show one list then cost one controller, one read and one edit per
/// change, and one snapshot in memory.
///
/// ## Errors
///
/// A request that cannot be shown — two rows with one item identifier, a missing table or
/// column, a file that cannot be read, a database that does not answer within the feed's
/// ``ChangeFeed/timeout`` — reports a ``FetchedResultsError`` to `onError` and to every
/// ``errors()`` sequence (and ``performFetch()`` throws it); the controller keeps the last
/// snapshot it had and reads every row at the next change. Once a read succeeds again, every
/// ``errors()`` sequence hears `nil`: the controller has recovered.
public final class FetchedResultsController<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshots the controller delivers.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The feed of the database the rows come from.
    public let feed: ChangeFeed
    /// A change to more rows than this is read by reading every row again.
    public let incrementalChangeLimit: Int

    /// How the backend reads the request's rows.
    package let rows: any _RowReader<SectionIdentifierType, ItemIdentifierType>
    package let onError: @Sendable (FetchedResultsError) -> Void
    package let model = _Lock(_StoreModel<SectionIdentifierType, ItemIdentifierType>())
    /// The data sources it drives, on the main actor.
    let drivers = _Drivers<SectionIdentifierType, ItemIdentifierType>()
    /// Read again, in the feed's read, the records of the rows a change shows (record caches).
    private let recordReaders = _Lock<[@Sendable ([ItemIdentifierType], any _FeedReader) async -> Void]>([])

    /// A controller reading `rows` from the database that `feed` follows; nothing is read until
    /// ``performFetch()``. Backends make it.
    package init(
        feed: ChangeFeed, rows: any _RowReader<SectionIdentifierType, ItemIdentifierType>,
        incrementalChangeLimit: Int, onError: @escaping @Sendable (FetchedResultsError) -> Void
    ) {
        self.feed = feed
        self.rows = rows
        self.incrementalChangeLimit = incrementalChangeLimit
        self.onError = onError
    }

    deinit {
        feed.unsubscribe(ObjectIdentifier(self))
        model.withLock { $0.finish() }
    }

    /// The error of the last read, while the controller has not read since: `nil` when what it
    /// shows is up to date with the last change it heard of.
    public var error: FetchedResultsError? { model.withLock { $0.error } }

    /// The controller's failures and recoveries, as they happen: each ``FetchedResultsError``
    /// (the current one first, if the controller is failing now), and `nil` once a read succeeds
    /// after one. Every subscriber of a shared controller can follow it; the sequence ends when
    /// the controller stops, or when it is dropped.
    ///
    /// ```swift
    /// for await error in controller.errors() {
    ///     banner.text = error.map { "Offline: \($0)" }  // nil: up to date again
    /// }
    /// ```
    public func errors() -> AsyncStream<FetchedResultsError?> {
        let (stream, continuation) = AsyncStream<FetchedResultsError?>.makeStream(bufferingPolicy: .unbounded)
        model.withLock { $0.addErrorListener(continuation) }
        return stream
    }

    /// Adds what reads again, with the feed's reader, the records of the rows a change inserts or
    /// updates, before the change is shown.
    package func addRecordReader(
        _ reader: @escaping @Sendable ([ItemIdentifierType], any _FeedReader) async -> Void
    ) {
        recordReaders.withLock { $0.append(reader) }
    }

    /// Tells `onError` and every ``errors()`` sequence of a failure.
    package func report(_ error: FetchedResultsError) {
        model.withLock { $0.setError(error) }
        onError(error)
    }

    /// How the controller has read its rows, for tests and tuning.
    public struct Statistics: Sendable, Equatable {
        /// Reads of every row: the first fetch, and each change the feed could not name rows for
        /// (or that named more than ``FetchedResultsController/incrementalChangeLimit``).
        public var wholeReads = 0
        /// Changes read row by row.
        public var rowReads = 0
    }

    /// How the controller has read its rows so far.
    public var statistics: Statistics { model.withLock { $0.statistics } }

    /// The rows shown now.
    public var snapshot: Snapshot {
        model.withLock { $0.fetched?.snapshot ?? Snapshot() }
    }

    /// Reads every row and starts following changes. Call it once; the first snapshot is then in
    /// ``snapshot`` and on its way to every subscriber.
    ///
    /// - Throws: ``FetchedResultsError`` when the rows cannot be read; the controller then shows
    ///   nothing and follows nothing, and `performFetch()` may be called again.
    public func performFetch() async throws(FetchedResultsError) {
        let lifecycle = model.withLock { model in
            defer { if model.lifecycle == .new { model.lifecycle = .fetching } }
            return model.lifecycle
        }
        precondition(
            lifecycle == .new, "FetchedResultsController.performFetch() was called twice (it is \(lifecycle))"
        )
        do {
            let rows = rows
            try await feed.subscribe(self) { [self] reader async throws(FetchedResultsError) in
                let fetched = try await rows.fetchAll(reader)
                model.withLock { $0.show(fetched) }
            }
            model.withLock { if $0.lifecycle == .fetching { $0.lifecycle = .following } }
        } catch {
            model.withLock { if $0.lifecycle == .fetching { $0.lifecycle = .new } }
            report(error)
            throw error
        }
    }

    /// Stops following changes and ends every stream of snapshots and every drive. A shared
    /// controller stops for everyone who holds it; it also stops by itself when the last of them
    /// lets it go.
    public func stop() {
        feed.unsubscribe(ObjectIdentifier(self))
        model.withLock { $0.finish() }
    }
}

extension FetchedResultsController: _FeedSubscriber {
    package var tables: Set<String>? { [rows.table.lowercased()] }

    /// Reads the rows a batch changed, inside the feed's read, and edits the snapshot; reads every
    /// row instead when there are too many, when the feed cannot know which changed, or when a
    /// change could not be read before.
    package func feed(_ batch: ChangeBatch, reader: any _FeedReader) async {
        let rowIDs = batch.changedRowIDs(in: rows.table)
        let readsAll = model.withLock { model -> Bool? in
            guard model.lifecycle == .following || model.lifecycle == .fetching, model.fetched != nil else {
                return nil
            }
            return model.needsWholeRead || rowIDs == nil || rowIDs!.count > incrementalChangeLimit
        }
        guard let readsAll else { return }
        do throws(FetchedResultsError) {
            if readsAll {
                let fetched = try await rows.fetchAll(reader)
                model.withLock { model in
                    model.needsWholeRead = false
                    model.show(fetched)
                    model.setError(nil)
                }
            } else if let rowIDs, !rowIDs.isEmpty {
                let read = try await rows.readRows(reader, rowIDs: rowIDs)
                let items = read.map(\.item)
                for readRecords in recordReaders.withLock({ $0 }) { await readRecords(items, reader) }
                try model.withLock { model throws(FetchedResultsError) in
                    guard model.fetched != nil else { return }
                    let shown = model.fetched!.snapshot.itemIdentifiers
                    let changes = try model.fetched!.rows.resolve(read, changed: rowIDs) { shown }
                    model.show(changes)
                    model.setError(nil)
                }
            }
        } catch .read(let error) where error is _ReadStateMoved {
            // Written between the feed's look at the log and this read: read it all next time.
            model.withLock { $0.needsWholeRead = true }
            feed.wake()
        } catch {
            model.withLock { $0.needsWholeRead = true }
            report(error)
        }
    }

    package func feedFailed(_ error: FetchedResultsError) {
        report(error)
    }

    package func feedRecovered() {
        // A read of its own that failed (a missing column) stays until it reads again.
        model.withLock { if !$0.needsWholeRead { $0.setError(nil) } }
    }
}

/// How a backend reads a request's rows with its reader (see ``_FeedReader``).
package protocol _RowReader<SectionIdentifierType, ItemIdentifierType>: Sendable {
    associatedtype SectionIdentifierType: Hashable & Sendable
    associatedtype ItemIdentifierType: Hashable & Sendable

    /// The table the rows come from.
    var table: String { get }

    /// Every row shown, in order, as a snapshot: read in one statement of the reader's state.
    func fetchAll(_ reader: any _FeedReader) async throws(FetchedResultsError) -> _FetchedRows<
        SectionIdentifierType, ItemIdentifierType
    >

    /// The rows among `rowIDs` that are shown, in order, each with the item of the row shown
    /// after it.
    ///
    /// - Throws: `FetchedResultsError.read(_ReadStateMoved())` when the reader's state is not
    ///   the one the batch was read at (the controller then reads every row at the next read).
    func readRows(_ reader: any _FeedReader, rowIDs: Set<Int64>) async throws(FetchedResultsError)
        -> [_ReadRow<
            SectionIdentifierType, ItemIdentifierType
        >]
}
