import TestTraits
import Testing

@testable import Diffable

/// Cost fences: count `hash(into:)` and `==` calls, and buffers copied, instead of timing anything.
@Suite("Snapshot cost fences", .disabled(if: invariantChecksEnabled), .computeBound)
struct SnapshotCostTests {
    typealias CountingSnapshot = DiffableDataSourceSnapshot<CountingIdentifier, CountingIdentifier>

    func build(sections: Int, itemsPerSection: Int) -> CountingSnapshot {
        var snapshot = CountingSnapshot()
        let sectionIDs = (0..<sections).map { CountingIdentifier(-1 - $0) }
        snapshot.appendSections(sectionIDs)
        for (s, section) in sectionIDs.enumerated() {
            snapshot.appendItems(
                (0..<itemsPerSection).map { CountingIdentifier(s * itemsPerSection + $0) }, toSection: section
            )
        }
        return snapshot
    }

    @Test func appendingHashesEachItemOnce() {
        var snapshot = CountingSnapshot()
        snapshot.appendSections([CountingIdentifier(-1)])
        let items = (0..<10_000).map(CountingIdentifier.init)
        let cost = CountingIdentifier.count {
            for chunk in stride(from: 0, to: items.count, by: 1000) {
                snapshot.appendItems(Array(items[chunk..<chunk + 1000]))
            }
        }
        #expect(cost.hashes == 10_000)
        #expect(cost.equalities < 100, "a fresh identifier should almost never be compared")
    }

    @Test func buildingAMillionItemSnapshotHashesEachIdentifierOnce() {
        var snapshot = CountingSnapshot()
        let items = (0..<1_000_000).map(CountingIdentifier.init)
        let cost = CountingIdentifier.count {
            snapshot.appendSections([CountingIdentifier(-1)])
            snapshot.appendItems(items)
        }
        #expect(cost.hashes == 1_000_001)
        #expect(snapshot.numberOfItems == 1_000_000)
    }

    @Test func appendingToEarlierSectionsNeverReHashes() {
        var snapshot = CountingSnapshot()
        let cost = CountingIdentifier.count {
            snapshot.appendSections((0..<10).map { CountingIdentifier(-1 - $0) })
            for round in 0..<10 {
                for s in 0..<10 {
                    snapshot.appendItems(
                        (0..<10).map { CountingIdentifier(round * 1000 + s * 10 + $0) },
                        toSection: CountingIdentifier(-1 - s))
                }
            }
        }
        #expect(
            cost.hashes == 10 + 100 + 1000, "sections hashed once, each append hashes its section and items")
    }

    @Test func queriesHashTheArgumentOnceAndNeverReHashStorage() {
        let snapshot = build(sections: 10, itemsPerSection: 1000)
        let probe = CountingIdentifier(5_432)
        for query in 0..<4 {
            let cost = CountingIdentifier.count {
                switch query {
                case 0: _ = snapshot.indexOfItem(probe)
                case 1: _ = snapshot.sectionIdentifier(containingItem: probe)
                case 2: _ = snapshot.contains(item: probe)
                default: _ = snapshot.indexOfSection(CountingIdentifier(-3))
                }
            }
            #expect(cost.hashes == 1, "query \(query)")
            #expect(cost.equalities <= 2, "query \(query)")
        }
    }

    @Test func middleMutationsDoNotReHashTheSnapshot() {
        var snapshot = build(sections: 10, itemsPerSection: 1000)
        let cost = CountingIdentifier.count {
            snapshot.insertItems([CountingIdentifier(-100)], beforeItem: CountingIdentifier(10))
            snapshot.deleteItems([CountingIdentifier(20), CountingIdentifier(30)])
            snapshot.moveItem(CountingIdentifier(40), afterItem: CountingIdentifier(9_000))
            snapshot.moveSection(CountingIdentifier(-1), afterSection: CountingIdentifier(-10))
            snapshot.deleteSections([CountingIdentifier(-5)])
            snapshot.insertSections([CountingIdentifier(-50)], beforeSection: CountingIdentifier(-2))
            _ = snapshot.indexOfItem(CountingIdentifier(9_999))
        }
        // Each call hashes only its arguments: 2 + 2 + 2 + 2 + 1 + 2 + 1.
        #expect(cost.hashes == 12)
        #expect(cost.equalities < 50)
        snapshot._checkInvariants()
    }

    @Test func copyingIsConstantAndCopyOnWrite() {
        let snapshot = build(sections: 1, itemsPerSection: 10_000)
        let cost = CountingIdentifier.count {
            var copies = [CountingSnapshot]()
            for _ in 0..<1000 { copies.append(snapshot) }
            #expect(copies.count == 1000)
        }
        #expect(cost.hashes == 0 && cost.equalities == 0)
        let storage = itemStorage(snapshot)
        var copy = snapshot
        #expect(itemStorage(copy) == storage, "a copy shares storage until it is mutated")
        copy.appendItems([CountingIdentifier(-7)])
        #expect(itemStorage(snapshot) == storage, "the original keeps its storage")
        #expect(itemStorage(copy) != storage, "the mutated copy has storage of its own")
        #expect(snapshot.numberOfItems == 10_000)
        #expect(copy.numberOfItems == 10_001)
    }

    /// The buffers of a snapshot's items: identifiers, stored hashes, index, and item sections.
    func itemStorage(_ snapshot: CountingSnapshot) -> [UnsafeRawPointer?] {
        [
            snapshot._items.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            snapshot._items.hashes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            snapshot._items.slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            snapshot._itemSections.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
        ]
    }

    /// Each edit is checked on its own, so that one that copied cannot get a buffer freed by an
    /// earlier edit back and pass.
    @Test func editingAnUnsharedSnapshotKeepsItsStorage() {
        var snapshot = build(sections: 10, itemsPerSection: 1000)
        // Room for the inserts below, so that they need not grow anything.
        snapshot.deleteItems((0..<100).map(CountingIdentifier.init))
        let storage = itemStorage(snapshot)
        var expected = snapshot.itemIdentifiers.map(\.value)
        var previous = expected  // the snapshot's items before the edit checked next
        func check(_ name: String, _ edit: (inout CountingSnapshot) -> Void) {
            #expect(expected != previous, "\(name) changes the items")
            edit(&snapshot)
            #expect(snapshot.itemIdentifiers.map(\.value) == expected, "\(name)")
            #expect(itemStorage(snapshot) == storage, "\(name) copied the items")
            previous = expected
        }
        func move(_ item: Int, after anchor: Int) {
            expected.remove(at: expected.firstIndex(of: item)!)
            expected.insert(item, at: expected.firstIndex(of: anchor)! + 1)
            check("moveItem(\(item), afterItem: \(anchor))") {
                $0.moveItem(CountingIdentifier(item), afterItem: CountingIdentifier(anchor))
            }
        }
        // Moves rotate the items in between, far (a sweep of the index) and near (probes).
        move(150, after: 9_000)
        move(9_500, after: 200)
        move(5_000, after: 5_010)
        expected.insert(contentsOf: [-100, -101], at: expected.firstIndex(of: 5_000)!)
        check("insertItems([-100, -101], beforeItem: 5_000)") {
            $0.insertItems(
                [CountingIdentifier(-100), CountingIdentifier(-101)], beforeItem: CountingIdentifier(5_000))
        }
        expected.removeAll { $0 == 7_000 }
        check("deleteItems([7_000])") { $0.deleteItems([CountingIdentifier(7_000)]) }
        snapshot._checkInvariants()
    }
}
