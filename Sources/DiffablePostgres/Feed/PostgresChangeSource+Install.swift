#if Postgres
    import DiffableStore
    import Logging
    import PostgresNIO

    /// What a feed puts in the database for a table it follows: the table in the publication that
    /// its slot decodes, and the statement trigger whose notification wakes the feeds.
    extension _PostgresChangeSource {
        /// Puts `table` in the publication and gives it the trigger that wakes the feeds, once,
        /// whichever server comes first (an advisory lock keeps two from doing it at once). The
        /// transaction waits at most ``installLockTimeout`` for a lock (a table another session
        /// holds), and fails then rather than hold every later read of the feed.
        func install(table: String, on connection: PostgresConnection) async throws(FetchedResultsError) {
            let logger = store.logger
            let (schema, name) = Self.split(table)
            let keys = try await Self.rows(
                connection,
                """
                SELECT a.attname, format_type(a.atttypid, a.atttypmod)
                FROM pg_index i
                JOIN pg_class c ON c.oid = i.indrelid
                JOIN pg_namespace n ON n.oid = c.relnamespace
                JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
                WHERE i.indisprimary AND n.nspname = \(schema) AND c.relname = \(name)
                """, logger: logger)
            let exists = try await Self.rows(
                connection,
                """
                SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = \(schema) AND c.relname = \(name) AND c.relkind IN ('r', 'p')
                """, logger: logger)
            guard !exists.isEmpty else {
                throw .database(
                    PostgresStoreError(
                        kind: .missingTable, message: "table \(table) does not exist", sqlState: "42P01"))
            }
            let keyTypes: [String]
            do { keyTypes = try keys.map { try $0.decode((String, String).self).1 } } catch {
                throw .read(error)
            }
            guard keyTypes.count == 1, ["bigint", "integer", "smallint"].contains(keyTypes[0]) else {
                throw .changeLogUnavailable(
                    table: table,
                    reason:
                        "PostgreSQL tables are followed by their primary key, which must be one integer column (bigint, integer or smallint); \(table)'s is \(keyTypes.isEmpty ? "missing" : keyTypes.joined(separator: ", "))"
                )
            }
            let trigger = "diffable_notify_\(name)"
            let qualified = "\(Self.quote(schema)).\(Self.quote(name))"
            let statements: [String] = [
                "BEGIN",
                "SET LOCAL lock_timeout = '\(Self.installLockTimeout.components.seconds)s'",
                "SELECT pg_advisory_xact_lock(hashtext('diffable_install'))",
                """
                CREATE OR REPLACE FUNCTION diffable_notify() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN PERFORM pg_notify('\(Self.channel)', ''); RETURN NULL; END $$
                """,
                """
                CREATE OR REPLACE TRIGGER \(Self.quote(trigger)) AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
                ON \(qualified) FOR EACH STATEMENT EXECUTE FUNCTION diffable_notify()
                """,
                """
                DO $$ BEGIN
                    IF NOT EXISTS (SELECT 1 FROM pg_publication WHERE pubname = '\(Self.publication)') THEN
                        CREATE PUBLICATION \(Self.publication) FOR TABLE \(qualified);
                    ELSIF NOT EXISTS (SELECT 1 FROM pg_publication_tables
                        WHERE pubname = '\(Self.publication)' AND schemaname = '\(schema)' AND tablename = '\(name)') THEN
                        ALTER PUBLICATION \(Self.publication) ADD TABLE \(qualified);
                    END IF;
                END $$
                """,
                "COMMIT",
            ]
            do throws(FetchedResultsError) {
                for statement in statements {
                    _ = try await Self.rows(connection, PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            } catch {
                _ = try? await Self.rows(connection, "ROLLBACK", logger: logger)
                let reason: String =
                    switch error {
                    case .database(let error): "\(error)"
                    default: "\(error)"
                    }
                throw .changeLogUnavailable(table: table, reason: reason)
            }
        }

        /// How long installing a table's trigger waits for a lock.
        static let installLockTimeout = Duration.seconds(5)

        /// `schema.table`, or `public` and the table.
        static func split(_ table: String) -> (schema: String, name: String) {
            let parts = table.split(separator: ".", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : ("public", table)
        }

        static func quote(_ identifier: String) -> String {
            "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }
#endif
