#if Postgres
    import Diffable
    import DiffableStore
    import Logging
    import NIOCore
    import PostgresNIO

    /// Where a PostgreSQL database's `ChangeFeed` gets its changes: logical decoding, through a
    /// temporary replication slot that this process's feed owns.
    ///
    /// - The feed keeps two connections of its own. On the first: a temporary slot with the
    ///   `pgoutput` plugin over the publication `diffable` (the tables controllers follow), and a
    ///   `LISTEN` that a statement trigger on each followed table notifies, payload-free, to wake
    ///   the feed. PostgreSQL drops a temporary slot when its session ends, so a server that stops
    ///   or is killed holds no write-ahead log; one that reconnects makes a new slot and every
    ///   controller reads everything once. PostgreSQL also drops it after any error in its
    ///   session, so the subscribers' queries, which can fail (a column renamed), run on the
    ///   second connection.
    /// - A read: a `REPEATABLE READ` transaction on the first connection takes a snapshot,
    ///   exports it, and peeks at the decoded transactions still in the slot
    ///   (`pg_logical_slot_peek_binary_changes`); the second connection imports the snapshot and
    ///   the subscribers read their rows there. A decoded transaction is the feed's only if the
    ///   snapshot sees it: the feed's position is the end of the last transaction of the first run
    ///   the snapshot sees, so rows are always read at a state that includes exactly the changes
    ///   handed over (a commit whose record is written but that is not yet visible waits for the
    ///   next read). The slot is advanced to what every subscriber has read at the next read or
    ///   poll.
    /// - Every query is async: nothing waits on a thread. One use of the connections at a time (a
    ///   read's transactions, a poll, an install) holds the source's lock, across its awaits;
    ///   each has the feed's deadline, and PostgreSQL's `statement_timeout` and `lock_timeout` stop
    ///   the server's side too. A use given up on at its deadline closes the connections
    ///   (``interrupt()``); the next one opens a new session, whose new slot makes every
    ///   subscriber read everything once.
    final class _PostgresChangeSource: _ChangeSource {
        static let publication = "diffable"
        static let channel = "diffable_change"
        /// A read that finds more changed rows than this tells every subscriber to read everything.
        /// It is the most rows a list of a million reads one by one (a sixteenth of its rows,
        /// `FetchedResultsController.effectiveChangeLimit`); a smaller list reads everything past
        /// its own limit, so the feed need not stop before.
        static let changeLimit = 65_536

        /// The feed's connections and what lives on them.
        final class Session: Sendable {
            /// The slot's, which runs nothing that can fail on the app's schema.
            let connection: PostgresConnection
            /// The subscribers', and the installs'.
            let reader: PostgresConnection
            let slot: String
            /// Where the slot began: changes after it are decoded.
            let start: Int64
            let listener: PostgresListenContext
            /// Used by one read at a time (the source's lock).
            let decoder = _Lock(_PgOutputDecoder())

            init(
                connection: PostgresConnection, reader: PostgresConnection, slot: String, start: Int64,
                listener: PostgresListenContext
            ) {
                self.connection = connection
                self.reader = reader
                self.slot = slot
                self.start = start
                self.listener = listener
            }

            /// Whether a connection is gone, and the slot with it.
            var isBroken: Bool { connection.isClosed || reader.isClosed }
        }

        private struct State {
            var wake: (@Sendable () -> Void)?
            var session: Session?
            /// The tables whose publication membership and trigger are known to be there, with
            /// the columns whose values their changes carry.
            var followed: [String: Set<String>] = [:]
            /// The primary key's columns of each table followed (none for a table without one).
            var primaryKeys: [String: Set<String>] = [:]
            /// The position of the last state read.
            var position: Int64?
            /// What the slot was advanced to, and what every subscriber has read.
            var advanced: Int64?
            var acknowledged: Int64?
            /// The write-ahead log's position at the last poll.
            var walPosition: String?
            /// Whether the last read decoded a commit its snapshot did not see yet: the log may
            /// not move again, so the next poll must read anyway.
            var sawCommitsNotVisible = false
            var connections = 0
        }

        let store: PostgresStore
        let diagnose: @Sendable (String) -> Void
        private let state = _Lock(State())
        /// Held by each use of the session's connections, across its queries.
        private let lock = _AsyncLock()

        init(store: PostgresStore, diagnose: @escaping @Sendable (String) -> Void) {
            self.store = store
            self.diagnose = diagnose
        }

        deinit {
            // A session opened by a poll or read that ended after `stop()`.
            if let session = state.withLock({ $0.session }) { Self.close(session) }
        }

        // MARK: _ChangeSource

        func start(wake: @escaping @Sendable () -> Void) throws(FetchedResultsError) {
            state.withLock { $0.wake = wake }
        }

        func stop() {
            let session = state.withLock { state in
                defer {
                    state.wake = nil
                    state.session = nil
                    state.position = nil
                    state.advanced = nil
                    state.acknowledged = nil
                }
                return state.session
            }
            // Closing the session drops its temporary slot.
            if let session { Self.close(session) }
        }

        func interrupt() {
            if let session = state.withLock({ $0.session }) { forget(session) }
        }

        func follow(table: String, columns: Set<String>) async throws(FetchedResultsError) {
            try await lock.withLock { [self] () async throws(FetchedResultsError) in
                let name = table.lowercased()
                guard !state.withLock({ $0.followed[name]?.isSuperset(of: columns) ?? false }) else { return }
                let session = try await openSession()
                let keys = try await install(table: table, columns: columns, on: session.reader)
                state.withLock {
                    $0.followed[name, default: []].formUnion(columns)
                    $0.primaryKeys[name] = Set(keys)
                }
            }
        }

        func poll() async throws(FetchedResultsError) -> Bool {
            try await lock.withLock { [self] () async throws(FetchedResultsError) -> Bool in
                let isNew = state.withLock { $0.session == nil }
                let session = try await openSession()
                // A new session has a new slot: every subscriber reads everything once.
                if isNew { return true }
                do throws(FetchedResultsError) {
                    try await advance(session)
                    let wal = try await Self.string(
                        session.connection, "SELECT pg_current_wal_lsn()::text", logger: store.logger)
                    return state.withLock { state in
                        defer { state.walPosition = wal }
                        return state.walPosition != wal || state.sawCommitsNotVisible
                    }
                } catch {
                    forget(session)
                    throw error
                }
            }
        }

        func read<Result: Sendable>(
            after position: Int64?,
            _ body:
                @escaping @Sendable (_ChangeRead, any _FeedReader) async throws(FetchedResultsError) -> Result
        ) async throws(FetchedResultsError) -> Result {
            try await lock.withLock { [self] () async throws(FetchedResultsError) -> Result in
                let session = try await openSession()
                let outcome: Swift.Result<Result, FetchedResultsError>
                do throws(FetchedResultsError) {
                    outcome = try await read(session, after: position, body)
                } catch {
                    // The connections, the slot (gone after any error on its connection) or the
                    // decoding: a new session and a whole read set every subscriber right.
                    forget(session)
                    throw error
                }
                // A subscriber's own error (a first read of a column that is not there) stays
                // with it.
                return try outcome.get()
            }
        }

        func acknowledge(_ position: Int64) {
            state.withLock { $0.acknowledged = max($0.acknowledged ?? position, position) }
        }

        // MARK: Reading

        /// One read; throws what went wrong with the session, and returns what `body` did.
        private func read<Result>(
            _ session: Session, after position: Int64?,
            _ body: @Sendable (_ChangeRead, any _FeedReader) async throws(FetchedResultsError) -> Result
        ) async throws(FetchedResultsError) -> Swift.Result<Result, FetchedResultsError> {
            let connection = session.connection
            let logger = store.logger
            try await advance(session)
            _ = try await Self.rows(
                connection, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            // The snapshot, and how far the log was written and flushed once it was taken: every
            // commit it sees is written before `inserted`.
            let snapshotRow = try await Self.rows(
                connection,
                """
                SELECT pg_export_snapshot(), pg_current_snapshot()::text,
                    pg_current_wal_insert_lsn()::text, pg_current_wal_flush_lsn()::text
                """, logger: logger
            ).first
            let texts: (String, String, String, String)?
            do { texts = try snapshotRow?.decode((String, String, String, String).self) } catch {
                throw .read(error)
            }
            guard let (exported, snapshotText, insertedText, flushedText) = texts,
                let snapshot = _Snapshot(snapshotText), let inserted = _LSN.value(insertedText),
                let flushed = _LSN.value(flushedText)
            else {
                throw .read(PostgresStoreError(kind: .other, message: "unreadable snapshot"))
            }
            // Decoding reads only flushed log, and a commit made with `synchronous_commit = off`
            // is seen before it is flushed: a commit of our own that writes to the log (a
            // message no publication carries), made synchronously, flushes everything before it,
            // so that every commit the snapshot sees is decoded.
            if flushed < inserted {
                _ = try await Self.rows(
                    session.reader, "SELECT pg_logical_emit_message(true, 'diffable_flush', '')",
                    logger: logger)
            }
            let messages = try await Self.rows(
                connection,
                """
                SELECT data FROM pg_logical_slot_peek_binary_changes(\(session.slot), NULL, NULL,
                    'proto_version', '1', 'publication_names', \(Self.publication))
                """, logger: logger
            )
            .compactMap { $0.first?.bytes }
            let transactions: [_DecodedTransaction]
            do {
                let (wanted, primaryKeys) = state.withLock { ($0.followed, $0.primaryKeys) }
                transactions = try session.decoder.withLock {
                    decoder throws(_PgOutputDecoder.DecodingError) in
                    decoder.wanted = wanted
                    decoder.primaryKeys = primaryKeys
                    return try decoder.decode(messages)
                }
            } catch {
                diagnose("the PostgreSQL change feed could not decode a change: \(error)")
                throw .read(error)
            }
            let read = changeRead(session, transactions, visibleIn: snapshot, decodedThrough: inserted)
            let reader = try await _PostgresReader(
                connection: session.reader, snapshot: exported, logger: logger)
            let outcome: Swift.Result<Result, FetchedResultsError>
            do throws(FetchedResultsError) { outcome = .success(try await body(read, reader)) } catch {
                outcome = .failure(error)
            }
            _ = try await Self.rows(session.reader, "COMMIT", logger: logger)
            _ = try await Self.rows(connection, "COMMIT", logger: logger)
            // A commit is in the log (and decoded) a moment before snapshots see it; a poll in that
            // moment saw the log move, this read did not see the commit, and nothing may move the
            // log again: without this the commit would wait for the next write.
            let notVisible = transactions.contains { !snapshot.sees($0.xid) }
            if case .success = outcome {
                state.withLock { state in
                    state.position = read.position
                    state.sawCommitsNotVisible = notVisible
                }
            }
            return outcome
        }

        /// The changes of the decoded transactions the snapshot sees, and the position of the
        /// state it reads: the end of the first run of transactions it sees. A transaction it sees
        /// after one it does not is handed over too (its rows are in the state), and again with
        /// the next read: reading a row twice changes nothing.
        ///
        /// When the snapshot sees every transaction decoded, and the log was decoded through
        /// `decodedThrough` (where it had been written when the snapshot was taken), the state
        /// has every change before that point: the position moves there even if nothing this feed
        /// follows changed, so that the slot advances while other databases of the server write —
        /// otherwise it would keep their log from being recycled, and each read would decode it
        /// all again.
        private func changeRead(
            _ session: Session, _ transactions: [_DecodedTransaction], visibleIn snapshot: _Snapshot,
            decodedThrough: Int64
        ) -> _ChangeRead {
            var end = state.withLock { max($0.position ?? session.start, session.start) }
            var inFirstRun = true
            var changes: [_RowChange] = []
            var knowsRows = true
            for transaction in transactions {
                guard snapshot.sees(transaction.xid) else {
                    inFirstRun = false
                    continue
                }
                if inFirstRun { end = max(end, transaction.end) }
                knowsRows = knowsRows && !transaction.changesUnknownRows
                for row in transaction.rows {
                    changes.append(
                        _RowChange(
                            position: transaction.end, table: row.table, kind: row.kind, key: row.key,
                            oldKey: row.oldKey, values: row.values, oldValues: row.oldValues))
                }
            }
            if inFirstRun { end = max(end, decodedThrough) }
            return _ChangeRead(
                position: end, completeAfter: session.start,
                changes: knowsRows && changes.count <= Self.changeLimit ? changes : nil)
        }

        /// Moves the slot past what every subscriber has read, so that the server can recycle
        /// the log behind it.
        private func advance(_ session: Session) async throws(FetchedResultsError) {
            let target = state.withLock { state -> Int64? in
                guard let acknowledged = state.acknowledged, acknowledged > (state.advanced ?? session.start)
                else {
                    return nil
                }
                return acknowledged
            }
            guard let target else { return }
            _ = try await Self.rows(
                session.connection,
                "SELECT pg_replication_slot_advance(\(session.slot), \(_LSN.text(target))::pg_lsn)",
                logger: store.logger)
            state.withLock { $0.advanced = target }
        }

        // MARK: The session

        /// The feed's connection, its listener and its slot: made if there is none.
        private func openSession() async throws(FetchedResultsError) -> Session {
            if let session = state.withLock({ $0.session }), !session.isBroken { return session }
            if let old = state.withLock({ $0.session }) { forget(old) }
            let logger = store.logger
            let id = state.withLock {
                $0.connections += 1
                return $0.connections
            }
            let connection = try await store.connect(id: id)
            let reader: PostgresConnection
            do { reader = try await store.connect(id: id) } catch {
                Self.close(connection)
                throw error
            }
            do throws(FetchedResultsError) {
                let level = try await Self.string(connection, "SHOW wal_level", logger: logger)
                guard level == "logical" else {
                    throw FetchedResultsError.database(
                        PostgresStoreError(
                            kind: .logicalDecodingUnavailable,
                            message: "wal_level is \(level ?? "unknown"), not logical"))
                }
                _ = try await Self.rows(reader, "SET synchronous_commit = on", logger: logger)
                let listener = connection.addListener(channel: Self.channel) { [weak self] _, _ in
                    self?.state.withLock { $0.wake }?()
                }
                let slot = "diffable_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
                let created = try await Self.string(
                    connection,
                    "SELECT lsn::text FROM pg_create_logical_replication_slot(\(slot), 'pgoutput', true)",
                    logger: logger)
                guard let created, let start = _LSN.value(created) else {
                    throw FetchedResultsError.read(
                        PostgresStoreError(kind: .other, message: "no slot was made"))
                }
                let session = Session(
                    connection: connection, reader: reader, slot: slot, start: start, listener: listener)
                state.withLock { state in
                    state.session = session
                    state.followed = [:]
                    state.primaryKeys = [:]
                    state.advanced = nil
                    state.walPosition = nil
                }
                // Tables followed over the lost connection are published already; the trigger
                // and publication are checked again as controllers follow.
                return session
            } catch {
                Self.close(connection)
                Self.close(reader)
                throw error
            }
        }

        private func forget(_ session: Session) {
            state.withLock { state in
                if state.session === session { state.session = nil }
            }
            Self.close(session)
        }

        private static func close(_ session: Session) {
            session.listener.stop()
            close(session.connection)
            close(session.reader)
        }

        /// Closes a connection at once, without waiting: a query waiting on it fails. The
        /// connection is kept until it has closed (postgres-nio requires it).
        static func close(_ connection: PostgresConnection) {
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
    }
#endif
