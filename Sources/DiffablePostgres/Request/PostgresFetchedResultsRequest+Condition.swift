#if Postgres
    import DiffableStore
    import PostgresNIO

    /// Requests of one table whose filters keep their values are evaluated together on the rows a
    /// commit changed: one statement whose columns are the conditions.
    extension PostgresFetchedResultsRequest: _RowCondition {
        /// The most values bound in one statement: half of what the protocol's 16-bit count allows.
        static var bindsPerStatement: Int { 32_767 }

        package var conditionTable: String { table.lowercased() }

        package var rowCondition: (any _RowCondition)? {
            guard let filter, filter.isOpen, partition == nil, timeWindow == nil else {
                return nil
            }
            return self
        }

        /// - Complexity: one statement per `perStatement` requests (more when their filters bind
        ///   many values), each a key lookup of the k changed rows with every filter
        ///   evaluated on each of them.
        package static func rowIDs(
            _ rowIDs: Set<Int64>, meeting conditions: [Self], reader: any _FeedReader, perStatement: Int
        ) async throws(FetchedResultsError) -> [Set<Int64>] {
            guard let first = conditions.first else { return [] }
            let reader = try Self.reader(reader)
            var meeting = [Set<Int64>](repeating: [], count: conditions.count)
            var start = 0
            while start < conditions.count {
                var binds = PostgresBindings()
                binds.append(Array(rowIDs))
                var columns = first.key
                var end = start
                while end < conditions.count, end - start < perStatement,
                    end == start || binds.count + conditions[end].filter!.valueCount <= bindsPerStatement
                {
                    let sql = conditions[end].filter!.sql(
                        placeholdersFrom: binds.count + 1, appendingValuesTo: &binds)
                    columns += ", (\(sql)) IS TRUE"
                    end += 1
                }
                let query = PostgresQuery(
                    unsafeSQL: "SELECT \(columns) FROM \(first.from) WHERE \(first.key) = ANY($1)",
                    binds: binds)
                for row in try await reader.rows(query) {
                    var cells = row.makeIterator()
                    guard let key = cells.next() else { continue }
                    let rowID = try Self.int64(key)
                    for index in start..<end {
                        // A boolean in binary: one byte, 1 for true.
                        if let bytes = cells.next()?.bytes,
                            bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) == 1
                        {
                            meeting[index].insert(rowID)
                        }
                    }
                }
                start = end
            }
            return meeting
        }
    }
#endif
