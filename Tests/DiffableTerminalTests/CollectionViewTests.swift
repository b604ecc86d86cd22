import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A list view over String items in Int sections, with "Section N" headers.
@MainActor
func makeListView(
    width: Int = 30, height: Int = 8,
    configuration: CollectionLayoutListConfiguration = {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        return configuration
    }()
) -> (TerminalCollectionView, CollectionViewDiffableDataSource<Int, String>) {
    let view = TerminalCollectionView(layout: .list(using: configuration), width: width, height: height)
    let dataSource = textDataSource(for: view)
    let header = TerminalCollectionView.SupplementaryRegistration<TerminalListCell>(
        elementKind: TerminalCollectionView.elementKindSectionHeader
    ) { header, _, indexPath in
        var content = ListContentConfiguration.header()
        content.text = "Section \(indexPath.section)"
        header.contentConfiguration = content
    }
    dataSource.supplementaryViewProvider = { _, _, indexPath in
        view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
    return (view, dataSource)
}

/// A data source whose list cells show their String item as text, with a ♥ for names that
/// start with one.
@MainActor
func textDataSource(
    for view: TerminalCollectionView, accessories: [CellAccessory] = []
) -> CollectionViewDiffableDataSource<Int, String> {
    CollectionViewDiffableDataSource<Int, String>(
        collectionView: view, cellProvider: textCells(accessories: accessories))
}

/// A cell provider showing each name as a list cell's text, with `accessories` (a name that
/// starts with ♥ gets a ♥ label instead).
@MainActor
func textCells(accessories: [CellAccessory] = [])
    -> @MainActor (TerminalCollectionView, IndexPath, String)
    -> TerminalCell?
{
    let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> { cell, _, name in
        var content = cell.defaultContentConfiguration()
        content.text = name
        cell.contentConfiguration = content
        cell.accessories = name.hasPrefix("♥") ? [.label(text: "♥")] : accessories
    }
    return { view, indexPath, name in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
    }
}

func listSnapshot(_ sections: [[String]]) -> DiffableDataSourceSnapshot<Int, String> {
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    for (index, items) in sections.enumerated() {
        snapshot.appendSections([index])
        snapshot.appendItems(items, toSection: index)
    }
    return snapshot
}

@MainActor
@Suite("TerminalCollectionView")
struct CollectionViewTests {
    @Test func listWithSupplementaryHeaders() {
        let (view, dataSource) = makeListView()
        dataSource.apply(listSnapshot([["Apple", "Pear"], ["Leek"]]), animatingDifferences: false)
        #expect(
            view.screenText == """
                Section 0
                Apple
                Pear
                Section 1
                Leek
                """)
    }

    @Test func focusIsDrawnInverseAndMovesWithArrowsAndViKeys() {
        let (view, dataSource) = makeListView()
        dataSource.apply(listSnapshot([["Apple", "Pear"], ["Leek"]]), animatingDifferences: false)
        view.handle(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
        view.handle(.character("j"))
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1), "down crosses into the next section")
        view.handle(.character("k"))
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
        let screen = view.render()
        #expect(screen[x: 0, y: 2].style.inverse, "the focused row is highlighted")
        #expect(!screen[x: 0, y: 1].style.inverse)
        view.handle(.end)
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1))
        view.handle(.home)
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
    }

    @Test func selectionCallsTheDelegate() {
        let (view, dataSource) = makeListView()
        dataSource.apply(listSnapshot([["Apple", "Pear"]]), animatingDifferences: false)
        let delegate = TestDelegate()
        view.delegate = delegate
        view.handle(.down)
        view.handle(.enter)
        #expect(delegate.selected == [IndexPath(item: 1, section: 0)])
        #expect(view.selectedIndexPaths == [IndexPath(item: 1, section: 0)])
    }

    @Test func onlyVisibleCellsExistForAMillionItems() {
        let (view, dataSource) = makeListView(width: 30, height: 10)
        dataSource.applySnapshotUsingReloadData(listSnapshot([(0..<1_000_000).map { "Item \($0)" }]))
        _ = view.render()
        #expect(view.visibleCellCount == 9, "one header row and nine item rows")
        view.handle(.pageDown)
        view.handle(.pageDown)
        _ = view.render()
        #expect(view.visibleCellCount <= 10)
        view.handle(.end)
        let screen = view.screenText
        #expect(screen.hasSuffix("Item 999999"))
        #expect(view.dequeueCount < 40, "scrolling dequeues only what comes into view")
    }

    @Test func animatedUpdatesTakeFramesThenComplete() {
        let (view, dataSource) = makeListView()
        view.animationFrameCount = 4
        dataSource.apply(listSnapshot([["A", "B", "C"]]), animatingDifferences: false)
        var done = false
        dataSource.apply(listSnapshot([["C", "A", "X"]])) { done = true }
        #expect(view.isAnimating)
        #expect(!done)
        _ = view.render()
        view.advanceAnimation()
        view.advanceAnimation()
        view.advanceAnimation()
        #expect(!done)
        view.advanceAnimation()
        #expect(done)
        #expect(!view.isAnimating)
        #expect(view.screenText == "Section 0\nC\nA\nX")
    }

    /// The application composes a screen whenever the view says it needs one: an animation
    /// frame that draws as the last one did (a fade past its half, a row between two rounded
    /// places) does not ask, and every frame that asks draws differently. Before, every frame of
    /// an animation was composed, half of them the same as the one before.
    @Test func anAnimationAsksForAFrameOnlyWhenItsDrawingChanges() {
        for (from, to) in [
            (["A", "B", "C"], ["A", "B", "C", "X"]),  // a row fades in
            (["A", "B", "C"], ["C", "A", "B"]),  // rows travel
            (["A", "B", "C", "D"], ["A", "C", "D"]),  // a row fades out, those below travel
        ] {
            let (view, dataSource) = makeListView()
            view.animationFrameCount = 6
            dataSource.apply(listSnapshot([from]), animatingDifferences: false)
            dataSource.apply(listSnapshot([to]))
            var last = view.render()
            var asked = 0
            while view.isAnimating {
                view.advanceAnimation()
                let asks = view.needsDisplay
                let frame = view.render()
                if asks {
                    asked += 1
                } else {
                    #expect(frame == last, "\(from) → \(to): a frame that did not ask drew otherwise")
                }
                last = frame
            }
            #expect(asked < 6, "\(from) → \(to): \(asked) of 6 frames asked")
            #expect(view.screenText == "Section 0\n" + to.joined(separator: "\n"))
        }
    }

    @Test func appliesDuringAnAnimationQueueBehindIt() {
        let (view, dataSource) = makeListView()
        view.animationFrameCount = 3
        dataSource.apply(listSnapshot([["A"]]), animatingDifferences: false)
        dataSource.apply(listSnapshot([["A", "B"]]))
        dataSource.apply(listSnapshot([["B"]]))
        #expect(dataSource.pendingApplyCount == 1)
        #expect(view.screenText.hasSuffix("A\nB"))
        for _ in 0..<6 { view.advanceAnimation() }
        #expect(view.screenText == "Section 0\nB")
        #expect(dataSource.pendingApplyCount == 0)
    }

    @Test func reconfigureUpdatesTheVisibleCellInPlaceAndReloadReplacesIt() {
        let (view, dataSource) = makeListView()
        dataSource.apply(listSnapshot([["A", "B"]]), animatingDifferences: false)
        let a = view.cellForItem(at: IndexPath(item: 0, section: 0))
        let b = view.cellForItem(at: IndexPath(item: 1, section: 0))
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems(["A"])
        snapshot.reloadItems(["B"])
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === a)
        #expect(a?.configurationCount == 2)
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) !== b)
    }

    @Test func gridColumnsFollowTheWidth() {
        let view = TerminalCollectionView(
            layout: TerminalLayout { _ in .grid(minimumItemWidth: 10, itemHeight: 2, hasHeader: false) },
            width: 40,
            height: 6)
        let registration = TerminalCollectionView.CellRegistration<TerminalGridCell, Int> { cell, _, number in
            cell.image = "#\(number)"
            cell.text = "n\(number)"
        }
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
            view, indexPath, number in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: number)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(1...6))
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(
            view.screenText == """
                   #1        #2        #3        #4
                   n1        n2        n3        n4
                   #5        #6
                   n5        n6
                """)
        view.resize(width: 20, height: 6)
        #expect(view.screenText.hasPrefix("   #1        #2\n   n1        n2\n   #3"))
        view.handle(.right)
        view.handle(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 3, section: 0), "down moves by a row of two columns")
    }

    @Test func outlineSectionsIndentAndExpandThroughTheDataSource() {
        let (view, dataSource) = makeListView(
            configuration: CollectionLayoutListConfiguration(appearance: .sidebar))
        view.animationFrameCount = 0
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> {
            cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure()]
        }
        let outlineSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
            view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        _ = dataSource
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Soups", "Cakes"])
        outline.append(["Leek soup", "Pea soup"], to: "Soups")
        outlineSource.apply(outline, to: 0, animatingDifferences: false)
        #expect(view.screenText == "▸ Soups\n  Cakes", "only a parent shows a disclosure")
        view.handle(.right)
        #expect(view.screenText == "▾ Soups\n    Leek soup\n    Pea soup\n  Cakes")
        view.handle(.down)
        view.handle(.left)
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0), "left on a child goes to its parent")
        view.handle(.enter)
        #expect(
            view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)], "a cell-style parent selects"
        )
        #expect(view.screenText.hasPrefix("▾ Soups"))
        view.handle(.left)
        #expect(view.screenText == "▸ Soups\n  Cakes")
    }

    @Test func reorderingWithKeysCommitsThroughTheDataSource() {
        let (view, dataSource) = makeListView()
        var backing = ["A", "B", "C"]
        dataSource.apply(listSnapshot([backing]), animatingDifferences: false)
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { transaction in
            backing = backing.applying(transaction.difference)!
        }
        #expect(view.handle(.character("m")))
        view.handle(.down)
        view.handle(.down)
        #expect(view.screenText.contains("↕ A"))
        view.handle(.enter)
        #expect(backing == ["B", "C", "A"])
        #expect(dataSource.snapshot().itemIdentifiers == ["B", "C", "A"])
        #expect(view.screenText == "Section 0\nB\nC\nA")
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
    }

    @Test func swipeActionsAreBoundToKeys() {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        let holder = DataSourceHolder()
        configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "Delete", key: "d") { _, _, completion in
                    guard let dataSource = holder.dataSource,
                        let item = dataSource.itemIdentifier(for: indexPath)
                    else {
                        return completion(false)
                    }
                    var snapshot = dataSource.snapshot()
                    snapshot.deleteItems([item])
                    dataSource.apply(snapshot, animatingDifferences: false)
                    completion(true)
                }
            ])
        }
        let (view, dataSource) = makeListView(configuration: configuration)
        holder.dataSource = dataSource
        dataSource.apply(listSnapshot([["A", "B", "C"]]), animatingDifferences: false)
        view.handle(.down)
        #expect(view.swipeActionsForFocusedItem().map(\.title) == ["Delete"])
        #expect(view.handle(.character("d")))
        #expect(view.screenText == "A\nC")
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
    }
}

/// Lets a swipe action reach the data source that the view's configuration is made before.
/// Weak, as an app's would be: the data source's supplementary view provider holds the view,
/// whose configuration holds this, so a strong reference made a cycle that leaked them all.
@MainActor
final class DataSourceHolder: Sendable {
    weak var dataSource: CollectionViewDiffableDataSource<Int, String>?
}

extension TerminalCollectionView {
    /// The rendered screen as text, without the empty rows at the bottom.
    var screenText: String {
        var lines = render().text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}

@MainActor
@Suite("The views article's terminal example (Documentation/Views.md)")
struct ReadmeTerminalExampleTests {
    @Test func readmeTerminalExample() {
        // Documentation/Views.md's terminal example, verbatim.
        let view = TerminalCollectionView(
            layout: .list(using: .init(appearance: .plain)), width: 40, height: 5)
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> {
            cell, _, fruit in
            var content = cell.defaultContentConfiguration()
            content.image = "🍎"
            content.text = fruit
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
            view, indexPath, fruit in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: fruit)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Apple", "Pear", "Quince"])
        dataSource.apply(snapshot, animatingDifferences: false)
        print(view.render().text)

        #expect(
            view.screenText
                == "🍎 Apple                               ›\n🍎 Pear                                ›\n🍎 Quince                              ›"
        )
    }
}

@MainActor
@Suite("TerminalCollectionView section decorations")
struct SectionDecorationTests {
    @Test func groupedListsSeparateSectionsAndShowFooters() {
        var configuration = CollectionLayoutListConfiguration(appearance: .grouped)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        let view = TerminalCollectionView(layout: .list(using: configuration), width: 30, height: 12)
        let dataSource = textDataSource(for: view)
        dataSource.supplementaryViewProvider = { _, kind, indexPath in
            let decoration = TerminalListCell()
            var content: ListContentConfiguration =
                kind == TerminalCollectionView.elementKindSectionHeader ? .header() : .footer()
            content.text =
                kind == TerminalCollectionView.elementKindSectionHeader
                ? "Header \(indexPath.section)" : "Footer \(indexPath.section)"
            decoration.contentConfiguration = content
            return decoration
        }
        dataSource.apply(listSnapshot([["A"], ["B", "C"]]), animatingDifferences: false)
        #expect(view.screenText == "\nHeader 0\nA\nFooter 0\n\nHeader 1\nB\nC\nFooter 1")
    }

    @Test func byDefaultAnUpdateKeepsTheContentOffsetAsUIKitDoes() {
        let (view, dataSource) = makeListView(height: 4)
        let items = (0..<50).map { "Item \($0)" }
        dataSource.apply(listSnapshot([items]), animatingDifferences: false)
        view.contentOffset = 11
        #expect(view.screenText == "Item 10\nItem 11\nItem 12\nItem 13")
        dataSource.apply(listSnapshot([["New 1", "New 2"] + items]), animatingDifferences: false)
        #expect(view.contentOffset == 11)
        #expect(view.screenText == "Item 8\nItem 9\nItem 10\nItem 11")
    }

    @Test func maintainingTheVisibleContentPositionKeepsTheRowsBeingRead() {
        let (view, dataSource) = makeListView(height: 4)
        view.maintainsVisibleContentPosition = true
        var items = (0..<50).map { "Item \($0)" }
        dataSource.apply(listSnapshot([items]), animatingDifferences: false)
        view.contentOffset = 11
        let reading = "Item 10\nItem 11\nItem 12\nItem 13"
        #expect(view.screenText == reading)

        items.insert(contentsOf: ["New 1", "New 2", "New 3"], at: 0)
        dataSource.apply(listSnapshot([items]))  // animated: the same rows, no travel
        view.finishAnimations()
        #expect(view.screenText == reading, "three inserted above")
        #expect(view.contentOffset == 14)

        items.removeSubrange(3..<8)
        dataSource.apply(listSnapshot([items]), animatingDifferences: false)
        #expect(view.screenText == reading, "five deleted above")

        items.removeAll { $0 == "Item 10" }
        items.append("Item 10")
        dataSource.apply(listSnapshot([items]), animatingDifferences: false)
        #expect(
            view.screenText == "Item 9\nItem 11\nItem 12\nItem 13",
            "the top item moved away: the next one stays on its row")

        view.contentOffset = 0
        dataSource.apply(listSnapshot([["Newest"] + items]), animatingDifferences: false)
        #expect(view.contentOffset == 0, "at the top, what arrives at the top shows")
        #expect(view.screenText.hasPrefix("Section 0\nNewest"))
    }

    @Test func horizontalStripsScrollToTheFocusAndMarkHiddenItems() {
        let view = TerminalCollectionView(
            layout: TerminalLayout { _ in .horizontal(itemWidth: 10, hasHeader: false) }, width: 30, height: 3
        )
        let dataSource = textDataSource(for: view)
        dataSource.apply(listSnapshot([(1...6).map { "chip \($0)" }]), animatingDifferences: false)
        #expect(view.screenText == "chip 1    chip 2    chip 3   ›")
        for _ in 0..<4 { view.handle(.right) }
        #expect(view.focusedIndexPath == IndexPath(item: 4, section: 0))
        #expect(view.screenText == "‹hip 3    chip 4    chip 5   ›")
        #expect(view.visibleCellCount == 3, "only the chips in view have cells")
    }
}
