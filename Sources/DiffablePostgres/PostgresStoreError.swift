#if Postgres
    import PostgresNIO

    /// Why PostgreSQL could not be used, with what to do about it: what a
    /// `FetchedResultsController` on a ``PostgresStore`` reports as `FetchedResultsError.database`.
    public struct PostgresStoreError: Error, Sendable, CustomStringConvertible {
        /// What went wrong, in kinds a caller can act on.
        public enum Kind: Sendable, Equatable {
            /// Nothing answered at the address: the server is down, or the host or port is wrong.
            case connectionRefused
            /// The server refused the user name or the password.
            case authenticationFailed
            /// The database named does not exist.
            case databaseMissing
            /// The server cannot decode its write-ahead log for the feed: `wal_level` is not
            /// `logical`, or no replication slot is free.
            case logicalDecodingUnavailable
            /// A table or column the request names does not exist.
            case missingTable
            /// The connection was lost while it was in use.
            case connectionLost
            /// The server did not answer within the deadline: stopped, overloaded, or behind a
            /// network that drops packets.
            case timedOut
            /// Any other refusal; the server's own message says what.
            case other
        }

        public var kind: Kind
        /// The server's (or the network's) message.
        public var message: String
        /// The server's SQLSTATE code, when it sent one.
        public var sqlState: String?

        public init(kind: Kind, message: String, sqlState: String? = nil) {
            self.kind = kind
            self.message = message
            self.sqlState = sqlState
        }

        /// What postgres-nio reported, sorted into a kind.
        init(_ error: any Error) {
            if let error = error as? PostgresStoreError {
                self = error
                return
            }
            guard let error = error as? PSQLError else {
                self.init(kind: .other, message: "\(error)")
                return
            }
            let state = error.serverInfo?[.sqlState]
            let message =
                error.serverInfo?[.message] ?? "\(error.underlying.map { "\($0)" } ?? "\(error.code)")"
            let kind: Kind =
                switch (error.code, state) {
                case (_, "28P01"?), (_, "28000"?): .authenticationFailed
                case (_, "3D000"?): .databaseMissing
                case (_, "42P01"?), (_, "42703"?), (_, "3F000"?): .missingTable
                case (_, "55000"?) where message.contains("wal_level"): .logicalDecodingUnavailable
                case (_, "53400"?): .logicalDecodingUnavailable  // all replication slots are in use
                case (.connectionError, _): .connectionRefused
                case (.serverClosedConnection, _), (.clientClosedConnection, _), (.uncleanShutdown, _):
                    .connectionLost
                default: .other
                }
            self.init(kind: kind, message: message, sqlState: state)
        }

        public var description: String {
            let fix: String? =
                switch kind {
                case .connectionRefused:
                    "is the server running, and are the host and port right? (pg_isready tells)"
                case .authenticationFailed: "check the user name and password, and pg_hba.conf"
                case .databaseMissing: "create the database (createdb) or fix its name"
                case .logicalDecodingUnavailable:
                    "the feed reads changes by logical decoding: set wal_level = logical (and max_replication_slots above the number of servers) in postgresql.conf, then restart PostgreSQL"
                case .missingTable: "create the table, or fix the name the request gives"
                case .connectionLost: "the feed reconnects by itself and reads everything once"
                case .timedOut:
                    "the feed tries again at its next poll and catches up once the server answers"
                case .other: nil
                }
            return fix.map { "PostgreSQL: \(message) — \($0)" } ?? "PostgreSQL: \(message)"
        }
    }
#endif
