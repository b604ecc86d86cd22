#if Postgres
    import Diffable
    import DiffableStore
    import Foundation
    import PostgresNIO

    /// A windowed request reads the rows around its window by the ordering's index.
    extension PostgresFetchedResultsRequest {
        package var window: _Window? { _Window(fetchLimit: fetchLimit, fetchOffset: fetchOffset) }

        /// The rows of a window's read, in order.
        ///
        /// - Complexity: O(c log n) with an index on the ordering, for c rows read: one index
        ///   range per ordering level (`.at` also walks the rows it skips).
        package func readWindow(_ reader: any _FeedReader, _ read: _WindowRead, now: Date)
            async throws(FetchedResultsError) -> [_HeldRow<SectionIdentifierType, ItemIdentifierType>]
        {
            let request = at(now)
            let reader = try Self.reader(reader)
            switch read {
            case .at(let offset, let count):
                let query = request.fetchAll
                return try await request.heldRows(
                    reader,
                    PostgresQuery(
                        unsafeSQL: query.sql + " LIMIT \(count) OFFSET \(offset)", binds: query.binds))
            case .before(let rowID, let count), .after(let rowID, let count):
                let after: Bool = if case .after = read { true } else { false }
                guard let values = try await request.orderingValues(reader, rowID: rowID) else { return [] }
                var rows: [_HeldRow<SectionIdentifierType, ItemIdentifierType>] = []
                for level in request.levels(of: values, rowID: rowID, after: after) where rows.count < count {
                    rows += try await request.heldRows(
                        reader,
                        PostgresQuery(
                            unsafeSQL:
                                "SELECT \(selection) FROM \(from) WHERE \(level.sql)\(request.filterCondition) \(order(reversed: !after)) LIMIT \(count - rows.count)",
                            binds: level.binds))
                }
                return after ? rows : rows.reversed()
            }
        }

        /// The order as plain integer-valued columns of the table, for a request whose rows
        /// shown depend on nothing else (a partition aside): then the change log records those
        /// columns' values before and after each change (the table gets `REPLICA IDENTITY FULL`).
        package var orderKey: _OrderKey? {
            guard filter == nil, timeWindow == nil, fetchAfter?.isEmpty ?? true, keyPaths.isEmpty else {
                return nil
            }
            let terms = sortTerms
            let columns = terms.map(\.expression).filter { expression in
                guard let first = expression.first, !first.isNumber else { return false }
                return expression.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
            guard columns.count == terms.count else { return nil }
            var partitionValue: _StoreValue?
            if let partition {
                guard let integer = Int64(partition.value.trimmingCharacters(in: .whitespaces)) else {
                    return nil
                }
                partitionValue = .integer(integer)
            }
            return _OrderKey(
                columns: columns, ascending: terms.map(\.isAscending), partitionColumn: partition?.column,
                partitionValue: partitionValue, nullsFirst: false)
        }

        package func orderValues(_ reader: any _FeedReader, rowID: Int64, now: Date)
            async throws(FetchedResultsError) -> [_StoreValue]?
        {
            let request = at(now)
            guard let cells = try await request.orderingValues(try Self.reader(reader), rowID: rowID) else {
                return nil
            }
            return cells.map { cell -> _StoreValue in
                guard cell.bytes != nil else { return .null }
                switch cell.dataType {
                case .int2, .int4, .int8:
                    return (try? cell.decode(Int64.self)).map(_StoreValue.integer) ?? .blob([])
                // Other types are compared by the database only (the change record has their text).
                default: return .blob([])
                }
            }
        }

        /// How many rows are shown before the row with this key, or at all for `nil`.
        ///
        /// - Complexity: O(p) for the p rows counted, through the ordering's index.
        package func countRows(_ reader: any _FeedReader, before rowID: Int64?, now: Date)
            async throws(FetchedResultsError) -> Int
        {
            let request = at(now)
            let reader = try Self.reader(reader)
            var counts: [PostgresQuery] = []
            if let rowID {
                guard let values = try await request.orderingValues(reader, rowID: rowID) else { return 0 }
                for level in request.levels(of: values, rowID: rowID, after: false) {
                    counts.append(
                        PostgresQuery(
                            unsafeSQL:
                                "SELECT count(*) FROM \(from) WHERE \(level.sql)\(request.filterCondition)",
                            binds: level.binds))
                }
            } else {
                counts.append(
                    PostgresQuery(
                        unsafeSQL: "SELECT count(*) FROM \(from) WHERE TRUE\(request.filterCondition)",
                        binds: request.bindings))
            }
            var total = 0
            for query in counts {
                for row in try await reader.rows(query) {
                    total += Int(try Self.decode(row.makeRandomAccess()[0]) as Int64)
                }
            }
            return total
        }

        /// The cells of ``sortTerms`` for the row with this key, as the server sent them.
        private func orderingValues(_ reader: _PostgresReader, rowID: Int64) async throws(FetchedResultsError)
            -> [PostgresCell]?
        {
            var binds = PostgresBindings()
            binds.append(rowID)
            let columns = (sortTerms.map(\.expression) + ["NULL"]).joined(separator: ", ")
            let query = PostgresQuery(
                unsafeSQL: "SELECT \(columns) FROM \(from) WHERE \(key) = $1", binds: binds)
            guard let row = try await reader.rows(query).first else { return nil }
            return Array(row.makeRandomAccess().dropLast())
        }

        /// ``levels(of:key:after:)`` of the row whose ordering values are `values` and whose key
        /// is `rowID`, each with the binds every query starts with, then its own.
        private func levels(of values: [PostgresCell], rowID: Int64, after: Bool) -> [(
            sql: String, binds: PostgresBindings
        )] {
            var binds = bindings
            var placeholders: [String?] = []
            for cell in values {
                guard cell.bytes != nil else {
                    placeholders.append(nil)
                    continue
                }
                binds.append(PostgresData(type: cell.dataType, formatCode: cell.format, value: cell.bytes))
                placeholders.append("$\(binds.count)")
            }
            binds.append(rowID)
            return levels(of: placeholders, key: "$\(binds.count)", after: after).map { ($0, binds) }
        }

        /// The rows of a query that selects ``selection``.
        private func heldRows(_ reader: _PostgresReader, _ query: PostgresQuery)
            async throws(FetchedResultsError)
            -> [_HeldRow<SectionIdentifierType, ItemIdentifierType>]
        {
            var rows: [_HeldRow<SectionIdentifierType, ItemIdentifierType>] = []
            for row in try await reader.rows(query) {
                let cells = row.makeRandomAccess()
                var contentCells = row.makeIterator()
                for _ in 0..<3 { _ = contentCells.next() }
                rows.append(
                    _HeldRow(
                        rowID: try Self.int64(cells[0]), item: try Self.item(cells[1]),
                        section: try Self.decode(cells[2]),
                        fingerprint: Self.fingerprint(&contentCells, count: content.count)))
            }
            return rows
        }
    }
#endif
