#if Postgres
    import Diffable
    import DiffableStore
    import Logging
    import PostgresNIO

    /// The feed's queries: async, each awaited without holding a thread. Their deadline is the
    /// feed's, for the use of the connection they belong to (a read, a poll, an install); the
    /// server stops on its own at `statement_timeout`.
    extension _PostgresChangeSource {
        /// Runs a query and returns the text in its first column of its first row.
        static func string(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger)
            async throws(FetchedResultsError) -> String?
        {
            do {
                return try await rows(connection, query, logger: logger).first?.decode(String.self)
            } catch let error as FetchedResultsError {
                throw error
            } catch {
                throw .read(error)
            }
        }

        /// Runs a query and returns its rows.
        static func rows(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger)
            async throws(FetchedResultsError) -> [PostgresRow]
        {
            let collected = _Lock<[PostgresRow]>([])
            try await forEachRow(connection, query, logger: logger) { row in
                collected.withLock { $0.append(row) }
            }
            return collected.withLock { $0 }
        }

        /// Runs a query and hands `body` each row as it comes (on the connection's event loop):
        /// taking rows as they come overlaps reading them with the server's sending (postgres-nio's
        /// async row sequence took ten times as long for a million rows).
        ///
        /// A query written to a connection that has just closed is never answered by
        /// postgres-nio (it reaches no handler), so each query also ends when its connection
        /// closes: a server restarted under the feed, or the feed closing it at a deadline.
        static func forEachRow(
            _ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger,
            _ body: @escaping @Sendable (PostgresRow) throws(FetchedResultsError) -> Void
        ) async throws(FetchedResultsError) {
            let closed = FetchedResultsError.database(
                PostgresStoreError(kind: .connectionLost, message: "the connection closed"))
            guard !connection.isClosed else { throw closed }
            let answer = connection.query(query, logger: logger) { row in try body(row) }
            let outcome: Result<Void, any Error> = await withCheckedContinuation { continuation in
                let answered = _Lock(false)
                @Sendable func finish(_ outcome: Result<Void, any Error>) {
                    let first = answered.withLock { answered in
                        defer { answered = true }
                        return !answered
                    }
                    if first { continuation.resume(returning: outcome) }
                }
                answer.whenComplete { result in finish(result.map { _ in }) }
                // After the close, on the connection's loop: a query the connection had has
                // failed by then with the server's own error.
                connection.closeFuture.whenComplete { _ in
                    connection.eventLoop.execute { finish(.failure(closed)) }
                }
            }
            switch outcome {
            case .success: return
            case .failure(let error as FetchedResultsError): throw error
            case .failure(let error): throw .database(PostgresStoreError(error))
            }
        }
    }

    extension PostgresStore {
        /// A connection of the store's own (the feed's), with ``Configuration/connectTimeout``
        /// as its deadline and the feed's `statement_timeout` on the server.
        func connect(id: Int) async throws(FetchedResultsError) -> PostgresConnection {
            let configuration = configuration
            let logger = logger
            return try await _withDeadline(configuration.connectTimeout, "connecting to PostgreSQL") {
                () async throws(FetchedResultsError) in
                let connection: PostgresConnection
                do {
                    connection = try await PostgresConnection.connect(
                        configuration: configuration.connection, id: id, logger: logger)
                } catch {
                    throw .database(PostgresStoreError(error))
                }
                // Given up on meanwhile: a connection no one will use must not stay open.
                if Task.isCancelled {
                    _PostgresChangeSource.close(connection)
                    throw .cancelled
                }
                return connection
            }
        }
    }
#endif
