#if GRDB
    public import Diffable
    public import GRDB
    import Synchronization

    /// Keeps a snapshot of a request's rows up to date as the database changes: the role of Core
    /// Data's `NSFetchedResultsController`, for SQLite through GRDB.
    ///
    /// ```swift
    /// let controller = FetchedResultsController(database: dbQueue, request: request)
    /// try await controller.performFetch()
    /// controller.drive(dataSource)  // on the main actor
    /// ```
    ///
    /// Snapshots hold identifiers only; cells read their records through a ``RecordCache``.
    ///
    /// ## How changes arrive
    ///
    /// - **Through `database`**: the controller observes its row changes (a GRDB
    ///   `TransactionObserver`). After each commit it reads just the rows that changed and, for
    ///   each one still shown, the row that now follows it (an index seek), then edits the snapshot
    ///   in place. A row whose content did not change (an `UPDATE` that wrote the same values) is
    ///   not reconfigured; one whose content did is. A data source driven by the controller gets
    ///   that edit and its exact batch update: no fetch of every row, no diff.
    /// - **From elsewhere** (another process, another connection): GRDB does not see those, so
    ///   the controller looks at SQLite's `PRAGMA data_version` whenever the database's files are
    ///   written (on Linux, through inotify) and every `externalChangePollInterval`, and, when
    ///   another connection has committed, fetches every row again and diffs.
    /// - A commit that changes more than ``incrementalChangeLimit`` rows is fetched whole too.
    ///
    /// Reading happens on GRDB's queues, never on the main actor; the controller writes nothing.
    ///
    /// ## Errors
    ///
    /// A request that cannot be shown — two rows with one item identifier, a missing table or
    /// column, a file that cannot be read — reports a ``FetchedResultsError`` to `onError` (and
    /// ``performFetch()`` throws it); the controller keeps the last snapshot it had and tries again
    /// at the next change.
    public final class FetchedResultsController<
        SectionIdentifierType: DatabaseValueConvertible & Hashable & Sendable,
        ItemIdentifierType: DatabaseValueConvertible & Hashable & Sendable
    >: Sendable {
        /// The snapshots the controller delivers.
        public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

        /// The database observed.
        public let database: any DatabaseWriter
        /// The rows shown.
        public let request: FetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>
        /// How often to look for commits made by other connections and processes.
        public let externalChangePollInterval: Duration
        /// A commit that changes more rows than this is read by fetching every row again.
        public let incrementalChangeLimit: Int

        let onError: @Sendable (FetchedResultsError) -> Void
        let model = Mutex(_StoreModel<SectionIdentifierType, ItemIdentifierType>())
        let observer = _StoreObserver()
        /// Wakes the check for other connections' commits when the database's files are written.
        let watcher = Mutex<_FileWatcher?>(nil)

        /// Creates a controller; nothing is read until ``performFetch()``.
        ///
        /// - Parameters:
        ///   - database: A `DatabaseQueue` or `DatabasePool`.
        ///   - request: The rows to show.
        ///   - externalChangePollInterval: How often to look for commits by other processes.
        ///   - incrementalChangeLimit: Commits that change more rows are read whole.
        ///   - onError: Called, on any thread, when the rows cannot be shown.
        public init(
            database: some DatabaseWriter,
            request: FetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>,
            externalChangePollInterval: Duration = .milliseconds(50), incrementalChangeLimit: Int = 256,
            onError: @escaping @Sendable (FetchedResultsError) -> Void = { _ in }
        ) {
            self.database = database
            self.request = request
            self.externalChangePollInterval = externalChangePollInterval
            self.incrementalChangeLimit = incrementalChangeLimit
            self.onError = onError
        }

        deinit {
            let observer = observer
            watcher.withLock { $0?.stop() }
            model.withLock { $0.finish() }
            database.asyncWriteWithoutTransaction { db in db.remove(transactionObserver: observer) }
        }

        /// The rows shown now.
        public var snapshot: Snapshot {
            model.withLock { $0.fetched?.snapshot ?? Snapshot() }
        }

        /// Reads every row and starts following changes. Call it once; the first snapshot is then
        /// in ``snapshot`` and on its way to every subscriber.
        ///
        /// - Throws: ``FetchedResultsError`` when the rows cannot be read; the controller then
        ///   shows nothing and tries again at the next change.
        public func performFetch() async throws(FetchedResultsError) {
            let started: Bool = model.withLock { model in
                defer { model.isStarted = true }
                return model.isStarted
            }
            precondition(!started, "FetchedResultsController.performFetch() was called twice")
            do {
                try await database.writeWithoutTransaction { db in
                    let region = try db.makeStatement(literal: self.request.fetchAll).databaseRegion
                    self.observer.start(observing: region, table: self.request.table, for: self)
                    db.add(transactionObserver: self.observer, extent: .observerLifetime)
                    let version = try Int.fetchOne(db, sql: "PRAGMA data_version")
                    self.model.withLock { model in
                        model.dataVersion = version
                        // Commits from now on wait for the first fetch, which sees them.
                        model.isRefetching = true
                    }
                }
            } catch {
                model.withLock { $0.needsRefetch = true }
                throw FetchedResultsError(error)
            }
            startPolling()
            try await refetch()
        }

        /// Stops following changes and ends every stream of snapshots.
        public func stop() {
            let observer = observer
            watcher.withLock { $0?.stop() }
            model.withLock { $0.finish() }
            database.asyncWriteWithoutTransaction { db in db.remove(transactionObserver: observer) }
        }

        // MARK: Delivering

        /// The snapshots, as they change: the current one first, then each new one, with the items
        /// whose content changed since the one before marked with `reconfigureItems`. A consumer
        /// slower than the changes gets the newest, with the marks of those it skipped.
        public func snapshots() -> Snapshots {
            let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            model.withLock { $0.addListener(continuation) }
            return Snapshots(controller: self, signals: signals)
        }

        /// Applies every change to a data source, on the main actor, until the controller stops,
        /// the data source goes away or the returned task is cancelled: the first snapshot with
        /// `applySnapshotUsingReloadData` (or, when `reloadingFirst` is `false`, with an apply
        /// diffed against what the data source shows), then each commit's exact edit (no diff, no
        /// copy of the rows), or, when changes came faster than the data source took them or were
        /// read whole, the newest snapshot (diffed, off the main actor when large), the items whose
        /// content changed marked for reconfiguring.
        ///
        /// One controller drives a data source at a time. To show another request's rows in the
        /// same view (a sidebar choosing what a list shows), cancel the task and drive the data
        /// source from the other controller; controllers kept alive meanwhile stay up to date, so
        /// coming back to one costs no fetch:
        ///
        /// ```swift
        /// driving.cancel()
        /// driving = favorites.drive(dataSource, reloadingFirst: false)  // the list animates
        /// ```
        ///
        /// - Parameters:
        ///   - dataSource: The data source to keep up to date.
        ///   - animatingDifferences: Whether changes animate.
        ///   - reloadingFirst: Whether the first snapshot reloads the view (a first load) or is
        ///     diffed against what it shows (another controller drove it before).
        /// - Returns: The task that applies the changes; cancel it to stop. Nothing is applied
        ///   after `cancel()` returns.
        @MainActor @discardableResult
        public func drive(
            _ dataSource: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>,
            animatingDifferences: Bool = true, reloadingFirst: Bool = true
        ) -> Task<Void, Never> {
            let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            model.withLock { $0.addListener(continuation) }
            return Task { @MainActor [weak self, weak dataSource] in
                var shown: Int?
                for await _ in signals {
                    // A signal already buffered when the task was cancelled is not applied.
                    guard !Task.isCancelled, let self, let dataSource else { return }
                    // Taken under the lock, but a whole snapshot only when it is applied whole:
                    // holding it while the writer edits the model would make that edit copy it.
                    guard
                        let (version, catchUp) = self.model.withLock({ model in
                            model.catchUp(from: shown).map { (model.version, $0) }
                        })
                    else { continue }
                    switch catchUp {
                    case .changes(let changes):
                        dataSource.apply(
                            editing: { changes.apply(to: &$0) }, animatingDifferences: animatingDifferences)
                    case .snapshot(let snapshot) where shown == nil && reloadingFirst:
                        dataSource.applySnapshotUsingReloadData(snapshot, completion: nil)
                    case .snapshot(let snapshot):
                        dataSource.apply(
                            snapshot, animatingDifferences: animatingDifferences, completion: nil)
                    }
                    shown = version
                }
            }
        }

        /// The snapshots of a controller as an asynchronous sequence: see ``snapshots()``.
        public struct Snapshots: AsyncSequence, Sendable {
            public typealias Element = Snapshot
            let controller: FetchedResultsController
            let signals: AsyncStream<Void>

            public func makeAsyncIterator() -> Iterator {
                Iterator(controller: controller, signals: signals.makeAsyncIterator())
            }

            /// Waits for the next state and returns its snapshot.
            public struct Iterator: AsyncIteratorProtocol {
                let controller: FetchedResultsController
                var signals: AsyncStream<Void>.Iterator
                var shown: Int?

                public mutating func next() async -> Snapshot? {
                    while await signals.next() != nil {
                        let shown = shown
                        guard
                            let (version, catchUp) = controller.model.withLock({ model in
                                model.catchUp(from: shown, wholeSnapshot: true).map { (model.version, $0) }
                            }), case .snapshot(let snapshot) = catchUp
                        else { continue }
                        self.shown = version
                        return snapshot
                    }
                    return nil
                }
            }
        }
    }
#endif
