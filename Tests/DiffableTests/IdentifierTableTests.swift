import TestTraits
import Testing

@testable import Diffable
@testable import DiffableTesting

/// The identifier table's in-place edits, on hash values chosen to collide: the table never hashes
/// (it takes stored hash values), so a test can pack every identifier into a few long probe
/// clusters and give many of them the same tag.
@Suite("Identifier table", .computeBound)
struct IdentifierTableTests {
    /// The table's first broken invariant, or `nil`. The stored hash values are the tests' own, not
    /// the identifiers' `hashValue`, so they are not checked against it.
    func violation(_ table: _IdentifierTable<Int>) -> String? {
        table._invariantViolation(rehashing: false)
    }

    /// A table of 1 to 300 identifiers (0, 1, 2, …) with two tags and a handful of home slots: long
    /// probe clusters, tags shared across them. Returns the hash values too.
    func clusteredTable(using random: inout SeededRandom) -> (_IdentifierTable<Int>, [Int]) {
        let count = Int.random(in: 1...300, using: &random)
        let hashes = (0..<count).map { _ in
            Int.random(in: 0...1, using: &random) << 32 | Int.random(in: 0..<6, using: &random)
        }
        return (_IdentifierTable(elements: Array(0..<count), hashes: hashes), hashes)
    }

    @Test func rotatingARangeMovesItsIdentifiersAndKeepsEveryOneFindable() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<400 {
            var (table, hashes) = clusteredTable(using: &random)
            let count = table.count
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
            #expect(violation(table) == nil, "\(context)")
        }
    }

    @Test func removingIdentifiersKeepsTheRestFindableAtTheirNewPositions() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<600 {
            var (table, hashes) = clusteredTable(using: &random)
            let count = table.count
            // Rounds alternate between a few removals near the end (entries renumbered one probe
            // each), one run anywhere and a few runs anywhere (sweeps of the index), and many
            // removals (a rebuild).
            let remove: [Bool]
            switch round % 4 {
            case 0:
                let tail = Int.random(in: 0...count, using: &random)
                remove = (0..<count).map { $0 >= tail && Double.random(in: 0..<1, using: &random) < 0.02 }
            case 1:
                let start = Int.random(in: 0..<count, using: &random)
                let run =
                    start..<Swift.min(
                        count, start + Int.random(in: 1...Swift.max(1, count / 3), using: &random))
                remove = (0..<count).map { run.contains($0) }
            default:
                let share = round % 4 == 2 ? 0.1 : 0.7
                remove = (0..<count).map { _ in Double.random(in: 0..<1, using: &random) < share }
            }
            // Sometimes the table has room to spare, so the sweep meets empty stretches.
            if round.isMultiple(of: 5) { table.reserveCapacity(count * 3) }
            // Every other round passes all the runs at once, however many, as deleting sorted
            // positions does; the others pass flags, which fall back to compacting past 8 runs.
            if round.isMultiple(of: 2) {
                table.removeAll(inRuns: remove._runs(limit: .max)!)
            } else {
                table.removeAll(where: remove)
            }
            let kept = (0..<count).filter { !remove[$0] }
            let context = "DIFFABLE_SEED=\(seed) round \(round): removed \(count - kept.count) of \(count)"
            #expect(table.elements == kept, "\(context)")
            #expect(table.hashes == kept.map { hashes[$0] }, "\(context)")
            #expect(violation(table) == nil, "\(context)")
            for gone in (0..<count) where remove[gone] {
                #expect(table.index(of: gone, hash: hashes[gone]) == nil, "\(context): \(gone) still found")
            }
        }
    }

    @Test func replacingARangeKeepsEveryIdentifierFindableAtItsNewPosition() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<600 {
            var (table, hashes) = clusteredTable(using: &random)
            let count = table.count
            // Rounds alternate between a short range near the end (the entries after it renumbered
            // one probe each), a range anywhere (a sweep of the index, or a rebuild when the range is
            // long), and a range replaced by many more identifiers (the index grows).
            let start: Int
            let end: Int
            switch round % 3 {
            case 0:
                end = count - Int.random(in: 0...Swift.min(count, 3), using: &random)
                start = Swift.max(0, end - Int.random(in: 0...4, using: &random))
            default:
                start = Int.random(in: 0...count, using: &random)
                end = Int.random(in: start...count, using: &random)
            }
            // Some of the range's identifiers stay (in another order), some go, fresh ones (from
            // 1,000 on, on the same few home slots and tags) come.
            var replacement = (start..<end).filter { _ in Bool.random(using: &random) }.shuffled(
                using: &random)
            let fresh =
                round % 3 == 2
                ? Int.random(in: 0...count * 2, using: &random) : Int.random(in: 0...6, using: &random)
            var freshHashes: [Int: Int] = [:]
            for offset in 0..<fresh {
                let identifier = 1000 + offset
                freshHashes[identifier] =
                    Int.random(in: 0...1, using: &random) << 32 | Int.random(in: 0..<6, using: &random)
                replacement.insert(identifier, at: Int.random(in: 0...replacement.count, using: &random))
            }
            let replacementHashes = replacement.map { $0 < 1000 ? hashes[$0] : freshHashes[$0]! }
            // Sometimes the table has room to spare, so the sweep meets empty stretches.
            if round.isMultiple(of: 5) { table.reserveCapacity(count * 3) }
            table.replaceSubrange(start..<end, with: replacement, hashes: replacementHashes)
            let expected = Array(0..<start) + replacement + Array(end..<count)
            let context =
                "DIFFABLE_SEED=\(seed) round \(round): \(start)..<\(end) of \(count) by \(replacement.count)"
            #expect(table.elements == expected, "\(context)")
            #expect(table.hashes == expected.map { $0 < 1000 ? hashes[$0] : freshHashes[$0]! }, "\(context)")
            #expect(violation(table) == nil, "\(context)")
            for gone in start..<end where !replacement.contains(gone) {
                #expect(table.index(of: gone, hash: hashes[gone]) == nil, "\(context): \(gone) still found")
            }
        }
    }

    @Test func insertingAtManyPlacesKeepsEveryIdentifierFindableAtItsNewPosition() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<240 {
            // Rounds alternate between a few identifiers near the end of a short table (the entries
            // after them renumbered one probe each), a few places in a long one (one sweep of the
            // index, by a step function when there are several), and many places (a rebuild, or
            // the index grows).
            let long = round % 3 == 1
            let count =
                long ? Int.random(in: 1_000...4_000, using: &random) : Int.random(in: 0...300, using: &random)
            // Long tables get a home slot per eight identifiers, spread over the slots: clusters
            // still, but the checks that look every identifier up stay linear in the table.
            let homes = long ? count / 8 : 6
            let spread = long ? 32 : 1
            func clusteredHash() -> Int {
                Int.random(in: 0...1, using: &random) << 32 | Int.random(in: 0..<homes, using: &random)
                    * spread
            }
            let hashes = (0..<count).map { _ in clusteredHash() }
            var table = _IdentifierTable(elements: Array(0..<count), hashes: hashes)
            let inserted: Int
            var positions: [Int]
            switch round % 3 {
            case 0:
                inserted = Int.random(in: 1...3, using: &random)
                positions = (0..<inserted).map { _ in
                    Int.random(in: Swift.max(0, count - 3)...count, using: &random)
                }
            case 1:
                inserted = Int.random(in: 1...12, using: &random)
                positions = (0..<inserted).map { _ in Int.random(in: 0...count, using: &random) }
            default:
                inserted = Int.random(in: 1...Swift.max(1, count * 2), using: &random)
                positions = (0..<inserted).map { _ in Int.random(in: 0...count, using: &random) }
            }
            positions.sort()
            let fresh = (0..<inserted).map { 100_000 + $0 }
            let freshHashes = fresh.map { _ in clusteredHash() }
            // Sometimes the table has room to spare, so the sweep meets empty stretches.
            if round.isMultiple(of: 5) { table.reserveCapacity(count * 3) }
            table.insert(fresh, hashes: freshHashes, at: positions)
            var expected: [Int] = []
            var from = 0
            for (offset, position) in positions.enumerated() {
                expected += from..<position
                expected.append(fresh[offset])
                from = position
            }
            expected += from..<count
            let context =
                "DIFFABLE_SEED=\(seed) round \(round): \(inserted) into \(count) at \(Set(positions).count) places"
            #expect(table.elements == expected, "\(context)")
            #expect(
                table.hashes == expected.map { $0 >= 100_000 ? freshHashes[$0 - 100_000] : hashes[$0] },
                "\(context)")
            #expect(violation(table) == nil, "\(context)")
        }
    }

    @Test func removingManyRunsFromALongTableKeepsTheRestFindable() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<200 {
            let count = Int.random(in: 1_000...4_000, using: &random)
            let hashes = (0..<count).map { _ in
                Int.random(in: 0...1, using: &random) << 32 | Int.random(in: 0..<count / 8, using: &random)
                    * 32
            }
            var table = _IdentifierTable(elements: Array(0..<count), hashes: hashes)
            // Single identifiers in 4 to 40 places: more runs than the index sweeps once each.
            let removed = Set(
                (0..<Int.random(in: 4...40, using: &random)).map { _ in
                    Int.random(in: 0..<count, using: &random)
                })
            if round.isMultiple(of: 5) { table.reserveCapacity(count * 3) }
            table.removeAll(inRuns: (0..<count).map(removed.contains)._runs(limit: .max)!)
            let kept = (0..<count).filter { !removed.contains($0) }
            let context = "DIFFABLE_SEED=\(seed) round \(round): removed \(removed.count) of \(count)"
            #expect(table.elements == kept, "\(context)")
            #expect(violation(table) == nil, "\(context)")
            for gone in removed {
                #expect(table.index(of: gone, hash: hashes[gone]) == nil, "\(context): \(gone) still found")
            }
        }
    }

    @Test func rotatingMovesReferenceCountedElementsInPlace() {
        let seed = SeededRandom.baseSeed()
        var random = SeededRandom(seed: seed)
        for round in 0..<300 {
            let count = Int.random(in: 0...40, using: &random)
            // Heap-allocated strings, so that a lost or doubled element would be caught by the
            // comparison (and by the address sanitizer).
            var strings = (0..<count).map { "identifier number \($0) with a long tail" }
            let end = Int.random(in: 0...count, using: &random)
            let first = Int.random(in: 0...end, using: &random)
            let middle = Int.random(in: first...end, using: &random)
            let expected = Array(
                strings[..<first] + strings[middle..<end] + strings[first..<middle] + strings[end...])
            strings._rotate(subrange: first..<end, toStartAt: middle)
            #expect(
                strings == expected, "DIFFABLE_SEED=\(seed) round \(round): \(first)..<\(end) at \(middle)")
        }
    }

    /// Regression: this test compared the buffers once, after three rotations (one of them empty),
    /// so a rotation that copied could get a buffer freed by an earlier one back and pass. Each
    /// edit, each one moving identifiers, is now checked on its own.
    @Test func editingAnUnsharedTableKeepsItsBuffers() {
        var table = _IdentifierTable(elements: Array(0..<1000), hashes: Array(0..<1000))
        table.reserveCapacity(2000)
        var expected = Array(0..<1000)
        func buffers() -> [UnsafeRawPointer?] {
            [
                table.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                table.hashes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                table.slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            ]
        }
        let original = buffers()
        var previous = expected  // the table's identifiers before the edit checked next
        func check(_ name: String, _ edit: (inout _IdentifierTable<Int>) -> Void) {
            #expect(expected != previous, "\(name) moves identifiers")
            edit(&table)
            #expect(table.elements == expected, "\(name)")
            #expect(buffers() == original, "\(name) copied the table")
            #expect(violation(table) == nil, "\(name)")
            previous = expected
        }
        func rotate(_ range: Range<Int>, toStartAt middle: Int) {
            let (first, end) = (range.lowerBound, range.upperBound)
            expected = Array(
                expected[..<first] + expected[middle..<end] + expected[first..<middle] + expected[end...])
            check("rotate(subrange: \(range), toStartAt: \(middle))") {
                $0.rotate(subrange: range, toStartAt: middle)
            }
        }
        // Rotations long next to the index (renumbered by a sweep) and short (by probes).
        rotate(10..<1000, toStartAt: 990)
        rotate(500..<520, toStartAt: 505)
        rotate(3..<700, toStartAt: 4)
        expected.removeSubrange(40..<45)
        check("removeAll(inRuns: [40..<45])") { $0.removeAll(inRuns: [40..<45]) }
        let replacement = Array(expected[100..<110].reversed())
        expected.replaceSubrange(100..<110, with: replacement)
        check("replaceSubrange(100..<110, …)") {
            $0.replaceSubrange(100..<110, with: replacement, hashes: replacement)
        }
    }
}
