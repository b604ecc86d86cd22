#if Postgres
    import DiffableStore
    import Dispatch
    import Logging
    import PostgresNIO
    import Synchronization

    /// Queries run on a feed's queue, waiting for their answers there (no Swift task waits).
    extension _PostgresChangeSource {
        /// How long a query of the feed may go unanswered before its connection is taken as lost:
        /// a wait that never ends would stop every page (a read's answer once never arrived,
        /// with the server idle). Far longer than any read takes, a first million rows included.
        static let queryDeadline: DispatchTimeInterval = .seconds(60)

        /// Runs a query and waits for the text in its first column of its first row.
        static func string(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger)
            throws(FetchedResultsError) -> String?
        {
            do {
                return try rows(connection, query, logger: logger).first?.decode(String.self)
            } catch let error as FetchedResultsError {
                throw error
            } catch {
                throw .read(error)
            }
        }

        /// Runs a query and waits for its rows.
        static func rows(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger)
            throws(FetchedResultsError) -> [PostgresRow]
        {
            let collected = Mutex<[PostgresRow]>([])
            try forEachRow(connection, query, logger: logger) { row in collected.withLock { $0.append(row) } }
            return collected.withLock { $0 }
        }

        /// Runs a query, hands `body` each row as it comes (on the connection's event loop), and
        /// waits for the last: taking rows as they come overlaps reading them with the server's
        /// sending (postgres-nio's collecting path took ten times as long for a million rows).
        static func forEachRow(
            _ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger,
            _ body: @escaping @Sendable (PostgresRow) throws(FetchedResultsError) -> Void
        ) throws(FetchedResultsError) {
            let answer = connection.query(query, logger: logger) { row in try body(row) }
            let answered = DispatchSemaphore(value: 0)
            answer.whenComplete { _ in answered.signal() }
            guard answered.wait(timeout: .now() + queryDeadline) == .success else {
                // The session is dropped on this error; closing makes sure nothing waits on it.
                connection.close().whenComplete { _ in }
                throw .database(
                    PostgresStoreError(
                        kind: .connectionLost, message: "no answer from PostgreSQL in \(queryDeadline)"))
            }
            do {
                _ = try answer.wait()
            } catch let error as FetchedResultsError {
                throw error
            } catch {
                throw .database(PostgresStoreError(error))
            }
        }
    }
#endif
