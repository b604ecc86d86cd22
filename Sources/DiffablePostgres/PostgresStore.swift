#if Postgres
    import DiffableStore
    import Foundation
    public import Logging
    public import PostgresNIO
    import Synchronization

    /// A PostgreSQL database that live queries follow: where to connect, a pool of connections
    /// for the app's own reads and writes (``client``), and the database's one ``ChangeFeed`` in
    /// this process.
    ///
    /// ```swift
    /// let store = try PostgresStore(url: "postgres://app:secret@db.internal/recipes")
    /// try await store.write { connection in
    ///     try await connection.query("UPDATE recipe SET is_favorite = true WHERE id = \(id)", logger: store.logger)
    /// }
    /// ```
    ///
    /// Writes made through ``write(isolation:_:)`` reach this process's controllers as soon as they commit;
    /// writes from anywhere else (another server, `psql`) arrive through logical decoding.
    public final class PostgresStore: Sendable {
        /// Where the database is, and who connects.
        public struct Configuration: Sendable, Equatable {
            public var host: String
            public var port: Int
            public var username: String
            public var password: String?
            public var database: String?
            /// How long opening a connection may take, the server's handshake included.
            public var connectTimeout: Duration
            /// How long the server runs one statement of the store's connections before it stops
            /// it (PostgreSQL's `statement_timeout`): the server's side of every deadline. The
            /// client's side is the change feed's `ChangeFeed/timeout` and the record caches'.
            public var statementTimeout: Duration

            public init(
                host: String, port: Int = 5432, username: String, password: String? = nil,
                database: String? = nil, connectTimeout: Duration = .seconds(10),
                statementTimeout: Duration = .seconds(30)
            ) {
                self.host = host
                self.port = port
                self.username = username
                self.password = password
                self.database = database
                self.connectTimeout = connectTimeout
                self.statementTimeout = statementTimeout
            }

            /// A `postgres://user:password@host:port/database` URL (or `postgresql://`), with
            /// libpq's `?connect_timeout=` (seconds) if the connect deadline is not ten seconds.
            ///
            /// - Throws: ``PostgresStoreError`` of kind `other` naming what is missing or not
            ///   supported.
            public init(url: String) throws(PostgresStoreError) {
                guard let components = URLComponents(string: url),
                    components.scheme == "postgres" || components.scheme == "postgresql"
                else {
                    throw PostgresStoreError(
                        kind: .other,
                        message: "\(url) is not a postgres://user:password@host:port/database URL")
                }
                guard let host = components.host, !host.isEmpty else {
                    throw PostgresStoreError(kind: .other, message: "\(url) names no host")
                }
                let database =
                    components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
                self.init(
                    host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
                    password: components.password, database: database.isEmpty ? nil : database)
                // libpq's parameter for the connect deadline, in seconds; any other is refused rather
                // than ignored (an ignored `sslmode=require` would connect in the clear).
                for parameter in components.queryItems ?? [] {
                    guard parameter.name == "connect_timeout" else {
                        throw PostgresStoreError(
                            kind: .other,
                            message:
                                "\(url): the parameter \(parameter.name) is not supported (only connect_timeout)"
                        )
                    }
                    guard let seconds = parameter.value.flatMap({ Int($0) }), seconds > 0 else {
                        throw PostgresStoreError(
                            kind: .other,
                            message: "\(url): connect_timeout must be a whole number of seconds above 0")
                    }
                    connectTimeout = .seconds(seconds)
                }
            }

            /// The configuration of one connection, without TLS (a database on a private network).
            var connection: PostgresConnection.Configuration {
                var configuration = PostgresConnection.Configuration(
                    host: host, port: port, username: username, password: password, database: database,
                    tls: .disable)
                configuration.options.connectTimeout = .milliseconds(connectTimeout.milliseconds)
                configuration.options.additionalStartupParameters = startupParameters
                return configuration
            }

            /// What every connection of the store sets when it starts.
            var startupParameters: [(String, String)] {
                [("statement_timeout", "\(statementTimeout.milliseconds)")]
            }
        }

        public let configuration: Configuration
        /// A pool of connections for the app's own queries.
        public let client: PostgresClient
        /// Where the store's connections log.
        public let logger: Logger
        private let runner: Task<Void, Never>

        /// A store of the database at `configuration`; connects when first used.
        public init(configuration: Configuration, logger: Logger = Logger(label: "diffable.postgres")) {
            self.configuration = configuration
            self.logger = logger
            var options = PostgresClient.Configuration(
                host: configuration.host, port: configuration.port, username: configuration.username,
                password: configuration.password, database: configuration.database, tls: .disable)
            options.options.connectTimeout = configuration.connectTimeout
            options.options.additionalStartupParameters = configuration.startupParameters
            let client = PostgresClient(configuration: options, backgroundLogger: logger)
            self.client = client
            // Started at once, so that a first query does not find the pool not yet running.
            runner = Task.immediate { await client.run() }
        }

        /// A store of the database at a `postgres://` URL.
        public convenience init(url: String, logger: Logger = Logger(label: "diffable.postgres"))
            throws(PostgresStoreError)
        {
            self.init(configuration: try Configuration(url: url), logger: logger)
        }

        deinit {
            runner.cancel()
        }

        /// Opens one connection and closes it, so that a server that is down, a wrong password or a
        /// missing database is an error now, saying what to fix, rather than the pool's retries
        /// for a minute before its first query fails.
        ///
        /// - Throws: ``PostgresStoreError``.
        public func checkConnection() async throws(PostgresStoreError) {
            do {
                _PostgresChangeSource.close(try await connect(id: 0))
            } catch {
                switch error {
                case .database(let error as PostgresStoreError): throw error
                case .timedOut: throw PostgresStoreError(kind: .timedOut, message: "\(error)")
                default: throw PostgresStoreError(kind: .other, message: "\(error)")
                }
            }
        }

        /// Runs `body` on one of the pool's connections, for the app's own reads, with a deadline:
        /// the caller hears ``PostgresStoreError/Kind/timedOut`` once
        /// ``Configuration/statementTimeout`` (and a second for the server's own error to arrive
        /// first) has passed, even when the server has stopped answering.
        ///
        /// ```swift
        /// let title = try await store.read { connection in
        ///     try await connection.query("SELECT title FROM recipe WHERE id = \(id)", logger: store.logger)
        ///         .collect().first?.decode(String.self)
        /// }
        /// ```
        ///
        /// - Throws: ``PostgresStoreError``, or what `body` throws.
        public func read<Result: Sendable>(
            _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
        ) async throws -> Result {
            let client = client
            let outcome: Swift.Result<Result, any Error>
            do {
                outcome = try await _withDeadline(configuration.statementTimeout + .seconds(1), "a read") {
                    () async throws(FetchedResultsError) -> Swift.Result<Result, any Error> in
                    do {
                        return .success(try await client.withConnection { try await body($0) })
                    } catch {
                        return .failure(error)
                    }
                }
            } catch .cancelled {
                throw CancellationError()
            } catch {
                throw PostgresStoreError(kind: .timedOut, message: "\(error)")
            }
            do { return try outcome.get() } catch let error as PSQLError { throw PostgresStoreError(error) }
        }

        /// Runs `body` in a transaction on one of the pool's connections; once it commits, this
        /// process's controllers read the change at once, before any notification comes back.
        ///
        /// - Throws: ``PostgresStoreError``, or what `body` throws; the transaction is then
        ///   rolled back.
        public func write<Result>(
            isolation: isolated (any Actor)? = #isolation,
            _ body: (PostgresConnection) async throws -> sending Result
        ) async throws -> sending Result {
            let result: Result
            do {
                result = try await client.withTransaction(logger: logger, isolation: isolation, body)
            } catch let error as PostgresTransactionError {
                throw error.closureError
                    ?? PostgresStoreError(
                        error.beginError ?? error.commitError ?? error.rollbackError ?? error)
            } catch let error as PSQLError {
                throw PostgresStoreError(error)
            }
            _FeedRegistry.feed(for: self)?.wake()
            return result
        }
    }

    extension Duration {
        /// The duration in whole milliseconds, rounded down.
        var milliseconds: Int64 {
            components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        }
    }
#endif
