import Foundation
import Testing

@testable import Diffable

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// A snapshot with sections "A" (1, 2, 3), "B" (empty), "C" (10, 11).
func sampleSnapshot() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(["A", "B", "C"])
    snapshot.appendItems([1, 2, 3], toSection: "A")
    snapshot.appendItems([10, 11], toSection: "C")
    return snapshot
}

func layout(_ snapshot: Snapshot) -> [String: [Int]] {
    Dictionary(
        uniqueKeysWithValues: snapshot.sectionIdentifiers.map {
            ($0, snapshot.itemIdentifiers(inSection: $0))
        })
}

@Suite("DiffableDataSourceSnapshot")
struct SnapshotTests {
    @Test func emptySnapshotHasNothing() {
        let snapshot = Snapshot()
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.sectionIdentifiers.isEmpty)
        #expect(snapshot.itemIdentifiers.isEmpty)
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.indexOfSection("A") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
    }

    @Test func readmeExample() {
        // The README's first example, verbatim.
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Fruit", "Vegetables"])
        snapshot.appendItems([1, 2, 3], toSection: "Fruit")
        snapshot.appendItems([10, 11])  // no section: the last one, "Vegetables"

        let count = snapshot.numberOfItems  // 5
        let vegetables = snapshot.itemIdentifiers(inSection: "Vegetables")  // [10, 11]
        let index = snapshot.indexOfItem(10)  // 3: flattened, not within the section
        let section = snapshot.sectionIdentifier(containingItem: 2)  // "Fruit"

        #expect(count == 5)
        #expect(vegetables == [10, 11])
        #expect(index == 3)
        #expect(section == "Fruit")
    }

    @Test func appendItemsWithoutSectionGoesToLastSection() {
        var snapshot = sampleSnapshot()
        snapshot.appendItems([20])
        #expect(snapshot.itemIdentifiers(inSection: "C") == [10, 11, 20])
    }

    @Test func appendItemsToMiddleSectionKeepsLaterSections() {
        var snapshot = sampleSnapshot()
        snapshot.appendItems([4, 5], toSection: "A")
        snapshot.appendItems([7], toSection: "B")
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5, 7, 10, 11])
        #expect(layout(snapshot) == ["A": [1, 2, 3, 4, 5], "B": [7], "C": [10, 11]])
        #expect(snapshot.sectionIdentifier(containingItem: 10) == "C")
        #expect(snapshot.indexOfItem(11) == 7)
    }

    @Test func indexOfItemIsTheFlattenedIndex() {
        let snapshot = sampleSnapshot()
        #expect(snapshot.indexOfItem(1) == 0)
        #expect(snapshot.indexOfItem(10) == 3)
        #expect(snapshot.indexOfItem(11) == 4)
        #expect(snapshot.indexOfItem(99) == nil)
        #expect(snapshot.indexOfSection("C") == 2)
    }

    @Test func countsPerSection() {
        let snapshot = sampleSnapshot()
        #expect(snapshot.numberOfItems(inSection: "A") == 3)
        #expect(snapshot.numberOfItems(inSection: "B") == 0)
        #expect(snapshot.itemIdentifiers(inSection: "B") == [])
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.numberOfSections == 3)
    }

    @Test func insertItemsBeforeAndAfterAnAnchorUseTheAnchorsSection() {
        var snapshot = sampleSnapshot()
        snapshot.insertItems([8, 9], beforeItem: 10)
        snapshot.insertItems([4], afterItem: 3)
        snapshot.insertItems([0], beforeItem: 1)
        #expect(layout(snapshot) == ["A": [0, 1, 2, 3, 4], "B": [], "C": [8, 9, 10, 11]])
        #expect(snapshot.indexOfItem(8) == 5)
    }

    @Test func reAddingAnExistingItemMovesIt() {
        var snapshot = sampleSnapshot()
        snapshot.appendItems([1], toSection: "C")
        #expect(layout(snapshot) == ["A": [2, 3], "B": [], "C": [10, 11, 1]])
        snapshot.insertItems([11, 5], beforeItem: 2)
        #expect(layout(snapshot) == ["A": [11, 5, 2, 3], "B": [], "C": [10, 1]])
        #expect(snapshot.numberOfItems == 6)
    }

    @Test func insertingAnItemRelativeToItselfLeavesItInPlace() {
        var snapshot = sampleSnapshot()
        snapshot.insertItems([2], afterItem: 2)
        snapshot.insertItems([2], beforeItem: 2)
        #expect(snapshot == sampleSnapshot())
        snapshot.insertItems([7, 2], beforeItem: 2)
        #expect(snapshot.itemIdentifiers(inSection: "A") == [1, 7, 2, 3])
    }

    @Test func deleteItemsIgnoresUnknownIdentifiersAndKeepsEmptySections() {
        var snapshot = sampleSnapshot()
        snapshot.deleteItems([10, 11, 99, 10])
        #expect(layout(snapshot) == ["A": [1, 2, 3], "B": [], "C": []])
        #expect(snapshot.numberOfSections == 3)
        #expect(snapshot.indexOfItem(10) == nil)
        snapshot.deleteItems([42])
        #expect(snapshot.numberOfItems == 3)
    }

    @Test func deleteAllItemsRemovesSections() {
        var snapshot = sampleSnapshot()
        snapshot.reloadItems([1])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    }

    @Test func moveItemAcrossSections() {
        var snapshot = sampleSnapshot()
        snapshot.moveItem(1, afterItem: 11)
        #expect(layout(snapshot) == ["A": [2, 3], "B": [], "C": [10, 11, 1]])
        snapshot.moveItem(11, beforeItem: 2)
        #expect(layout(snapshot) == ["A": [11, 2, 3], "B": [], "C": [10, 1]])
        snapshot.moveItem(3, beforeItem: 11)
        #expect(layout(snapshot) == ["A": [3, 11, 2], "B": [], "C": [10, 1]])
        snapshot.moveItem(3, afterItem: 2)
        #expect(layout(snapshot) == ["A": [11, 2, 3], "B": [], "C": [10, 1]])
    }

    @Test func movingAnItemOntoItselfDoesNothing() {
        var snapshot = sampleSnapshot()
        snapshot.moveItem(2, beforeItem: 2)
        snapshot.moveItem(2, afterItem: 2)
        #expect(snapshot == sampleSnapshot())
    }

    @Test func sectionInsertionsAndMoves() {
        var snapshot = sampleSnapshot()
        snapshot.insertSections(["Z"], beforeSection: "A")
        snapshot.insertSections(["X", "Y"], afterSection: "B")
        #expect(snapshot.sectionIdentifiers == ["Z", "A", "B", "X", "Y", "C"])
        snapshot.appendItems([5], toSection: "X")
        snapshot.moveSection("C", beforeSection: "A")
        #expect(snapshot.sectionIdentifiers == ["Z", "C", "A", "B", "X", "Y"])
        #expect(snapshot.itemIdentifiers == [10, 11, 1, 2, 3, 5])
        snapshot.moveSection("C", afterSection: "Y")
        #expect(snapshot.sectionIdentifiers == ["Z", "A", "B", "X", "Y", "C"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 5, 10, 11])
        #expect(snapshot.sectionIdentifier(containingItem: 5) == "X")
        snapshot.moveSection("A", beforeSection: "A")
        #expect(snapshot.sectionIdentifiers == ["Z", "A", "B", "X", "Y", "C"])
    }

    @Test func deleteSectionsRemovesTheirItemsAndIgnoresUnknown() {
        var snapshot = sampleSnapshot()
        snapshot.reloadItems([1, 10])
        snapshot.reloadSections(["A"])
        snapshot.deleteSections(["A", "nope"])
        #expect(snapshot.sectionIdentifiers == ["B", "C"])
        #expect(snapshot.itemIdentifiers == [10, 11])
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.reloadedItemIdentifiers == [10])
        #expect(snapshot.reloadedSectionIdentifiers == [])
    }

    @Test func marksAreOrderedUniqueAndDroppedWithTheirItems() {
        var snapshot = sampleSnapshot()
        snapshot.reloadItems([3, 1, 3])
        snapshot.reconfigureItems([10, 2])
        snapshot.reconfigureItems([10])
        snapshot.reloadSections(["C", "A", "C"])
        #expect(snapshot.reloadedItemIdentifiers == [3, 1])
        #expect(snapshot.reconfiguredItemIdentifiers == [10, 2])
        #expect(snapshot.reloadedSectionIdentifiers == ["C", "A"])
        snapshot.moveItem(3, afterItem: 11)
        #expect(snapshot.reloadedItemIdentifiers == [3, 1])
        snapshot.deleteItems([1, 10])
        #expect(snapshot.reloadedItemIdentifiers == [3])
        #expect(snapshot.reconfiguredItemIdentifiers == [2])
        #expect(snapshot.withoutMarks.reloadedItemIdentifiers == [])
    }

    @Test func equalityIgnoresMarksButNotOrderOrSectionBoundaries() {
        var marked = sampleSnapshot()
        marked.reloadItems([1])
        #expect(marked == sampleSnapshot())
        var moved = sampleSnapshot()
        moved.moveItem(10, afterItem: 3)  // same flat order boundary differs
        #expect(moved.itemIdentifiers == [1, 2, 3, 10, 11])
        #expect(moved != sampleSnapshot())
        #expect(moved.hashValue != sampleSnapshot().hashValue || moved != sampleSnapshot())
    }

    @Test func copiesAreIndependent() {
        let original = sampleSnapshot()
        var copy = original
        copy.appendItems([99])
        copy.deleteItems([1])
        #expect(original == sampleSnapshot())
        #expect(copy.itemIdentifiers == [2, 3, 10, 11, 99])
    }

    @Test func itemAndIndexPathLookups() {
        let snapshot = sampleSnapshot()
        #expect(snapshot.indexPath(ofItem: 11) == IndexPath(item: 1, section: 2))
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: 2)) == 10)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 3, section: 0)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: 9)) == nil)
        // Just past each end, and index paths that do not name an item.
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: snapshot.numberOfSections)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 2, section: 2)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: -1, section: 2)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: -1)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(index: 0)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(indexes: [2, 0, 0])) == nil)
        #expect(snapshot.numberOfItems(inSectionAt: 2) == 2)
        #expect(snapshot.contains(item: 3) && !snapshot.contains(item: 4))
        #expect(snapshot.contains(section: "B") && !snapshot.contains(section: "Q"))
    }

    @Test func descriptionShowsSectionsItemsAndMarks() {
        var snapshot = sampleSnapshot()
        snapshot.reconfigureItems([2])
        snapshot.reloadSections(["C"])
        #expect(
            snapshot.description == """
                DiffableDataSourceSnapshot(3 sections, 5 items)
                  "A" (3): 1, 2 [reconfigure], 3
                  "B" (0)
                  "C" (2) [reload]: 10, 11
                """)
        var long = Snapshot()
        long.appendSections(["L"])
        long.appendItems(Array(0..<25))
        #expect(long.description.hasSuffix("9, … 15 more"))
        #expect(long.debugDescription.hasSuffix("23, 24"))
    }

    @Test func codableRoundTripKeepsStructureAndMarks() throws {
        var snapshot = sampleSnapshot()
        snapshot.reloadItems([2])
        snapshot.reconfigureItems([10])
        snapshot.reloadSections(["B"])
        let data = try JSONEncoder().encode(snapshot)
        let decoded = try JSONDecoder().decode(Snapshot.self, from: data)
        #expect(decoded == snapshot)
        #expect(decoded.reloadedItemIdentifiers == [2])
        #expect(decoded.reconfiguredItemIdentifiers == [10])
        #expect(decoded.reloadedSectionIdentifiers == ["B"])
    }

    @Test func decodingDuplicateIdentifiersThrowsInsteadOfTrapping() {
        let json = #"{"sections":[{"identifier":"A","items":[1,2]},{"identifier":"B","items":[2]}]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Snapshot.self, from: Data(json.utf8))
        }
        let sections = #"{"sections":[{"identifier":"A","items":[]},{"identifier":"A","items":[]}]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Snapshot.self, from: Data(sections.utf8))
        }
    }
}

@Suite("Checked snapshot mutations")
struct CheckedSnapshotTests {
    @Test func readmeSafePath() throws {
        // The README's safe path for data from a server, verbatim.
        let fromServer = ["a", "b", "a", "c"]
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Inbox"])
        do {
            try snapshot.checkedAppendItems(fromServer, toSection: "Inbox")
        } catch {
            print(error)  // appendItems(_:toSection:): item identifier "a" appears more than once. …
        }
        let skipped = try snapshot.appendItemsDroppingDuplicates(fromServer, toSection: "Inbox")
        // snapshot.itemIdentifiers == ["a", "b", "c"], skipped == ["a"]

        #expect(snapshot.itemIdentifiers == ["a", "b", "c"])
        #expect(skipped == ["a"])
    }

    @Test func eachCheckedErrorLeavesTheSnapshotUnchanged() {
        var snapshot = sampleSnapshot()
        snapshot.reloadItems([1])
        let before = snapshot
        typealias E = Snapshot.Error
        #expect(throws: E.duplicateItem(7, call: "appendItems(_:toSection:)")) {
            try snapshot.checkedAppendItems([6, 7, 8, 7])
        }
        #expect(throws: E.sectionNotFound("Q", call: "appendItems(_:toSection:)")) {
            try snapshot.checkedAppendItems([6], toSection: "Q")
        }
        #expect(throws: E.itemNotFound(99, call: "insertItems(_:beforeItem:)")) {
            try snapshot.checkedInsertItems([6], beforeItem: 99)
        }
        #expect(throws: E.duplicateItem(6, call: "insertItems(_:afterItem:)")) {
            try snapshot.checkedInsertItems([6, 1, 6], afterItem: 2)
        }
        #expect(throws: E.itemNotFound(99, call: "moveItem(_:beforeItem:)")) {
            try snapshot.checkedMoveItem(1, beforeItem: 99)
        }
        #expect(throws: E.itemNotFound(98, call: "moveItem(_:afterItem:)")) {
            try snapshot.checkedMoveItem(98, afterItem: 1)
        }
        #expect(throws: E.duplicateSection("A", call: "appendSections(_:)")) {
            try snapshot.checkedAppendSections(["D", "A"])
        }
        #expect(throws: E.duplicateSection("D", call: "insertSections(_:beforeSection:)")) {
            try snapshot.checkedInsertSections(["D", "D"], beforeSection: "B")
        }
        #expect(throws: E.sectionNotFound("Q", call: "insertSections(_:afterSection:)")) {
            try snapshot.checkedInsertSections(["D"], afterSection: "Q")
        }
        #expect(throws: E.sectionNotFound("Q", call: "moveSection(_:afterSection:)")) {
            try snapshot.checkedMoveSection("A", afterSection: "Q")
        }
        #expect(throws: E.itemNotFound(99, call: "reloadItems(_:)")) {
            try snapshot.checkedReloadItems([2, 99])
        }
        #expect(throws: E.itemNotFound(99, call: "reconfigureItems(_:)")) {
            try snapshot.checkedReconfigureItems([99])
        }
        #expect(throws: E.sectionNotFound("Q", call: "reloadSections(_:)")) {
            try snapshot.checkedReloadSections(["A", "Q"])
        }
        #expect(snapshot == before)
        #expect(snapshot.reloadedItemIdentifiers == [1])
        #expect(snapshot.reconfiguredItemIdentifiers == [])
        #expect(snapshot.reloadedSectionIdentifiers == [])
        snapshot._checkInvariants()

        var empty = Snapshot()
        #expect(throws: E.noSections(call: "appendItems(_:toSection:)")) { try empty.checkedAppendItems([1]) }
        #expect(throws: E.noSections(call: "appendItemsDroppingDuplicates(_:toSection:)")) {
            try empty.appendItemsDroppingDuplicates([1])
        }
        #expect(empty == Snapshot())
    }

    @Test func droppingDuplicatesKeepsFirstOccurrenceAndExistingPositions() throws {
        var snapshot = sampleSnapshot()
        let skipped = try snapshot.appendItemsDroppingDuplicates([4, 1, 4, 5, 10], toSection: "B")
        #expect(skipped == [1, 4, 10])
        #expect(layout(snapshot) == ["A": [1, 2, 3], "B": [4, 5], "C": [10, 11]])
        snapshot._checkInvariants()
    }

    @Test func errorDescriptionsNameTheCallAndIdentifier() {
        let error = Snapshot.Error.duplicateItem(7, call: "appendItems(_:toSection:)")
        #expect(
            error.description.hasPrefix("appendItems(_:toSection:): item identifier 7 appears more than once")
        )
        #expect(error.call == "appendItems(_:toSection:)")
        #expect(
            Snapshot.Error.noSections(call: "appendItems(_:toSection:)").description
                == "appendItems(_:toSection:): There are currently no sections in the data source. Please add a section first."
        )
        #expect(
            Snapshot.Error.sectionNotFound("Q", call: "x").description
                == #"x: section identifier "Q" does not exist in the snapshot."#)
    }
}
