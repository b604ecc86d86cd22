#if GRDB
    import Diffable
    import Foundation
    import GRDB

    /// How changes reach the model: a commit's rows read one by one, or every row fetched again.
    extension FetchedResultsController {
        /// What the observer reports, on the writer's queue.
        func handle(_ event: _StoreObserver.Event) {
            switch event {
            case .changed(let rowID):
                model.withLock { _ = $0.pendingRowIDs.insert(rowID) }
            case .rolledBack:
                model.withLock { $0.pendingRowIDs.removeAll() }
            case .committed(let db):
                committed(db)
            }
        }

        /// What to do about a commit.
        private enum Step {
            case nothing
            case readRows(Set<Int64>)
            case fetchEveryRow
        }

        /// Reads the rows a commit changed, right after it on the writer's connection, and edits
        /// the snapshot; fetches every row instead when there are too many, or when the snapshot
        /// is not to be trusted (a fetch failed, or one is under way).
        private func committed(_ db: Database) {
            let limit = incrementalChangeLimit
            let step = model.withLock { model -> Step in
                let rowIDs = model.pendingRowIDs
                model.pendingRowIDs.removeAll()
                guard !rowIDs.isEmpty, !model.isFinished else { return .nothing }
                if model.isRefetching {
                    model.needsRefetch = true
                    return .nothing
                }
                guard model.fetched != nil, !model.needsRefetch, rowIDs.count <= limit else {
                    model.isRefetching = true
                    return .fetchEveryRow
                }
                return .readRows(rowIDs)
            }
            switch step {
            case .nothing:
                return
            case .fetchEveryRow:
                Task { try? await self.refetch() }
            case .readRows(let rowIDs):
                do {
                    let read = try request.readRows(db, rowIDs: rowIDs)
                    try model.withLock { model throws(FetchedResultsError) in
                        guard model.fetched != nil else { return }
                        let shown = model.fetched!.snapshot.itemIdentifiers
                        let changes = try model.fetched!.rows.resolve(read, changed: rowIDs) { shown }
                        model.show(changes)
                    }
                } catch {
                    model.withLock { $0.needsRefetch = true }
                    onError(FetchedResultsError(error))
                }
            }
        }

        /// Fetches every row, as the writer's connection last left the database (a read that no
        /// later commit can slip into), and shows them; again while commits arrived meanwhile.
        /// The caller has set `isRefetching`. Errors also go to `onError`; the last snapshot stays.
        func refetch() async throws(FetchedResultsError) {
            while true {
                let result = await fetchEveryRow()
                let again = model.withLock { model -> Bool in
                    if case .success(let rows) = result { model.show(rows) }
                    let again = model.needsRefetch && !model.isFinished
                    model.needsRefetch = false
                    if case .failure = result { model.needsRefetch = true }
                    model.isRefetching = again
                    return again
                }
                if case .failure(let error) = result {
                    onError(error)
                    throw error
                }
                if !again { return }
            }
        }

        /// Every row, read from the state the writer's connection has left.
        private func fetchEveryRow() async -> Result<
            _FetchedRows<SectionIdentifierType, ItemIdentifierType>, FetchedResultsError
        > {
            let request = request
            let database = database
            return await withCheckedContinuation { continuation in
                database.asyncWriteWithoutTransaction { _ in
                    database.spawnConcurrentRead { db in
                        continuation.resume(
                            returning: Result { () throws(FetchedResultsError) in
                                do { return try request.fetchAll(try db.get()) } catch {
                                    throw FetchedResultsError(error)
                                }
                            })
                    }
                }
            }
        }

        /// Looks for commits by other connections whenever the database's files are written, and
        /// every ``externalChangePollInterval``, until the controller stops or goes away.
        func startPolling() {
            let path = database.path
            if path != ":memory:", !path.isEmpty {
                let directory = (path as NSString).deletingLastPathComponent
                let watcher = _FileWatcher(directory: directory.isEmpty ? "." : directory) { [weak self] in
                    self?.checkForExternalChanges()
                }
                self.watcher.withLock { $0 = watcher }
            }
            let interval = externalChangePollInterval
            Task.detached(priority: .utility) { [weak self] in
                while true {
                    try? await Task.sleep(for: interval)
                    guard let self, !self.model.withLock({ $0.isFinished }) else { return }
                    await self.pollExternalChanges()
                }
            }
        }

        /// Looks for another connection's commit now and a few times over the next tens of
        /// milliseconds, unless such looks are already on their way: the files are written before
        /// the commit shows (its last step goes through shared memory, which inotify does not see).
        private func checkForExternalChanges() {
            let scheduled = model.withLock { model in
                defer { model.isCheckScheduled = true }
                return model.isCheckScheduled || model.isFinished
            }
            guard !scheduled else { return }
            Task.detached(priority: .userInitiated) { [weak self] in
                for delay in [0, 2, 8, 30] {
                    try? await Task.sleep(for: .milliseconds(delay))
                    guard let self else { return }
                    if await self.pollExternalChanges() { break }
                }
                self?.model.withLock { $0.isCheckScheduled = false }
            }
        }

        /// Fetches every row again if another connection has committed since the last look:
        /// SQLite's `data_version` on the writer's connection changes only then. Returns whether
        /// it had.
        @discardableResult
        private func pollExternalChanges() async -> Bool {
            let changed =
                (try? await database.writeWithoutTransaction { db in
                    let version = try Int.fetchOne(db, sql: "PRAGMA data_version")
                    return self.model.withLock { model -> Bool in
                        defer { model.dataVersion = version }
                        guard model.dataVersion != version, !model.isFinished else { return false }
                        if model.isRefetching {
                            model.needsRefetch = true
                            return false
                        }
                        model.isRefetching = true
                        return true
                    }
                }) ?? false
            if changed { try? await refetch() }
            return changed
        }
    }
#endif
