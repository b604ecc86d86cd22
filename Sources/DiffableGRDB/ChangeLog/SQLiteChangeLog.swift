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
    ///     rowID INTEGER NOT NULL,                       -- 0 for a WITHOUT ROWID table
    ///     kind TEXT NOT NULL,                           -- insert, update or delete
    ///     oldValues TEXT,                               -- 'column',value,… before the change
    ///     newValues TEXT);                              -- and after it
    /// CREATE TABLE diffable_change_reader(
    ///     id TEXT PRIMARY KEY, position INTEGER NOT NULL, seenAt REAL NOT NULL);
    /// CREATE TABLE diffable_change_table(
    ///     tableName TEXT PRIMARY KEY, keyColumns TEXT NOT NULL, columns TEXT NOT NULL,
    ///     version INTEGER NOT NULL);
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
    /// A change records the values, before and after it, of the columns requests need to find
    /// the rows it leads to (a membership table's `recipeId`; the key of a `WITHOUT ROWID`
    /// table), as `diffable_change_table` lists them. A row that `INSERT OR REPLACE` (or
    /// `UPDATE OR REPLACE`) deletes on a conflict fires no delete trigger (SQLite fires them
    /// only with `recursive_triggers`), so a trigger before each insert and update logs the rows
    /// that conflict with the new values, as deleted: a statement that fails on the conflict
    /// takes that row back with it, and one that ignores it costs a read of a row that did not
    /// change.
    ///
    /// The feed installs the triggers of a table the first time a controller follows it (or call
    /// ``install(for:columns:in:)`` from a migration), and installs them again, in place, when a
    /// request needs more columns or the triggers are an earlier version's (which recorded row
    /// ids only: a process of that version reads the new rows as it read its own). A table that
    /// cannot have them (a view, a virtual table, a read-only file) is a clear error naming what
    /// is missing.
    public enum SQLiteChangeLog {
        /// The log's table.
        public static let table = "diffable_change"
        /// The readers' table.
        public static let readerTable = "diffable_change_reader"
        /// The followed tables: which columns each one's changes record.
        public static let tablesTable = "diffable_change_table"
        /// The version of the triggers this library makes; earlier ones are made again.
        static let triggerVersion = 2

        /// How long a reader's row holds the log after it was last refreshed.
        static let readerLifetime: TimeInterval = 60

        /// The names of the triggers that log `table`'s changes: after each insert, update and
        /// delete, and before each insert and update (the rows a `REPLACE` deletes).
        public static func triggerNames(for table: String) -> [String] {
            let name = table.lowercased()
            return ["insert", "update", "delete", "replacedbyinsert", "replacedbyupdate"].map {
                "\(Self.table)_\(name)_\($0)"
            }
        }

        /// Makes the log's tables and `table`'s triggers, where missing or an earlier version's:
        /// call it from a migration to have them made with the schema rather than by the first
        /// controller.
        ///
        /// - Parameters:
        ///   - table: A table (with or without row ids).
        ///   - columns: Columns whose values before and after each change the log records, as
        ///     well as those it records already.
        ///   - db: A connection in a write transaction (a migration's).
        /// - Throws: SQLite's error, or `FetchedResultsError/changeLogUnavailable(table:reason:)`
        ///   when the table cannot be followed.
        public static func install(for table: String, columns: Set<String> = [], in db: Database) throws {
            let shape = try TableShape(table, db)
            let unknown = columns.map { $0.lowercased() }.filter {
                !shape.columns.contains($0) && !(shape.hasRowID && $0 == "rowid")
            }
            guard unknown.isEmpty else {
                throw FetchedResultsError.changeLogUnavailable(
                    table: table, reason: "it has no column \(unknown.sorted().joined(separator: ", "))")
            }
            if try isCurrent(for: table, columns: columns, in: db) { return }
            try makeLogTables(db)
            let name = table.lowercased()
            let wanted = Set(columns.map { $0.lowercased() }).union(shape.keyColumns).union(
                try installedColumns(of: name, db)?.columns ?? [])
            for trigger in triggerNames(for: table) {
                try db.execute(sql: "DROP TRIGGER IF EXISTS \(trigger.quotedDatabaseIdentifier)")
            }
            try db.execute(sql: triggers(for: shape, columns: shape.columns(wanted)))
            try db.execute(
                sql: """
                    INSERT INTO \(tablesTable)(tableName, keyColumns, columns, version) VALUES (?, ?, ?, ?)
                    ON CONFLICT(tableName) DO UPDATE SET
                        keyColumns = excluded.keyColumns, columns = excluded.columns, version = excluded.version
                    """,
                arguments: [
                    name, _SQLiteLiteralList.text(shape.keyColumns), _SQLiteLiteralList.text(wanted.sorted()),
                    triggerVersion,
                ])
        }

        /// Makes the log's tables, and brings a log an earlier version made up to date.
        private static func makeLogTables(_ db: Database) throws {
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS \(Self.table)(
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        tableName TEXT NOT NULL,
                        rowID INTEGER NOT NULL,
                        kind TEXT NOT NULL,
                        oldValues TEXT,
                        newValues TEXT);
                    CREATE TABLE IF NOT EXISTS \(readerTable)(
                        id TEXT PRIMARY KEY,
                        position INTEGER NOT NULL,
                        seenAt REAL NOT NULL);
                    CREATE TABLE IF NOT EXISTS \(tablesTable)(
                        tableName TEXT PRIMARY KEY,
                        keyColumns TEXT NOT NULL,
                        columns TEXT NOT NULL,
                        version INTEGER NOT NULL);
                    """)
            if try !hasValueColumns(db) {
                try db.execute(sql: "ALTER TABLE \(Self.table) ADD COLUMN oldValues TEXT")
                try db.execute(sql: "ALTER TABLE \(Self.table) ADD COLUMN newValues TEXT")
            }
        }

        /// Whether the log records values (an earlier version's log does not).
        static func hasValueColumns(_ db: Database) throws -> Bool {
            try Row.fetchAll(db, sql: "PRAGMA table_info(\(Self.table))").contains { row in
                (row["name"] as String?)?.lowercased() == "newvalues"
            }
        }

        /// The columns `table`'s changes record, and the version of its triggers; `nil` when
        /// this version never installed them.
        static func installedColumns(of table: String, _ db: Database) throws -> (
            columns: Set<String>, version: Int
        )? {
            guard try db.tableExists(tablesTable),
                let row = try Row.fetchOne(
                    db, sql: "SELECT columns, version FROM \(tablesTable) WHERE tableName = ?",
                    arguments: [table])
            else { return nil }
            return (Set(_SQLiteLiteralList.names(row[0]) ?? []), row[1])
        }

        /// The key columns of each followed table without row ids, lowercased, by table.
        static func keyColumns(_ db: Database) throws -> [String: [String]] {
            guard try db.tableExists(tablesTable) else { return [:] }
            var keys: [String: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT tableName, keyColumns FROM \(tablesTable)") {
                let names = _SQLiteLiteralList.names(row[1]) ?? []
                if !names.isEmpty { keys[row[0]] = names }
            }
            return keys
        }

        /// Whether `table`'s triggers are all there, this version's, and record `columns`.
        static func isCurrent(for table: String, columns: Set<String>, in db: Database) throws -> Bool {
            guard let installed = try installedColumns(of: table.lowercased(), db),
                installed.version == triggerVersion,
                installed.columns.isSuperset(of: columns.map { $0.lowercased() })
            else { return false }
            return try isInstalled(for: table, in: db)
        }

        /// Whether a table's `CREATE` statement makes a virtual table (full-text, R*Tree…), which
        /// has no triggers.
        static func isVirtualTable(sql: String) -> Bool {
            sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE")
        }

        /// A `CREATE VIRTUAL TABLE` statement's module, its `key=value` options (unquoted) and its
        /// other arguments (the columns).
        static func virtualTableArguments(_ sql: String) -> (
            module: String, options: [String: String], columns: [String]
        ) {
            guard let using = sql.range(of: "USING", options: .caseInsensitive),
                let open = sql[using.upperBound...].firstIndex(of: "("),
                let close = sql.lastIndex(of: ")")
            else { return ("", [:], []) }
            let module = sql[using.upperBound..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            var options: [String: String] = [:]
            var columns: [String] = []
            // Arguments are separated by commas outside quotes.
            var arguments: [String] = []
            var current = ""
            var quote: Character?
            for character in sql[sql.index(after: open)..<close] {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "'" || character == "\"" || character == "`" {
                    quote = character
                } else if character == "," {
                    arguments.append(current)
                    current = ""
                    continue
                }
                current.append(character)
            }
            arguments.append(current)
            for argument in arguments {
                let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
                if let equals = trimmed.firstIndex(of: "=") {
                    let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                    var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                    if let first = value.first, ["'", "\"", "`"].contains(first), value.count >= 2 {
                        value = String(value.dropFirst().dropLast())
                    }
                    options[key] = value
                } else if let name = trimmed.split(separator: " ").first {
                    columns.append(String(name).trimmingCharacters(in: CharacterSet(charactersIn: "\"'`")))
                }
            }
            return (module, options, columns)
        }

        /// Whether `table`'s triggers are all there.
        static func isInstalled(for table: String, in db: Database) throws -> Bool {
            let names = triggerNames(for: table)
            let found =
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?, ?, ?, ?)",
                    arguments: StatementArguments(names)) ?? 0
            return found == names.count
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
        /// minute, and trims the log up to the reader furthest behind, at most `chunk` positions at
        /// a time: each step holds the write lock and the app's writes wait behind it, so steps
        /// stay short (a millisecond or two) even when a bulk import left millions to trim.
        ///
        /// - Returns: Whether rows remain to trim.
        static func acknowledge(
            _ position: Int64, reader id: String, now: Date, chunk: Int64 = 5_000, _ db: Database
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
