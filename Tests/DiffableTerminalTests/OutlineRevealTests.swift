import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A three-row outline view (no animation) showing Bread, Cakes and a collapsed Soups in section
/// 0, so that expanding Soups scrolls its children into view.
@MainActor
func outlineView(soups children: [String] = ["Leek soup"], accessories: [CellAccessory] = []) -> (
    TerminalCollectionView, CollectionViewDiffableDataSource<Int, String>
) {
    let view = TerminalCollectionView(
        layout: .list(using: CollectionLayoutListConfiguration(appearance: .sidebar)), width: 20, height: 3)
    view.animationFrameCount = 0
    let dataSource = textDataSource(for: view, accessories: accessories)
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Bread", "Cakes", "Soups"])
    outline.append(children, to: "Soups")
    dataSource.apply(outline, to: 0, animatingDifferences: false)
    return (view, dataSource)
}

/// Presses → on Soups, whose expansion takes Pea soup from section 1: its update is then a
/// full diff, which runs off the main actor, so it is still on its way when this returns.
@MainActor
private func expandSoupsOffTheMainActor(
    _ view: TerminalCollectionView, _ dataSource: CollectionViewDiffableDataSource<Int, String>
) {
    var flat = DiffableDataSourceSectionSnapshot<String>()
    flat.append(["Pea soup"])
    dataSource.apply(flat, to: 1, animatingDifferences: false)
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, children in
        var all = children
        all.append(["Pea soup"])
        return all
    }
    dataSource.coalescesApplies = true
    dataSource.offMainDiffingThreshold = 0
    view.scrollToItem(at: IndexPath(item: 2, section: 0), at: [], animated: false)
    view.handle(.right)
}

/// Waits until no update is on its way to the view.
@MainActor
private func settle(_ dataSource: CollectionViewDiffableDataSource<Int, String>) async {
    while dataSource.hasPendingUpdates { await Task.yield() }
}

/// Makes an update of the app's own, unrelated to the person's expansion (Soups, still at index
/// path 0-2, comes expanded with two children below the view), and checks that the view stays
/// where it is, as it does for any update: no reveal is left over to scroll it.
@MainActor
private func expectTheAppsNextUpdateNotToScroll(
    _ view: TerminalCollectionView, _ dataSource: CollectionViewDiffableDataSource<Int, String>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Bread", "Cakes", "Soups"])
    outline.append(["Leek soup", "Pea soup"], to: "Soups")
    outline.expand(["Soups"])
    dataSource.offMainDiffingThreshold = 20_000  // the update lands before this returns
    dataSource.apply(outline, to: 0, animatingDifferences: false)
    #expect(view.contentOffset == 0, "an update keeps the content offset", sourceLocation: sourceLocation)
    #expect(view.screenText == "Bread\nCakes\nSoups", sourceLocation: sourceLocation)
}

/// Expanding a parent scrolls its children into view when the expansion's own update lands, and
/// only then: regression tests for a reveal that outlived its expansion and scrolled at a
/// later, unrelated update (to whatever item then sat at the parent's old index path).
@MainActor
@Suite("Revealing expanded children")
struct OutlineRevealTests {
    @Test func anExpansionScrollsItsChildrenIntoView() {
        let (view, dataSource) = outlineView()
        view.handle(.end)
        view.handle(.right)
        #expect(dataSource.snapshot(for: 0).isExpanded("Soups"))
        #expect(view.screenText == "Cakes\nSoups\n  Leek soup")
    }

    @Test func aRefusedExpansionLeavesNothingForALaterUpdateToReveal() {
        let (view, dataSource) = outlineView()
        dataSource.sectionSnapshotHandlers.shouldExpandItem = { _ in false }
        view.handle(.end)
        view.handle(.right)
        #expect(!dataSource.snapshot(for: 0).isExpanded("Soups"))
        expectTheAppsNextUpdateNotToScroll(view, dataSource)
    }

    @Test func anExpansionThatChangesNothingOnScreenLeavesNothingToReveal() {
        let (view, dataSource) = outlineView()
        // Lazy loading that finds no children: the expansion's update is empty and never lands.
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in .init() }
        view.handle(.end)
        view.handle(.right)
        #expect(dataSource.snapshot(for: 0).isExpanded("Soups"))
        expectTheAppsNextUpdateNotToScroll(view, dataSource)
    }

    @Test func anExpansionDiffedOffTheMainActorRevealsWhenItLands() async {
        let (view, dataSource) = outlineView()
        expandSoupsOffTheMainActor(view, dataSource)
        #expect(dataSource.hasPendingUpdates, "the expansion's update is on its way")
        await settle(dataSource)
        #expect(view.screenText == "Soups\n  Leek soup\n  Pea soup")
    }

    @Test func anExpansionQueuedBehindAnAnimationRevealsWhenItLands() {
        let (view, dataSource) = outlineView()
        view.animationFrameCount = 3
        var flat = DiffableDataSourceSectionSnapshot<String>()
        flat.append(["Pea soup"])
        dataSource.apply(flat, to: 1)
        #expect(view.isAnimating)
        view.scrollToItem(at: IndexPath(item: 2, section: 0), at: [], animated: false)
        view.handle(.right)
        #expect(dataSource.hasPendingUpdates, "the expansion's update waits for the animation")
        view.finishAnimations()
        view.finishAnimations()
        #expect(!dataSource.hasPendingUpdates)
        #expect(view.screenText == "Cakes\nSoups\n  Leek soup")
    }

    @Test func reloadDataDropsARevealWhoseUpdateItReplaced() {
        let (view, dataSource) = outlineView()
        expandSoupsOffTheMainActor(view, dataSource)
        #expect(dataSource.hasPendingUpdates, "the expansion's update is on its way")
        dataSource.applySnapshotUsingReloadData(listSnapshot([["Bread", "Cakes", "Soups"]]))
        #expect(!dataSource.hasPendingUpdates, "the reload replaced the expansion's update")
        expectTheAppsNextUpdateNotToScroll(view, dataSource)
    }

    @Test func aRevealWhoseUpdateNeverCameIsDroppedAtTheNextInput() async {
        let (view, dataSource) = outlineView()
        expandSoupsOffTheMainActor(view, dataSource)
        // The app puts the items back before the expansion lands: nothing changes on screen, so no
        // update lands at all.
        await dataSource.apply(
            listSnapshot([["Bread", "Cakes", "Soups"], ["Pea soup"]]), animatingDifferences: false)
        #expect(view.screenText == "Bread\nCakes\nSoups")
        view.handle(.up)
        expectTheAppsNextUpdateNotToScroll(view, dataSource)
    }
}
