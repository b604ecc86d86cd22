#if Postgres
    import DiffableStore
    @testable import DiffablePostgres
    import NIOCore
    import Testing

    /// Logical decoding's pieces, on bytes PostgreSQL 15 wrote.
    @Suite("Logical decoding")
    struct DecodingTests {
        /// `pgoutput` messages for: INSERT two rows into `t` in one transaction, UPDATE row 1,
        /// DELETE row 2 (read with `pg_logical_slot_peek_binary_changes` from PostgreSQL 15).
        static let messages = [
            "42000000000152a6a8000304274d7b71cf000002d6",
            "52000040017075626c69630074006400030169640000000014ffffffff007469746c650000000019ffffffff006e0000000017ffffffff",
            "49000040014e0003740000000131740000000161740000000131",
            "49000040014e0003740000000132740000000162740000000132",
            "4300000000000152a6a8000000000152a6d8000304274d7b71cf",
            "42000000000152a730000304274d7b73af000002d7",
            "55000040014e0003740000000131740000000178740000000131",
            "4300000000000152a730000000000152a760000304274d7b73af",
            "42000000000152a7a8000304274d7b7422000002d8",
            "44000040014b00037400000001326e6e",
            "4300000000000152a7a8000000000152a7d8000304274d7b7422",
        ]

        static func buffer(_ hex: String) -> ByteBuffer {
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16)!)
                index = next
            }
            return ByteBuffer(bytes: bytes)
        }

        @Test func transactionsComeWholeWithTheirRowsAndEnds() throws {
            var decoder = _PgOutputDecoder()
            let transactions = try decoder.decode(Self.messages.map(Self.buffer))
            func row(_ kind: _RowChange.Kind, _ id: Int64) -> _DecodedTransaction.Row {
                .init(table: "t", kind: kind, key: _RowKey(rowID: id))
            }
            #expect(
                transactions == [
                    _DecodedTransaction(xid: 726, end: 0x152A6D8, rows: [row(.insert, 1), row(.insert, 2)]),
                    _DecodedTransaction(xid: 727, end: 0x152A760, rows: [row(.update, 1)]),
                    _DecodedTransaction(xid: 728, end: 0x152A7D8, rows: [row(.delete, 2)]),
                ])
            #expect(decoder.relations[0x4001]?.keyColumns == [0])
        }

        @Test func aTransactionCutShortWaitsForItsCommit() throws {
            var decoder = _PgOutputDecoder()
            #expect(try decoder.decode(Self.messages.prefix(4).map(Self.buffer)).isEmpty)
            #expect(try decoder.decode(Self.messages.dropFirst(4).prefix(1).map(Self.buffer)).count == 1)
        }

        @Test func badBytesAreAnErrorNotACrash() {
            var decoder = _PgOutputDecoder()
            #expect(throws: _PgOutputDecoder.DecodingError.self) {
                try decoder.decode([Self.buffer("42000000")])
            }
            #expect(throws: _PgOutputDecoder.DecodingError.self) {
                try decoder.decode([
                    Self.buffer("42000000000152a6a8000304274d7b71cf000002d6"), Self.buffer("490000ffff4e"),
                ])
            }
        }

        @Test func aSnapshotSeesWhatCommittedBeforeIt() throws {
            let snapshot = try #require(_Snapshot("4294967300:4294967310:4294967303,4294967305"))
            #expect(snapshot.sees(4))  // 2^32 + 4, below xmin
            #expect(snapshot.sees(6))
            #expect(!snapshot.sees(7), "running when the snapshot was taken")
            #expect(!snapshot.sees(14), "began after it")
            #expect(snapshot.sees(UInt32.max - 1), "the epoch before")
            #expect(_Snapshot("729:729:") == _Snapshot("729:729:"))
            #expect(_Snapshot("nonsense") == nil)
        }

        @Test func logPositionsReadAndWriteAsPostgreSQLDoes() {
            #expect(_LSN.value("16/B374D848") == 0x16_B374_D848)
            #expect(_LSN.text(0x16_B374_D848) == "16/B374D848")
            #expect(_LSN.value("0/0") == 0)
            #expect(_LSN.value("x") == nil)
        }
    }
#endif
