import Diffable
import DiffableGallery
import Foundation
import Testing

@testable import DiffableTerminal

/// A press and a release of the left button at a cell of the view.
@MainActor
private func click(_ view: TerminalCollectionView, x: Int = 2, y: Int) {
    view.handle(MouseEvent(.press(.left), x: x, y: y))
    view.handle(MouseEvent(.release(.left), x: x, y: y))
}

/// A list view whose items can all be moved, with a backing array kept by `didReorder`.
@MainActor
private func reorderableListView(_ sections: [[String]], height: Int = 8) -> (
    TerminalCollectionView, CollectionViewDiffableDataSource<Int, String>
) {
    let (view, dataSource) = makeListView(height: height)
    view.animationFrameCount = 0
    dataSource.apply(listSnapshot(sections), animatingDifferences: false)
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.didReorder = { _ in }
    return (view, dataSource)
}

/// A list view showing `items` in section 0 (under a header row), recording its selections.
@MainActor
private func selectableListView(_ items: [String]) -> (
    TerminalCollectionView, CollectionViewDiffableDataSource<Int, String>, TestDelegate
) {
    let (view, dataSource) = makeListView()
    dataSource.apply(listSnapshot([items]), animatingDifferences: false)
    let selections = TestDelegate()
    view.delegate = selections
    return (view, dataSource, selections)
}

@MainActor
@Suite("Mouse")
struct MouseTests {
    @Test func hitTestingFindsItemsInListsGridsAndStripsButNotHeaders() {
        let (view, dataSource) = makeListView()
        dataSource.apply(listSnapshot([["Apple", "Pear"], ["Plum"]]), animatingDifferences: false)
        // Rows: "Section 0", Apple, Pear, "Section 1", Plum.
        #expect(view.indexPathForItem(atX: 0, y: 0) == nil)
        #expect(view.indexPathForItem(atX: 29, y: 2) == IndexPath(item: 1, section: 0))
        #expect(view.indexPathForItem(atX: 3, y: 4) == IndexPath(item: 0, section: 1))
        #expect(view.indexPathForItem(atX: 3, y: 5) == nil)
        #expect(view.indexPathForItem(atX: 30, y: 1) == nil, "outside the view")

        let grid = TerminalCollectionView(
            layout: TerminalLayout { _ in .grid(minimumItemWidth: 10, itemHeight: 2, hasHeader: false) },
            width: 30, height: 6)
        let gridSource = textDataSource(for: grid)
        gridSource.apply(listSnapshot([(0..<5).map { "g\($0)" }]), animatingDifferences: false)
        #expect(grid.indexPathForItem(atX: 25, y: 1) == IndexPath(item: 2, section: 0))
        #expect(grid.indexPathForItem(atX: 12, y: 2) == IndexPath(item: 4, section: 0))
        #expect(grid.indexPathForItem(atX: 22, y: 3) == nil, "no sixth item")

        let strip = TerminalCollectionView(
            layout: TerminalLayout { _ in .horizontal(itemWidth: 10, hasHeader: false) }, width: 30, height: 3
        )
        let stripSource = textDataSource(for: strip)
        stripSource.apply(listSnapshot([(1...6).map { "chip \($0)" }]), animatingDifferences: false)
        #expect(strip.indexPathForItem(atX: 15, y: 0) == IndexPath(item: 1, section: 0))
        strip.handle(.home)
        #expect(strip.handle(MouseEvent(.scrollRight, x: 15, y: 0)))
        #expect(strip.indexPathForItem(atX: 15, y: 0) == IndexPath(item: 2, section: 0))
        #expect(strip.screenText == "‹hip 2    chip 3    chip 4   ›")
        for _ in 0..<5 { strip.handle(MouseEvent(.scrollRight, x: 15, y: 0)) }
        #expect(strip.screenText == "‹hip 4    chip 5    chip 6", "stops at the last item")
        #expect(strip.focusedIndexPath == IndexPath(item: 3, section: 0), "the focus stays in view")
    }

    @Test func aClickFocusesAndSelectsOnReleaseAndMovingOffCancelsIt() {
        let (view, _, selected) = selectableListView(["Apple", "Pear", "Plum"])
        view.handle(MouseEvent(.press(.left), x: 4, y: 2))
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0), "focused when pressed")
        #expect(selected.selected.isEmpty, "selected only when let go, as a tap is")
        view.handle(MouseEvent(.release(.left), x: 9, y: 2))
        #expect(selected.selected == [IndexPath(item: 1, section: 0)])
        #expect(view.selectedIndexPaths == [IndexPath(item: 1, section: 0)])

        view.handle(MouseEvent(.press(.left), x: 4, y: 3))
        view.handle(MouseEvent(.release(.left), x: 4, y: 1))
        #expect(selected.selected.count == 1, "let go over another item: no selection")
        click(view, y: 0)
        #expect(selected.selected.count == 1, "a header is not an item")
        #expect(!view.handle(MouseEvent(.press(.right), x: 4, y: 1)))
    }

    @Test func clickingAHeaderStyleOutlineParentExpandsAndCollapsesIt() {
        let view = TerminalCollectionView(
            layout: .list(using: CollectionLayoutListConfiguration(appearance: .sidebar)), width: 30,
            height: 6)
        view.animationFrameCount = 0
        let dataSource = textDataSource(
            for: view, accessories: [.outlineDisclosure(options: .init(style: .header))])
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Soups", "Cakes"])
        outline.append(["Leek soup"], to: "Soups")
        dataSource.apply(outline, to: 0, animatingDifferences: false)
        click(view, y: 0)
        #expect(dataSource.snapshot(for: 0).isExpanded("Soups"))
        #expect(view.indexPathForItem(atX: 0, y: 1).flatMap(dataSource.itemIdentifier(for:)) == "Leek soup")
        click(view, y: 0)
        #expect(!dataSource.snapshot(for: 0).isExpanded("Soups"))
        #expect(view.indexPathsForSelectedItems == [], "a header-style parent is never selected")
    }

    @Test func expandingAParentAtTheBottomByClickOrEnterScrollsItsChildrenIntoView() {
        for expand in ["click", "enter"] {
            let (view, dataSource) = outlineView(
                soups: ["Leek soup", "Pea soup"],
                accessories: [.outlineDisclosure(options: .init(style: .header))])
            if expand == "click" {
                click(view, y: 2)
            } else {
                view.handle(.end)
                view.handle(.enter)
            }
            #expect(view.screenText == "▾ Soups\n    Leek soup\n    Pea soup", "\(expand)")
            withExtendedLifetime(dataSource) {}  // the view holds it weakly
        }
    }

    @Test func theWheelScrollsAndTheFocusFollowsOnlyWhenItWouldLeaveTheView() {
        let (view, dataSource) = makeListView(height: 8)
        dataSource.apply(listSnapshot([(0..<100).map { "Item \($0)" }]), animatingDifferences: false)
        view.handle(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
        view.handle(MouseEvent(.scrollDown, x: 0, y: 3))
        #expect(view.contentOffset == 3)
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0), "the top row in view")
        view.handle(MouseEvent(.scrollUp, x: 0, y: 3))
        #expect(view.contentOffset == 0)
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0), "still in view: unchanged")
        for _ in 0..<50 { view.handle(MouseEvent(.scrollDown, x: 0, y: 3)) }
        #expect(view.contentOffset == view.contentHeight - 8, "stops at the end")
        #expect(view.focusedIndexPath == IndexPath(item: 92, section: 0), "the top row in view")
        view.handle(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 93, section: 0), "the arrows go on from there")
        #expect(view.screenText.hasSuffix("Item 99"))
    }

    @Test func draggingAnItemMovesItAndDropsItWhereTheButtonComesUp() {
        let (view, dataSource) = reorderableListView([["A", "B", "C", "D"]])
        // Rows: "Section 0", A, B, C, D.
        view.handle(MouseEvent(.press(.left), x: 2, y: 1))
        view.handle(MouseEvent(.drag(.left), x: 2, y: 2))
        #expect(view.isReordering)
        view.handle(MouseEvent(.drag(.left), x: 2, y: 3))
        #expect(view.screenText == "Section 0\nB\nC\n↕ A\nD")
        view.handle(MouseEvent(.release(.left), x: 2, y: 3))
        #expect(!view.isReordering)
        #expect(dataSource.snapshot().itemIdentifiers == ["B", "C", "A", "D"])
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
        #expect(view.selectedIndexPaths.isEmpty, "a drag is no click")
    }

    @Test func draggingCarriesAnItemIntoAnotherSectionAndPastTheBottomRow() {
        let (view, dataSource) = reorderableListView([["A", "B"], ["C"]])
        // Rows: "Section 0", A, B, "Section 1", C.
        view.handle(MouseEvent(.press(.left), x: 2, y: 1))
        view.handle(MouseEvent(.drag(.left), x: 2, y: 4))
        #expect(view.screenText == "Section 0\nB\nSection 1\n↕ A\nC")
        view.handle(MouseEvent(.drag(.left), x: 2, y: 12))  // below the view: the end of the last section
        #expect(view.screenText == "Section 0\nB\nSection 1\nC\n↕ A")
        view.handle(MouseEvent(.release(.left), x: 2, y: 12))
        #expect(dataSource.snapshot().itemIdentifiers(inSection: 1) == ["C", "A"])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: 0) == ["B"])
    }

    @Test func draggingScrollsAtTheEdgeOfTheView() {
        let (view, dataSource) = reorderableListView([(0..<20).map { "Item \($0)" }], height: 6)
        view.handle(MouseEvent(.press(.left), x: 2, y: 1))
        for _ in 0..<4 { view.handle(MouseEvent(.drag(.left), x: 2, y: 5)) }
        #expect(view.contentOffset == 4)
        view.handle(MouseEvent(.release(.left), x: 2, y: 5))
        #expect(dataSource.snapshot().itemIdentifiers.firstIndex(of: "Item 0") == 8)
    }

    @Test func anItemThatCannotMoveStaysAndTheDragCancelsTheClick() {
        let (view, dataSource, selected) = selectableListView(["A", "B"])
        view.handle(MouseEvent(.press(.left), x: 2, y: 1))
        view.handle(MouseEvent(.drag(.left), x: 2, y: 2))
        #expect(!view.isReordering, "no reorderingHandlers: nothing moves")
        view.handle(MouseEvent(.release(.left), x: 2, y: 1))
        #expect(selected.selected.isEmpty)
        #expect(dataSource.snapshot().itemIdentifiers == ["A", "B"])
    }

    @Test func anUpdateBetweenPressAndReleaseCancelsTheClick() {
        let (view, dataSource, selected) = selectableListView(["A", "B"])
        view.handle(MouseEvent(.press(.left), x: 2, y: 2))
        dataSource.apply(listSnapshot([["C", "A", "B"]]), animatingDifferences: false)
        view.handle(MouseEvent(.release(.left), x: 2, y: 2))
        #expect(selected.selected.isEmpty, "the row under the pointer is another item now")
    }

    @Test func aClickDropsAnItemPickedUpWithTheKeys() {
        let (view, dataSource) = reorderableListView([["A", "B", "C"]])
        view.handle(.character("m"))
        click(view, y: 3)
        #expect(!view.isReordering)
        #expect(dataSource.snapshot().itemIdentifiers == ["B", "C", "A"])
    }

    @Test func theGalleryTakesClicksOnTheSearchRowAndInTheList() {
        let terminal = HeadlessTerminal(width: 100, height: 30)
        let gallery = Gallery(device: terminal, rowCount: 1_000)
        gallery.collectionView.animationFrameCount = 0
        gallery.application.step(keys: [])
        let search = gallery.application.searchField
        gallery.application.step(keys: [.mouse(MouseEvent(.press(.left), x: 5, y: 0))])
        #expect(search?.isActive == true)
        gallery.application.step(keys: [.character("p")])
        #expect(search?.text == "p")
        // The first recipe row, below the search row, the favorites strip and the header.
        let lines = terminal.screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = lines.firstIndex(where: { $0.contains("Pancakes") }) else {
            Issue.record("no pancakes on screen:\n\(terminal.screen.text)")
            return
        }
        gallery.application.step(keys: [
            .mouse(MouseEvent(.press(.left), x: 10, y: row)),
            .mouse(MouseEvent(.release(.left), x: 10, y: row)),
        ])
        #expect(search?.isActive == false, "a click in the list ends typing")
        #expect(search?.text == "p", "and keeps the filter")
        #expect(gallery.application.statusMessage.contains("Pancakes"))
        #expect(!gallery.application.quitRequested)
    }
}
