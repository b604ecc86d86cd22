import Foundation
import TestTraits
import Testing

@testable import Diffable
@testable import DiffableTesting

func snapshot(_ sections: KeyValuePairs<String, [Int]>) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

@Suite("BatchUpdate diff")
struct BatchUpdateTests {
    @Test func equalSnapshotsGiveAnEmptyUpdate() {
        let update = BatchUpdate(
            from: snapshot(["A": [1, 2], "B": [3]]), to: snapshot(["A": [1, 2], "B": [3]]))
        #expect(update.isEmpty)
        #expect(update.description == "BatchUpdate(no changes)")
    }

    @Test func insertsUseNewPathsAndDeletesOldPaths() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2, 3]]), to: snapshot(["A": [0, 1, 3, 4]]))
        #expect(update.deletedItems == [path(0, 1)])
        #expect(update.insertedItems == [path(0, 0), path(0, 3)])
        #expect(update.movedItems.isEmpty)
    }

    @Test func onlyItemsOutsideTheLongestIncreasingRunMove() {
        // 5 moves from the end to the front: one move, not four.
        let update = BatchUpdate(
            from: snapshot(["A": [1, 2, 3, 4, 5]]), to: snapshot(["A": [5, 1, 2, 3, 4]]))
        #expect(update.movedItems == [.init(from: path(0, 4), to: path(0, 0))])
        #expect(update.insertedItems.isEmpty && update.deletedItems.isEmpty)
    }

    @Test func crossSectionMovesBetweenSurvivingSections() {
        let update = BatchUpdate(
            from: snapshot(["A": [1, 2], "B": [3]]), to: snapshot(["A": [2], "B": [3, 1]]))
        #expect(update.movedItems == [.init(from: path(0, 0), to: path(1, 1))])
    }

    @Test func itemsLeavingADeletedSectionAreDeletedAndInserted() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2], "B": [3]]), to: snapshot(["B": [3, 1]]))
        #expect(update.deletedSections == [0])
        #expect(update.deletedItems.isEmpty, "the section delete covers its items")
        #expect(update.insertedItems == [path(0, 1)])
        #expect(update.movedItems.isEmpty)
    }

    @Test func itemsEnteringAnInsertedSectionAreCoveredByTheSectionInsert() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2]]), to: snapshot(["N": [2], "A": [1]]))
        #expect(update.insertedSections == [0])
        #expect(update.deletedItems == [path(0, 1)])
        #expect(update.insertedItems.isEmpty)
        #expect(update.movedItems.isEmpty)
        #expect(update.movedSections.isEmpty)
    }

    @Test func aSectionThatKeepsNoneOfItsItemsIsReloaded() {
        let update = BatchUpdate(
            from: snapshot(["A": [1, 2, 3], "B": [4]]), to: snapshot(["A": [5, 6], "B": [4]]))
        #expect(update.reloadedSections == [0])
        #expect(update.deletedItems.isEmpty && update.insertedItems.isEmpty, "the reload covers them")
        // An item from a deleted section is new to it as well.
        let fromDeleted = BatchUpdate(from: snapshot(["A": [1], "B": [4]]), to: snapshot(["A": [4, 5]]))
        #expect(fromDeleted.reloadedSections == [0] && fromDeleted.deletedSections == [1])
    }

    @Test func aSectionIsNotReloadedWhenAnItemStaysComesOrGoesOrItWasEmpty() {
        let stays = BatchUpdate(from: snapshot(["A": [1, 2, 3]]), to: snapshot(["A": [5, 2, 6]]))
        #expect(stays.reloadedSections.isEmpty)
        let comes = BatchUpdate(
            from: snapshot(["A": [1], "B": [2, 3]]), to: snapshot(["A": [3], "B": [2]]))
        #expect(comes.reloadedSections.isEmpty)
        #expect(comes.movedItems == [.init(from: path(1, 1), to: path(0, 0))])
        #expect(comes.deletedItems == [path(0, 0)])
        let goes = BatchUpdate(from: snapshot(["A": [1], "B": [2]]), to: snapshot(["A": [5], "B": [2, 1]]))
        #expect(goes.reloadedSections.isEmpty)
        let wasEmpty = BatchUpdate(from: snapshot(["A": []]), to: snapshot(["A": [1, 2]]))
        #expect(wasEmpty.reloadedSections.isEmpty && wasEmpty.insertedItems == [path(0, 0), path(0, 1)])
        let becomesEmpty = BatchUpdate(from: snapshot(["A": [1, 2]]), to: snapshot(["A": []]))
        #expect(becomesEmpty.reloadedSections.isEmpty && becomesEmpty.deletedItems.count == 2)
        // A section that moves cannot also be reloaded: its items are replaced one by one.
        let moves = BatchUpdate(
            from: snapshot(["A": [1], "B": [2], "C": [3]]), to: snapshot(["C": [3], "A": [1], "B": [4]]))
        #expect(moves.reloadedSections == [1] && moves.movedSections == [.init(from: 2, to: 0)])
        let moved = BatchUpdate(
            from: snapshot(["A": [1], "B": [2], "C": [3]]), to: snapshot(["C": [5], "A": [1], "B": [2]]))
        #expect(moved.reloadedSections.isEmpty && moved.movedSections == [.init(from: 2, to: 0)])
        #expect(moved.deletedItems == [path(2, 0)] && moved.insertedItems == [path(0, 0)])
    }

    @Test func sectionMovesAreMinimal() {
        let update = BatchUpdate(
            from: snapshot(["A": [1], "B": [2], "C": [3], "D": [4]]),
            to: snapshot(["D": [4], "A": [1], "B": [2], "C": [3]]))
        #expect(update.movedSections == [.init(from: 3, to: 0)])
        #expect(update.movedItems.isEmpty, "items travel with their section")
    }

    @Test func reloadedSectionThatAlsoMovesIsReplaced() {
        var new = snapshot(["B": [2], "A": [1]])
        new.reloadSections(["A", "B"])
        let update = BatchUpdate(from: snapshot(["A": [1], "B": [2]]), to: new)
        // Both are marked, so neither has to move: "B" comes first and is reloaded in place; "A"
        // no longer fits after it, so it is replaced: deleted at old 0, inserted at new 1.
        #expect(update.reloadedSections == [1])
        #expect(update.deletedSections == [0])
        #expect(update.insertedSections == [1])
        #expect(update.movedSections.isEmpty)
        #expect(update.movedItems.isEmpty && update.insertedItems.isEmpty && update.deletedItems.isEmpty)
    }

    @Test func reloadMarkedSectionsNeverForceAMove() {
        // Old M1 M2 U, new U M1 M2 with both Ms marked: keeping U and replacing the Ms moves nothing.
        var new = snapshot(["U": [3], "M1": [1], "M2": [2]])
        new.reloadSections(["M1", "M2"])
        let update = BatchUpdate(from: snapshot(["M1": [1], "M2": [2], "U": [3]]), to: new)
        #expect(update.movedSections.isEmpty)
        #expect(update.deletedSections == [0, 1] && update.insertedSections == [1, 2])
    }

    @Test func marksBecomeFinalIndexPathsAndReloadWins() {
        var new = snapshot(["A": [3, 1, 2], "B": [9]])
        new.reloadItems([1])
        new.reconfigureItems([2, 1, 9])
        let update = BatchUpdate(from: snapshot(["A": [1, 2, 3]]), to: new)
        #expect(update.reloadedItems == [path(0, 1)])
        #expect(update.reconfiguredItems == [path(0, 2)], "9 is inserted (its section is new), 1 is reloaded")
    }

    @Test func contentAwareDiffReconfiguresExactlyTheChangedItems() {
        var old = DiffableDataSourceSnapshot<String, VersionedItem>()
        old.appendSections(["A"])
        old.appendItems([
            VersionedItem(1, version: 0), VersionedItem(2, version: 0), VersionedItem(3, version: 0),
        ])
        var new = DiffableDataSourceSnapshot<String, VersionedItem>()
        new.appendSections(["A"])
        new.appendItems([
            VersionedItem(3, version: 1), VersionedItem(1, version: 0), VersionedItem(4, version: 7),
        ])
        let update = BatchUpdate(from: old, to: new) { $0.version == $1.version }
        #expect(update.reconfiguredItems == [path(0, 0)])
        #expect(
            BatchUpdate(from: old, to: new).reconfiguredItems.isEmpty, "identity-only diff ignores content")
    }

    @Test func descriptionListsEachKindOfChange() {
        let update = BatchUpdate(
            from: snapshot(["A": [1, 2], "B": [3]]), to: snapshot(["B": [3, 2], "C": [5]]))
        #expect(
            update.description == """
                BatchUpdate(3 changes)
                  delete sections: 0
                  insert sections: 1
                  insert items: [0, 1]
                """)
    }

    /// The description, `isEmpty`, `operationCount` and renumbering all go through `_Field`, so a
    /// stored property without a case there would be silently dropped by them.
    @Test func everyStoredPropertyHasAField() {
        let stored = Mirror(reflecting: BatchUpdate()).children.map(\.label)
        #expect(stored == BatchUpdate._Field.allCases.map { "\($0)" })
    }

    @Test func renumberingReachesEveryKindOfChange() {
        let update = BatchUpdate(
            deletedSections: [0], insertedSections: [0], movedSections: [.init(from: 0, to: 0)],
            reloadedSections: [0], deletedItems: [path(0, 1)], insertedItems: [path(0, 1)],
            movedItems: [.init(from: path(0, 1), to: path(0, 2))], reloadedItems: [path(0, 3)],
            reconfiguredItems: [path(0, 4)])
        #expect(update.operationCount == BatchUpdate._Field.allCases.count)
        let renumbered = update._renumbered(section: { $0 + 7 }, indexPath: { path($0.section + 7, $0.item) })
        for field in BatchUpdate._Field.allCases {
            #expect(field.describe(in: renumbered) != field.describe(in: update), "\(field)")
            #expect(field.describe(in: renumbered).allSatisfy { $0.contains("7") }, "\(field)")
        }
    }
}

@Suite("BatchUpdate.PositionMap")
struct PositionMapTests {
    /// The example in `PositionMap`'s documentation, verbatim.
    @Test func documentationExample() {
        let update = BatchUpdate(deletedItems: [IndexPath(item: 0, section: 0)])
        let map = BatchUpdate.PositionMap(update, oldSectionCount: 1, newSectionCount: 1)
        #expect(map.newIndexPath(forOld: IndexPath(item: 2, section: 0)) == IndexPath(item: 1, section: 0))
        #expect(map.newIndexPath(forOld: IndexPath(item: 0, section: 0)) == nil)
    }

    /// Where each old item goes agrees with the replay oracle, for random diffs.
    @Test func survivorsLandWhereTheReplayPutsThem() {
        var rng = SeededRandom(seed: SeededRandom.baseSeed())
        for round in 0..<200 {
            let old = randomSnapshot(using: &rng)
            let new = randomSnapshot(using: &rng)
            let update = BatchUpdate(from: old, to: new)
            let map = BatchUpdate.PositionMap(
                update, oldSectionCount: old.numberOfSections, newSectionCount: new.numberOfSections)
            for item in old.itemIdentifiers {
                guard let oldPath = old.indexPath(ofItem: item) else { continue }
                let newPath = map.newIndexPath(forOld: oldPath)
                if let newPath {
                    #expect(
                        new.itemIdentifier(at: newPath) == item,
                        "DIFFABLE_SEED=\(SeededRandom.baseSeed()) round \(round): \(item)")
                } else {
                    let survivesInPlace =
                        new.contains(item: item)
                        && !update.reloadedSections.contains(oldPath.section)
                        && !update.deletedSections.contains(oldPath.section)
                        && !update.deletedItems.contains(oldPath)
                    #expect(
                        !survivesInPlace, "DIFFABLE_SEED=\(SeededRandom.baseSeed()) round \(round): \(item)")
                }
            }
        }
    }
}

@Suite("BatchUpdate between section snapshots")
struct SectionSnapshotBatchUpdateTests {
    @Test func expandingInsertsTheChildrenAsRows() {
        var old = DiffableDataSourceSectionSnapshot<String>()
        old.append(["Soups", "Cakes"])
        old.append(["Leek"], to: "Soups")
        var new = old
        new.expand(["Soups"])
        let update = BatchUpdate(from: old, to: new, inSection: 2)
        #expect(update.insertedItems == [IndexPath(item: 1, section: 2)])
        #expect(update.deletedItems.isEmpty && update.movedItems.isEmpty)
        #expect(
            BatchUpdate(from: new, to: old, inSection: 2).deletedItems == [IndexPath(item: 1, section: 2)])
    }

    @Test func visibleItemsReplayToTheNewVisibleItems() {
        var rng = SeededRandom(seed: SeededRandom.baseSeed())
        for round in 0..<200 {
            func random() -> DiffableDataSourceSectionSnapshot<Int> {
                var snapshot = DiffableDataSourceSectionSnapshot<Int>()
                var pool = Array(0..<30).shuffled(using: &rng)
                let roots = Array(pool.prefix(Int.random(in: 0...8, using: &rng)))
                pool.removeFirst(roots.count)
                snapshot.append(roots)
                for root in roots where Bool.random(using: &rng) && !pool.isEmpty {
                    let children = Array(pool.prefix(Int.random(in: 1...4, using: &rng)))
                    pool.removeFirst(children.count)
                    snapshot.append(children, to: root)
                    if Bool.random(using: &rng) { snapshot.expand([root]) }
                }
                return snapshot
            }
            let old = random()
            let new = random()
            let update = BatchUpdate(from: old, to: new, inSection: 0)
            var before = DiffableDataSourceSnapshot<Int, Int>()
            before.appendSections([0])
            before.appendItems(old.visibleItems)
            var after = DiffableDataSourceSnapshot<Int, Int>()
            after.appendSections([0])
            after.appendItems(new.visibleItems)
            #expect(
                (try? replay(update, on: before, insertingFrom: after)) == after,
                "DIFFABLE_SEED=\(SeededRandom.baseSeed()) round \(round)")
            #expect(update.movedItems.count == minimalItemMoveCount(from: before, to: after))
            #expect(update == BatchUpdate(from: before, to: after), "the full diff's rules")
            let placed = BatchUpdate(from: old, to: new, inSection: 3)
            #expect(placed.operationCount == update.operationCount)
            #expect(placed.insertedItems.allSatisfy { $0.section == 3 } && placed.movedSections.isEmpty)
        }
    }

    @Test func aSectionThatKeepsNoneOfItsRowsIsReloaded() {
        var old = DiffableDataSourceSectionSnapshot<Int>()
        old.append([1, 2])
        var new = DiffableDataSourceSectionSnapshot<Int>()
        new.append([3, 4, 5])
        #expect(BatchUpdate(from: old, to: new, inSection: 4) == BatchUpdate(reloadedSections: [4]))
        #expect(
            BatchUpdate(from: DiffableDataSourceSectionSnapshot<Int>(), to: new, inSection: 4).insertedItems
                .count == 3)
    }

    @Test func contentComparisonReconfiguresRowsVisibleInBoth() {
        var old = DiffableDataSourceSectionSnapshot<Int>()
        old.append([1, 2, 3])
        old.append([10], to: 1)
        var new = old
        new.expand([1])
        let update = BatchUpdate(from: old, to: new, inSection: 1) { old, _ in old != 2 }
        #expect(update.insertedItems == [IndexPath(item: 1, section: 1)])
        #expect(update.reconfiguredItems == [IndexPath(item: 2, section: 1)], "2 at its final row")
    }
}

@Suite("Longest increasing subsequence", .computeBound)
struct LongestIncreasingSubsequenceTests {
    /// Distinct values shaped like a diff's old positions: stretches that keep their order, gaps,
    /// and blocks of values moved elsewhere.
    func sequence(using random: inout SeededRandom) -> [Int32] {
        // Long ones too: the search hints only kick in from 4,096 values.
        let count =
            Int.random(in: 0..<4, using: &random) == 0
            ? Int.random(in: 4_096...8_000, using: &random) : Int.random(in: 0...300, using: &random)
        var values = (0..<count).map { Int32($0) }.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
        for _ in 0..<Int.random(in: 0...min(values.count / 3, 400), using: &random) {
            let block = Int.random(in: 1...4, using: &random)
            let from = Int.random(in: 0..<max(values.count, 1), using: &random)
            let moved = values[from..<min(from + block, values.count)]
            values.removeSubrange(from..<min(from + block, values.count))
            values.insert(contentsOf: moved, at: Int.random(in: 0...values.count, using: &random))
        }
        if Bool.random(using: &random) { values = values.map { $0 * 5 } }  // sparse: no hints
        return values
    }

    @Test func marksAnIncreasingSubsequenceOfTheLongestLength() {
        for seed in SeededRandom.seeds(count: 500) {
            var random = SeededRandom(seed: seed)
            let values = sequence(using: &random)
            let mask = _longestIncreasingSubsequenceMask(values)
            let marked = zip(values, mask).filter(\.1).map(\.0)
            #expect(
                zip(marked, marked.dropFirst()).allSatisfy { $0 < $1 }, "DIFFABLE_SEED=\(seed): \(values)")
            #expect(
                marked.count == _lengthOfLongestIncreasingSubsequence(values.map(Int.init)),
                "DIFFABLE_SEED=\(seed): \(values)")
        }
    }
}

@Suite(.computeBound)
struct ItemMatchingTests {
    /// Old and new identifier lists shaped like real changes: kept stretches, deletions, blocks
    /// moved, single items and long stretches inserted (which the matcher stops guessing for),
    /// from empty to 20,000 identifiers.
    func lists(using random: inout SeededRandom) -> (old: [Int], new: [Int]) {
        let count =
            Int.random(in: 0..<4, using: &random) == 0
            ? Int.random(in: 2_000...20_000, using: &random) : Int.random(in: 0...200, using: &random)
        let old = Array(0..<count)
        var new = old.filter { _ in Int.random(in: 0..<10, using: &random) > 0 }
        var fresh = count
        for _ in 0..<Int.random(in: 0...max(new.count / 5, 1), using: &random) {
            let at = Int.random(in: 0...new.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:  // one new identifier, or a long stretch of them
                let length = Bool.random(using: &random) ? 1 : Int.random(in: 8...300, using: &random)
                new.insert(contentsOf: fresh..<(fresh + length), at: at)
                fresh += length
            default:  // a block moved
                guard !new.isEmpty else { continue }
                let from = Int.random(in: 0..<new.count, using: &random)
                let block = new[from..<min(from + Int.random(in: 1...6, using: &random), new.count)]
                new.removeSubrange(from..<(from + block.count))
                new.insert(contentsOf: block, at: min(at, new.count))
            }
        }
        if Int.random(in: 0..<10, using: &random) == 0 { new = Array(fresh..<(fresh + new.count)) }
        return (old, new)
    }

    func checkMatching<Element: Hashable>(_ old: [Element], _ new: [Element], seed: UInt64) {
        let oldTable = _IdentifierTable(elements: old, hashes: old.map(\.hashValue))
        let newTable = _IdentifierTable(elements: new, hashes: new.map(\.hashValue))
        let matching = _Matching(new: newTable, old: oldTable)
        let oldPositions = Dictionary(uniqueKeysWithValues: zip(old, old.indices))
        let newPositions = Dictionary(uniqueKeysWithValues: zip(new, new.indices))
        let expectedNewToOld = new.map { Int32(oldPositions[$0] ?? -1) }
        let expectedOldToNew = old.map { Int32(newPositions[$0] ?? -1) }
        guard matching.newToOld.count == new.count, matching.oldToNew.count == old.count else {
            Issue.record("DIFFABLE_SEED=\(seed): the matching has the wrong sizes")
            return
        }
        // The first disagreement only: whole lists of thousands would bury the message.
        let newMismatch = new.indices.first { matching.newToOld[$0] != expectedNewToOld[$0] }
        let oldMismatch = old.indices.first { matching.oldToNew[$0] != expectedOldToNew[$0] }
        #expect(newMismatch == nil, "DIFFABLE_SEED=\(seed): new position \(newMismatch ?? -1)")
        #expect(oldMismatch == nil, "DIFFABLE_SEED=\(seed): old position \(oldMismatch ?? -1)")
        #expect(matching.matchedCount == expectedNewToOld.filter { $0 >= 0 }.count, "DIFFABLE_SEED=\(seed)")
    }

    @Test func matchesEveryIdentifierAsADictionaryWould() {
        for seed in SeededRandom.seeds(count: 300) {
            var random = SeededRandom(seed: seed)
            let (old, new) = lists(using: &random)
            checkMatching(old, new, seed: seed)
        }
    }

    /// Identifiers that share hash values four at a time, so that lookups meet equal tags and equal
    /// hashes of other identifiers, and probes longer than the slots read in one batch.
    @Test func matchesIdentifiersWhoseHashValuesCollide() {
        for seed in SeededRandom.seeds(count: 100) {
            var random = SeededRandom(seed: seed)
            let (old, new) = lists(using: &random)
            checkMatching(old.map(ClusteredItem.init), new.map(ClusteredItem.init), seed: seed)
        }
    }
}
