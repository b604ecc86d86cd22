public import Diffable
import Foundation

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
/// The changes of many rows (a batch of commits, a bulk `UPDATE`) are made in the snapshot in one
/// pass. When the feed cannot know which rows changed, or more than ``effectiveChangeLimit`` did,
/// the controller reads every row once and diffs once.
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
    /// A change to more rows than this is read by reading every row again; `nil` (the default)
    /// for the larger of 256 and a sixteenth of the rows shown (see ``effectiveChangeLimit``).
    public let incrementalChangeLimit: Int?

    /// The most changed rows read row by row: ``incrementalChangeLimit``, or when it is `nil` the
    /// larger of 256 and a sixteenth of the rows shown. A row read by its id, with the row after it
    /// found by an index seek, costs about what sixteen rows of a whole read do, and a batch of
    /// changes is made in the snapshot in one pass (see ``FetchedResultsController``): below that
    /// many, reading row by row is the cheaper way.
    public var effectiveChangeLimit: Int {
        incrementalChangeLimit
            ?? Swift.max(256, (model.withLock { $0.fetched?.snapshot.numberOfItems } ?? 0) / 16)
    }
    /// The clock a request whose rows depend on the time is read at.
    public let clock: any WallClock

    /// How the backend reads the request's rows.
    package let rows: any _RowReader<SectionIdentifierType, ItemIdentifierType>
    package let onError: @Sendable (FetchedResultsError) -> Void
    package let model = _Lock(_StoreModel<SectionIdentifierType, ItemIdentifierType>())
    /// The data sources it drives, on the main actor.
    let drivers = _Drivers<SectionIdentifierType, ItemIdentifierType>()
    /// Wakes the feed at the next time a row enters or leaves the request's time window.
    private let timer = _Lock<Task<Void, Never>?>(nil)
    /// Read again, in the feed's read, the records of the rows a change shows (record caches).
    let recordReaders = _Lock<[@Sendable ([ItemIdentifierType], any _FeedReader) async -> Void]>([])

    /// A controller reading `rows` from the database that `feed` follows; nothing is read until
    /// ``performFetch()``. Backends make it.
    package init(
        feed: ChangeFeed, rows: any _RowReader<SectionIdentifierType, ItemIdentifierType>,
        incrementalChangeLimit: Int?, clock: any WallClock = SystemWallClock(),
        onError: @escaping @Sendable (FetchedResultsError) -> Void
    ) {
        self.feed = feed
        self.rows = rows
        self.incrementalChangeLimit = incrementalChangeLimit
        self.clock = clock
        self.onError = onError
    }

    deinit {
        feed.unsubscribe(ObjectIdentifier(self))
        model.withLock { $0.finish() }
        timer.withLock { $0?.cancel() }
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
        /// (or that named more than ``FetchedResultsController/effectiveChangeLimit``, or that
        /// touched a table read without a key path).
        public var wholeReads = 0
        /// Changes read row by row.
        public var rowReads = 0
        /// Of the ``wholeReads``, those made because a table the request reads changed and the
        /// request declares no key path from its rows to the rows shown.
        public var wholeReadsForTablesWithoutKeyPaths = 0
        /// Of the ``wholeReads``, those made because a change may have moved a row in or out of
        /// a request whose rows depend on each other (a search that keeps its first matches):
        /// one read of every row it shows, for each change its condition says it may show.
        public var wholeReadsForLimitedMatches = 0
        /// For a request with a `fetchLimit` or `fetchOffset`: the rows it holds, those shown and
        /// a margin beyond each edge of the window.
        public var heldRows = 0
        /// For a windowed request: counts of the rows before the window, or of every row (when
        /// ``FetchedResultsController/countsRows``), each a pass over the ordering's index, made
        /// when a change may have added or removed rows beyond those held.
        public var rowCounts = 0
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
            let readTables = try await feed.readCurrentState { reader async throws(FetchedResultsError) in
                try await rows.readTables(reader)
            }
            model.withLock { $0.readTables = readTables }
            try await feed.subscribe(self) { [self] reader async throws(FetchedResultsError) in
                let now = clock.now
                if let window = rows.window {
                    try await showWindow(window, reader: reader, changed: nil, now: now)
                    model.withLock { $0.now = now }
                } else {
                    let fetched = try await rows.fetchAll(reader, now: now)
                    model.withLock {
                        $0.show(fetched)
                        $0.now = now
                    }
                }
                try await scheduleNextBoundary(reader, after: now)
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
        timer.withLock { $0?.cancel() }
    }

    /// Finds when a row next enters or leaves the request's time window, and has the feed read
    /// then: the rows that crossed are read as a change.
    private func scheduleNextBoundary(_ reader: any _FeedReader, after now: Date)
        async throws(FetchedResultsError)
    {
        guard rows.dependsOnTime else { return }
        let boundary = try await rows.nextBoundary(reader, after: now)
        let clock = clock
        timer.withLock { timer in
            timer?.cancel()
            timer = boundary.map { boundary in
                Task.detached { [weak self] in
                    do { try await clock.sleep(until: boundary) } catch { return }
                    guard let self else { return }
                    model.withLock { $0.isDue = true }
                    feed.wake()
                }
            }
        }
    }
}

extension FetchedResultsController: _FeedSubscriber {
    /// The tables the controller follows, lowercased: its request's table and, once it has
    /// fetched, every table its SQL reads, as the database reports them (a full-text table by its
    /// content table).
    public var followedTables: Set<String> {
        Set(tables.map { Array($0.keys) } ?? [])
    }

    package var isDue: Bool { model.withLock { $0.isDue } }

    package var mayBeDue: Bool { rows.dependsOnTime || rows.window != nil }

    package var route: _Route? { rows.route }

    package var condition: (any _RowCondition)? { rows.rowCondition }

    package var tables: [String: Set<String>]? {
        var own = Set(rows.route.map { [$0.column] } ?? [])
        if rows.window != nil, let orderKey = rows.orderKey { own.formUnion(orderKey.recordedColumns) }
        var tables = [rows.table.lowercased(): own]
        for read in model.withLock({ $0.readTables }) {
            tables[read.table, default: []].formUnion(read.keyPaths?.map(\.column) ?? [])
        }
        return tables
    }

    /// Reads the rows a batch changed, inside the feed's read, and edits the snapshot: the rows of
    /// its table that changed, and those that the changed rows of the tables it reads lead to.
    /// Reads every row instead when there are too many, when the feed cannot know which changed,
    /// when a table read without a key path changed, or when a change could not be read before.
    package func feed(_ batch: ChangeBatch, reader: any _FeedReader) async {
        let found = model.withLock { model -> (needsWholeRead: Bool, readTables: [_ReadTable], now: Date?)? in
            model.isDue = false
            guard model.lifecycle == .following || model.lifecycle == .fetching, model.fetched != nil else {
                return nil
            }
            return (model.needsWholeRead, model.readTables, model.now)
        }
        guard let found else { return }
        var plan = Self.plan(batch, table: rows.table, readTables: found.readTables)
        if case .rows(let changed, let leads) = plan, let meeting = batch.rowsMeetingCondition,
            let relevant = model.withLock({
                $0.relevantRows(of: changed, meeting: meeting, isWindowed: rows.window != nil)
            })
        {
            plan = .rows(relevant, leads: leads)
        }
        if rows.dependsOnOtherRows, case .rows(let changed, let leads) = plan,
            !changed.isEmpty || !leads.isEmpty
        {
            // A row that enters may push another out, one that leaves may let another in: no
            // read of the changed rows alone can say which.
            plan = .wholeForLimitedMatch
        }
        // Nothing to read and nothing due (a search per page, told of a commit it neither shows
        // nor finds): done before the clock and the limits are asked.
        if case .rows(let changed, let leads) = plan, changed.isEmpty, leads.isEmpty, !found.needsWholeRead,
            !rows.dependsOnTime, rows.window == nil || !windowIsDue
        {
            return
        }
        let now = clock.now
        let limit = effectiveChangeLimit
        do throws(FetchedResultsError) {
            var rowIDs: Set<Int64>?
            if !found.needsWholeRead, case .rows(let changed, let leads) = plan {
                rowIDs = changed
                if !leads.isEmpty, rowIDs!.count <= limit {
                    rowIDs!.formUnion(try await rows.rowIDs(reader, ledBy: leads, limit: limit + 1))
                }
                if rows.dependsOnTime, let shownAt = found.now, shownAt < now, rowIDs!.count <= limit {
                    rowIDs!.formUnion(
                        try await rows.rowIDs(reader, crossingFrom: shownAt, to: now, limit: limit + 1))
                }
            }
            defer { model.withLock { $0.now = now } }
            if let window = rows.window {
                let changed = rowIDs.flatMap { $0.count <= limit ? $0 : nil }
                if changed?.isEmpty != true || windowIsDue {
                    try await showWindow(
                        window, reader: reader, changed: changed,
                        changes: batch.changes[rows.table.lowercased()] ?? [], now: now)
                    model.withLock { model in
                        model.needsWholeRead = false
                        if changed == nil, case .wholeForTableWithoutKeyPath = plan {
                            model.statistics.wholeReadsForTablesWithoutKeyPaths += 1
                        }
                    }
                }
                return try await scheduleNextBoundary(reader, after: now)
            }
            if let rowIDs, rowIDs.count <= limit {
                guard !rowIDs.isEmpty else { return try await scheduleNextBoundary(reader, after: now) }
                let read = try await rows.readRows(reader, rowIDs: rowIDs, now: now)
                let items = read.map(\.item)
                for readRecords in recordReaders.withLock({ $0 }) { await readRecords(items, reader) }
                try model.withLock { model throws(FetchedResultsError) in
                    guard model.fetched != nil else { return }
                    let shown = model.fetched!.snapshot
                    let changes = try model.fetched!.rows.resolve(read, changed: rowIDs) {
                        shown.itemIdentifiers
                    }
                    model.show(changes)
                    model.setError(nil)
                }
            } else {
                let fetched = try await rows.fetchAll(reader, now: now)
                model.withLock { model in
                    model.needsWholeRead = false
                    model.show(fetched)
                    switch plan {
                    case .wholeForTableWithoutKeyPath:
                        model.statistics.wholeReadsForTablesWithoutKeyPaths += 1
                    case .wholeForLimitedMatch: model.statistics.wholeReadsForLimitedMatches += 1
                    case .rows, .whole: break
                    }
                    model.setError(nil)
                }
            }
            try await scheduleNextBoundary(reader, after: now)
        } catch .read(let error) where error is _ReadStateMoved {
            // Written between the feed's look at the log and this read: read it all next time.
            model.withLock { $0.needsWholeRead = true }
            feed.wake()
        } catch {
            model.withLock { $0.needsWholeRead = true }
            report(error)
        }
    }

    /// How a batch is read.
    enum ReadPlan {
        /// Row by row: the changed rows of the request's table, and those the changed rows of
        /// the tables it reads lead to.
        case rows(Set<Int64>, leads: [_Lead])
        /// Every row: the feed cannot name the rows, or a table read gives no key path.
        case whole
        case wholeForTableWithoutKeyPath
        /// Every row: a row of a request whose rows depend on each other changed.
        case wholeForLimitedMatch
    }

    /// What a batch asks the controller to read: the rows of `table` it names, and, for each
    /// table read that changed, the values of its key path's columns before and after each change.
    ///
    /// - Complexity: O(c) for the c changes of the tables read.
    static func plan(_ batch: ChangeBatch, table: String, readTables: [_ReadTable]) -> ReadPlan {
        guard let rowIDs = batch.changedRowIDs(in: table) else { return .whole }
        var leads: [_Lead] = []
        for read in readTables where batch.mayHaveChanged(read.table) {
            guard let keyPaths = read.keyPaths else { return .wholeForTableWithoutKeyPath }
            let changes = batch.changes[read.table] ?? []
            for keyPath in keyPaths {
                var values = Set<_StoreValue>()
                for change in changes {
                    // A change logged without the column (by an earlier version's trigger).
                    guard let found = change.values(of: keyPath.column) else { return .whole }
                    values.formUnion(found)
                }
                values.remove(.null)
                if !values.isEmpty { leads.append(_Lead(keyPath: keyPath, values: values)) }
            }
        }
        return .rows(rowIDs, leads: leads)
    }

    package func feedFailed(_ error: FetchedResultsError) {
        report(error)
    }

    package func feedRecovered() {
        // A read of its own that failed (a missing column) stays until it reads again.
        model.withLock { if !$0.needsWholeRead { $0.setError(nil) } }
    }
}
