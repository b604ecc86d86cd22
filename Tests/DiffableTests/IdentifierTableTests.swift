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

    @Test func rotatingARangeMovesItsIdentifiersAndKeepsEveryOneFindable() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<400 {
            let count = Int.random(in: 1...300, using: &random)
            // Two tags and a handful of home slots: long clusters, tags shared across them.
            let hashes = (0..<count).map { _ in
                Int.random(in: 0...1, using: &random) << 32 | Int.random(in: 0..<6, using: &random)
            }
            var table = _IdentifierTable(elements: Array(0..<count), hashes: hashes)
            // Every other round rotates a tail into place, as inserting does.
            let end = round.isMultiple(of: 2) ? count : Int.random(in: 0...count, using: &random)
            let first = Int.random(in: 0...end, using: &random)
            let middle = Int.random(in: first...end, using: &random)
            table.rotate(subrange: first..<end, toStartAt: middle)
            let order =
                Array(0..<first) + Array(middle..<end) + Array(first..<middle) + Array(end..<count)
            let context = "DIFFABLE_SEED=\(seed) round \(round): \(first)..<\(end) at \(middle)"
            #expect(table.elements == order, "\(context)")
            #expect(table.hashes == order.map { hashes[$0] }, "\(context)")
            #expect(isConsistent(table), "\(context)")
        }
    }

    @Test func rotatingDoesNotCopyAnUnsharedTable() {
        var table = _IdentifierTable(elements: Array(0..<1000), hashes: Array(0..<1000))
        table.reserveCapacity(2000)
        let elements = table.elements.withUnsafeBufferPointer { $0.baseAddress }
        table.rotate(subrange: 10..<1000, toStartAt: 990)
        table.rotate(subrange: 500..<501, toStartAt: 500)
        table.rotate(subrange: 3..<700, toStartAt: 4)
        #expect(table.elements.withUnsafeBufferPointer { $0.baseAddress } == elements)
        #expect(isConsistent(table))
    }
}
