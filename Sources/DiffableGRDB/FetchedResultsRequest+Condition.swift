#if GRDB
    import DiffableStore
    import GRDB

    /// Requests of one table, whatever their filters, are evaluated together on the rows a
    /// commit changed: one statement whose columns are the conditions.
    extension FetchedResultsRequest: _RowCondition {
        package var conditionTable: String { table.lowercased() }

        package var rowCondition: (any _RowCondition)? {
            guard filter != nil || match != nil, partition == nil, timeWindow == nil else {
                return nil
            }
            return self
        }

        /// A full-text match is evaluated in a scratch table of the changed rows
        /// (`FullTextScratch`), one query of a prepared statement per distinct pattern, without
        /// its limit: it then says which changed rows the search may show.
        ///
        /// - Complexity: O(r) for the r requests, to take out their searches and filters; then
        ///   one statement per `perStatement` requests with a filter, each a rowid lookup of the
        ///   k changed rows and every filter evaluated on each of them; O(k) to index the k rows
        ///   for each full-text table searched, O(1) lookups for each distinct pattern
        ///   (`FullTextTerms`), and one query of those rows for each pattern whose terms they
        ///   hold.
        package static func rowIDs(
            _ rowIDs: Set<Int64>, meeting conditions: [Self], reader: any _FeedReader, perStatement: Int
        ) async throws(FetchedResultsError) -> [Set<Int64>] {
            guard let table = conditions.first?.table else { return [] }
            // What the evaluation needs of each request, taken out once: the request is generic,
            // and reached through the feed's protocol its code runs unspecialized, so the work
            // on a thousand requests is done on plain values (`ConditionEvaluation`).
            var searches: [FullTextSearch?] = []
            var filters: [SQLExpression?] = []
            searches.reserveCapacity(conditions.count)
            filters.reserveCapacity(conditions.count)
            for request in conditions {
                searches.append(
                    request.match.map { FullTextSearch(table: $0.table.lowercased(), pattern: $0.pattern) })
                filters.append(request.conditionWithoutMatch)
            }
            let evaluation = ConditionEvaluation(
                table: table, rowIDs: rowIDs, searches: searches, filters: filters,
                conditionsPerStatement: perStatement)
            return try await Self.reader(reader).read(exact: true) { db in try evaluation.meeting(db) }
        }
    }

    /// A full-text search of one request, as the feed evaluates it: the table searched
    /// (lowercased) and the pattern.
    struct FullTextSearch: Hashable, Sendable {
        var table: String
        var pattern: String
    }

    /// Which of a commit's changed rows each of many requests of one table shows, from what the
    /// requests filter on: their full-text searches and their other conditions.
    struct ConditionEvaluation: Sendable {
        /// The requests' table.
        let table: String
        /// The changed rows.
        let rowIDs: Set<Int64>
        /// Each request's full-text search, if it has one.
        let searches: [FullTextSearch?]
        /// Each request's other conditions, if it has any.
        let filters: [SQLExpression?]
        /// The most conditions in one statement (SQLite allows 2,000 result columns).
        let conditionsPerStatement: Int

        /// Each request's changed rows that its search and its filter hold for, in the order of
        /// ``searches``.
        ///
        /// - Complexity: O(k) to index the k rows for each full-text table searched, O(1) lookups
        ///   for each distinct pattern (`FullTextTerms`), one query of those rows for each
        ///   pattern whose terms they hold, and one statement per ``conditionsPerStatement``
        ///   filters.
        func meeting(_ db: Database) throws -> [Set<Int64>] {
            let ids = Array(rowIDs)
            // Each distinct pattern once (whatever the limit), in a scratch table of the changed
            // rows, unless the rows lack its terms; a pattern FTS5 refuses says every changed
            // row may be shown.
            var scratch:
                [String: (
                    name: String, vocabulary: FullTextTerms.Vocabulary, terms: [String: FullTextTerms?]
                )] =
                    [:]
            var found: [FullTextSearch: Set<Int64>] = [:]
            for case let search? in searches where found[search] == nil {
                if scratch[search.table] == nil {
                    let (name, tokenize) = try FullTextScratch.fill(
                        for: search.table, own: table, rowIDs: ids, db)
                    let searched = searches.compactMap { $0?.table == search.table ? $0?.pattern : nil }
                    let terms = try FullTextTerms.terms(of: searched, scratch: name, tokenize: tokenize, db)
                    // No terms (a tokenizer that does not qualify): the rows' words go unread.
                    let vocabulary =
                        terms.isEmpty
                        ? FullTextTerms.Vocabulary([]) : try FullTextTerms.vocabulary(ofScratch: name, db)
                    scratch[search.table] = (name, vocabulary, terms)
                }
                let (name, vocabulary, terms) = scratch[search.table]!
                if case let terms?? = terms[search.pattern], !terms.mayMatch(vocabulary) {
                    found[search] = []
                } else {
                    found[search] = FullTextScratch.matches(search.pattern, in: name, db) ?? rowIDs
                }
            }
            var meeting = searches.map { $0.map { found[$0]! } ?? [] }
            // The other conditions, in as few statements as the requests with one need.
            let filtered = filters.indices.filter { filters[$0] != nil }
            for start in stride(from: 0, to: filtered.count, by: conditionsPerStatement) {
                let chunk = filtered[start..<min(start + conditionsPerStatement, filtered.count)]
                var columns: SQL = "rowid"
                for index in chunk {
                    columns += ", CASE WHEN (\(filters[index]!)) THEN 1 ELSE 0 END"
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
                        searches[index] == nil
                        ? holding[offset] : meeting[index].intersection(holding[offset])
                }
            }
            return meeting
        }
    }
#endif
