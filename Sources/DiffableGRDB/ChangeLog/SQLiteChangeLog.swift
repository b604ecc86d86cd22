#if GRDB
    import DiffableStore
    import Foundation
    public import GRDB

    /// The change log a SQLite database keeps for its `ChangeFeed`: a table of row changes, one
    /// row per row inserted, updated or deleted in a followed table, written by triggers in the
    /// same transaction as the change, so every writer is covered (this process, another one,
    /// the `sqlite3` shell) and a transaction that rolls back, or whose process is killed, leaves
    /// nothing in it.
    ///
    /// ```sql
    /// CREATE TABLE diffable_change(
    ///     position INTEGER PRIMARY KEY AUTOINCREMENT,  -- commit order: one writer at a time
    ///     tableName TEXT NOT NULL,                      -- lowercased
    ///     rowID INTEGER NOT NULL,
    ///     kind TEXT NOT NULL);                          -- insert, update or delete
    /// CREATE TABLE diffable_change_reader(
    ///     id TEXT PRIMARY KEY, position INTEGER NOT NULL, seenAt REAL NOT NULL);
    /// ```
    ///
    /// Positions come from `AUTOINCREMENT`: never reused, and, since SQLite has one writer at a
    /// time and a rolled-back transaction takes its positions with it, without gaps, in commit
    /// order. Each process that reads the log (each feed) keeps a row in `diffable_change_reader`
    /// with the position it has read up to, refreshed every few seconds; the log is trimmed up
    /// to the position of the reader furthest behind among those seen in the last minute. A
    /// reader that slept longer (its row expired, the log trimmed past it) sees that the log no
    /// longer reaches back to its position, and its controllers read everything once.
    ///
    /// The feed installs the triggers of a table the first time a controller follows it (or call
    /// ``install(for:in:)`` from a migration); a table that cannot have them (a view, a
    /// `WITHOUT ROWID` table, a read-only file) is a clear error naming what is missing.
    public enum SQLiteChangeLog {
        /// The log's table.
        public static let table = "diffable_change"
        /// The readers' table.
        public static let readerTable = "diffable_change_reader"

        /// How long a reader's row holds the log after it was last refreshed.
        static let readerLifetime: TimeInterval = 60

        /// The names of the triggers that log `table`'s changes.
        public static func triggerNames(for table: String) -> [String] {
            let name = table.lowercased()
            return ["insert", "update", "delete"].map { "\(Self.table)_\(name)_\($0)" }
        }

        /// Makes the log's tables and `table`'s triggers, where missing: call it from a migration
        /// to have them made with the schema rather than by the first controller.
        ///
        /// - Throws: SQLite's error, or `FetchedResultsError/changeLogUnavailable(table:reason:)`
        ///   when the table cannot be followed.
        public static func install(for table: String, in db: Database) throws {
            try requireRowIDTable(table, db)
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS \(Self.table)(
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        tableName TEXT NOT NULL,
                        rowID INTEGER NOT NULL,
                        kind TEXT NOT NULL);
                    CREATE TABLE IF NOT EXISTS \(readerTable)(
                        id TEXT PRIMARY KEY,
                        position INTEGER NOT NULL,
                        seenAt REAL NOT NULL);
                    """)
            let name = table.lowercased()
            let quoted = table.quotedDatabaseIdentifier
            let literal = name.replacingOccurrences(of: "'", with: "''")
            let names = triggerNames(for: table).map(\.quotedDatabaseIdentifier)
            try db.execute(
                sql: """
                    CREATE TRIGGER IF NOT EXISTS \(names[0]) AFTER INSERT ON \(quoted) BEGIN
                        INSERT INTO \(Self.table)(tableName, rowID, kind) VALUES ('\(literal)', new.rowid, 'insert');
                    END;
                    CREATE TRIGGER IF NOT EXISTS \(names[1]) AFTER UPDATE ON \(quoted) BEGIN
                        INSERT INTO \(Self.table)(tableName, rowID, kind)
                            SELECT '\(literal)', old.rowid, 'delete' WHERE old.rowid IS NOT new.rowid;
                        INSERT INTO \(Self.table)(tableName, rowID, kind) VALUES ('\(literal)', new.rowid, 'update');
                    END;
                    CREATE TRIGGER IF NOT EXISTS \(names[2]) AFTER DELETE ON \(quoted) BEGIN
                        INSERT INTO \(Self.table)(tableName, rowID, kind) VALUES ('\(literal)', old.rowid, 'delete');
                    END;
                    """)
        }

        /// Whether `table`'s triggers are all there.
        static func isInstalled(for table: String, in db: Database) throws -> Bool {
            let names = triggerNames(for: table)
            let found =
                try Int.fetchOne(
                    db,
                    sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?, ?)",
                    arguments: StatementArguments(names)) ?? 0
            return found == names.count
        }

        /// Traps nothing: throws a clear error unless `table` is a table with row ids.
        static func requireRowIDTable(_ table: String, _ db: Database) throws {
            let type = try String.fetchOne(
                db,
                sql:
                    "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')",
                arguments: [table])
            guard let type else {
                throw FetchedResultsError.changeLogUnavailable(table: table, reason: "there is no such table")
            }
            guard type == "table" else {
                throw FetchedResultsError.changeLogUnavailable(
                    table: table, reason: "it is a \(type); the feed follows the rows of tables")
            }
            do {
                _ = try db.makeStatement(sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier) LIMIT 0")
            } catch {
                throw FetchedResultsError.changeLogUnavailable(
                    table: table, reason: "it has no row ids (WITHOUT ROWID); the feed follows rows by row id"
                )
            }
        }

        /// The last position given out: the log's head (0 when it has never had a row).
        static func head(_ db: Database) throws -> Int64 {
            guard try db.tableExists(table) else { return 0 }
            return try Int64.fetchOne(
                db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
                ?? 0
        }

        /// The tables whose changes the log records, lowercased: those with the three triggers.
        static func loggedTables(_ db: Database) throws -> Set<String> {
            let prefix = "\(table)_"
            var counts: [String: Int] = [:]
            for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'")
            where name.hasPrefix(prefix) {
                for kind in ["_insert", "_update", "_delete"] where name.hasSuffix(kind) {
                    let table = String(name.dropFirst(prefix.count).dropLast(kind.count))
                    counts[table, default: 0] += 1
                }
            }
            return Set(counts.filter { $0.value == 3 }.keys)
        }

        /// Records that reader `id` has read up to `position`, forgets readers not seen for a
        /// minute, and trims the log up to the reader furthest behind, at most `chunk` rows at a
        /// time (a large trim holds the write lock in short steps).
        ///
        /// - Returns: Whether rows remain to trim.
        static func acknowledge(
            _ position: Int64, reader id: String, now: Date, chunk: Int64 = 50_000, _ db: Database
        ) throws -> Bool {
            guard try db.tableExists(readerTable) else { return false }
            let seconds = now.timeIntervalSince1970
            try db.execute(
                sql: """
                    INSERT INTO \(readerTable)(id, position, seenAt) VALUES (?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET position = excluded.position, seenAt = excluded.seenAt
                    """,
                arguments: [id, position, seconds])
            try db.execute(
                sql: "DELETE FROM \(readerTable) WHERE seenAt < ?", arguments: [seconds - readerLifetime])
            guard let lowest = try Int64.fetchOne(db, sql: "SELECT min(position) FROM \(readerTable)"),
                let oldest = try Int64.fetchOne(db, sql: "SELECT min(position) FROM \(table)")
            else { return false }
            let through = min(lowest, oldest + chunk - 1)
            guard through >= oldest else { return false }
            try db.execute(sql: "DELETE FROM \(table) WHERE position <= ?", arguments: [through])
            return through < lowest
        }

        /// Forgets reader `id`: its process no longer reads.
        static func forget(reader id: String, _ db: Database) throws {
            guard try db.tableExists(readerTable) else { return }
            try db.execute(sql: "DELETE FROM \(readerTable) WHERE id = ?", arguments: [id])
        }
    }
#endif
