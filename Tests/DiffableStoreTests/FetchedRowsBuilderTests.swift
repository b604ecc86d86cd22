import Diffable
import Testing

@testable import DiffableStore

/// A whole read's rows, built into a snapshot and row index by each of the builder's ways of
/// taking them.
@Suite("Fetched rows builder")
struct FetchedRowsBuilderTests {
    /// Rows 1…6 in two sections, their fingerprints their ids times ten.
    let rowIDs: [Int64] = [4, 2, 6, 1, 5, 3]
    let sections: [(name: String, rows: Range<Int>)] = [("A", 0..<3), ("B", 3..<6)]

    func built<Item: Hashable & Sendable>(
        _ append: (inout _FetchedRowsBuilder<String, Item>, Range<Int>) -> Void
    ) throws -> _FetchedRows<String, Item> {
        var builder = _FetchedRowsBuilder<String, Item>()
        for section in sections {
            try builder.startSection(section.name)
            append(&builder, section.rows)
        }
        return try builder.finish()
    }

    /// Items that are their rows' ids, taken one by one as items, one by one as `Int64`s, or a
    /// section at a time: the same snapshot, and no map between items and rows.
    @Test func itemsThatAreRowIDsGiveOneSnapshotWhicheverWayTheyCome() throws {
        let generic = try built { builder, rows in
            for row in rows {
                builder.append(rowID: rowIDs[row], item: rowIDs[row], fingerprint: Int(rowIDs[row]) * 10)
            }
        }
        let int64 = try built { (builder: inout _FetchedRowsBuilder<String, Int64>, rows) in
            for row in rows {
                builder.append(rowID: rowIDs[row], int64Item: rowIDs[row], fingerprint: Int(rowIDs[row]) * 10)
            }
        }
        let bulk = try built { (builder: inout _FetchedRowsBuilder<String, Int64>, rows) in
            builder.appendRowsShowingTheirIDs(
                rowIDs[rows], fingerprints: ArraySlice(rowIDs[rows].map { Int($0) * 10 }))
        }
        for result in [generic, int64, bulk] {
            #expect(result.snapshot.sectionIdentifiers == ["A", "B"])
            #expect(result.snapshot.itemIdentifiers(inSection: "A") == [4, 2, 6])
            #expect(result.snapshot.itemIdentifiers(inSection: "B") == [1, 5, 3])
            #expect(result.rows.items == nil)
            #expect(result.rows.item(forRowID: 5) == 5)
            #expect(result.rows.fingerprints[5] == 50)
        }
    }

    /// `Int64` items that are not their rows' ids, and items of another type, are mapped to their
    /// rows both ways.
    @Test func otherItemsAreMappedToTheirRows() throws {
        let offset = try built { (builder: inout _FetchedRowsBuilder<String, Int64>, rows) in
            for row in rows {
                builder.append(rowID: rowIDs[row], int64Item: rowIDs[row] + 100, fingerprint: 0)
            }
        }
        #expect(offset.rows.item(forRowID: 5) == 105)
        #expect(offset.rows.rowID(forItem: 105) == 5)
        let named = try built { (builder: inout _FetchedRowsBuilder<String, String>, rows) in
            for row in rows { builder.append(rowID: rowIDs[row], item: "r\(rowIDs[row])", fingerprint: 0) }
        }
        #expect(named.snapshot.itemIdentifiers == ["r4", "r2", "r6", "r1", "r5", "r3"])
        #expect(named.rows.rowID(forItem: "r6") == 6)
    }

    /// An item shown by two rows is an error naming it, however the items came.
    @Test func anItemShownTwiceIsAnError() {
        #expect(throws: FetchedResultsError.self) {
            try built { (builder: inout _FetchedRowsBuilder<String, Int64>, rows) in
                for row in rows { builder.append(rowID: rowIDs[row], int64Item: 7, fingerprint: 0) }
            }
        }
    }
}
