#if GRDB
    import DiffableStore
    import GRDB

    /// A request's full-text search: the SQL that finds its rows, the check that its table can be
    /// followed, and the scratch table in which the feed evaluates many searches on the rows a
    /// commit changed.
    ///
    /// A pattern cannot be evaluated on one row through the full-text table itself: `MATCH`
    /// reads the whole index for the pattern (all its matches, 10 ms or more for a common word
    /// at a million rows), whichever rows are asked about. The scratch table holds only the
    /// changed rows, indexed with the same tokenizer, so a pattern costs a few microseconds
    /// there.
    extension FetchedResultsRequest.FullTextMatch {
        /// The condition on a row of the request's table: its rowid is among the matches, the
        /// first `limit` of them by rowid.
        var condition: SQLExpression {
            let limit: SQL = self.limit.map { "ORDER BY rowid LIMIT \($0)" } ?? ""
            let matches: SQL =
                "rowid IN (SELECT rowid FROM \(identifier: table) WHERE \(identifier: table) MATCH \(pattern) \(limit))"
            return matches.sqlExpression
        }
    }

    extension FetchedResultsRequest {
        /// A search that keeps its first matches: one match may push another out.
        package var dependsOnOtherRows: Bool { match?.limit != nil }
    }

    /// The full-text tables the requests search, and the scratch tables in which the feed matches
    /// their patterns on the rows a commit changed. Apart from the requests, which are generic:
    /// code inside a generic type runs unspecialized when reached through a protocol, as the
    /// feed reaches it.
    enum FullTextScratch {
        /// The full-text table `table`'s definition, checked: an FTS5 table whose content is
        /// `own` (the request's table, as the schema spells it), keyed by its rowid.
        ///
        /// - Throws: ``FetchedResultsError/changeLogUnavailable(table:reason:)`` naming the
        ///   full-text table and what to change.
        static func searchedTable(_ table: String, own: String, _ db: Database) throws -> (
            columns: [String], tokenize: String?
        ) {
            func refuse(_ reason: String) -> FetchedResultsError {
                .changeLogUnavailable(table: table, reason: reason)
            }
            let sql = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE",
                arguments: [table])
            guard let sql, SQLiteChangeLog.isVirtualTable(sql: sql) else {
                throw refuse("the request searches it, but it is not a full-text table")
            }
            let arguments = SQLiteChangeLog.virtualTableArguments(sql)
            guard arguments.module.lowercased() == "fts5" else {
                throw refuse("the request searches it, but it is \(arguments.module), not FTS5")
            }
            guard arguments.options["content"]?.lowercased() == own.lowercased() else {
                throw refuse(
                    "the request searches it, but its content is not \(own): make it an FTS5 table with content='\(own)'"
                )
            }
            let rowID = (arguments.options["content_rowid"] ?? "rowid").lowercased()
            let alias = try db.primaryKey(own).rowIDColumn?.lowercased()
            guard rowID == "rowid" || rowID == alias else {
                throw refuse(
                    "its content_rowid (\(rowID)) is not \(own)'s rowid or INTEGER PRIMARY KEY, so its rows cannot be named"
                )
            }
            return (arguments.columns, arguments.options["tokenize"])
        }

        /// Makes a scratch table for the full-text table `table` hold the rows `rowIDs` of the
        /// requests' table `own`, indexed as the full-text table indexes them (its columns, its
        /// tokenizer); returns its name, for a pattern to be matched there, and the tokenizer.
        ///
        /// The scratch table is a temporary table of the connection (a read-only connection may
        /// write its temporary tables); its name carries a digest of its definition, so a
        /// full-text table whose definition changes gets a new one.
        ///
        /// - Complexity: O(k) for the k rows.
        static func fill(
            for table: String, own: String, rowIDs: [Int64], _ db: Database
        ) throws -> (name: String, tokenize: String?) {
            let searched = try searchedTable(table, own: own, db)
            let columns = searched.columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            var arguments = columns
            if let tokenize = searched.tokenize {
                arguments += ", tokenize = '\(tokenize.replacingOccurrences(of: "'", with: "''"))'"
            }
            // FNV-1a: the same name in every process for the same definition.
            var digest: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in (table.lowercased() + "(" + arguments).utf8 {
                digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            let name = "diffable_match_\(String(digest, radix: 16))"
            let scratch = "temp.\(name.quotedDatabaseIdentifier)"
            try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS \(scratch) USING fts5(\(arguments))")
            try db.execute(sql: "DELETE FROM \(scratch)")
            try db.execute(
                literal: """
                    INSERT INTO \(sql: scratch)(rowid, \(sql: columns))
                    SELECT rowid, \(sql: columns) FROM main.\(identifier: own) WHERE rowid IN \(rowIDs)
                    """)
            return (name, searched.tokenize)
        }

        /// The rowids of the scratch table `scratch` that `pattern` matches; `nil` when FTS5
        /// refuses the pattern (a syntax error), which then says nothing about any row.
        static func matches(_ pattern: String, in scratch: String, _ db: Database) -> Set<Int64>? {
            let table = scratch.quotedDatabaseIdentifier
            return try? Int64.fetchSet(
                db.cachedStatement(sql: "SELECT rowid FROM temp.\(table) WHERE \(table) MATCH ?"),
                arguments: [pattern])
        }
    }
#endif
