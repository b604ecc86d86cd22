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
            for row in try reader.rows(fetchRows(Array(rowIDs))) {
                let cells = row.makeRandomAccess()
                let rowID: Int64 = try Self.decode(cells[0])
                var successor: ItemIdentifierType?
                for query in successorQueries(values: termColumns.map { cells[$0] }, rowID: rowID) {
                    if let next = try reader.rows(query).first {
                        successor = try Self.decode(next.makeRandomAccess()[0])
                        break
                    }
                }
                read.append(
                    _ReadRow(
                        rowID: rowID, item: try Self.decode(cells[1]), section: try Self.decode(cells[2]),
                        fingerprint: fingerprint(cells), successor: successor))
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
                throw .read(error)
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
