#if Postgres
    import DiffableStore
    import NIOCore

    /// A committed transaction, as PostgreSQL's `pgoutput` plugin decoded it from the write-ahead
    /// log: its id, where its commit record ends (the feed's position after it), and the rows it
    /// wrote.
    struct _DecodedTransaction: Equatable {
        var xid: UInt32
        /// The end of the commit record: a slot advanced to here has the transaction behind it.
        var end: Int64
        /// The rows inserted, updated or deleted, by table (lowercased, `schema.table` outside
        /// `public`); a row whose key changed is named with both keys.
        var rows: [(table: String, rowID: Int64)] = []
        /// Whether the transaction did something that names no rows: a `TRUNCATE`, or a row of a
        /// table whose key is not one integer column.
        var changesUnknownRows = false

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.xid == rhs.xid && lhs.end == rhs.end && lhs.changesUnknownRows == rhs.changesUnknownRows
                && lhs.rows.elementsEqual(rhs.rows) { $0.table == $1.table && $0.rowID == $1.rowID }
        }
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
            /// The position of the key column among the columns, when the key is one column.
            var keyColumn: Int?
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
            var keys: [Int] = []
            for column in 0..<Int(count) {
                guard let flags = message.readInteger(as: UInt8.self),
                    message.readNullTerminatedString() != nil,
                    message.readInteger(as: UInt32.self) != nil, message.readInteger(as: Int32.self) != nil
                else { throw .truncated(message: kind) }
                if flags & 1 != 0 { keys.append(column) }
            }
            let table = namespace == "public" ? name.lowercased() : "\(namespace).\(name)".lowercased()
            relations[id] = Relation(table: table, keyColumn: keys.count == 1 ? keys[0] : nil)
        }

        /// An insert ('N' tuple), an update (an optional 'K' or 'O' tuple, then 'N') or a delete
        /// ('K' or 'O').
        private mutating func readRow(_ kind: UInt8, _ message: inout ByteBuffer) throws(DecodingError) {
            guard open != nil else { throw .outsideTransaction(message: kind) }
            guard let id = message.readInteger(as: UInt32.self) else { throw .truncated(message: kind) }
            guard let relation = relations[id] else { throw .unknownRelation(id) }
            var keys: [Int64?] = []
            while let tag = message.readInteger(as: UInt8.self) {
                keys.append(try Self.key(of: &message, column: relation.keyColumn, kind: kind))
                if tag == UInt8(ascii: "N") { break }
            }
            let rowIDs = Set(keys.compactMap { $0 })
            if rowIDs.isEmpty || keys.contains(nil) { open!.changesUnknownRows = true }
            for rowID in rowIDs.sorted() { open!.rows.append((relation.table, rowID)) }
        }

        /// Reads a tuple; returns the integer in its key column, if it has one.
        private static func key(of message: inout ByteBuffer, column: Int?, kind: UInt8) throws(DecodingError)
            -> Int64?
        {
            guard let count = message.readInteger(as: Int16.self) else { throw .truncated(message: kind) }
            var key: Int64?
            for index in 0..<Int(count) {
                guard let type = message.readInteger(as: UInt8.self) else { throw .truncated(message: kind) }
                switch type {
                case UInt8(ascii: "t"), UInt8(ascii: "b"):
                    guard let length = message.readInteger(as: Int32.self),
                        let bytes = message.readSlice(length: Int(length))
                    else { throw .truncated(message: kind) }
                    if index == column, type == UInt8(ascii: "t") {
                        key = Int64(String(buffer: bytes))
                    }
                default:
                    break  // 'n' null, 'u' an unchanged TOASTed value
                }
            }
            return key
        }
    }
#endif
