#if GRDB
    import Diffable
    import DiffableStore
    import Foundation
    import GRDB

    /// A windowed request reads the rows around its window by the ordering's index.
    extension FetchedResultsRequest {
        package var window: _Window? { _Window(fetchLimit: fetchLimit, fetchOffset: fetchOffset) }

        package func readWindow(_ reader: any _FeedReader, _ read: _WindowRead, now: Date)
            async throws(FetchedResultsError) -> [_HeldRow<SectionIdentifierType, ItemIdentifierType>]
        {
            let request = at(now)
            // The first read of a window is one statement; those that follow a change must see
            // the state the change's rows were read in.
            let exact: Bool = if case .at = read { false } else { true }
            return try await Self.reader(reader).read(exact: exact) { db in try request.readWindow(db, read) }
        }

        /// The order as plain columns of the table, for a request whose rows shown depend on
        /// nothing else (a partition aside).
        package var orderKey: _OrderKey? {
            guard filter == nil, timeWindow == nil, fetchAfter == nil, keyPaths.isEmpty else { return nil }
            let terms = sortTerms
            let columns = terms.compactMap(\.columnName)
            guard columns.count == terms.count else { return nil }
            return _OrderKey(
                columns: columns, ascending: terms.map(\.isAscending), partitionColumn: partition?.column,
                partitionValue: partition.map { _StoreValue($0.value) })
        }

        package func orderValues(_ reader: any _FeedReader, rowID: Int64, now: Date)
            async throws(FetchedResultsError) -> [_StoreValue]?
        {
            let request = at(now)
            return try await Self.reader(reader).read(exact: true) { db in
                try request.orderingValues(db, rowID: rowID)?.map(_StoreValue.init)
            }
        }

        package func countRows(_ reader: any _FeedReader, before rowID: Int64?, now: Date)
            async throws(FetchedResultsError) -> Int
        {
            let request = at(now)
            return try await Self.reader(reader).read(exact: true) { db in
                try request.countRows(db, before: rowID)
            }
        }

        /// The rows of a window's read, in order.
        ///
        /// - Complexity: O(c log n) with an index on the ordering, for c rows read: one index
        ///   range per ordering level (`.at` also walks the rows it skips).
        func readWindow(_ db: Database, _ read: _WindowRead) throws -> [_HeldRow<
            SectionIdentifierType, ItemIdentifierType
        >] {
            let filterClause: SQL = condition.map { "AND (\($0))" } ?? ""
            switch read {
            case .at(let offset, let count):
                return try heldRows(db, "\(fetchAll) LIMIT \(count) OFFSET \(offset)")
            case .before(let rowID, let count), .after(let rowID, let count):
                let after: Bool = if case .after = read { true } else { false }
                guard let values = try orderingValues(db, rowID: rowID) else { return [] }
                var rows: [_HeldRow<SectionIdentifierType, ItemIdentifierType>] = []
                for level in levels(of: values, rowID: rowID, after: after) where rows.count < count {
                    rows += try heldRows(
                        db,
                        """
                        SELECT \(selection) FROM \(identifier: table) WHERE \(level) \(filterClause) \
                        \(order(reversed: !after)) LIMIT \(count - rows.count)
                        """)
                }
                return after ? rows : rows.reversed()
            }
        }

        /// How many rows are shown before the row with this rowid, or at all for `nil`.
        ///
        /// - Complexity: O(p) for the p rows counted, through the ordering's index.
        func countRows(_ db: Database, before rowID: Int64?) throws -> Int {
            guard let rowID else {
                let sql: SQL = "SELECT count(*) FROM \(identifier: table) \(whereClause)"
                return try Int.fetchOne(db, SQLRequest(literal: sql)) ?? 0
            }
            guard let values = try orderingValues(db, rowID: rowID) else { return 0 }
            let filterClause: SQL = condition.map { "AND (\($0))" } ?? ""
            var count = 0
            for level in levels(of: values, rowID: rowID, after: false) {
                let sql: SQL = "SELECT count(*) FROM \(identifier: table) WHERE \(level) \(filterClause)"
                count += try Int.fetchOne(db, SQLRequest(literal: sql)) ?? 0
            }
            return count
        }

        /// The values of ``sortTerms`` for the row with this rowid.
        func orderingValues(_ db: Database, rowID: Int64) throws -> [DatabaseValue]? {
            var columns: [SQL] = sortTerms.map { "\($0.expression)" }
            columns.append("NULL")  // a row with no ordering terms still has a row
            let sql: SQL =
                "SELECT \(columns.joined(separator: ", ")) FROM \(identifier: table) WHERE rowid = \(rowID)"
            guard let row = try Row.fetchOne(db, SQLRequest(literal: sql)) else { return nil }
            return Array(row.databaseValues.dropLast())
        }

        /// The rows of a statement that selects ``selection``.
        private func heldRows(_ db: Database, _ sql: SQL) throws -> [_HeldRow<
            SectionIdentifierType, ItemIdentifierType
        >] {
            let contentColumns = Int32(3)..<Int32(3 + content.count)
            let statement = try _StatementRows(db, sql)
            var rows: [_HeldRow<SectionIdentifierType, ItemIdentifierType>] = []
            while try statement.step() {
                rows.append(
                    _HeldRow(
                        rowID: statement.int64(column: 0),
                        item: try statement.decode(ItemIdentifierType.self, column: 1),
                        section: try statement.decode(SectionIdentifierType.self, column: 2),
                        fingerprint: statement.fingerprint(columns: contentColumns)))
            }
            return rows
        }
    }
#endif
