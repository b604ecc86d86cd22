#if Postgres
    import Diffable
    import DiffableStore
    import Foundation
    import NIOCore
    import PostgresNIO

    /// A request reads its rows inside the change feed's read transaction.
    extension PostgresFetchedResultsRequest: _RowReader {
        /// Every row shown, as a snapshot: the section decoded only where its bytes change, the
        /// content hashed from its bytes.
        ///
        /// - Complexity: O(n) for the n rows shown: one hash of each identifier.
        package func fetchAll(_ reader: any _FeedReader, now: Date) async throws(FetchedResultsError)
            -> _FetchedRows<SectionIdentifierType, ItemIdentifierType>
        {
            let fetchAll = at(now).fetchAll
            // Rows are taken as they come, on the connection's thread, while the server sends
            // the next.
            let building = _Lock(
                (
                    builder: _FetchedRowsBuilder<SectionIdentifierType, ItemIdentifierType>(),
                    section: ByteBuffer??.none
                ))
            try await Self.reader(reader).forEachRow(fetchAll) { row throws(FetchedResultsError) in
                var cells = row.makeIterator()
                guard let key = cells.next(), let item = cells.next(), let sectionCell = cells.next() else {
                    return
                }
                let rowID = try Self.int64(key)
                let itemIdentifier = try Self.item(item)
                let fingerprint = Self.fingerprint(&cells)
                try building.withLock { building throws(FetchedResultsError) in
                    if building.section != .some(sectionCell.bytes) {
                        building.section = .some(sectionCell.bytes)
                        try building.builder.startSection(try Self.decode(sectionCell))
                    }
                    building.builder.append(rowID: rowID, item: itemIdentifier, fingerprint: fingerprint)
                }
            }
            var builder = building.withLock { $0.builder }
            return try builder.finish()
        }

        /// The rows among `rowIDs` that are shown, in order, each with the item of the row that
        /// follows it.
        ///
        /// - Complexity: O(k log n) with an index on the ordering, for k changed rows among n: one
        ///   query for the rows, and up to one index seek per ordering term for each row's
        ///   successor.
        package func readRows(_ reader: any _FeedReader, rowIDs: Set<Int64>, now: Date)
            async throws(FetchedResultsError)
            -> [_ReadRow<
                SectionIdentifierType, ItemIdentifierType
            >]
        {
            let request = at(now)
            let reader = try Self.reader(reader)
            let termColumns = (3 + content.count)..<(3 + content.count + sortTerms.count)
            var read: [_ReadRow<SectionIdentifierType, ItemIdentifierType>] = []
            // The rows' ordering values, grouped by which of them are NULL.
            var groups: [[Bool]: [(index: Int, values: [PostgresCell], rowID: Int64)]] = [:]
            for row in try await reader.rows(request.fetchRows(Array(rowIDs))) {
                let cells = row.makeRandomAccess()
                let rowID = try Self.int64(cells[0])
                let values = termColumns.map { cells[$0] }
                var contentCells = row.makeIterator()
                for _ in 0..<3 { _ = contentCells.next() }
                groups[values.map { $0.bytes == nil }, default: []].append((read.count, values, rowID))
                read.append(
                    _ReadRow(
                        rowID: rowID, item: try Self.item(cells[1]), section: try Self.decode(cells[2]),
                        fingerprint: Self.fingerprint(&contentCells, count: content.count), successor: nil))
            }
            // Their successors: one statement for up to 1,000 rows of a group.
            for group in groups.values {
                for start in stride(from: 0, to: group.count, by: 1_000) {
                    let chunk = Array(group[start..<min(start + 1_000, group.count)])
                    for row in try await reader.rows(request.successorQuery(rows: chunk)) {
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

        /// A hash of the next `count` columns' bytes (all that remain by default): equal values,
        /// equal hashes.
        static func fingerprint(_ cells: inout PostgresRow.Iterator, count: Int = .max) -> Int {
            var hasher = Hasher()
            var remaining = count
            while remaining > 0, let cell = cells.next() {
                remaining -= 1
                if let bytes = cell.bytes {
                    hasher.combine(1)
                    bytes.withUnsafeReadableBytes { hasher.combine(bytes: $0) }
                } else {
                    hasher.combine(0)
                }
            }
            return hasher.finalize()
        }

        /// A key: its eight bytes read straight (`bigint` in binary, as every query asks), or
        /// decoded.
        static func int64(_ cell: PostgresCell) throws(FetchedResultsError) -> Int64 {
            if cell.dataType == .int8, cell.format == .binary, let bytes = cell.bytes,
                bytes.readableBytes == 8
            {
                return bytes.getInteger(at: bytes.readerIndex, as: Int64.self)!
            }
            return try decode(cell)
        }

        /// An item identifier, read straight when it is an `Int64` key.
        static func item(_ cell: PostgresCell) throws(FetchedResultsError) -> ItemIdentifierType {
            if ItemIdentifierType.self == Int64.self { return try int64(cell) as! ItemIdentifierType }
            return try decode(cell)
        }

        static func decode<Value: PostgresDecodable>(_ cell: PostgresCell) throws(FetchedResultsError)
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

        static func reader(_ reader: any _FeedReader) throws(FetchedResultsError) -> _PostgresReader {
            guard let reader = reader as? _PostgresReader else {
                preconditionFailure("PostgresFetchedResultsRequest: read by another backend's feed")
            }
            return reader
        }
    }
#endif
