#if Postgres
    import DiffableStore
    import Logging
    import PostgresNIO
    import Synchronization

    /// Queries run on a feed's queue, waiting for their answers there (no Swift task waits).
    extension _PostgresChangeSource {
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
            do {
                _ = try connection.query(query, logger: logger) { row in try body(row) }.wait()
            } catch let error as FetchedResultsError {
                throw error
            } catch {
                throw .database(PostgresStoreError(error))
            }
        }
    }
#endif
