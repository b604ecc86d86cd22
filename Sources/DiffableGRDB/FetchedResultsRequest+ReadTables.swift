#if GRDB
    import DiffableStore
    import Foundation
    import GRDB

    /// Which tables a request reads, as SQLite says (its authorizer, through GRDB's
    /// `DatabaseRegion`), and which listed rows a change to one of them leads to.
    extension FetchedResultsRequest {
        package func readTables(_ reader: any _FeedReader) async throws(FetchedResultsError) -> [_ReadTable] {
            try await Self.reader(reader).read(exact: false) { db in try self.readTables(db) }
        }

        package func rowIDs(_ reader: any _FeedReader, ledBy leads: [_Lead], limit: Int)
            async throws(FetchedResultsError) -> Set<Int64>
        {
            try await Self.reader(reader).read(exact: true) { db in
                try self.rowIDs(db, ledBy: leads, limit: limit)
            }
        }

        /// The tables the request's SQL reads besides its own, each with its key paths.
        ///
        /// A view is followed through the tables it reads (SQLite reports them too); a full-text
        /// table through its content table (it has no triggers): its `rowid` is the content
        /// table's `content_rowid`.
        ///
        /// - Throws: ``FetchedResultsError/changeLogUnavailable(table:reason:)`` for the
        ///   request's table when it has no row ids, for a virtual table that keeps no rows
        ///   (contentless full-text, other modules), and for a key path from a table the SQL does
        ///   not read.
        func readTables(_ db: Database) throws -> [_ReadTable] {
            let own = try SQLiteChangeLog.TableShape(table, db)
            guard own.hasRowID else {
                throw FetchedResultsError.changeLogUnavailable(
                    table: table,
                    reason:
                        "it has no row ids (WITHOUT ROWID): a request lists the rows of a rowid table; it may read this one, with a key path from its rows"
                )
            }
            // A search's full-text table has the request's table as content: its changes are the
            // table's own, read row by row (or, for a search that keeps its first matches, by
            // reading every row when one of its changed rows may be shown).
            let searched = try match.map { match in
                _ = try FullTextScratch.searchedTable(match.table, own: own.name, db)
                return match.table.lowercased()
            }
            let region = try db.makeStatement(literal: fetchAll).databaseRegion
            let schema = try Row.fetchAll(
                db, sql: "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view')")
            // A virtual table's module reads its shadow tables (`recipeSearch_config`…): they
            // stand for the virtual table, which is followed through its content.
            let shadows = Set(
                schema.filter { SQLiteChangeLog.isVirtualTable(sql: $0["sql"] ?? "") }
                    .flatMap { entry in
                        Self.shadowSuffixes.map { "\((entry["name"] as String).lowercased())_\($0)" }
                    })
            var read: [String: (table: String, columns: [String: String])] = [:]
            for entry in schema {
                let name: String = entry["name"]
                let lowercased = name.lowercased()
                guard entry["type"] as String == "table", lowercased != own.name.lowercased(),
                    lowercased != searched,
                    !lowercased.hasPrefix("sqlite_"), !lowercased.hasPrefix(SQLiteChangeLog.table),
                    !shadows.contains(lowercased), region.isModified(byEventsOfKind: .insert(tableName: name))
                else { continue }
                read[lowercased] = try Self.followed(name, sql: entry["sql"] ?? "", db)
            }
            // A key path from the request's own table (a row that leads to others of it), or the
            // table read again by a subquery (a filter that keeps the first rows it finds, a row
            // shown by what other rows hold): a change to it may change which of its rows are
            // shown, or their content, so it costs a whole read unless a key path says which
            // rows it leads to.
            let readsItself = try Self.occurrences(of: own.name, in: fetchAll.build(db).0) > 1
            if readsItself || keyPaths.contains(where: { $0.table.lowercased() == own.name.lowercased() }) {
                read[own.name.lowercased()] = (own.name.lowercased(), [:])
            }
            var tables: [_ReadTable] = []
            for (name, followed) in read.sorted(by: { $0.key < $1.key }) {
                let declared = keyPaths.enumerated().filter { $0.element.table.lowercased() == name }
                tables.append(
                    _ReadTable(
                        table: followed.table,
                        keyPaths: declared.isEmpty
                            ? nil
                            : declared.map { index, keyPath in
                                let column = keyPath.column.lowercased()
                                return _KeyPath(column: followed.columns[column] ?? column, index: index)
                            }))
            }
            if let stray = keyPaths.first(where: { read[$0.table.lowercased()] == nil }) {
                throw FetchedResultsError.changeLogUnavailable(
                    table: stray.table,
                    reason: "the request declares a key path from it, but its SQL does not read it")
            }
            return tables
        }

        /// How many times `sql` names `table` after `FROM` or `JOIN` (quoted or not, in `main` or
        /// unqualified): the request's own query names it once.
        static func occurrences(of table: String, in sql: String) -> Int {
            let name = NSRegularExpression.escapedPattern(for: table)
            let quoted = #"(?:"\#(name)"|`\#(name)`|\[\#(name)\]|\#(name)(?![A-Za-z0-9_$]))"#
            let pattern = #"(?i)\b(?:FROM|JOIN)\s+(?:(?:"main"|`main`|\[main\]|main)\s*\.\s*)?"# + quoted
            guard let expression = try? NSRegularExpression(pattern: pattern) else { return 0 }
            return expression.numberOfMatches(in: sql, range: NSRange(sql.startIndex..., in: sql))
        }

        /// The suffixes of the shadow tables SQLite's full-text and R*Tree modules keep.
        static var shadowSuffixes: [String] {
            [
                "content", "data", "idx", "docsize", "config", "segments", "segdir", "stat", "node", "rowid",
                "parent",
            ]
        }

        /// The table followed for a table read, and how its columns are named there: itself, or
        /// a full-text table's content table.
        private static func followed(_ name: String, sql: String, _ db: Database) throws -> (
            table: String, columns: [String: String]
        ) {
            let lowercased = name.lowercased()
            guard SQLiteChangeLog.isVirtualTable(sql: sql) else { return (lowercased, [:]) }
            let arguments = SQLiteChangeLog.virtualTableArguments(sql)
            let module = arguments.module.lowercased()
            guard module.hasPrefix("fts") else {
                throw FetchedResultsError.changeLogUnavailable(
                    table: name,
                    reason:
                        "it is a virtual table (\(arguments.module)), which keeps no rows triggers can follow"
                )
            }
            switch arguments.options["content"] {
            case ""?:
                throw FetchedResultsError.changeLogUnavailable(
                    table: name,
                    reason:
                        "it is a contentless full-text table, which keeps no rows to follow; give it a content table"
                )
            case let content?:
                let rowID = arguments.options["content_rowid"] ?? "rowid"
                return (content.lowercased(), ["rowid": rowID.lowercased()])
            case nil:
                // Its own content, in a shadow table (FTS5): `id` is the rowid, `c0`… the columns.
                guard module == "fts5" else {
                    throw FetchedResultsError.changeLogUnavailable(
                        table: name,
                        reason:
                            "it is a full-text table that keeps its own content; follow an FTS5 table, or give it a content table"
                    )
                }
                var columns = ["rowid": "id"]
                for (index, column) in arguments.columns.enumerated() {
                    columns[column.lowercased()] = "c\(index)"
                }
                return ("\(lowercased)_content", columns)
            }
        }

        /// The rowids of the rows (listed or not) whose key path expression takes one of the
        /// values the leads carry: at most `limit`.
        ///
        /// - Complexity: One indexed lookup per key path with an index on its expression.
        func rowIDs(_ db: Database, ledBy leads: [_Lead], limit: Int) throws -> Set<Int64> {
            var rowIDs = Set<Int64>()
            for lead in leads {
                let keyPath = keyPaths[lead.keyPath.index]
                let values = lead.values.map(\.databaseValue)
                let statement = try _StatementRows(
                    db,
                    "SELECT rowid FROM \(identifier: table) WHERE \(keyPath.matches) IN \(values) LIMIT \(limit)"
                )
                while try statement.step() { rowIDs.insert(statement.int64(column: 0)) }
                if rowIDs.count >= limit { break }
            }
            return rowIDs
        }
    }

    extension _StoreValue {
        /// The value as GRDB binds it.
        var databaseValue: DatabaseValue {
            switch self {
            case .null: .null
            case .integer(let value): value.databaseValue
            case .real(let value): value.databaseValue
            case .text(let value): value.databaseValue
            case .blob(let bytes): Data(bytes).databaseValue
            }
        }
    }
#endif
