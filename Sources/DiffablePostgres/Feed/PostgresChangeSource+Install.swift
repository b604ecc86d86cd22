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
        ///
        /// A change names its row by the table's primary key, of any types; a table without one,
        /// or whose changes must carry the old values of `columns` outside its key (a key path
        /// from a column that is not the key), gets `REPLICA IDENTITY FULL`, so that the log
        /// keeps each changed row's old values (and PostgreSQL lets a published table without a
        /// key be updated). A partitioned table is published as its root.
        ///
        /// - Returns: The primary key's columns, lowercased (none for a table without one).
        @discardableResult
        func install(table: String, columns: Set<String>, on connection: PostgresConnection)
            async throws(FetchedResultsError) -> [String]
        {
            let logger = store.logger
            let (schema, name) = Self.split(table)
            let described = try await Self.rows(
                connection,
                """
                SELECT c.relkind::text, c.relreplident::text,
                    coalesce((SELECT array_agg(lower(a.attname)::text) FROM pg_index i
                        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
                        WHERE i.indrelid = c.oid AND i.indisprimary), '{}'),
                    (SELECT array_agg(lower(a.attname)::text) FROM pg_attribute a
                        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = \(schema) AND c.relname = \(name)
                """, logger: logger)
            guard let row = described.first else {
                throw .database(
                    PostgresStoreError(
                        kind: .missingTable, message: "table \(table) does not exist", sqlState: "42P01"))
            }
            let (kind, identity, keys, allColumns): (String, String, [String], [String])
            do {
                (kind, identity, keys, allColumns) = try row.decode((String, String, [String], [String]).self)
            } catch {
                throw .read(error)
            }
            guard kind == "r" || kind == "p" else {
                throw .changeLogUnavailable(
                    table: table,
                    reason: kind == "v" || kind == "m"
                        ? "it is a view; a request that reads it follows the tables it reads, but its rows cannot be listed: list the rows of its table, with its condition as the filter"
                        : "it is not a table (relkind \(kind))")
            }
            let unknown = columns.subtracting(allColumns)
            guard unknown.isEmpty else {
                throw .changeLogUnavailable(
                    table: table, reason: "it has no column \(unknown.sorted().joined(separator: ", "))")
            }
            let needsFullIdentity = identity != "f" && (keys.isEmpty || !columns.isSubset(of: keys))
            let trigger = "diffable_notify_\(name)"
            let qualified = "\(Self.quote(schema)).\(Self.quote(name))"
            let statements: [String?] = [
                "BEGIN",
                "SET LOCAL lock_timeout = '\(Self.installLockTimeout.components.seconds)s'",
                "SELECT pg_advisory_xact_lock(hashtext('diffable_install'))",
                needsFullIdentity ? "ALTER TABLE \(qualified) REPLICA IDENTITY FULL" : nil,
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
                        CREATE PUBLICATION \(Self.publication) FOR TABLE \(qualified)
                            WITH (publish_via_partition_root = true);
                    ELSIF NOT EXISTS (SELECT 1 FROM pg_publication_tables
                        WHERE pubname = '\(Self.publication)' AND schemaname = '\(schema)' AND tablename = '\(name)') THEN
                        ALTER PUBLICATION \(Self.publication) ADD TABLE \(qualified);
                    END IF;
                END $$
                """,
                kind == "p"
                    ? "ALTER PUBLICATION \(Self.publication) SET (publish_via_partition_root = true)" : nil,
                "COMMIT",
            ]
            do throws(FetchedResultsError) {
                for statement in statements.compactMap(\.self) {
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
            return keys
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
