#if Postgres
    import DiffableStore
    import NIOCore
    import PostgresNIO

    /// A request reads its rows inside the change feed's read transaction.
    extension PostgresFetchedResultsRequest: _RowReader {
        /// Every row shown, as a snapshot: the section decoded only where its bytes change, the
        /// content hashed from its bytes.
        ///
        /// - Complexity: O(n) for the n rows shown: one hash of each identifier.
        package func fetchAll(_ reader: any _FeedReader) throws(FetchedResultsError) -> _FetchedRows<
            SectionIdentifierType, ItemIdentifierType
        > {
            let rows = try Self.reader(reader).rows(fetchAll)
            var builder = _FetchedRowsBuilder<SectionIdentifierType, ItemIdentifierType>()
            var section: ByteBuffer??
            for row in rows {
                let cells = row.makeRandomAccess()
                if section != .some(cells[2].bytes) {
                    section = .some(cells[2].bytes)
                    try builder.startSection(try Self.decode(cells[2]))
                }
                builder.append(
                    rowID: try Self.decode(cells[0]), item: try Self.decode(cells[1]),
                    fingerprint: fingerprint(cells))
            }
            return try builder.finish()
        }

        /// The rows among `rowIDs` that are shown, in order, each with the item of the row that
        /// follows it.
        ///
        /// - Complexity: O(k log n) with an index on the ordering, for k changed rows among n: one
        ///   query for the rows, and up to one index seek per ordering term for each row's
        ///   successor.
        package func readRows(_ reader: any _FeedReader, rowIDs: Set<Int64>) throws(FetchedResultsError)
            -> [_ReadRow<
                SectionIdentifierType, ItemIdentifierType
            >]
        {
            let reader = try Self.reader(reader)
            let termColumns = (3 + content.count)..<(3 + content.count + sortTerms.count)
            var read: [_ReadRow<SectionIdentifierType, ItemIdentifierType>] = []
            // The rows' ordering values, grouped by which of them are NULL.
            var groups: [[Bool]: [(index: Int, values: [PostgresCell], rowID: Int64)]] = [:]
            for row in try reader.rows(fetchRows(Array(rowIDs))) {
                let cells = row.makeRandomAccess()
                let rowID: Int64 = try Self.decode(cells[0])
                let values = termColumns.map { cells[$0] }
                groups[values.map { $0.bytes == nil }, default: []].append((read.count, values, rowID))
                read.append(
                    _ReadRow(
                        rowID: rowID, item: try Self.decode(cells[1]), section: try Self.decode(cells[2]),
                        fingerprint: fingerprint(cells), successor: nil))
            }
            // Their successors: one statement for up to 1,000 rows of a group.
            for group in groups.values {
                for start in stride(from: 0, to: group.count, by: 1_000) {
                    let chunk = Array(group[start..<min(start + 1_000, group.count)])
                    for row in try reader.rows(successorQuery(rows: chunk)) {
                        let cells = row.makeRandomAccess()
                        let index = Int(try Self.decode(cells[0]) as Int32)
                        if let level = (1..<cells.count).first(where: { cells[$0].bytes != nil }) {
                            read[index].successor = try Self.decode(cells[level])
                        }
                    }
                }
            }
            return read
        }

        /// A hash of the content columns' bytes: equal values, equal hashes.
        private func fingerprint(_ cells: PostgresRandomAccessRow) -> Int {
            var hasher = Hasher()
            for column in 3..<(3 + content.count) {
                if let bytes = cells[column].bytes {
                    hasher.combine(1)
                    bytes.withUnsafeReadableBytes { hasher.combine(bytes: $0) }
                } else {
                    hasher.combine(0)
                }
            }
            return hasher.finalize()
        }

        private static func decode<Value: PostgresDecodable>(_ cell: PostgresCell) throws(FetchedResultsError)
            -> Value
        {
            do {
                return try cell.decode(Value.self)
            } catch {
                throw .read(
                    PostgresStoreError(
                        kind: .other,
                        message:
                            "column \(cell.columnName) (\(cell.dataType)) does not decode as \(Value.self)"))
            }
        }

        private static func reader(_ reader: any _FeedReader) throws(FetchedResultsError) -> _PostgresReader {
            guard let reader = reader as? _PostgresReader else {
                preconditionFailure("PostgresFetchedResultsRequest: read by another backend's feed")
            }
            return reader
        }
    }
#endif
