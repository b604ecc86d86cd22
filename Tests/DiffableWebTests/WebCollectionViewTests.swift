import Diffable
import DiffableTesting
import Foundation
import Testing

@testable import DiffableWeb

@MainActor
@Suite("Web collection view")
struct WebCollectionViewTests {
    func snapshot(_ sections: [Int: [Int]]) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for section in sections.keys.sorted() {
            snapshot.appendSections([section])
            snapshot.appendItems(sections[section]!, toSection: section)
        }
        return snapshot
    }

    @Test func aBatchUpdateIsOneMessageWithTheUpdatesOperations() {
        let fixture = PageFixture()
        fixture.dataSource.apply(snapshot([0: [1, 2, 3, 4, 5]]), animatingDifferences: false)
        let before = fixture.patches.count
        fixture.dataSource.apply(snapshot([0: [5, 2, 3, 6, 1]]))
        #expect(fixture.patches.count == before + 1)
        let patch = fixture.patches.last!
        let update = BatchUpdate(from: snapshot([0: [1, 2, 3, 4, 5]]), to: snapshot([0: [5, 2, 3, 6, 1]]))
        #expect(patch.operationCount == update.operationCount)
        #expect(patch.movedItems.count == update.movedItems.count)
        #expect(patch.isAnimated)
        #expect(fixture.page.rows == [["Item 5", "Item 2", "Item 3", "Item 6", "Item 1"]])
    }

    @Test func elementsKeepTheirKeysThroughMovesAndReconfigures() {
        let fixture = PageFixture()
        fixture.dataSource.apply(snapshot([0: [1, 2, 3]]), animatingDifferences: false)
        let key = fixture.view.state.items[IndexPath(item: 0, section: 0)]!.key
        var next = snapshot([0: [2, 3, 1]])
        next.reconfigureItems([1])
        fixture.dataSource.apply(next)
        #expect(fixture.view.state.items[IndexPath(item: 2, section: 0)]?.key == key)
        #expect(fixture.patches.last!.reconfiguredItems == [key])
        var reloaded = fixture.dataSource.snapshot()
        reloaded.reloadItems([1])
        fixture.dataSource.apply(reloaded)
        let replacement = fixture.patches.last!.reloadedItems
        #expect(replacement.map(\.old) == [key])
        #expect(replacement.first?.new != key)
    }

    @Test func aReconfigureWithinTheSameWindowLeavesTheSectionsOut() {
        let fixture = PageFixture(viewport: WebViewport(top: 0, height: 400, width: 800))
        fixture.dataSource.apply(snapshot([0: Array(0..<1_000), 1: [5_000]]), animatingDifferences: false)
        var marked = fixture.dataSource.snapshot()
        marked.reconfigureItems([3])
        fixture.dataSource.apply(marked)
        let patch = fixture.patches.last!
        #expect(patch.sections == nil, "nothing moved or scrolled: the page's sections stand")
        #expect(patch.reconfiguredItems.count == 1 && !patch.json.text.contains(#""secs""#))
        // A scroll, then a reconfigure: the scroll described the sections, the reconfigure does not.
        fixture.view.setViewport(WebViewport(top: 20_000, height: 400, width: 800))
        #expect(fixture.patches.last!.sections?.count == 2)
        var scrolled = fixture.dataSource.snapshot()
        scrolled.reconfigureItems([510])
        fixture.dataSource.apply(scrolled)
        #expect(fixture.patches.last!.sections == nil && fixture.patches.last!.reconfiguredItems.count == 1)
        // A reload gives its element a new key: the sections say where it is.
        var reloaded = fixture.dataSource.snapshot()
        reloaded.reloadItems([511])
        fixture.dataSource.apply(reloaded)
        #expect(fixture.patches.last!.sections?.count == 2)
        // A new layout is described as it is set; a reconfigure after it is not.
        fixture.view.collectionViewLayout = .list(
            using: CollectionLayoutListConfiguration(appearance: .grouped))
        #expect(fixture.patches.last!.sections?.first?.appearance == "grouped")
        var again = fixture.dataSource.snapshot()
        again.reconfigureItems([512])
        fixture.dataSource.apply(again)
        #expect(fixture.patches.last!.sections == nil)
        #expect(fixture.page.rows[0].contains("Item 512"))
    }

    @Test func onlyTheItemsInTheViewportAndItsMarginHaveElements() async {
        let fixture = PageFixture(viewport: WebViewport(top: 0, height: 400, width: 800))
        // A snapshot this large is diffed off the main actor: wait for it.
        await fixture.dataSource.apply(snapshot([0: Array(0..<1_000_000)]), animatingDifferences: false)
        // 400 pixels of 40-pixel rows, and a screen of margin below: 20 rows.
        #expect(fixture.view.visibleCellCount == 20)
        #expect(fixture.view.dequeueCount == 20)
        #expect(fixture.patches.last!.sections?[0].frame.itemsHeight == 40_000_000)
        fixture.view.setViewport(WebViewport(top: 20_000_000, height: 400, width: 800))
        let scrolled = fixture.patches.last!
        #expect(scrolled.operationCount == 0, "scrolling is not an update")
        #expect(scrolled.evictedItems.count == 20)
        #expect(scrolled.sections?[0].start == 499_990)
        #expect(scrolled.sections?[0].keys.count == 30)
        #expect(fixture.page.rows[0].first == "Item 499990")
    }

    /// `scrollToItem(at:at:animated:)`: the window of elements is made around where the page
    /// will be, and the page is told where to put the item.
    @Test func scrollingToAnItemPutsItWhereThePositionSays() {
        let fixture = PageFixture(viewport: WebViewport(top: 0, height: 400, width: 800))
        fixture.dataSource.apply(snapshot([0: Array(0..<1000)]), animatingDifferences: false)
        let item = IndexPath(item: 500, section: 0)
        fixture.view.scrollToItem(at: item, at: .top, animated: true)
        let target = fixture.patches.last!.scrollTarget!
        #expect(target.alignment == .top && target.animated && target.height == 40)
        #expect(fixture.view.viewport.top == target.top)
        #expect(fixture.page.rows[0].contains("Item 500"))
        fixture.view.scrollToItem(at: item, at: .centeredVertically, animated: false)
        #expect(fixture.view.viewport.top == target.top - (400 - 40) / 2)
        fixture.view.scrollToItem(at: item, at: .bottom, animated: false)
        #expect(fixture.view.viewport.top == target.top + 40 - 400)
        let json = fixture.patches.last!.json.text
        #expect(json.contains("\"scroll\":[\(target.top),40,3,0]"), "\(json)")
        let top = fixture.view.viewport.top
        fixture.view.scrollToItem(at: IndexPath(item: 499, section: 0), at: [], animated: false)
        #expect(fixture.view.viewport.top == top, "on screen: the least scrolling is none")
        #expect(fixture.patches.last!.scrollTarget?.alignment == .nearest)
        let count = fixture.patches.count
        fixture.view.scrollToItem(at: IndexPath(item: 1000, section: 0), at: .top, animated: false)
        #expect(fixture.patches.count == count, "an index path out of range is ignored")
    }

    @Test func anUpdateOutsideTheWindowSendsNoOperations() {
        let fixture = PageFixture(viewport: WebViewport(top: 0, height: 400, width: 800))
        fixture.dataSource.apply(snapshot([0: Array(0..<1000)]), animatingDifferences: false)
        var next = fixture.dataSource.snapshot()
        next.deleteItems([900, 901])
        next.moveItem(950, afterItem: 999)
        fixture.dataSource.apply(next)
        #expect(fixture.patches.last!.operationCount == 0)
        #expect(fixture.patches.last!.sections?[0].frame.itemCount == 998)
    }

    @Test func aMoveIntoTheWindowArrivesAsANewElement() {
        let fixture = PageFixture(viewport: WebViewport(top: 0, height: 400, width: 800))
        fixture.dataSource.apply(snapshot([0: Array(0..<1000)]), animatingDifferences: false)
        var next = fixture.dataSource.snapshot()
        next.moveItem(500, beforeItem: 0)
        fixture.dataSource.apply(next)
        let patch = fixture.patches.last!
        #expect(patch.movedItems.isEmpty)
        #expect(patch.evictedItems.count == 1, "the last row of the window leaves it")
        #expect(fixture.page.rows[0].prefix(2) == ["Item 500", "Item 0"])
    }

    @Test func sectionOperationsMoveWholeSections() {
        let fixture = PageFixture()
        let old = snapshot([0: [1, 2], 1: [3], 2: [4, 5]])
        fixture.dataSource.apply(old, animatingDifferences: false)
        var next = old
        next.moveSection(0, afterSection: 2)
        next.deleteSections([1])
        next.insertSections([7], beforeSection: 2)
        next.appendItems([8, 9], toSection: 7)
        fixture.dataSource.apply(next)
        let update = BatchUpdate(from: old, to: next)
        #expect(fixture.patches.last!.operationCount == update.operationCount)
        #expect(fixture.page.rows == PageFixture.rows(of: next))
    }

    @Test(arguments: SeededRandom.seeds(count: 40))
    func randomUpdatesReplayOnThePage(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let fixture = PageFixture()
        var current = snapshot([0: Array(0..<6), 1: Array(10..<16)])
        fixture.dataSource.apply(current, animatingDifferences: false)
        var nextItem = 100
        var nextSection = 2
        for _ in 0..<25 {
            var next = current
            if Int.random(in: 0..<6, using: &random) == 0 {
                next.appendSections([nextSection])
                next.appendItems([nextItem], toSection: nextSection)
                nextSection += 1
                nextItem += 1
            }
            if Int.random(in: 0..<8, using: &random) == 0, next.numberOfSections > 1 {
                next.deleteSections([next.sectionIdentifiers.randomElement(using: &random)!])
            }
            if next.numberOfSections > 1, Bool.random(using: &random) {
                let shuffled = next.sectionIdentifiers.shuffled(using: &random)
                next.moveSection(shuffled[0], beforeSection: shuffled[1])
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                if let item = next.itemIdentifiers.randomElement(using: &random) { next.deleteItems([item]) }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                if let anchor = next.itemIdentifiers.randomElement(using: &random) {
                    next.insertItems([nextItem], afterItem: anchor)
                    nextItem += 1
                }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let items = next.itemIdentifiers.shuffled(using: &random)
                if items.count > 1 { next.moveItem(items[0], beforeItem: items[1]) }
            }
            let survivors = Set(current.itemIdentifiers).intersection(next.itemIdentifiers).sorted()
            if let item = survivors.randomElement(using: &random) {
                if Bool.random(using: &random) {
                    next.reconfigureItems([item])
                } else {
                    next.reloadItems([item])
                }
            }
            let update = BatchUpdate(from: current, to: next)
            let counted = fixture.page.counted
            fixture.dataSource.apply(next, animatingDifferences: Bool.random(using: &random))
            #expect(fixture.page.counted - counted == update.operationCount, "DIFFABLE_SEED=\(seed)")
            #expect(fixture.page.rows == PageFixture.rows(of: next), "DIFFABLE_SEED=\(seed)")
            fixture.view._checkInvariants()
            current = fixture.dataSource.snapshot()
        }
    }

    @Test func aGridLaysOutByWidthAndAStripByItsScroll() throws {
        let layout = WebLayout { section in
            section == 0
                ? .grid(minimumItemWidth: 200, itemHeight: 100, hasHeader: false)
                : .horizontal(itemWidth: 100, hasHeader: false)
        }
        let fixture = PageFixture(layout: layout, viewport: WebViewport(top: 0, height: 300, width: 800))
        fixture.dataSource.apply(
            snapshot([0: Array(0..<100), 1: Array(1000..<2000)]), animatingDifferences: false)
        let grid = try #require(fixture.patches.last!.sections?[0])
        #expect(grid.frame.columns == 4)
        #expect(grid.keys.count == 24, "six rows of four: the screen and a screen of margin")
        #expect(fixture.view.numberOfItems(inSection: 1) == 1000)
        #expect(
            fixture.view.state.items.keys.filter { $0.section == 1 }.isEmpty, "the strip is below the window")
        fixture.view.setViewport(WebViewport(top: 5000, height: 300, width: 400))
        let strip = try #require(fixture.patches.last!.sections?[1])
        #expect(fixture.patches.last!.sections?[0].frame.columns == 2)
        #expect(
            strip.start == 0 && strip.keys.count == 6,
            "a screen and half a screen either side, in 100-pixel tiles")
        let key = fixture.view.state.sectionKeys[1]
        fixture.view.setViewport(WebViewport(top: 5000, height: 300, width: 400), stripOffsets: [1: 50_000])
        #expect(fixture.patches.last!.sections?[1].start == 498)
        #expect(fixture.patches.last!.sections?[1].key == key)
    }
}
