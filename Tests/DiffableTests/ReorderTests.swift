import DiffableTesting
import Foundation
import Testing

@testable import Diffable

/// Reordering through the view: the committed move reaches `snapshot()` and every apply still on
/// its way, and outlines keep their shape.
@MainActor
@Suite("Reordering")
struct ReorderTests {
    /// A data source whose items can all be reordered, recording each transaction.
    func makeReorderingDataSource(
        animationMode: ValidatingCollectionView.AnimationMode = .immediate
    ) -> (ValidatingCollectionView, TestDataSource, TransactionLog) {
        let (view, dataSource) = makeDataSource(animationMode: animationMode)
        let log = TransactionLog()
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { [unowned dataSource] transaction in
            log.transactions.append(transaction)
            log.snapshotsInDidReorder.append(dataSource.snapshot())
        }
        return (view, dataSource, log)
    }

    @MainActor final class TransactionLog {
        var transactions: [DiffableDataSourceTransaction<String, Int>] = []
        var snapshotsInDidReorder: [DiffableDataSourceSnapshot<String, Int>] = []
    }

    /// Parents 1 (children 10, 11; expanded), 2 (child 20; collapsed) and 3.
    func outline() -> DiffableDataSourceSectionSnapshot<Int> {
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2, 3])
        outline.append([10, 11], to: 1)
        outline.append([20], to: 2)
        outline.expand([1])
        return outline
    }

    /// The outline applied to section "S", then the row at `source` dragged to `destination`.
    func outlineAfterDragging(
        from source: Int, to destination: Int
    ) -> (ValidatingCollectionView, TestDataSource, TransactionLog) {
        let (view, dataSource, log) = makeReorderingDataSource()
        dataSource.apply(outline(), to: "S")
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 11, 2, 3]])
        #expect(
            view.dragItem(
                from: IndexPath(item: source, section: 0), to: IndexPath(item: destination, section: 0)))
        return (view, dataSource, log)
    }

    // MARK: Moves that land while an update is on its way

    /// Regression: a drag that landed during an animation, with an apply queued behind it, moved
    /// the row on screen but never reached `snapshot()`; once everything settled, the view and the
    /// data source disagreed, and the app's next read-modify-apply undid the person's drag.
    @Test func aReorderDuringAnAnimationReachesSnapshotAndTheQueuedApply() {
        let (view, dataSource, log) = makeReorderingDataSource(animationMode: .manual)
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4]]), animatingDifferences: false)
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4, 5]]))  // animating
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4, 5, 6]]))  // waits for it
        #expect(view.dragItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 3, 1, 4, 5]])
        #expect(dataSource.snapshot() == snapshotOf(["A": [2, 3, 1, 4, 5, 6]]), "the drag is in snapshot()")
        #expect(log.snapshotsInDidReorder == [dataSource.snapshot()], "by the time didReorder runs")
        #expect(log.transactions.first?.finalSnapshot == dataSource.snapshot())
        view.finishAnimations()
        view.finishAnimations()
        #expect(
            view.itemIdentifiers(as: Int.self) == [[2, 3, 1, 4, 5, 6]], "the queued apply keeps the drag")
        #expect(dataSource.snapshot() == snapshotOf(["A": [2, 3, 1, 4, 5, 6]]))
        dataSource._engine._checkInvariants()
        #expect(view.violations.isEmpty)
    }

    @Test func aReorderDuringADiffOffTheMainActorIsCarriedIntoIt() async {
        let (view, dataSource, _) = makeReorderingDataSource()
        dataSource.offMainDiffingThreshold = 0
        await dataSource.apply(snapshotOf(["A": Array(0..<10)]))
        dataSource.apply(snapshotOf(["A": Array(0..<10) + [100]]), completion: nil)
        #expect(dataSource.isApplying, "the diff runs elsewhere")
        #expect(view.dragItem(from: IndexPath(item: 9, section: 0), to: IndexPath(item: 0, section: 0)))
        #expect(dataSource.snapshot().itemIdentifiers == [9] + Array(0..<9) + [100])
        while dataSource.hasPendingUpdates { await Task.yield() }
        #expect(view.itemIdentifiers(as: Int.self) == [[9] + Array(0..<9) + [100]])
        dataSource._engine._checkInvariants()
        #expect(view.violations.isEmpty)
    }

    @Test func aReorderIsCarriedIntoAnApplyThatDeletedItsNeighbours() {
        let (view, dataSource, _) = makeReorderingDataSource(animationMode: .manual)
        dataSource.apply(snapshotOf(["A": [1, 2, 3], "B": [7]]), animatingDifferences: false)
        dataSource.apply(snapshotOf(["A": [1, 2, 3], "B": [7, 8]]))  // animating
        dataSource.apply(snapshotOf(["A": [3, 1], "B": [8]]))  // waits: 2 and 7 are gone
        // 1 goes between 2 and 3 in the view; in the waiting state, 2 is gone, so 1 goes before 3.
        #expect(view.dragItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0)))
        #expect(dataSource.snapshot() == snapshotOf(["A": [1, 3], "B": [8]]))
        // 8 goes to the top of A, where it is first in the view.
        #expect(view.dragItem(from: IndexPath(item: 1, section: 1), to: IndexPath(item: 0, section: 0)))
        #expect(dataSource.snapshot() == snapshotOf(["A": [8, 1, 3], "B": []]))
        view.finishAnimations()
        view.finishAnimations()
        #expect(view.itemIdentifiers(as: Int.self) == [[8, 1, 3], []])
        dataSource._engine._checkInvariants()
        #expect(view.violations.isEmpty)
    }

    /// Regression: a drag to a place where, in the snapshot waiting behind an animation, the row
    /// had no neighbour (an empty section, or one it is alone in) was made by deleting and
    /// appending the row there, which dropped the waiting reconfigure or reload of that row:
    /// `snapshot()` was right, and the cell kept its stale content.
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func aDragKeepsTheWaitingReconfigureOfItsRow(aloneInSection: Bool, reload: Bool) {
        let (view, dataSource, _) = makeReorderingDataSource(animationMode: .manual)
        dataSource.apply(
            snapshotOf(["A": [1, 2, 3], "B": aloneInSection ? [5] : []]), animatingDifferences: false)
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4], "B": aloneInSection ? [5] : []]))  // animating
        // Waits for the animation: the app reconfigures 2 (and, in the second case, has already
        // moved it to B, whose 5 it deleted).
        var waiting = snapshotOf(
            aloneInSection ? ["A": [1, 3, 4], "B": [2]] : ["A": [1, 2, 3, 4], "B": []])
        if reload { waiting.reloadItems([2]) } else { waiting.reconfigureItems([2]) }
        dataSource.apply(waiting)
        #expect(view.dragItem(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1)))
        let before = view.cellConfigurations.count
        view.finishAnimations()
        view.finishAnimations()
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 3, 4], [2]])
        let configured = view.cellConfigurations[before...].filter {
            $0.indexPath == IndexPath(item: 0, section: 1)
        }
        #expect(configured.map(\.kind) == [reload ? .new : .reconfigured], "2's cell was refreshed")
        dataSource._engine._checkInvariants()
        #expect(view.violations.isEmpty)
    }

    // MARK: Outlines

    /// Regression: reordering in a section with an outline flattened its section snapshot, so the
    /// collapsed child 20 vanished from the data source and 1 lost its expansion.
    @Test func aRootMovedAmongRootsKeepsItsSubtreeAndExpansion() {
        let (view, dataSource, log) = outlineAfterDragging(from: 3, to: 0)
        let reordered = dataSource.snapshot(for: "S")
        #expect(reordered.items == [2, 20, 1, 10, 11, 3], "2 took its collapsed child along")
        #expect(reordered.rootItems == [2, 1, 3])
        #expect(reordered.isExpanded(1) && !reordered.isExpanded(2))
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 1, 10, 11, 3]])
        #expect(view.outlineState(at: IndexPath(item: 2, section: 0))?.level == 1)
        #expect(log.transactions.first?.finalSnapshot == dataSource.snapshot())
        dataSource._engine._checkInvariants()
        #expect(view.violations.isEmpty)
    }

    @Test func aDraggedExpandedParentTakesItsChildrenAlong() {
        // The view moves only the parent's row, to the end; its children then follow it there.
        let (view, dataSource, _) = outlineAfterDragging(from: 0, to: 4)
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 3, 1, 10, 11]])
        #expect(dataSource.snapshot(for: "S").items == [2, 20, 3, 1, 10, 11])
        #expect(dataSource.snapshot(for: "S").isExpanded(1))
        #expect(dataSource.snapshot().itemIdentifiers == [2, 3, 1, 10, 11])
        dataSource._engine._checkInvariants()
        #expect(view.violations.isEmpty)
    }

    @Test func anItemDroppedBeforeAChildBecomesItsSibling() {
        // 3 dropped between 10 and 11: a child of 1, after 10.
        let (view, dataSource, _) = outlineAfterDragging(from: 4, to: 2)
        let reordered = dataSource.snapshot(for: "S")
        #expect(reordered.items == [1, 10, 3, 11, 2, 20])
        #expect(reordered.parent(of: 3) == 1)
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 3, 11, 2]])
        #expect(view.outlineState(at: IndexPath(item: 2, section: 0))?.level == 1)
        #expect(view.violations.isEmpty)
    }

    @Test func aParentDroppedInsideItsOwnSubtreeStaysWhereItWas() {
        let (view, dataSource, _) = outlineAfterDragging(from: 0, to: 1)
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 11, 2, 3]], "the row went back")
        #expect(dataSource.snapshot(for: "S") == outline())
        #expect(view.violations.isEmpty)
    }

    @Test func aParentDraggedToAFlatSectionTakesItsSubtreeThere() {
        let (view, dataSource, _) = makeReorderingDataSource()
        dataSource.apply(outline(), to: "S")
        var flat = dataSource.snapshot()
        flat.appendSections(["F"])
        flat.appendItems([7, 8], toSection: "F")
        dataSource.apply(flat)
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 11, 2, 3], [7, 8]])
        #expect(view.dragItem(from: IndexPath(item: 3, section: 0), to: IndexPath(item: 1, section: 1)))
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 10, 11, 3], [7, 2, 8]])
        #expect(dataSource.snapshot(for: "F").items == [7, 2, 20, 8], "20 is still there, collapsed")
        #expect(dataSource.snapshot(for: "S").items == [1, 10, 11, 3])
        dataSource._engine._checkInvariants()
        #expect(view.violations.isEmpty)
    }

    @Test func aMoveBetweenFlatSectionsStoresNoOutline() {
        let (view, dataSource, _) = makeReorderingDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2], "B": [3]]))
        #expect(view.dragItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1)))
        #expect(dataSource.snapshot() == snapshotOf(["A": [2], "B": [3, 1]]))
        #expect(dataSource._engine.committed.sectionSnapshots.isEmpty)
        #expect(view.violations.isEmpty)
    }
}
