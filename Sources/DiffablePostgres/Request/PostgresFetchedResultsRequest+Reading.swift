#if Postgres
    import Diffable
    import DiffableStore
    import Foundation
    import NIOCore
    import PostgresNIO

    /// Constant sections decoded, by their type and SQL: a whole read does not select them.
    private let constantSections = _Lock<[String: any Sendable]>([:])

    /// The rows of a whole read as they come: keys, content hashes, and where each section
    /// starts (its cell, decoded once the read is done).
    private struct _WholeReadRows {
        var rowIDs: [Int64] = []
        var fingerprints: [Int] = []
        var sectionStarts: [(row: Int, cell: PostgresCell)] = []

        mutating func append(rowID: Int64, fingerprint: Int, section: PostgresCell?) {
            if let section, sectionStarts.isEmpty || sectionStarts.last!.cell.bytes != section.bytes {
                sectionStarts.append((rowIDs.count, section))
            }
            rowIDs.append(rowID)
            fingerprints.append(fingerprint)
        }
    }

    /// A request reads its rows inside the change feed's read transaction.
    extension PostgresFetchedResultsRequest: _RowReader {
        /// A filter that keeps its first rows: one match that enters may push another out.
        package var dependsOnOtherRows: Bool { keepsFirstRows }

        /// Every row shown, as a snapshot: the section decoded only where its bytes change, the
        /// content hashed from its bytes. A whole read selects only what varies
        /// (``wholeReadColumns``): an item that is the key comes from the key's column, a constant
        /// section is decoded once.
        ///
        /// - Complexity: O(n) for the n rows shown: one hash of each identifier.
        package func fetchAll(_ reader: any _FeedReader, now: Date) async throws(FetchedResultsError)
            -> _FetchedRows<SectionIdentifierType, ItemIdentifierType>
        {
            let reader = try Self.reader(reader)
            let request = at(now)
            let columns = request.wholeReadColumns
            // Rows are taken as they come, on the connection's thread, while the server sends
            // the next: into concrete arrays, since a generic call per row costs more than the row.
            let gathered = _Lock(_WholeReadRows())
            let items = columns.item == nil ? nil : _Lock<[ItemIdentifierType]>([])
            try await reader.forEachRow(request.wholeRead(columns)) { row throws(FetchedResultsError) in
                var cells = row.makeIterator()
                guard let key = cells.next() else { return }
                let rowID = try Self.int64(key)
                if let items, let cell = cells.next() {
                    let item = try Self.item(cell)
                    items.withLock { $0.append(item) }
                }
                let section = columns.section != nil ? cells.next() : nil
                let fingerprint = Self.fingerprint(&cells)
                gathered.withLock { $0.append(rowID: rowID, fingerprint: fingerprint, section: section) }
            }
            let rows = gathered.withLock { $0 }
            var sections: [(start: Int, section: SectionIdentifierType)] = []
            if columns.section == nil {
                if !rows.rowIDs.isEmpty { sections = [(0, try await constantSection(reader))] }
            } else {
                for start in rows.sectionStarts { sections.append((start.row, try Self.decode(start.cell))) }
            }
            let shownItems = items?.withLock { $0 }
            var builder = _FetchedRowsBuilder<SectionIdentifierType, ItemIdentifierType>()
            for (index, (start, section)) in sections.enumerated() {
                let end = index + 1 < sections.count ? sections[index + 1].start : rows.rowIDs.count
                try builder.startSection(section)
                if let shownItems {
                    for row in start..<end {
                        builder.append(
                            rowID: rows.rowIDs[row], item: shownItems[row],
                            fingerprint: rows.fingerprints[row])
                    }
                } else {
                    builder.appendRowsShowingTheirIDs(
                        rows.rowIDs[start..<end], fingerprints: rows.fingerprints[start..<end])
                }
            }
            return try builder.finish()
        }

        /// The section every row is in, for a request whose section is a constant: read once per
        /// process (one query), then kept.
        private func constantSection(_ reader: _PostgresReader) async throws(FetchedResultsError)
            -> SectionIdentifierType
        {
            let name = "\(String(reflecting: SectionIdentifierType.self)) \(section)"
            if let known = constantSections.withLock({ $0[name] }) as? SectionIdentifierType { return known }
            var cells = try await reader.rows(PostgresQuery(unsafeSQL: "SELECT \(section)")).first?
                .makeIterator()
            guard let cell = cells?.next() else {
                throw .read(PostgresStoreError(kind: .other, message: "SELECT \(section) returned no row"))
            }
            let value: SectionIdentifierType = try Self.decode(cell)
            constantSections.withLock { $0[name] = value }
            return value
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
