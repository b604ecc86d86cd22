import DiffableTesting
import Foundation
import Testing

@testable import Diffable

/// `apply(_:to:)` with nothing else on its way to the view edits the committed state in place and
/// diffs the one section; these check that the view gets what a diff of the full snapshots gives.
@MainActor
@Suite("CollectionViewDiffableDataSource apply(_:to:)")
struct SectionApplyTests {
    /// Parents 1 and 2 with children 10, 11 and 20, expanded as asked.
    func outline(expanding parents: [Int] = []) -> DiffableDataSourceSectionSnapshot<Int> {
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([10, 11], to: 1)
        outline.append([20], to: 2)
        outline.expand(parents)
        return outline
    }

    /// The batch update the view received last.
    func lastUpdate(_ view: ValidatingCollectionView) -> BatchUpdate? {
        guard case .batchUpdate(let update, _) = view.operations.last else { return nil }
        return update
    }

    @Test func eachUpdateIsTheDiffOfTheFullSnapshots() {
        let (view, dataSource) = makeDataSource()
        dataSource.isContentEqual = { old, _ in old != 11 }  // 11's content always changes
        dataSource.apply(snapshotOf(["Top": [100], "Outline": [], "Rest": Array(200..<1200)]))
        var replaced = DiffableDataSourceSectionSnapshot<Int>()
        replaced.append([7, 8, 9])
        let steps: [(String, DiffableDataSourceSectionSnapshot<Int>)] = [
            ("fill", outline()),
            ("expand 1", outline(expanding: [1])),
            ("expand 2", outline(expanding: [1, 2])),
            ("same again (11 reconfigured)", outline(expanding: [1, 2])),
            ("collapse 1", outline(expanding: [2])),
            ("every item replaced (the section reloads)", replaced),
            ("emptied", DiffableDataSourceSectionSnapshot<Int>()),
        ]
        for (name, sectionSnapshot) in steps {
            let before = dataSource.snapshot()
            let operations = view.operations.count
            dataSource.apply(sectionSnapshot, to: "Outline")
            let after = dataSource.snapshot()
            #expect(after.sectionIdentifiers == ["Top", "Outline", "Rest"], "\(name)")
            #expect(after.itemIdentifiers(inSection: "Outline") == sectionSnapshot.visibleItems, "\(name)")
            #expect(after.itemIdentifiers(inSection: "Rest") == Array(200..<1200), "\(name)")
            let full = BatchUpdate(from: before, to: after) { old, _ in old != 11 }
            if full.isEmpty {
                #expect(view.operations.count == operations, "\(name)")
            } else {
                #expect(lastUpdate(view) == full, "\(name)")
            }
            #expect(view.itemIdentifiers(as: Int.self)[1] == sectionSnapshot.visibleItems, "\(name)")
        }
        #expect(view.violations.isEmpty)
    }

    @Test func anItemFromAnotherSectionMovesAsAppendItemsDoes() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2], "B": [3, 4]]))
        var moved = DiffableDataSourceSectionSnapshot<Int>()
        moved.append([1, 3])
        dataSource.apply(moved, to: "A")
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 3], [4]])
        #expect(dataSource.snapshot() == snapshotOf(["A": [1, 3], "B": [4]]))
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 4)
        #expect(view.violations.isEmpty)
    }

    @Test func sectionAppliesDuringAnAnimationWaitAndCompose() {
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        dataSource.apply(snapshotOf(["Outline": [], "Rest": [5, 6]]), animatingDifferences: false)
        dataSource.apply(outline(), to: "Outline")
        dataSource.apply(outline(expanding: [1]), to: "Outline")
        dataSource.apply(outline(expanding: [1, 2]), to: "Outline")
        #expect(dataSource.snapshot().itemIdentifiers == [1, 10, 11, 2, 20, 5, 6])
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2], [5, 6]], "the first animation still runs")
        view.finishAnimations()
        view.finishAnimations()
        view.finishAnimations()
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 11, 2, 20], [5, 6]])
        #expect(dataSource.snapshot(for: "Outline") == outline(expanding: [1, 2]))
        #expect(view.violations.isEmpty)
    }

    @Test func anIdleSectionApplyEditsTheCommittedItemsInPlace() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["Outline": [], "Rest": Array(100..<10_100)]))
        dataSource.apply(outline(expanding: [1, 2]), to: "Outline")  // the largest the items get
        dataSource.apply(outline(), to: "Outline")
        func itemStorage() -> UnsafeRawPointer? {
            dataSource._engine.committed.snapshot._items.elements.withUnsafeBufferPointer {
                UnsafeRawPointer($0.baseAddress)
            }
        }
        // Checked after each apply: a copy is made while the old buffer is alive, so it cannot get
        // that address, but two copies in a row could get the first one back.
        let storage = itemStorage()
        dataSource.apply(outline(expanding: [1]), to: "Outline")
        #expect(itemStorage() == storage, "no copy of the 10,000 items")
        dataSource.apply(outline(expanding: [2]), to: "Outline")
        #expect(itemStorage() == storage, "no copy of the 10,000 items")
        #expect(view.itemIdentifiers(as: Int.self)[0] == [1, 2, 20])

        // A snapshot the app holds keeps its own state: the edit then copies.
        let held = dataSource.snapshot()
        dataSource.apply(outline(), to: "Outline")
        #expect(held.itemIdentifiers(inSection: "Outline") == [1, 2, 20])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Outline") == [1, 2])
        #expect(view.violations.isEmpty)
    }
}
