#if Postgres
    import DiffableStore
    import NIOCore

    /// A committed transaction, as PostgreSQL's `pgoutput` plugin decoded it from the write-ahead
    /// log: its id, where its commit record ends (the feed's position after it), and the rows it
    /// wrote.
    struct _DecodedTransaction: Equatable {
        /// A row inserted, updated or deleted.
        struct Row: Equatable {
            /// Lowercased, `schema.table` outside `public`.
            var table: String
            var kind: _RowChange.Kind
            /// The row's key after the change (before it, for a delete).
            var key: _RowKey
            /// The key before an update that changed it.
            var oldKey: _RowKey?
        }

        var xid: UInt32
        /// The end of the commit record: a slot advanced to here has the transaction behind it.
        var end: Int64
        var rows: [Row] = []
        /// Whether the transaction did something that names no rows: a `TRUNCATE`, or a row of a
        /// table without a key.
        var changesUnknownRows = false
    }

    /// Reads `pgoutput`'s messages (protocol version 1) into transactions. Keeps the relations
    /// it was told of, since a relation's message comes once before its first row in a decoding
    /// session.
    ///
    /// The format: PostgreSQL's "Logical Replication Message Formats".
    struct _PgOutputDecoder {
        struct Relation {
            /// Lowercased; `schema.table` outside `public`.
            var table: String
            /// The positions of the key columns among the columns, in order, with whether each
            /// is an integer (`smallint`, `integer`, `bigint`).
            var keyColumns: [(index: Int, isInteger: Bool)]
        }

        enum DecodingError: Error, CustomStringConvertible {
            case truncated(message: UInt8)
            case unknownRelation(UInt32)
            case outsideTransaction(message: UInt8)

            var description: String {
                switch self {
                case .truncated(let message):
                    "a pgoutput message '\(Character(Unicode.Scalar(message)))' ended early"
                case .unknownRelation(let id): "a pgoutput row of relation \(id), which was not described"
                case .outsideTransaction(let message):
                    "a pgoutput message '\(Character(Unicode.Scalar(message)))' outside a transaction"
                }
            }
        }

        private(set) var relations: [UInt32: Relation] = [:]
        private var open: _DecodedTransaction?

        /// Decodes messages in order; returns the transactions whose commit they include.
        ///
        /// - Complexity: O(n) in the bytes.
        mutating func decode(_ messages: some Sequence<ByteBuffer>) throws(DecodingError)
            -> [_DecodedTransaction]
        {
            var committed: [_DecodedTransaction] = []
            for var message in messages {
                guard let kind = message.readInteger(as: UInt8.self) else { continue }
                switch kind {
                case UInt8(ascii: "B"):
                    guard message.readInteger(as: Int64.self) != nil,
                        message.readInteger(as: Int64.self) != nil,
                        let xid = message.readInteger(as: UInt32.self)
                    else { throw .truncated(message: kind) }
                    open = _DecodedTransaction(xid: xid, end: 0)
                case UInt8(ascii: "C"):
                    guard message.readInteger(as: UInt8.self) != nil,
                        message.readInteger(as: Int64.self) != nil,
                        let end = message.readInteger(as: Int64.self)
                    else { throw .truncated(message: kind) }
                    guard var transaction = open else { throw .outsideTransaction(message: kind) }
                    transaction.end = end
                    committed.append(transaction)
                    open = nil
                case UInt8(ascii: "R"):
                    try readRelation(&message)
                case UInt8(ascii: "I"), UInt8(ascii: "U"), UInt8(ascii: "D"):
                    try readRow(kind, &message)
                case UInt8(ascii: "T"):
                    guard open != nil else { throw .outsideTransaction(message: kind) }
                    open!.changesUnknownRows = true
                default:
                    break  // origin, type, logical message: nothing that names rows
                }
            }
            return committed
        }

        private mutating func readRelation(_ message: inout ByteBuffer) throws(DecodingError) {
            let kind = UInt8(ascii: "R")
            guard let id = message.readInteger(as: UInt32.self),
                let namespace = message.readNullTerminatedString(),
                let name = message.readNullTerminatedString(),
                message.readInteger(as: UInt8.self) != nil,
                let count = message.readInteger(as: Int16.self)
            else { throw .truncated(message: kind) }
            var keys: [(index: Int, isInteger: Bool)] = []
            for column in 0..<Int(count) {
                guard let flags = message.readInteger(as: UInt8.self),
                    message.readNullTerminatedString() != nil,
                    let type = message.readInteger(as: UInt32.self),
                    message.readInteger(as: Int32.self) != nil
                else { throw .truncated(message: kind) }
                // int8, int2, int4
                if flags & 1 != 0 { keys.append((column, [20, 21, 23].contains(type))) }
            }
            let table = namespace == "public" ? name.lowercased() : "\(namespace).\(name)".lowercased()
            relations[id] = Relation(table: table, keyColumns: keys)
        }

        /// An insert ('N' tuple), an update (an optional 'K' or 'O' tuple with the old key, then
        /// 'N') or a delete ('K' or 'O').
        private mutating func readRow(_ kind: UInt8, _ message: inout ByteBuffer) throws(DecodingError) {
            guard open != nil else { throw .outsideTransaction(message: kind) }
            guard let id = message.readInteger(as: UInt32.self) else { throw .truncated(message: kind) }
            guard let relation = relations[id] else { throw .unknownRelation(id) }
            var old: _RowKey??
            var new: _RowKey??
            while let tag = message.readInteger(as: UInt8.self) {
                let key = try Self.key(of: &message, columns: relation.keyColumns, kind: kind)
                if tag == UInt8(ascii: "N") {
                    new = .some(key)
                    break
                }
                old = .some(key)
            }
            let rowKind: _RowChange.Kind =
                switch kind {
                case UInt8(ascii: "I"): .insert
                case UInt8(ascii: "U"): .update
                default: .delete
                }
            // A table without a key, or a key value the message leaves out: the row cannot be named.
            guard let key = (new ?? old) ?? nil, old.map({ $0 != nil }) ?? true else {
                open!.changesUnknownRows = true
                return
            }
            let oldKey = old.flatMap { $0 }.flatMap { $0 == key ? nil : $0 }
            open!.rows.append(.init(table: relation.table, kind: rowKind, key: key, oldKey: oldKey))
        }

        /// Reads a tuple; returns the values of its key columns, or `nil` when the table has no
        /// key or a key value is missing (null, or an unchanged TOASTed value).
        private static func key(
            of message: inout ByteBuffer, columns: [(index: Int, isInteger: Bool)], kind: UInt8
        ) throws(DecodingError) -> _RowKey? {
            guard let count = message.readInteger(as: Int16.self) else { throw .truncated(message: kind) }
            var values: [Int: _StoreValue] = [:]
            for index in 0..<Int(count) {
                guard let type = message.readInteger(as: UInt8.self) else { throw .truncated(message: kind) }
                switch type {
                case UInt8(ascii: "t"), UInt8(ascii: "b"):
                    guard let length = message.readInteger(as: Int32.self),
                        let bytes = message.readSlice(length: Int(length))
                    else { throw .truncated(message: kind) }
                    guard type == UInt8(ascii: "t"), let column = columns.first(where: { $0.index == index })
                    else {
                        continue
                    }
                    let text = String(buffer: bytes)
                    values[index] =
                        column.isInteger ? Int64(text).map(_StoreValue.integer) ?? .text(text) : .text(text)
                default:
                    break  // 'n' null, 'u' an unchanged TOASTed value
                }
            }
            guard !columns.isEmpty else { return nil }
            let key = columns.compactMap { values[$0.index] }
            return key.count == columns.count ? _RowKey(key) : nil
        }
    }
#endif
