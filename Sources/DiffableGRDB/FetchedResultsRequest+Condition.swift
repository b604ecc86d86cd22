#if GRDB
    import DiffableStore
    import GRDB

    /// Requests of one table, whatever their filters, are evaluated together on the rows a
    /// commit changed: one statement whose columns are the conditions.
    extension FetchedResultsRequest: _RowCondition {
        /// The most conditions in one statement: well under SQLite's 2,000 result columns.
        static var conditionsPerStatement: Int { 500 }

        package var conditionTable: String { table.lowercased() }

        package var rowCondition: (any _RowCondition)? {
            guard filter != nil || match != nil, partition == nil, timeWindow == nil, window == nil else {
                return nil
            }
            return self
        }

        /// A full-text match is evaluated in a scratch table of the changed rows
        /// (``fillScratchTable(for:own:rowIDs:_:)``), without its limit: it then says which
        /// changed rows the search may show.
        ///
        /// - Complexity: one statement per ``conditionsPerStatement`` conditions, each a rowid
        ///   lookup of the k changed rows and every condition evaluated on each of them; O(k) to
        ///   index the k rows for each full-text table searched.
        package static func rowIDs(
            _ rowIDs: Set<Int64>, meeting conditions: [Self], reader: any _FeedReader
        ) async throws(FetchedResultsError) -> [Set<Int64>] {
            guard let table = conditions.first?.table else { return [] }
            let ids = Array(rowIDs)
            return try await Self.reader(reader).read(exact: true) { db in
                var scratch: [String: String] = [:]
                for match in conditions.compactMap(\.match) where scratch[match.table.lowercased()] == nil {
                    scratch[match.table.lowercased()] = try fillScratchTable(
                        for: match, own: table, rowIDs: ids, db)
                }
                let statements = stride(from: 0, to: conditions.count, by: conditionsPerStatement).map {
                    start in
                    let chunk = conditions[start..<min(start + conditionsPerStatement, conditions.count)]
                    var columns: SQL = "rowid"
                    for request in chunk {
                        let searched = request.match.flatMap { scratch[$0.table.lowercased()] }
                        let condition = request.condition(searching: searched) ?? true.sqlExpression
                        columns += ", CASE WHEN (\(condition)) THEN 1 ELSE 0 END"
                    }
                    let sql: SQL = "SELECT \(columns) FROM \(identifier: table) WHERE rowid IN \(ids)"
                    return (start: start, count: chunk.count, sql: sql)
                }
                var meeting = [Set<Int64>](repeating: [], count: conditions.count)
                for statement in statements {
                    let rows = try _StatementRows(db, statement.sql)
                    while try rows.step() {
                        let rowID = rows.int64(column: 0)
                        for offset in 0..<statement.count where rows.int64(column: Int32(offset + 1)) == 1 {
                            meeting[statement.start + offset].insert(rowID)
                        }
                    }
                }
                return meeting
            }
        }
    }
#endif
