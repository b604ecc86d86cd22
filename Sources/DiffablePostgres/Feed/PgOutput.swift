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
            /// The values of the columns the feed asked for, after and before the change (as far
            /// as the message carries them: before, only a key's, unless the table's replica
            /// identity is full).
            var values: [String: _StoreValue] = [:]
            var oldValues: [String: _StoreValue] = [:]
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
            /// The positions of the key columns among the columns, in order.
            var keyColumns: [Int]
            /// Every column's name (lowercased) and whether it is an integer (`smallint`,
            /// `integer`, `bigint`).
            var columns: [(name: String, isInteger: Bool)]
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
        /// The columns, by table, whose values the rows carry besides their keys.
        var wanted: [String: Set<String>] = [:]
        /// The primary key's columns, by table: a row is named by them even when the table's
        /// replica identity is full (every column flagged as the key).
        var primaryKeys: [String: Set<String>] = [:]

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
            var keys: [Int] = []
            var columns: [(name: String, isInteger: Bool)] = []
            for column in 0..<Int(count) {
                guard let flags = message.readInteger(as: UInt8.self),
                    let columnName = message.readNullTerminatedString(),
                    let type = message.readInteger(as: UInt32.self),
                    message.readInteger(as: Int32.self) != nil
                else { throw .truncated(message: kind) }
                if flags & 1 != 0 { keys.append(column) }
                // int8, int2, int4
                columns.append((columnName.lowercased(), [20, 21, 23].contains(type)))
            }
            let table = namespace == "public" ? name.lowercased() : "\(namespace).\(name)".lowercased()
            relations[id] = Relation(table: table, keyColumns: keys, columns: columns)
        }

        /// An insert ('N' tuple), an update (an optional 'K' or 'O' tuple with the old key, then
        /// 'N') or a delete ('K' or 'O').
        private mutating func readRow(_ kind: UInt8, _ message: inout ByteBuffer) throws(DecodingError) {
            guard open != nil else { throw .outsideTransaction(message: kind) }
            guard let id = message.readInteger(as: UInt32.self) else { throw .truncated(message: kind) }
            guard var relation = relations[id] else { throw .unknownRelation(id) }
            if let keys = primaryKeys[relation.table], !keys.isEmpty {
                relation.keyColumns = relation.columns.indices.filter {
                    keys.contains(relation.columns[$0].name)
                }
            }
            let wanted = wanted[relation.table] ?? []
            var old: (tag: UInt8, values: [Int: _StoreValue])?
            var new: [Int: _StoreValue]?
            while let tag = message.readInteger(as: UInt8.self) {
                let values = try Self.tuple(of: &message, relation: relation, wanted: wanted, kind: kind)
                if tag == UInt8(ascii: "N") {
                    new = values
                    break
                }
                old = (tag, values)
            }
            let rowKind: _RowChange.Kind =
                switch kind {
                case UInt8(ascii: "I"): .insert
                case UInt8(ascii: "U"): .update
                default: .delete
                }
            func key(_ values: [Int: _StoreValue]) -> _RowKey? {
                let key = relation.keyColumns.compactMap { values[$0] }
                return !key.isEmpty && key.count == relation.keyColumns.count ? _RowKey(key) : nil
            }
            // A table without a key, or a key value the message leaves out: the row cannot be named.
            let oldKey = old.map { key($0.values) }
            guard let key = new.map(key) ?? oldKey ?? nil, oldKey.map({ $0 != nil }) ?? true else {
                open!.changesUnknownRows = true
                return
            }
            func named(_ values: [Int: _StoreValue]?, keysOnly: Bool) -> [String: _StoreValue] {
                var named: [String: _StoreValue] = [:]
                for (index, value) in values ?? [:] where !keysOnly || relation.keyColumns.contains(index) {
                    let name = relation.columns[index].name
                    if wanted.contains(name) { named[name] = value }
                }
                return named
            }
            open!.rows.append(
                .init(
                    table: relation.table, kind: rowKind, key: key,
                    oldKey: oldKey.flatMap { $0 == key ? nil : $0 },
                    values: named(new, keysOnly: false),
                    // A 'K' tuple carries the key's values only; its other columns are null.
                    oldValues: named(old?.values, keysOnly: old?.tag == UInt8(ascii: "K"))))
        }

        /// Reads a tuple; returns the values of its key columns and of the `wanted` ones (as
        /// text, an integer column's as an integer), leaving out unchanged TOASTed values and a
        /// key's nulls.
        private static func tuple(
            of message: inout ByteBuffer, relation: Relation, wanted: Set<String>, kind: UInt8
        ) throws(DecodingError) -> [Int: _StoreValue] {
            guard let count = message.readInteger(as: Int16.self) else { throw .truncated(message: kind) }
            var values: [Int: _StoreValue] = [:]
            for index in 0..<Int(count) {
                guard let type = message.readInteger(as: UInt8.self) else { throw .truncated(message: kind) }
                let isWanted =
                    index < relation.columns.count
                    && (relation.keyColumns.contains(index) || wanted.contains(relation.columns[index].name))
                switch type {
                case UInt8(ascii: "t"), UInt8(ascii: "b"):
                    guard let length = message.readInteger(as: Int32.self),
                        let bytes = message.readSlice(length: Int(length))
                    else { throw .truncated(message: kind) }
                    guard type == UInt8(ascii: "t"), isWanted else { continue }
                    let text = String(buffer: bytes)
                    values[index] =
                        relation.columns[index].isInteger
                        ? Int64(text).map(_StoreValue.integer) ?? .text(text) : .text(text)
                case UInt8(ascii: "n"):
                    if isWanted, !relation.keyColumns.contains(index) { values[index] = .null }
                default:
                    break  // 'u' an unchanged TOASTed value
                }
            }
            return values
        }
    }
#endif
