#if Postgres
    import Diffable
    import DiffableStore
    import Logging
    import PostgresNIO

    /// The subscribers' connection inside a transaction on the read's snapshot, for their
    /// queries. A query that fails ends the transaction; the next query gets a new one on the
    /// same snapshot, so one subscriber's error does not fail the others. Used by one subscriber at
    /// a time, in the source's read.
    final class _PostgresReader: _FeedReader {
        let connection: PostgresConnection
        let snapshot: String
        let logger: Logger
        private let isAborted = _Lock(false)

        init(connection: PostgresConnection, snapshot: String, logger: Logger)
            async throws(FetchedResultsError)
        {
            self.connection = connection
            self.snapshot = snapshot
            self.logger = logger
            try await begin()
        }

        private func begin() async throws(FetchedResultsError) {
            _ = try await _PostgresChangeSource.rows(
                connection, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            _ = try await _PostgresChangeSource.rows(
                connection, PostgresQuery(unsafeSQL: "SET TRANSACTION SNAPSHOT '\(snapshot)'"), logger: logger
            )
        }

        func rows(_ query: PostgresQuery) async throws(FetchedResultsError) -> [PostgresRow] {
            let collected = _Lock<[PostgresRow]>([])
            try await forEachRow(query) { row in collected.withLock { $0.append(row) } }
            return collected.withLock { $0 }
        }

        /// Runs a query and hands `body` each row as it comes, on the connection's event loop.
        func forEachRow(
            _ query: PostgresQuery,
            _ body: @escaping @Sendable (PostgresRow) throws(FetchedResultsError) -> Void
        ) async throws(FetchedResultsError) {
            if isAborted.withLock({ $0 }) {
                _ = try await _PostgresChangeSource.rows(connection, "ROLLBACK", logger: logger)
                try await begin()
                isAborted.withLock { $0 = false }
            }
            do {
                try await _PostgresChangeSource.forEachRow(connection, query, logger: logger, body)
            } catch {
                isAborted.withLock { $0 = true }
                throw error
            }
        }
    }

    /// A `pg_snapshot`: which transactions a read sees.
    struct _Snapshot: Equatable {
        var xmin: UInt64
        var xmax: UInt64
        var running: Set<UInt64>

        /// `xmin:xmax:xip,xip`, as `pg_current_snapshot()::text` writes it.
        init?(_ text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let xmin = UInt64(parts[0]), let xmax = UInt64(parts[1]) else {
                return nil
            }
            self.xmin = xmin
            self.xmax = xmax
            running = Set(parts[2].split(separator: ",").compactMap { UInt64($0) })
        }

        /// Whether the snapshot sees the committed transaction `xid` (32 bits, as decoding gives
        /// it): extended to 64 bits next to `xmax`, since a decoded transaction is recent.
        func sees(_ xid: UInt32) -> Bool {
            let offset = Int64(Int32(bitPattern: xid &- UInt32(truncatingIfNeeded: xmax)))
            let full = UInt64(Int64(xmax) + offset)
            return full < xmin || (full < xmax && !running.contains(full))
        }
    }

    /// Write-ahead log positions, as PostgreSQL writes them (`16/B374D848`) and as the feed keeps
    /// them.
    enum _LSN {
        static func value(_ text: String) -> Int64? {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let high = UInt32(parts[0], radix: 16),
                let low = UInt32(parts[1], radix: 16)
            else { return nil }
            return Int64(UInt64(high) << 32 | UInt64(low))
        }

        static func text(_ value: Int64) -> String {
            let bits = UInt64(bitPattern: value)
            return
                "\(String(bits >> 32, radix: 16, uppercase: true))/\(String(bits & 0xFFFF_FFFF, radix: 16, uppercase: true))"
        }
    }
#endif
