#if GRDB
    import Diffable
    import DiffableStore
    import Foundation
    import GRDB
    import GRDBSQLite

    /// A request reads its rows in the change feed's read: each read one transaction, off Swift's
    /// concurrency pool.
    extension FetchedResultsRequest: _RowReader {
        package func fetchAll(_ reader: any _FeedReader, now: Date) async throws(FetchedResultsError)
            -> _FetchedRows<
                SectionIdentifierType, ItemIdentifierType
            >
        {
            let request = at(now)
            return try await Self.reader(reader).read(exact: false) { db in try request.fetchAll(db) }
        }

        package func readRows(_ reader: any _FeedReader, rowIDs: Set<Int64>, now: Date)
            async throws(FetchedResultsError)
            -> [_ReadRow<
                SectionIdentifierType, ItemIdentifierType
            >]
        {
            let request = at(now)
            return try await Self.reader(reader).read(exact: true) { db in
                try request.readRows(db, rowIDs: rowIDs)
            }
        }

        static func reader(_ reader: any _FeedReader) -> _SQLiteReader {
            guard let reader = reader as? _SQLiteReader else {
                preconditionFailure("FetchedResultsRequest: a SQLite request read by another backend's feed")
            }
            return reader
        }
    }

    extension FetchedResultsRequest {
        /// Every row shown, as a snapshot.
        ///
        /// The rows are read straight from SQLite's statement, column by column: the section is
        /// decoded only where it changes, and the content is hashed from the stored bytes, so a
        /// row costs little more than reading its identifier.
        ///
        /// - Throws: `FetchedResultsError/duplicateItem(_:)` when two rows show one item,
        ///   `FetchedResultsError/duplicateSection(_:)` when a section's rows are apart, or the
        ///   database's error.
        /// - Complexity: O(n) for the n rows shown: one hash of each identifier.
        func fetchAll(_ db: Database) throws(FetchedResultsError) -> _FetchedRows<
            SectionIdentifierType, ItemIdentifierType
        > {
            var builder = _FetchedRowsBuilder<SectionIdentifierType, ItemIdentifierType>()
            do {
                let statement = try _StatementRows(db, fetchAll)
                let contentColumns = Int32(3)..<Int32(3 + content.count)
                let int64Items = _FetchedRowsBuilder<SectionIdentifierType, ItemIdentifierType>.itemsAreInt64
                while try statement.step() {
                    if statement.changed(column: 2) {
                        try builder.startSection(try statement.decode(SectionIdentifierType.self, column: 2))
                    }
                    let rowID = statement.int64(column: 0)
                    let fingerprint = statement.fingerprint(columns: contentColumns)
                    // An `Int64` item is taken without a generic call: a million of them add up.
                    if int64Items, let item = statement.integer(column: 1) {
                        builder.append(rowID: rowID, int64Item: item, fingerprint: fingerprint)
                    } else {
                        builder.append(
                            rowID: rowID, item: try statement.decode(ItemIdentifierType.self, column: 1),
                            fingerprint: fingerprint)
                    }
                }
            } catch let error as FetchedResultsError {
                throw error
            } catch {
                throw FetchedResultsError(grdb: error)
            }
            return try builder.finish()
        }

        /// The rows among `rowIDs` that are shown after a commit, in order, each with the item of
        /// the row that follows it.
        ///
        /// - Complexity: O(k log n) with an index on the ordering, for k changed rows among n: one
        ///   query for the rows, and up to one index seek per ordering term for each row's successor.
        func readRows(_ db: Database, rowIDs: Set<Int64>) throws(FetchedResultsError) -> [_ReadRow<
            SectionIdentifierType, ItemIdentifierType
        >] {
            do {
                let contentColumns = Int32(3)..<Int32(3 + content.count)
                let termColumns =
                    contentColumns.upperBound..<(contentColumns.upperBound + Int32(sortTerms.count))
                var read:
                    [(row: _ReadRow<SectionIdentifierType, ItemIdentifierType>, values: [DatabaseValue])] = []
                let statement = try _StatementRows(db, fetchRows(Array(rowIDs)))
                while try statement.step() {
                    read.append(
                        (
                            _ReadRow(
                                rowID: statement.int64(column: 0),
                                item: try statement.decode(ItemIdentifierType.self, column: 1),
                                section: try statement.decode(SectionIdentifierType.self, column: 2),
                                fingerprint: statement.fingerprint(columns: contentColumns), successor: nil),
                            termColumns.map(statement.value(column:))
                        ))
                }
                return try read.map { entry in
                    var row = entry.row
                    row.successor = try successor(db, values: entry.values, rowID: row.rowID)
                    return row
                }
            } catch {
                throw FetchedResultsError(grdb: error)
            }
        }

        /// The item of the row shown right after the row with these ordering values and rowid.
        func successor(_ db: Database, values: [DatabaseValue], rowID: Int64) throws -> ItemIdentifierType? {
            // One statement per level shape, prepared once per connection: a batch of changes reads
            // a successor for each row, and preparing the statement cost more than the seek.
            for query in successorQueries(values: values, rowID: rowID) {
                let statement = try _StatementRows(db, cached: query)
                defer { statement.reset() }
                if try statement.step() { return try statement.decode(ItemIdentifierType.self, column: 0) }
            }
            return nil
        }
    }

    /// The rows of a statement, read column by column from SQLite's own buffers.
    final class _StatementRows {
        private let statement: Statement
        private let sqlite: SQLiteStatement
        private let database: Database
        /// The bytes of a column in the previous row, for ``changed(column:)``.
        private var previous: (column: Int32, type: Int32, bytes: [UInt8], integer: Int64)?

        init(_ db: Database, _ sql: SQL) throws {
            database = db
            statement = try db.makeStatement(literal: sql)
            sqlite = statement.sqliteStatement
        }

        /// The rows of a statement the connection keeps prepared for the same SQL; ``reset()`` it
        /// once read, so that it holds no read of the database.
        init(_ db: Database, cached sql: SQL) throws {
            database = db
            statement = try db.cachedStatement(literal: sql)
            sqlite = statement.sqliteStatement
            sqlite3_reset(sqlite)  // its arguments stay bound
        }

        /// Ends the statement's read, keeping it prepared.
        func reset() { sqlite3_reset(sqlite) }

        /// Moves to the next row; `false` after the last.
        func step() throws -> Bool {
            switch sqlite3_step(sqlite) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case let code:
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(database.sqliteConnection)),
                    sql: statement.sql)
            }
        }

        func int64(column: Int32) -> Int64 { sqlite3_column_int64(sqlite, column) }

        /// The column's value where it is an integer; `nil` for any other type.
        func integer(column: Int32) -> Int64? {
            sqlite3_column_type(sqlite, column) == SQLITE_INTEGER ? sqlite3_column_int64(sqlite, column) : nil
        }

        func value(column: Int32) -> DatabaseValue { DatabaseValue(sqliteStatement: sqlite, index: column) }

        /// The column's value as `Value`, or an error naming the column.
        func decode<Value: DatabaseValueConvertible>(_ type: Value.Type, column: Int32) throws -> Value {
            if Value.self == Int64.self, let integer = integer(column: column) { return integer as! Value }
            let value = DatabaseValue(sqliteStatement: sqlite, index: column)
            guard let decoded = Value.fromDatabaseValue(value) else {
                throw DatabaseDecodingError(value: value, type: Value.self, column: Int(column))
            }
            return decoded
        }

        /// A hash of the values of `columns`, from their stored bytes: equal values, equal hashes.
        func fingerprint(columns: Range<Int32>) -> Int {
            var hasher = Hasher()
            for column in columns {
                let type = sqlite3_column_type(sqlite, column)
                hasher.combine(type)
                switch type {
                case SQLITE_INTEGER: hasher.combine(sqlite3_column_int64(sqlite, column))
                case SQLITE_FLOAT: hasher.combine(sqlite3_column_double(sqlite, column))
                case SQLITE_TEXT, SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(sqlite, column))
                    if let bytes = sqlite3_column_blob(sqlite, column) {
                        hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes, count: count))
                    }
                default: break
                }
            }
            return hasher.finalize()
        }

        /// Whether the column's value differs from its value in the row where this was last asked:
        /// compared as stored bytes, so a section is decoded only where it changes.
        func changed(column: Int32) -> Bool {
            let type = sqlite3_column_type(sqlite, column)
            var integer: Int64 = 0
            var bytes: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)
            switch type {
            case SQLITE_INTEGER: integer = sqlite3_column_int64(sqlite, column)
            case SQLITE_FLOAT: integer = Int64(bitPattern: sqlite3_column_double(sqlite, column).bitPattern)
            case SQLITE_TEXT, SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(sqlite, column))
                bytes = UnsafeRawBufferPointer(start: sqlite3_column_blob(sqlite, column), count: count)
            default: break
            }
            if let previous, previous.column == column, previous.type == type, previous.integer == integer,
                previous.bytes.elementsEqual(bytes)
            {
                return false
            }
            previous = (column, type, Array(bytes), integer)
            return true
        }
    }

    /// A value that does not convert to an identifier type.
    struct DatabaseDecodingError: Error, CustomStringConvertible {
        var value: DatabaseValue
        var type: Any.Type
        var column: Int

        var description: String { "column \(column): \(value) is not a \(type)" }
    }
#endif
