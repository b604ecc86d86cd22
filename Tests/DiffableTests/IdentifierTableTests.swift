import Testing

@testable import Diffable
@testable import DiffableTesting

/// The identifier table's in-place edits, on hash values chosen to collide: the table never hashes
/// (it takes stored hash values), so a test can pack every identifier into a few long probe
/// clusters and give many of them the same tag.
@Suite("Identifier table")
struct IdentifierTableTests {
    /// Whether every identifier of `table` is found at its own position, and the index holds
    /// exactly one entry per identifier.
    func isConsistent(_ table: _IdentifierTable<Int>) -> Bool {
        let occupied = table.slots.count { $0 != 0 }
        return occupied == table.count
            && table.elements.indices.allSatisfy {
                table.index(of: table.elements[$0], hash: table.hashes[$0]) == $0
            }
    }

    @Test func moveTailMovesTheLastIdentifiersAndKeepsEveryOneFindable() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<300 {
            let count = Int.random(in: 1...300, using: &random)
            // Two tags and a handful of home slots: long clusters, tags shared across them.
            let hashes = (0..<count).map { _ in
                Int.random(in: 0...1, using: &random) << 32 | Int.random(in: 0..<6, using: &random)
            }
            var table = _IdentifierTable(elements: Array(0..<count), hashes: hashes)
            let start = Int.random(in: 0...count, using: &random)
            let position = Int.random(in: 0...start, using: &random)
            table.moveTail(from: start, to: position)
            let order = Array(0..<position) + Array(start..<count) + Array(position..<start)
            #expect(table.elements == order, "DIFFABLE_SEED=\(seed) round \(round)")
            #expect(table.hashes == order.map { hashes[$0] }, "DIFFABLE_SEED=\(seed) round \(round)")
            #expect(isConsistent(table), "DIFFABLE_SEED=\(seed) round \(round)")
        }
    }

    @Test func moveTailDoesNotCopyAnUnsharedTable() {
        var table = _IdentifierTable(elements: Array(0..<1000), hashes: Array(0..<1000))
        table.reserveCapacity(2000)
        let elements = table.elements.withUnsafeBufferPointer { $0.baseAddress }
        table.moveTail(from: 990, to: 10)
        #expect(table.elements.withUnsafeBufferPointer { $0.baseAddress } == elements)
        #expect(isConsistent(table))
    }
}
