import Diffable
import DiffableTesting
import Foundation
import Testing

/// One snapshot and its update handed to many data sources, as a store does for every page that
/// shows one list: each data source that shows the snapshot the update was made from takes the new
/// one as it is; any other diffs.
@MainActor
@Suite("Applying a snapshot with its known update")
struct KnownUpdateTests {
    static let base = snapshotOf(["A": [1, 2, 3], "B": [4, 5]])

    /// `base` with 2 moved after 5 and 6 inserted first, and the update that says so.
    static func edited() -> (DiffableDataSourceSnapshot<String, Int>, BatchUpdate) {
        var snapshot = base
        snapshot.moveItem(2, afterItem: 5)
        snapshot.insertItems([6], beforeItem: 1)
        return (snapshot, BatchUpdate(from: base, to: snapshot))
    }

    @Test func aDataSourceShowingTheBaseTakesTheSnapshotAndTheUpdateAsTheyAre() {
        let (new, update) = Self.edited()
        var dataSources: [TestDataSource] = []
        var views: [ValidatingCollectionView] = []
        for _ in 0..<3 {
            let (view, dataSource) = makeDataSource()
            dataSource.applySnapshotUsingReloadData(Self.base)
            dataSource.apply(new, update: update, from: Self.base)
            views.append(view)
            dataSources.append(dataSource)
        }
        for (view, dataSource) in zip(views, dataSources) {
            #expect(view.operations.last == .batchUpdate(update, animated: true))
            #expect(dataSource.snapshot()._isIdentical(to: new), "no copy: every data source shares it")
            #expect(view.visibleTexts == [["item 6", "item 1", "item 3"], ["item 4", "item 5", "item 2"]])
            #expect(view.violations.isEmpty)
        }
    }

    @Test func anEqualSnapshotThatIsNotTheBaseItselfIsDiffed() {
        let (new, update) = Self.edited()
        let (view, dataSource) = makeDataSource()
        var equal = snapshotOf(["A": [1, 2, 3], "B": [4, 9]])
        equal.deleteItems([9])
        equal.appendItems([5], toSection: "B")
        #expect(equal == Self.base && !equal._isIdentical(to: Self.base))
        dataSource.applySnapshotUsingReloadData(equal)
        dataSource.apply(new, update: update, from: Self.base)
        #expect(dataSource.snapshot() == new)
        #expect(view.visibleTexts == [["item 6", "item 1", "item 3"], ["item 4", "item 5", "item 2"]])
        #expect(view.violations.isEmpty)
    }

    @Test func aDataSourceShowingSomethingElseDiffsToTheSnapshot() {
        let (new, update) = Self.edited()
        let (view, dataSource) = makeDataSource()
        dataSource.applySnapshotUsingReloadData(snapshotOf(["A": [7, 1], "C": [8]]))
        dataSource.apply(new, update: update, from: Self.base)
        #expect(view.operations.last != .batchUpdate(update, animated: true))
        #expect(dataSource.snapshot() == new)
        #expect(view.visibleTexts == [["item 6", "item 1", "item 3"], ["item 4", "item 5", "item 2"]])
        #expect(view.violations.isEmpty)
    }

    @Test func behindAnAnimationTheUpdateIsUsedIfTheBaseIsStillShownWhenItsTurnComes() {
        let (new, update) = Self.edited()
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        dataSource.applySnapshotUsingReloadData(snapshotOf(["A": [1, 2]]))
        dataSource.apply(Self.base)  // animating
        dataSource.apply(new, update: update, from: Self.base)
        #expect(dataSource.pendingApplyCount == 1)
        #expect(dataSource.snapshot() == new, "snapshot() reflects the apply at once")
        view.finishAnimations()
        #expect(view.operations.last == .batchUpdate(update, animated: true))
        view.finishAnimations()
        #expect(dataSource.snapshot()._isIdentical(to: new))
        #expect(view.violations.isEmpty)
    }

    @Test func anotherStateShownWhenItsTurnComesIsDiffed() {
        let (new, update) = Self.edited()
        let (view, dataSource) = makeDataSource(animationMode: .manual)
        dataSource.applySnapshotUsingReloadData(snapshotOf(["A": [1, 2]]))
        dataSource.apply(Self.base)
        view.finishAnimations()
        dataSource.apply(snapshotOf(["A": [1, 2, 3], "B": [5, 4]]))  // animating
        dataSource.apply(new, update: update, from: Self.base)
        view.finishAnimations()
        view.finishAnimations()
        #expect(dataSource.snapshot() == new)
        #expect(view.violations.isEmpty, "the update from the base is not used on another state")
    }

    /// `var s = dataSource.snapshot(); s.reconfigureItems(…); apply(s)`: the update is the marks,
    /// found without a diff, and equal to the diff's.
    @Test func marksOnTheShownSnapshotAreTheUpdateTheDiffWouldGive() {
        let seed = SeededRandom.baseSeed()
        var rng = SeededRandom(seed: seed)
        for round in 0..<500 {
            var base = DiffableDataSourceSnapshot<String, Int>()
            var next = 0
            for section in 0..<Int.random(in: 0...5, using: &rng) {
                base.appendSections(["S\(section)"])
                let count = Int.random(in: 0...6, using: &rng)
                base.appendItems(Array(next..<next + count), toSection: "S\(section)")
                next += count
            }
            var marked = base
            let items = base.itemIdentifiers
            if !items.isEmpty {
                marked.reconfigureItems(
                    (0..<Int.random(in: 0...3, using: &rng)).map { _ in items.randomElement(using: &rng)! })
                marked.reloadItems(
                    (0..<Int.random(in: 0...2, using: &rng)).map { _ in items.randomElement(using: &rng)! })
            }
            if let section = base.sectionIdentifiers.randomElement(using: &rng), Bool.random(using: &rng) {
                marked.reloadSections([section])
            }
            let comment = Comment(rawValue: "DIFFABLE_SEED=\(seed) round \(round)")
            #expect(marked._updateOfItsMarks() == BatchUpdate(from: base, to: marked), comment)

            let (view, dataSource) = makeDataSource()
            dataSource.applySnapshotUsingReloadData(base)
            var shown = dataSource.snapshot()
            shown.reconfigureItems(marked.reconfiguredItemIdentifiers)
            shown.reloadItems(marked.reloadedItemIdentifiers)
            shown.reloadSections(marked.reloadedSectionIdentifiers)
            dataSource.apply(shown)
            let expected = BatchUpdate(from: base, to: shown)
            if expected.isEmpty {
                #expect(view.operations == [.reloadData], comment)
            } else {
                #expect(view.operations.last == .batchUpdate(expected, animated: true), comment)
            }
            #expect(view.violations.isEmpty, comment)
        }
    }
}
