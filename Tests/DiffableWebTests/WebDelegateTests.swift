import Diffable
import DiffableTesting
import Foundation
import Testing

@testable import DiffableWeb

/// A delegate that records what the browser view tells it.
@MainActor
final class WebRecordingDelegate: CollectionViewDelegate {
    var selected: [IndexPath] = []
    var deselected: [IndexPath] = []
    /// The cells displayed and not ended, by identity (index paths move with updates).
    var displayed: Set<ObjectIdentifier> = []
    var dropRedirect: IndexPath?
    /// The headers and footers displayed and not ended, by identity.
    var supplementaries: Set<ObjectIdentifier> = []
    var supplementaryEnds = 0

    func collectionView(_ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
    func collectionView(_ collectionView: any DiffableCollectionView, didDeselectItemAt indexPath: IndexPath)
    {
        deselected.append(indexPath)
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplay cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {
        #expect(displayed.insert(ObjectIdentifier(cell)).inserted, "willDisplay twice, at \(indexPath)")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplaying cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {
        #expect(
            displayed.remove(ObjectIdentifier(cell)) != nil, "didEndDisplaying at \(indexPath), not displayed"
        )
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplaySupplementaryView view: AnyObject,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {
        #expect(supplementaries.insert(ObjectIdentifier(view)).inserted, "\(elementKind) \(indexPath) twice")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplayingSupplementaryView view: AnyObject,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {
        supplementaryEnds += 1
        #expect(
            supplementaries.remove(ObjectIdentifier(view)) != nil,
            "\(elementKind) \(indexPath) ended, not shown")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { dropRedirect ?? proposedIndexPath }
}

private func at(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

@MainActor
@Suite("Delegates and selection, in the browser")
struct WebDelegateTests {
    func snapshot(_ items: [Int]) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        return snapshot
    }

    @Test func clicksSelectUnderUIKitsRulesAndCodeTellsNoOne() {
        let fixture = PageFixture()
        let delegate = WebRecordingDelegate()
        fixture.view.delegate = delegate
        fixture.dataSource.apply(snapshot([1, 2, 3]), animatingDifferences: false)
        let keys = (0..<3).map { fixture.view.state.items[at($0)]!.key }
        fixture.view.selectItem(key: keys[0])
        fixture.view.selectItem(key: keys[2])
        #expect(delegate.selected == [at(0), at(2)] && delegate.deselected == [at(0)])
        #expect(fixture.patches.last!.selected == [keys[2]], "the page shows the selection")
        fixture.view.allowsMultipleSelection = true
        fixture.view.selectItem(key: keys[1])
        fixture.view.selectItem(key: keys[2])
        #expect(fixture.view.indexPathsForSelectedItems == [at(1)])
        fixture.view.selectItem(at: at(0), animated: false, scrollPosition: [])
        fixture.view.deselectItem(at: at(1), animated: false)
        #expect(fixture.view.indexPathsForSelectedItems == [at(0)])
        #expect(delegate.selected.count == 3 && delegate.deselected.count == 2)
        fixture.dataSource.apply(snapshot([4, 3, 1]), animatingDifferences: false)
        #expect(fixture.view.indexPathsForSelectedItems == [at(2)], "the selection follows item 1")
    }

    /// The page holds every section's header and footer element, so they are displayed while
    /// their section exists and shows them: ended with a deleted section, replaced with a
    /// reloaded one, all ended by a reload.
    @Test func headersAndFootersAreDisplayedWhileTheirSectionsShowThem() {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        let fixture = PageFixture(layout: .list(using: configuration))
        let registration = WebCollectionView.SupplementaryRegistration<WebListCell>(elementKind: "any") {
            cell, kind, indexPath in
            var content = cell.defaultContentConfiguration()
            content.text = "\(kind) \(indexPath.section)"
            cell.contentConfiguration = content
        }
        fixture.dataSource.supplementaryViewProvider = { view, _, indexPath in
            (view as! WebCollectionView).dequeueConfiguredReusableSupplementary(
                using: registration, for: indexPath)
        }
        let delegate = WebRecordingDelegate()
        fixture.view.delegate = delegate
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1, 2])
        snapshot.appendItems([1], toSection: 0)
        snapshot.appendItems([2], toSection: 1)
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        #expect(delegate.supplementaries.count == 6)
        let held = { Set(fixture.view.state.headers.values.map { ObjectIdentifier($0.cell) }) }
        let heldFooters = { Set(fixture.view.state.footers.values.map { ObjectIdentifier($0.cell) }) }
        #expect(delegate.supplementaries == held().union(heldFooters()))
        snapshot.deleteSections([0])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        #expect(delegate.supplementaries.count == 4, "section 0's left with it")
        let ends = delegate.supplementaryEnds
        snapshot.reloadSections([2])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        #expect(
            delegate.supplementaries.count == 4 && delegate.supplementaryEnds == ends + 2,
            "a reloaded section's were ended, then made anew")
        #expect(delegate.supplementaries == held().union(heldFooters()))
        fixture.dataSource.applySnapshotUsingReloadData(.init())
        #expect(delegate.supplementaries.isEmpty, "a reload ends every one")
    }

    /// The delegate hears of exactly the items that get and lose elements: a million-row list
    /// tells of the rows in its window only, then of those a scroll brings in and takes out.
    @Test func displayFollowsTheWindow() async {
        let fixture = PageFixture(viewport: WebViewport(top: 0, height: 400, width: 800))
        let delegate = WebRecordingDelegate()
        fixture.view.delegate = delegate
        await fixture.dataSource.apply(snapshot(Array(0..<1_000_000)), animatingDifferences: false)
        let cells = { Set(fixture.view.state.items.values.map { ObjectIdentifier($0.cell) }) }
        #expect(delegate.displayed == cells() && delegate.displayed.count == 20)
        fixture.view.setViewport(WebViewport(top: 20_000_000, height: 400, width: 800))
        #expect(delegate.displayed == cells())
        #expect(fixture.view.state.items.keys.allSatisfy { $0.item > 400_000 })
        var next = fixture.dataSource.snapshot()
        next.reloadItems([500_001])
        next.deleteItems([500_002])
        await fixture.dataSource.apply(next, animatingDifferences: false)
        #expect(
            delegate.displayed == cells(), "a reload's new cell is displayed, the old and the deleted end")
    }

    @Test func theDelegateRedirectsADrop() {
        let fixture = PageFixture()
        let delegate = WebRecordingDelegate()
        fixture.view.delegate = delegate
        fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
        fixture.dataSource.apply(snapshot([1, 2, 3, 4]), animatingDifferences: false)
        delegate.dropRedirect = at(1)
        let key = fixture.view.state.items[at(0)]!.key
        fixture.view.moveItem(key: key, toSectionKey: fixture.view.state.sectionKeys[0], index: 3)
        #expect(fixture.dataSource.snapshot().itemIdentifiers == [2, 1, 3, 4])
    }

    @Test func scrollingPrefetchesTheNextWindowAndTurningBackCancelsIt() async {
        let fixture = PageFixture(viewport: WebViewport(top: 0, height: 400, width: 800))
        let log = PrefetchingLog()
        fixture.view.prefetchDataSource = log
        await fixture.dataSource.apply(snapshot(Array(0..<1_000_000)), animatingDifferences: false)
        fixture.view.setViewport(WebViewport(top: 4_000, height: 400, width: 800))
        let last = fixture.view.state.items.keys.max()!
        #expect(!log.prefetched.isEmpty && log.prefetched.allSatisfy { $0 > last })
        fixture.view.setViewport(WebViewport(top: 2_000, height: 400, width: 800))
        #expect(!log.cancelled.isEmpty && Set(log.cancelled).isSubset(of: log.prefetched))
    }
}
