#if GRDB
    import Diffable
    import DiffableStore
    import Foundation
    import GRDB

    /// Where a SQLite database's `ChangeFeed` gets its changes: the database's change log
    /// (``SQLiteChangeLog``), read in the same state as the rows the controllers read, and
    /// three ways to know when to read it — a transaction observer for this process's commits,
    /// inotify on the database's folder for other processes' (Linux), and the feed's poll of the
    /// log's head for anything either missed.
    ///
    /// On a `DatabasePool`, each read takes a `DatabaseSnapshot` (a connection of its own in a
    /// read transaction): the log and every subscriber's rows are read in that one state, while
    /// other readers and the writer go on. A `DatabaseQueue` has no snapshots: each subscriber's
    /// read is its own transaction, which checks that the log has not moved since the feed read
    /// it (when it has, that subscriber reads every row at the next read).
    final class _SQLiteChangeSource: _ChangeSource {
        private struct State {
            /// The tables whose triggers are known to be there, with the columns they record.
            var followed: [String: Set<String>] = [:]
            /// What the last read saw: the log's head and the schema's version. A poll that sees
            /// otherwise wakes the feed.
            var head: Int64?
            var schemaVersion: Int?
            /// The tables the log records, as of `schemaVersion`.
            var loggedTables: Set<String> = []
            /// The key columns of the tables without row ids, and whether the log records
            /// values, as of `schemaVersion`.
            var keyColumns: [String: [String]] = [:]
            var logHasValues = false
            /// This process's row in the readers' table, while the feed runs.
            var reader: Reader?
            var watcher: _FileWatcher?
            /// The looks under way since the files last changed.
            var looks: Looks?
            var lookSeries = 0
            /// The snapshots of the reads under way, for ``interrupt()``.
            var snapshots: [ObjectIdentifier: DatabaseSnapshot] = [:]
        }

        /// Looks at the log after the files changed (``_SQLiteChangeSource/checkSoon(wake:)``).
        private struct Looks {
            let task: Task<Void, Never>
            let began: ContinuousClock.Instant
            let series: Int
        }

        /// What this process has told the log of how far it has read.
        private struct Reader {
            let id = UUID().uuidString
            var acknowledged: Int64?
            var written: Int64?
            var writtenAt = Date.distantPast
            var isWriting = false
            /// Whether the last write left rows to trim: the next is due after a second, as if
            /// the reader had read further.
            var hasMoreToTrim = false
        }

        /// A read that finds more changed rows than this tells every subscriber to read everything.
        /// It is the most rows a list of a million reads one by one (a sixteenth of its rows,
        /// `FetchedResultsController.effectiveChangeLimit`); a smaller list reads everything past
        /// its own limit, so the feed need not stop before.
        static let changeLimit = 65_536

        let database: any DatabaseWriter
        private let observer = _CommitObserver()
        private let state = _Lock(State())
        /// Reports what was ignored; set by the feed's owner.
        let diagnose: @Sendable (String) -> Void

        /// Whether other processes' commits are looked for when the database's files change
        /// (off in tests that play the watcher themselves).
        let watchesFiles: Bool

        init(
            database: any DatabaseWriter, watchesFiles: Bool = true,
            diagnose: @escaping @Sendable (String) -> Void
        ) {
            self.database = database
            self.watchesFiles = watchesFiles
            self.diagnose = diagnose
        }

        // MARK: Watching

        func start(wake: @escaping @Sendable () -> Void) throws(FetchedResultsError) {
            observer.onCommit = wake
            let observer = observer
            database.asyncWriteWithoutTransaction { db in
                db.add(transactionObserver: observer, extent: .observerLifetime)
            }
            let path = database.path
            var watcher: _FileWatcher?
            if watchesFiles, path != ":memory:", !path.isEmpty, !path.hasPrefix("file::memory:") {
                // The folder of the file itself: SQLite follows a symbolic link to the database,
                // and writes its journal beside the file it finds.
                let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                let directory = (file as NSString).deletingLastPathComponent
                watcher = _FileWatcher(directory: directory.isEmpty ? "." : directory) { [weak self] in
                    self?.checkSoon(wake: wake)
                }
            }
            state.withLock {
                $0.watcher = watcher
                $0.reader = Reader()
            }
        }

        func stop() {
            let (watcher, reader, looks) = state.withLock { state in
                defer {
                    state.watcher = nil
                    state.reader = nil
                    state.looks = nil
                }
                return (state.watcher, state.reader, state.looks)
            }
            watcher?.stop()
            looks?.task.cancel()
            observer.onCommit = nil
            let observer = observer
            database.asyncWriteWithoutTransaction { db in
                db.remove(transactionObserver: observer)
                if let reader { try? SQLiteChangeLog.forget(reader: reader.id, db) }
            }
        }

        /// After a file changes, when to look, each after the one before: soon, then every 25 ms
        /// for a few hundred milliseconds, then further apart up to a second. A commit shows some
        /// time after its last write to a file: its last step goes through shared memory, which
        /// inotify does not see, and comes after the writer's `fsync` of the journal (SQLite's
        /// default `synchronous = FULL`), which takes as long as the commit is big — a commit that
        /// merges a full-text index's segments can show a hundred milliseconds late. Looks that
        /// stopped sooner left such a commit to the feed's slow poll, backed off up to a second.
        static let lookDelays: [Duration] =
            ([0, 2, 8, 15] + Array(repeating: 25, count: 11) + [100, 200, 400]).map { .milliseconds($0) }

        /// A change of the files this soon after the looks began is seen by their look at this
        /// time; a later one starts them again, from the first.
        static let restartAfter = Duration.milliseconds(10)

        /// Looks at the log's head at ``lookDelays`` until one sees a change, which wakes the
        /// feed. Files that change again start the looks again: otherwise a commit that followed a
        /// write with no commit (a checkpoint, this process's bookkeeping) would wait for the
        /// looks' longer gaps.
        func checkSoon(wake: @escaping @Sendable () -> Void) {
            let now = ContinuousClock.now
            state.withLock { state in
                if let looks = state.looks {
                    guard now - looks.began >= Self.restartAfter else { return }
                    looks.task.cancel()
                }
                state.lookSeries &+= 1
                let series = state.lookSeries
                let task = Task.detached(priority: .userInitiated) { [weak self] in
                    guard let self else { return }
                    await self.look(series: series, wake: wake)
                }
                state.looks = Looks(task: task, began: now, series: series)
            }
        }

        private func look(series: Int, wake: @Sendable () -> Void) async {
            defer { state.withLock { if $0.looks?.series == series { $0.looks = nil } } }
            for delay in Self.lookDelays {
                do { try await Task.sleep(for: delay) } catch { return }
                if (try? await poll()) == true {
                    wake()
                    return
                }
            }
        }

        func poll() async throws(FetchedResultsError) -> Bool {
            writeReaderIfDue()
            let head: Int64
            let schemaVersion: Int?
            do {
                (head, schemaVersion) = try await database.read { db in
                    (try SQLiteChangeLog.head(db), try Int.fetchOne(db, sql: "PRAGMA schema_version"))
                }
            } catch {
                throw FetchedResultsError(grdb: error)
            }
            return state.withLock { $0.head != head || $0.schemaVersion != schemaVersion }
        }

        // MARK: Following tables

        func follow(table: String, columns: Set<String>) async throws(FetchedResultsError) {
            let name = table.lowercased()
            guard !state.withLock({ $0.followed[name]?.isSuperset(of: columns) ?? false }) else { return }
            let (current, earlier): (Bool, Bool)
            do {
                (current, earlier) = try await database.read { db in
                    _ = try SQLiteChangeLog.TableShape(table, db)
                    return (
                        try SQLiteChangeLog.isCurrent(for: table, columns: columns, in: db),
                        try SQLiteChangeLog.loggedTables(db).contains(name)
                    )
                }
            } catch {
                throw FetchedResultsError(grdb: error)
            }
            if !current {
                do {
                    try await database.write { db in
                        try SQLiteChangeLog.install(for: table, columns: columns, in: db)
                    }
                } catch let error as FetchedResultsError {
                    throw error
                } catch {
                    // An earlier version's triggers name every changed row: enough for a request
                    // that needs no values, on a file this process cannot write.
                    guard earlier, columns.isEmpty else {
                        throw .changeLogUnavailable(
                            table: table,
                            reason:
                                "its triggers (\(SQLiteChangeLog.triggerNames(for: table).joined(separator: ", "))) are missing or out of date and could not be made: \(error)"
                        )
                    }
                    diagnose(
                        "the change log triggers of \(table) are an earlier version's and could not be made again (\(error)): rows that INSERT OR REPLACE deletes are not seen"
                    )
                }
            }
            state.withLock { $0.followed[name, default: []].formUnion(columns) }
        }

        // MARK: Reading

        func read<Result: Sendable>(
            after position: Int64?,
            _ body:
                @escaping @Sendable (_ChangeRead, any _FeedReader) async throws(FetchedResultsError) -> Result
        ) async throws(FetchedResultsError) -> Result {
            guard let pool = database as? DatabasePool else {
                let read: _ChangeRead
                do { read = try await database.read { db in try self.changes(after: position, db) } } catch {
                    throw FetchedResultsError(grdb: error)
                }
                return try await body(read, _SQLiteReader(access: .queue(database, head: read.position)))
            }
            let snapshot = try await Self.makeSnapshot(of: pool)
            let key = ObjectIdentifier(snapshot)
            state.withLock { $0.snapshots[key] = snapshot }
            defer { state.withLock { _ = $0.snapshots.removeValue(forKey: key) } }
            let read: _ChangeRead
            do { read = try await snapshot.read { db in try self.changes(after: position, db) } } catch {
                throw FetchedResultsError(grdb: error)
            }
            return try await body(read, _SQLiteReader(access: .snapshot(snapshot)))
        }

        func interrupt() {
            let snapshots = state.withLock { Array($0.snapshots.values) }
            for snapshot in snapshots { snapshot.interrupt() }
        }

        /// The most a snapshot's page cache holds, in KiB: SQLite's default for a connection.
        static let snapshotCacheKiB = 2_000

        /// A snapshot of the pool's current state. Opening its connection is file I/O: it is made
        /// on one of the pool's reader queues, off Swift's concurrency pool.
        ///
        /// Its connection lives for one read, with a page cache that starts empty and goes with
        /// it; the cache is kept to ``snapshotCacheKiB``. The pool's connections may be set for a
        /// larger one (an app that keeps its reads warm), which a snapshot inherits: with a
        /// burst of pages each making its first read, dozens of snapshots at once each filled
        /// such a cache, and the memory the allocator took for them stayed with the process.
        private static func makeSnapshot(of pool: DatabasePool) async throws(FetchedResultsError)
            -> DatabaseSnapshot
        {
            do {
                return try await pool.read { _ in
                    let snapshot = try pool.makeSnapshot()
                    try snapshot.read { db in
                        // Negative: a size in KiB; positive: a number of pages.
                        let row = try Row.fetchOne(
                            db, sql: "SELECT cache_size, page_size FROM pragma_cache_size, pragma_page_size")
                        let size: Int = row?[0] ?? 0
                        let pageSize: Int = row?[1] ?? 4_096
                        let kib = size < 0 ? -size : size * pageSize / 1_024
                        if kib > snapshotCacheKiB {
                            try db.execute(sql: "PRAGMA cache_size = -\(snapshotCacheKiB)")
                        }
                    }
                    return snapshot
                }
            } catch {
                throw FetchedResultsError(grdb: error)
            }
        }

        /// The changes after `position`, read in `db`'s transaction.
        private func changes(after position: Int64?, _ db: Database) throws -> _ChangeRead {
            let head = try SQLiteChangeLog.head(db)
            let schemaVersion = try Int.fetchOne(db, sql: "PRAGMA schema_version")
            let (schemaChanged, logged) = try state.withLock { state throws in
                defer {
                    state.head = head
                    state.schemaVersion = schemaVersion
                }
                guard state.schemaVersion != schemaVersion else { return (false, state.loggedTables) }
                state.loggedTables = try SQLiteChangeLog.loggedTables(db)
                state.keyColumns = try SQLiteChangeLog.keyColumns(db)
                state.logHasValues =
                    try db.tableExists(SQLiteChangeLog.table) && SQLiteChangeLog.hasValueColumns(db)
                return (state.schemaVersion != nil, state.loggedTables)
            }
            let (keyColumns, hasValues) = state.withLock { ($0.keyColumns, $0.logHasValues) }
            guard let position else { return _ChangeRead(position: head, completeAfter: head, changes: []) }
            // The log made anew (its positions start again), or the schema changed (a table made
            // anew, triggers dropped): anything may have changed.
            if position > head || schemaChanged {
                if schemaChanged { state.withLock { $0.followed = [:] } }
                return _ChangeRead(position: head, completeAfter: nil, changes: nil)
            }
            guard position < head else {
                return _ChangeRead(position: head, completeAfter: position, changes: [])
            }
            let oldest = try Int64.fetchOne(db, sql: "SELECT min(position) FROM \(SQLiteChangeLog.table)")
            let completeAfter = oldest.map { min(position, $0 - 1) } ?? head
            let values = hasValues ? "kind, oldValues, newValues" : "kind, NULL, NULL"
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT position, tableName, rowID, \(values) FROM \(SQLiteChangeLog.table)
                    WHERE position > ? ORDER BY position LIMIT ?
                    """,
                arguments: [max(position, completeAfter), Self.changeLimit + 1])
            guard rows.count <= Self.changeLimit else {
                return _ChangeRead(position: head, completeAfter: nil, changes: nil)
            }
            var changes: [_RowChange] = []
            changes.reserveCapacity(rows.count)
            for row in rows {
                let at: Int64 = row[0]
                let tableValue: DatabaseValue = row[1]
                let rowIDValue: DatabaseValue = row[2]
                guard case .string(let name) = tableValue.storage, logged.contains(name.lowercased()) else {
                    diagnose(
                        "change log row \(at) names table \(tableValue), which the log does not record: ignored"
                    )
                    continue
                }
                guard case .int64(let rowID) = rowIDValue.storage else {
                    diagnose("change log row \(at) names row \(rowIDValue) of \(name), not a row id: ignored")
                    continue
                }
                changes.append(
                    change(at: at, table: name.lowercased(), rowID: rowID, row, keyColumns: keyColumns))
            }
            return _ChangeRead(position: head, completeAfter: completeAfter, changes: changes)
        }

        /// The change a log row records: its kind, its key (the rowid, or the key columns' values
        /// for a table without row ids) and the values of the columns it records.
        private func change(
            at position: Int64, table: String, rowID: Int64, _ row: Row, keyColumns: [String: [String]]
        ) -> _RowChange {
            let kind: _RowChange.Kind =
                switch row[3] as String? {
                case "insert": .insert
                case "update": .update
                case "delete": .delete
                default: .unknown
                }
            guard let old = _SQLiteLiteralList.pairs(row[4]), let new = _SQLiteLiteralList.pairs(row[5])
            else {
                diagnose(
                    "change log row \(position) of \(table) has values that do not read back: only its row id is used"
                )
                return _RowChange(position: position, table: table, kind: kind, key: _RowKey(rowID: rowID))
            }
            guard let key = keyColumns[table] else {
                return _RowChange(
                    position: position, table: table, kind: kind, key: _RowKey(rowID: rowID), values: new,
                    oldValues: old)
            }
            let oldKey = _RowKey(key.map { old[$0] ?? .null })
            let newKey = _RowKey(key.map { new[$0] ?? .null })
            return _RowChange(
                position: position, table: table, kind: kind, key: kind == .delete ? oldKey : newKey,
                oldKey: kind == .update && oldKey != newKey ? oldKey : nil, values: new, oldValues: old)
        }

        // MARK: Telling the log how far this process has read

        /// How often this process's row in the readers' table is refreshed while nothing is read,
        /// and at least how long between two writes of it.
        static let heartbeat: TimeInterval = 10
        static let acknowledgementInterval: TimeInterval = 1

        func acknowledge(_ position: Int64) {
            state.withLock { $0.reader?.acknowledged = position }
        }

        /// Writes how far this process has read, when it has read further (at most once a
        /// second) or every ``heartbeat``; trims the log meanwhile. Off the feed's reads, on the
        /// writer's queue; a failure (a read-only file) is reported, and the log is not trimmed.
        private func writeReaderIfDue() {
            let now = Date()
            let due = state.withLock { state -> (id: String, position: Int64)? in
                guard var reader = state.reader, !reader.isWriting, let position = reader.acknowledged else {
                    return nil
                }
                let elapsed = now.timeIntervalSince(reader.writtenAt)
                guard
                    elapsed >= Self.heartbeat
                        || ((position != reader.written || reader.hasMoreToTrim)
                            && elapsed >= Self.acknowledgementInterval)
                else { return nil }
                reader.isWriting = true
                state.reader = reader
                return (reader.id, position)
            }
            guard let due else { return }
            database.asyncWriteWithoutTransaction { [weak self] db in
                var moreToTrim = false
                do {
                    try db.inTransaction {
                        moreToTrim = try SQLiteChangeLog.acknowledge(
                            due.position, reader: due.id, now: now, db)
                        return .commit
                    }
                } catch {
                    self?.diagnose("could not record how far the change log was read: \(error)")
                }
                self?.state.withLock { state in
                    guard state.reader?.id == due.id else { return }
                    state.reader?.isWriting = false
                    state.reader?.written = due.position
                    // More to trim (after a bulk import): a step a second, each short, so that
                    // the app's writes never wait long behind one (see `acknowledge`).
                    state.reader?.hasMoreToTrim = moreToTrim
                    state.reader?.writtenAt = now
                }
            }
        }
    }
#endif
