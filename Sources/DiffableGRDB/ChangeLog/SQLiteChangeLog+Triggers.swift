#if GRDB
    import DiffableStore
    import GRDB

    extension SQLiteChangeLog {
        /// What the triggers of a table must know of it: whether it has row ids, its key, its
        /// columns and its unique constraints.
        struct TableShape {
            /// The table's name as the schema spells it.
            var name: String
            var hasRowID: Bool
            /// The columns, lowercased, and their names as the schema spells them.
            var columns: Set<String>
            var spelling: [String: String]
            /// The primary key's columns, lowercased, in order, for a table without row ids;
            /// empty for a rowid table (its changes are named by rowid).
            var keyColumns: [String]
            /// Each unique constraint a `REPLACE` can delete a row on: its columns and their
            /// collations. The rowid (an `INTEGER PRIMARY KEY`) is one, with no collation.
            var uniqueConstraints: [[(column: String, collation: String?)]]

            /// The shape of `table`, or a clear error when it cannot be followed.
            init(_ table: String, _ db: Database) throws {
                let row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT type, name, sql FROM sqlite_master WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')",
                    arguments: [table])
                guard let row else {
                    throw FetchedResultsError.changeLogUnavailable(
                        table: table, reason: "there is no such table")
                }
                let type: String = row["type"]
                name = row["name"]
                let sql: String = row["sql"] ?? ""
                guard type == "table" else {
                    throw FetchedResultsError.changeLogUnavailable(
                        table: table,
                        reason:
                            "it is a view; a request that reads it follows the tables it reads, but its rows cannot be listed: list the rows of its table, with its condition as the filter"
                    )
                }
                guard !isVirtualTable(sql: sql) else {
                    throw FetchedResultsError.changeLogUnavailable(
                        table: table,
                        reason:
                            "it is a virtual table, which has no triggers; a full-text table is followed through its content table"
                    )
                }
                hasRowID =
                    (try? db.makeStatement(sql: "SELECT rowid FROM \(name.quotedDatabaseIdentifier) LIMIT 0"))
                    != nil
                let info = try Row.fetchAll(db, sql: "PRAGMA table_info(\(name.quotedDatabaseIdentifier))")
                spelling = [:]
                var key: [(Int, String)] = []
                for column in info {
                    let spelled: String = column["name"]
                    spelling[spelled.lowercased()] = spelled
                    let position: Int = column["pk"]
                    if position > 0 { key.append((position, spelled)) }
                }
                columns = Set(spelling.keys)
                keyColumns = hasRowID ? [] : key.sorted { $0.0 < $1.0 }.map { $0.1.lowercased() }
                uniqueConstraints = []
                if hasRowID, key.count == 1,
                    let type = info.first(where: { ($0["name"] as String) == key[0].1 })?["type"] as String?,
                    type.uppercased() == "INTEGER"
                {
                    uniqueConstraints.append([("rowid", nil)])
                }
                for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\(name.quotedDatabaseIdentifier))")
                where (index["unique"] as Int) == 1 {
                    let indexName: String = index["name"]
                    var constraint: [(column: String, collation: String?)] = []
                    var expressible = true
                    for column in try Row.fetchAll(
                        db, sql: "PRAGMA index_xinfo(\(indexName.quotedDatabaseIdentifier))")
                    where (column["key"] as Int) == 1 {
                        // An expression (-2) cannot be compared from a trigger; its conflicts are
                        // not seen (Store.md says so).
                        guard let spelled = column["name"] as String?, (column["cid"] as Int) >= 0 else {
                            expressible = false
                            break
                        }
                        constraint.append((spelled, column["coll"]))
                    }
                    if expressible, !constraint.isEmpty { uniqueConstraints.append(constraint) }
                }
            }

            /// The spellings of `wanted` (lowercased), in a stable order.
            func columns(_ wanted: Set<String>) -> [String] {
                wanted.sorted().map { $0 == "rowid" ? "rowid" : spelling[$0] ?? $0 }
            }
        }

        /// The triggers that log a table's changes, with the values of `columns`.
        static func triggers(for shape: TableShape, columns: [String]) -> String {
            let names = triggerNames(for: shape.name).map(\.quotedDatabaseIdentifier)
            let table = shape.name.quotedDatabaseIdentifier
            let literal = "'" + shape.name.lowercased().replacingOccurrences(of: "'", with: "''") + "'"
            func rowID(_ row: String) -> String { shape.hasRowID ? "\(row).rowid" : "0" }
            func values(_ row: String) -> String { _SQLiteLiteralList.expression(columns: columns, of: row) }
            let log = "INSERT INTO \(Self.table)(tableName, rowID, kind, oldValues, newValues)"
            // A rowid table's update that changes the rowid is also logged as the old rowid's
            // delete, as earlier versions did, so that their readers see it.
            let movedRowID =
                shape.hasRowID
                ? "\(log) SELECT \(literal), old.rowid, 'delete', \(values("old")), NULL WHERE old.rowid IS NOT new.rowid;"
                : ""
            // The rows a REPLACE deletes: those other than the row itself that share a unique
            // constraint's values with the new row.
            let conflicts = shape.uniqueConstraints.map { constraint -> String in
                let equalities = constraint.map { column, collation -> String in
                    let existing =
                        column == "rowid" ? "\(table).rowid" : "\(table).\(column.quotedDatabaseIdentifier)"
                    let new = column == "rowid" ? "new.rowid" : "new.\(column.quotedDatabaseIdentifier)"
                    return "\(existing) = \(new)" + (collation.map { " COLLATE \($0)" } ?? "")
                }
                return "(" + equalities.joined(separator: " AND ") + ")"
            }
            let conflict = conflicts.isEmpty ? "0" : conflicts.joined(separator: " OR ")
            let notSelf =
                shape.hasRowID
                ? "\(table).rowid IS NOT old.rowid"
                : "NOT ("
                    + shape.keyColumns.map { key -> String in
                        let column = (shape.spelling[key] ?? key).quotedDatabaseIdentifier
                        return "\(table).\(column) IS old.\(column)"
                    }.joined(separator: " AND ") + ")"
            let replaced =
                "\(log) SELECT \(literal), \(rowID(table)), 'delete', \(values(table)), NULL FROM \(table)"
            return """
                CREATE TRIGGER \(names[0]) AFTER INSERT ON \(table) BEGIN
                    \(log) VALUES (\(literal), \(rowID("new")), 'insert', NULL, \(values("new")));
                END;
                CREATE TRIGGER \(names[1]) AFTER UPDATE ON \(table) BEGIN
                    \(movedRowID)
                    \(log) VALUES (\(literal), \(rowID("new")), 'update', \(values("old")), \(values("new")));
                END;
                CREATE TRIGGER \(names[2]) AFTER DELETE ON \(table) BEGIN
                    \(log) VALUES (\(literal), \(rowID("old")), 'delete', \(values("old")), NULL);
                END;
                CREATE TRIGGER \(names[3]) BEFORE INSERT ON \(table) WHEN \(conflicts.isEmpty ? "0" : "1") BEGIN
                    \(replaced) WHERE \(conflict);
                END;
                CREATE TRIGGER \(names[4]) BEFORE UPDATE ON \(table) WHEN \(conflicts.isEmpty ? "0" : "1") BEGIN
                    \(replaced) WHERE (\(conflict)) AND \(notSelf);
                END;
                """
        }
    }
#endif
