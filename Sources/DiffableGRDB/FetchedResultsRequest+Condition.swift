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
            guard filter != nil || match != nil, partition == nil, timeWindow == nil else {
                return nil
            }
            return self
        }

        /// A full-text match is evaluated in a scratch table of the changed rows
        /// (``fillScratchTable(for:own:rowIDs:_:)``), one query of a prepared statement per
        /// distinct pattern, without its limit: it then says which changed rows the search may
        /// show.
        ///
        /// - Complexity: one statement per ``conditionsPerStatement`` requests with a filter,
        ///   each a rowid lookup of the k changed rows and every filter evaluated on each of them;
        ///   O(k) to index the k rows for each full-text table searched, O(1) lookups for each
        ///   distinct pattern (``FullTextTerms``), and one query of those rows for each pattern
        ///   whose terms they hold.
        package static func rowIDs(
            _ rowIDs: Set<Int64>, meeting conditions: [Self], reader: any _FeedReader
        ) async throws(FetchedResultsError) -> [Set<Int64>] {
            guard let table = conditions.first?.table else { return [] }
            let ids = Array(rowIDs)
            return try await Self.reader(reader).read(exact: true) { db in
                // Each distinct pattern once (whatever the limit), in a scratch table of the
                // changed rows, unless the rows lack its terms; a pattern FTS5 refuses says every
                // changed row may be shown.
                let patterns = conditions.map { request in
                    request.match.map { FullTextMatch(table: $0.table.lowercased(), pattern: $0.pattern) }
                }
                var scratch:
                    [String: (
                        name: String, vocabulary: FullTextTerms.Vocabulary, terms: [String: FullTextTerms?]
                    )] =
                        [:]
                var found: [FullTextMatch: Set<Int64>] = [:]
                for (request, pattern) in zip(conditions, patterns) {
                    guard let match = request.match, let pattern, found[pattern] == nil else { continue }
                    if scratch[pattern.table] == nil {
                        let (name, tokenize) = try fillScratchTable(for: match, own: table, rowIDs: ids, db)
                        let searched = patterns.compactMap { $0?.table == pattern.table ? $0?.pattern : nil }
                        let terms = try FullTextTerms.terms(
                            of: searched, scratch: name, tokenize: tokenize, db)
                        // No terms (a tokenizer that does not qualify): the rows' words go unread.
                        let vocabulary =
                            terms.isEmpty
                            ? FullTextTerms.Vocabulary([]) : try FullTextTerms.vocabulary(ofScratch: name, db)
                        scratch[pattern.table] = (name, vocabulary, terms)
                    }
                    let (name, vocabulary, terms) = scratch[pattern.table]!
                    if case let terms?? = terms[pattern.pattern], !terms.mayMatch(vocabulary) {
                        found[pattern] = []
                    } else {
                        found[pattern] = matches(pattern.pattern, in: name, db) ?? rowIDs
                    }
                }
                var meeting = patterns.map { $0.map { found[$0]! } ?? [] }
                // The other conditions, in as few statements as the requests with one need.
                let filtered = conditions.indices.filter { conditions[$0].conditionWithoutMatch != nil }
                for start in stride(from: 0, to: filtered.count, by: conditionsPerStatement) {
                    let chunk = filtered[start..<min(start + conditionsPerStatement, filtered.count)]
                    var columns: SQL = "rowid"
                    for index in chunk {
                        columns +=
                            ", CASE WHEN (\(conditions[index].conditionWithoutMatch!)) THEN 1 ELSE 0 END"
                    }
                    var holding = [Set<Int64>](repeating: [], count: chunk.count)
                    let rows = try _StatementRows(
                        db, "SELECT \(columns) FROM \(identifier: table) WHERE rowid IN \(ids)")
                    while try rows.step() {
                        let rowID = rows.int64(column: 0)
                        for offset in 0..<chunk.count where rows.int64(column: Int32(offset + 1)) == 1 {
                            holding[offset].insert(rowID)
                        }
                    }
                    for (offset, index) in chunk.enumerated() {
                        meeting[index] =
                            conditions[index].match == nil
                            ? holding[offset] : meeting[index].intersection(holding[offset])
                    }
                }
                return meeting
            }
        }
    }
#endif
