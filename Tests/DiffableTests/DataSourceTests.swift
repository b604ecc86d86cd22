import DiffableTesting
import Foundation
import Testing

typealias TestDataSource = CollectionViewDiffableDataSource<String, Int>

/// The cell provider the test data sources use: cells show "item N".
typealias TestCellProvider = @MainActor (ValidatingCollectionView, IndexPath, Int) -> ValidatingView.Cell?

/// A validating view and a data source whose cells show "item N".
@MainActor
func makeDataSource(
    animationMode: ValidatingCollectionView.AnimationMode = .immediate
) -> (ValidatingCollectionView, TestDataSource) {
    makeDataSource(animationMode: animationMode) { TestDataSource(collectionView: $0, cellProvider: $1) }
}

/// A validating view and a data source made by `make` (a subclass, say) whose cells show
/// "item N".
@MainActor
func makeDataSource<Source: TestDataSource>(
    animationMode: ValidatingCollectionView.AnimationMode = .immediate,
    _ make: (ValidatingCollectionView, @escaping TestCellProvider) -> Source
) -> (ValidatingCollectionView, Source) {
    let view = ValidatingCollectionView(animationMode: animationMode)
    let registration = CellRegistration<ValidatingCollectionView.Cell, Int> { cell, _, item in
        cell.text = "item \(item)"
    }
    let dataSource = make(view) { view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    return (view, dataSource)
}

func snapshotOf(_ sections: KeyValuePairs<String, [Int]>) -> DiffableDataSourceSnapshot<String, Int> {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

@MainActor
@Suite("CollectionViewDiffableDataSource")
struct DataSourceTests {
    @Test func readmeUserTest() {
        // The README's example of a user's test, verbatim.
        let view = ValidatingCollectionView()
        let registration = CellRegistration<ValidatingCollectionView.Cell, String> { cell, _, name in
            cell.text = name
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
            view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Apple", "Pear"])
        dataSource.apply(snapshot)

        snapshot.insertItems(["Banana"], afterItem: "Apple")
        snapshot.deleteItems(["Pear"])
        dataSource.apply(snapshot)

        #expect(view.visibleTexts == [["Apple", "Banana"]])
        #expect(view.violations.isEmpty)  // every batch obeyed UIKit's rules
    }

    @Test func applyShowsTheSnapshotAndCommitsBeforeReturning() {
        let (view, dataSource) = makeDataSource()
        expectApplyCommitsAndLookupsAnswer(dataSource, view: view)
    }

    @Test func nonAnimatedApplyStillDiffsAndKeepsCells() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]), animatingDifferences: false)
        let cellOf2 = view.cell(at: IndexPath(item: 1, section: 0))
        view.clearRecords()
        dataSource.apply(snapshotOf(["A": [2, 3, 4]]), animatingDifferences: false)
        #expect(view.cell(at: IndexPath(item: 0, section: 0)) === cellOf2)
        #expect(view.operations.count == 1)
        if case .batchUpdate(let update, let animated) = view.operations.first {
            #expect(!animated)
            #expect(update.deletedItems == [IndexPath(item: 0, section: 0)])
            #expect(update.insertedItems == [IndexPath(item: 2, section: 0)])
        } else {
            Issue.record("expected a batch update, got \(view.operations)")
        }
        #expect(view.cellConfigurations.count == 1, "only the inserted item gets a cell")
    }

    @Test func applyUsingReloadDataRecreatesEveryCell() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        view.clearRecords()
        dataSource.applySnapshotUsingReloadData(snapshotOf(["A": [2, 1]]))
        #expect(view.operations == [.reloadData])
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 1]])
        #expect(view.cellConfigurations.map(\.kind) == [.new, .new])
    }

    @Test func reconfigureKeepsTheCellReloadReplacesIt() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        let cell1 = view.cell(at: IndexPath(item: 0, section: 0))!
        let cell2 = view.cell(at: IndexPath(item: 1, section: 0))!
        view.clearRecords()
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([1])
        snapshot.reloadItems([2])
        dataSource.apply(snapshot)
        #expect(view.cell(at: IndexPath(item: 0, section: 0)) === cell1)
        #expect(view.cell(at: IndexPath(item: 1, section: 0)) !== cell2)
        #expect(cell1.configurationCount == 2)
        #expect(
            Set(view.cellConfigurations.map { [$0.indexPath.item, $0.kind == .new ? 1 : 0] }) == [
                [0, 0], [1, 1],
            ])
        #expect(
            dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty, "the committed snapshot has no marks")
    }

    @Test func contentChangeDetectionReconfiguresChangedItems() {
        struct Recipe: Hashable, Sendable {
            var id: Int
            var title: String
            static func == (a: Recipe, b: Recipe) -> Bool { a.id == b.id }
            func hash(into hasher: inout Hasher) { hasher.combine(id) }
        }
        let view = ValidatingCollectionView()
        let registration = CellRegistration<ValidatingCollectionView.Cell, Recipe> { cell, _, recipe in
            cell.text = recipe.title
        }
        let dataSource = CollectionViewDiffableDataSource<Int, Recipe>(collectionView: view) {
            view, indexPath, recipe in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: recipe)
        }
        dataSource.isContentEqual = { $0.title == $1.title }
        var snapshot = DiffableDataSourceSnapshot<Int, Recipe>()
        snapshot.appendSections([0])
        snapshot.appendItems([Recipe(id: 1, title: "Soup"), Recipe(id: 2, title: "Pie")])
        dataSource.apply(snapshot)
        var edited = DiffableDataSourceSnapshot<Int, Recipe>()
        edited.appendSections([0])
        edited.appendItems([Recipe(id: 1, title: "Soup"), Recipe(id: 2, title: "Apple pie")])
        view.clearRecords()
        dataSource.apply(edited)
        #expect(view.visibleTexts == [["Soup", "Apple pie"]])
        #expect(view.cellConfigurations.map(\.kind) == [.reconfigured])
    }

    @Test func readModifyApplyDuringAnAnimationComposes() {
        // The UIKit pattern `var s = dataSource.snapshot(); s.deleteItems(…); dataSource.apply(s)`,
        // twice while the first animation still runs: both deletions land.
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]), animatingDifferences: false)
        var first = dataSource.snapshot()
        first.deleteItems([1])
        dataSource.apply(first)
        var second = dataSource.snapshot()
        second.deleteItems([2])
        dataSource.apply(second)
        view.finishAnimations()
        view.finishAnimations()
        #expect(view.itemIdentifiers(as: Int.self) == [[3]])
        #expect(view.violations.isEmpty)
    }

    @Test func applyFromACompletionIsQueuedNotReentrant() {
        let (view, dataSource) = makeDataSource()
        var order: [String] = []
        dataSource.apply(snapshotOf(["A": [1]])) {
            order.append("first")
            dataSource.apply(snapshotOf(["A": [1, 2]])) { order.append("second") }
            order.append("first returns")
        }
        #expect(order == ["first", "first returns", "second"])
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2]])
        #expect(view.violations.isEmpty)
    }

    @Test func applyFromACellProviderIsQueued() {
        final class Holder { weak var dataSource: TestDataSource? }
        let view = ValidatingCollectionView()
        let holder = Holder()
        var appliedFromProvider = false
        let registration = CellRegistration<ValidatingCollectionView.Cell, Int> { cell, _, item in
            cell.text = "\(item)"
        }
        let dataSource = TestDataSource(collectionView: view) { view, indexPath, item in
            if item == 2 && !appliedFromProvider {
                appliedFromProvider = true
                holder.dataSource?.apply(snapshotOf(["A": [1, 2, 3]]))
            }
            return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        holder.dataSource = dataSource
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        #expect(appliedFromProvider)
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3]])
        #expect(dataSource.snapshot() == snapshotOf(["A": [1, 2, 3]]))
        #expect(view.violations.isEmpty)
    }

    @Test func appliesWaitForTheRunningAnimationAndCommitInOrder() {
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        var done: [Int] = []
        dataSource.apply(snapshotOf(["A": [1]])) { done.append(1) }
        dataSource.apply(snapshotOf(["A": [1, 2]])) { done.append(2) }
        dataSource.apply(snapshotOf(["A": [3]])) { done.append(3) }
        #expect(dataSource.isApplying)
        #expect(dataSource.pendingApplyCount == 2)
        #expect(
            dataSource.snapshot() == snapshotOf(["A": [3]]),
            "snapshot() reflects every apply at once, as UIKit")
        #expect(
            view.itemIdentifiers(as: Int.self) == [[1]], "the view shows the first until its animation ends")
        #expect(
            dataSource.itemIdentifier(for: IndexPath(item: 0, section: 0)) == 1, "index paths are the view's")
        view.finishAnimations()
        #expect(done == [1])
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2]])
        view.finishAnimations()
        view.finishAnimations()
        #expect(done == [1, 2, 3])
        #expect(view.itemIdentifiers(as: Int.self) == [[3]])
        #expect(view.operations.count == 3)
        #expect(view.violations.isEmpty)
    }

    @Test func coalescingSkipsIntermediateSnapshotsButRunsEveryCompletion() {
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        dataSource.coalescesApplies = true
        var done: [Int] = []
        dataSource.apply(snapshotOf(["A": [1]])) { done.append(1) }
        for n in 2...5 {
            dataSource.apply(snapshotOf(["A": Array(1...n)])) { done.append(n) }
        }
        view.finishAnimations()
        view.finishAnimations()
        #expect(done == [1, 2, 3, 4, 5])
        #expect(view.operations.count == 2, "1, then straight to 5")
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3, 4, 5]])
        #expect(view.violations.isEmpty)
    }

    /// A coalesced apply shows the reconfigures of the applies it skipped: cells a store asked
    /// to refresh while an animation ran (their records arrived) are not left showing placeholders.
    @Test func coalescingKeepsTheReconfiguresOfTheAppliesItSkips() {
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        dataSource.coalescesApplies = true
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))  // in flight: the next two wait
        var marked = dataSource.snapshot()
        marked.reconfigureItems([2])
        dataSource.apply(marked)  // skipped
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4]]))
        view.clearRecords()
        view.finishAnimations()
        #expect(
            Set(view.cellConfigurations.map { [$0.indexPath.item, $0.kind == .new ? 1 : 0] }) == [
                [1, 0], [3, 1],
            ],
            "item 2 reconfigured, item 4 new")
        view.finishAnimations()
        #expect(view.violations.isEmpty)
    }

    /// A store's known update that waits (an animation runs) and is diffed at its turn, because
    /// its base is no longer shown, keeps its reconfigures; so does an in-place edit that waits.
    @Test func aKnownUpdateThatWaitsKeepsItsReconfigures() {
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))  // in flight
        let other = snapshotOf(["A": [1, 2, 3]])  // the store's own snapshot: other storage
        dataSource.apply(
            other, update: BatchUpdate(reconfiguredItems: [IndexPath(item: 0, section: 0)]), from: other)
        dataSource.apply(editing: { snapshot in
            snapshot.appendItems([4])
            return BatchUpdate(
                insertedItems: [IndexPath(item: 3, section: 0)],
                reconfiguredItems: [IndexPath(item: 2, section: 0)])
        })
        view.clearRecords()
        view.finishAnimations()
        #expect(view.cellConfigurations.map(\.indexPath.item) == [0], "item 1 reconfigured")
        view.clearRecords()
        view.finishAnimations()
        #expect(
            Set(view.cellConfigurations.map { [$0.indexPath.item, $0.kind == .new ? 1 : 0] }) == [
                [2, 0], [3, 1],
            ],
            "item 3 reconfigured, item 4 new")
        view.finishAnimations()
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3, 4]])
        #expect(view.violations.isEmpty)
    }

    @Test func largeDiffsRunOffTheMainActor() async {
        let (view, dataSource) = makeDataSource()
        dataSource.offMainDiffingThreshold = 0
        await dataSource.apply(snapshotOf(["A": Array(0..<2000)]))
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems(Array(0..<1000))
        snapshot.appendItems(Array(5000..<5100))
        dataSource.apply(snapshot, completion: nil)  // the synchronous form, without waiting
        #expect(dataSource.isApplying, "the diff is running elsewhere")
        #expect(view.itemIdentifiers(as: Int.self).first?.count == 2000, "the view has not changed yet")
        #expect(dataSource.snapshot().numberOfItems == 1100, "snapshot() already reflects the apply")
        await dataSource.apply(snapshot)
        #expect(view.itemIdentifiers(as: Int.self) == [Array(1000..<2000) + Array(5000..<5100)])
        #expect(view.violations.isEmpty)
    }

    @Test func aNewerSnapshotCancelsAStaleDiff() async {
        let (view, dataSource) = makeDataSource()
        dataSource.offMainDiffingThreshold = 0
        dataSource.coalescesApplies = true
        var done: [Int] = []
        dataSource.apply(snapshotOf(["A": Array(0..<3000)])) { done.append(1) }
        dataSource.apply(snapshotOf(["A": Array(1000..<4000)])) { done.append(2) }
        await dataSource.apply(snapshotOf(["A": [7]]))
        #expect(done == [1, 2])
        #expect(view.operations.count == 1, "only the newest snapshot reached the view")
        #expect(view.itemIdentifiers(as: Int.self) == [[7]])
    }

    @Test func sectionSnapshotsShowOnlyVisibleItemsAndAppendMissingSections() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["Flat": [100]]))
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([10, 11], to: 1)
        dataSource.apply(outline, to: "Outline")
        #expect(dataSource.snapshot().sectionIdentifiers == ["Flat", "Outline"])
        #expect(view.itemIdentifiers(as: Int.self) == [[100], [1, 2]])
        #expect(dataSource.snapshot(for: "Outline") == outline)
        #expect(dataSource.snapshot(for: "Flat").items == [100])
        #expect(dataSource.snapshot(for: "Nowhere").items.isEmpty)
        #expect(
            view.outlineState(at: IndexPath(item: 0, section: 1))
                == .init(level: 0, hasChildren: true, isExpanded: false))

        view.tapDisclosure(at: IndexPath(item: 0, section: 1))
        #expect(view.itemIdentifiers(as: Int.self) == [[100], [1, 10, 11, 2]])
        #expect(
            view.outlineState(at: IndexPath(item: 0, section: 1))
                == .init(level: 0, hasChildren: true, isExpanded: true))
        #expect(
            view.outlineState(at: IndexPath(item: 1, section: 1))
                == .init(level: 1, hasChildren: false, isExpanded: false))
        #expect(
            view.outlineState(at: IndexPath(item: 3, section: 1))
                == .init(level: 0, hasChildren: false, isExpanded: false))
        view.tapDisclosure(at: IndexPath(item: 0, section: 1))
        #expect(view.itemIdentifiers(as: Int.self) == [[100], [1, 2]])
        #expect(view.violations.isEmpty)
    }

    @Test func expandAndCollapseGoThroughTheHandlersWithLazyChildren() {
        let (view, dataSource) = makeDataSource()
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        dataSource.apply(outline, to: "S")
        var events: [String] = []
        dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != 2 }
        dataSource.sectionSnapshotHandlers.willExpandItem = { events.append("will expand \($0)") }
        dataSource.sectionSnapshotHandlers.willCollapseItem = { events.append("will collapse \($0)") }
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
            events.append("load children of \(parent) (had \(children.items.count))")
            var loaded = DiffableDataSourceSectionSnapshot<Int>()
            loaded.append([parent * 10, parent * 10 + 1])
            return loaded
        }
        view.tapDisclosure(at: IndexPath(item: 1, section: 0))  // 2: refused
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2]])
        view.tapDisclosure(at: IndexPath(item: 0, section: 0))
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 11, 2]])
        dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in true }
        view.tapDisclosure(at: IndexPath(item: 0, section: 0))
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2]])
        #expect(events == ["will expand 1", "load children of 1 (had 0)", "will collapse 1"])
        #expect(
            dataSource.snapshot(for: "S").items == [1, 10, 11, 2],
            "collapsed children stay in the section snapshot")
        #expect(view.violations.isEmpty)
    }

    @Test func reorderingIsOffUntilCanReorderItemIsSet() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        #expect(!view.dragItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
        #expect(dataSource.snapshot() == snapshotOf(["A": [1, 2, 3]]))
    }

    @Test func reorderingWithinAndAcrossSectionsUpdatesTheBackingArray() {
        let (view, dataSource) = makeDataSource()
        var backing = [1, 2, 3, 4, 5]
        dataSource.apply(snapshotOf(["A": [1, 2, 3], "B": [4, 5]]))
        var events: [String] = []
        dataSource.reorderingHandlers.canReorderItem = { $0 != 5 }
        dataSource.reorderingHandlers.willReorder = { _ in events.append("will") }
        dataSource.reorderingHandlers.didReorder = { [unowned dataSource] transaction in
            events.append("did")
            backing = backing.applying(transaction.difference)!
            #expect(transaction.finalSnapshot == dataSource.snapshot(), "already committed")
        }
        #expect(view.dragItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
        #expect(dataSource.snapshot() == snapshotOf(["A": [2, 3, 1], "B": [4, 5]]))
        #expect(view.dragItem(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 1)))
        #expect(dataSource.snapshot() == snapshotOf(["A": [2, 1], "B": [4, 3, 5]]))
        #expect(!view.dragItem(from: IndexPath(item: 2, section: 1), to: IndexPath(item: 0, section: 0)))
        #expect(backing == dataSource.snapshot().itemIdentifiers)
        #expect(events == ["will", "did", "will", "did"])
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 1], [4, 3, 5]])
        #expect(view.violations.isEmpty)
    }

    @Test func theValidatingViewCatchesAnInconsistentUpdate() {
        var messages: [String] = []
        let view = ValidatingCollectionView(failureHandler: { messages.append($0) })
        let registration = CellRegistration<ValidatingCollectionView.Cell, Int> { _, _, _ in }
        let dataSource = TestDataSource(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4, 5]]))
        // A batch that claims one deletion while the data source still has 5 items.
        view.performBatchUpdates(
            BatchUpdate(deletedItems: [IndexPath(item: 1, section: 0)]), animatingDifferences: false,
            completion: nil)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("invalid number of items in section 0") == true)
        // A batch whose counts add up but whose moves put the wrong item in place.
        let swapped = BatchUpdate(movedItems: [
            .init(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 4, section: 0))
        ])
        view.performBatchUpdates(swapped, animatingDifferences: false, completion: nil)
        #expect(messages.count == 2)
        #expect(messages.last?.contains("shows 2, but the data source has 1") == true)
    }

    @Test func asyncApplyReturnsWhenTheAnimationEnds() async {
        let (view, dataSource) = makeDataSource(animationMode: .deferred)
        await dataSource.apply(snapshotOf(["A": [1, 2]]))
        #expect(!view.hasRunningAnimations)
        await dataSource.applySnapshotUsingReloadData(snapshotOf(["A": [2]]))
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([5])
        await dataSource.apply(outline, to: "B")
        #expect(view.itemIdentifiers(as: Int.self) == [[2], [5]])
    }
}

@MainActor
@Suite("Section snapshots after full applies")
struct SectionSnapshotRebaseTests {
    @Test func deletingAnOutlineItemWithAFullSnapshotKeepsTheOutline() {
        let (view, dataSource) = makeDataSource()
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2, 3])
        outline.append([10, 11], to: 1)
        outline.append([20], to: 2)
        outline.expand([1])
        dataSource.apply(outline, to: "S")
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 11, 2, 3]])

        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([10, 2])
        dataSource.apply(snapshot)

        let rebased = dataSource.snapshot(for: "S")
        #expect(rebased.items == [1, 11, 3], "2 went with its hidden child 20")
        #expect(rebased.parent(of: 11) == 1)
        #expect(rebased.isExpanded(1))
        #expect(view.outlineState(at: IndexPath(item: 1, section: 0))?.level == 1)
        #expect(view.violations.isEmpty)
    }

    @Test func addingItemsWithAFullSnapshotFallsBackToAFlatSection() {
        let (_, dataSource) = makeDataSource()
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([10], to: 1)
        dataSource.apply(outline, to: "S")
        var snapshot = dataSource.snapshot()
        snapshot.appendItems([5], toSection: "S")
        dataSource.apply(snapshot)
        let flat = dataSource.snapshot(for: "S")
        #expect(flat.items == [1, 2, 5])
        #expect(flat.rootItems == flat.items)
    }
}
