import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A data source with an index, as a UIKit subclass gives one: a title per letter, leading to
/// the first word with it, wherever it is in its section.
@MainActor
private final class LetterIndexDataSource: CollectionViewDiffableDataSource<Int, String> {
    var calls: [String] = []

    override func indexTitles(for collectionView: any DiffableCollectionView) -> [String]? {
        let letters = snapshot().itemIdentifiers.compactMap { $0.first.map(String.init) }
        return letters.enumerated().filter { letters.firstIndex(of: $0.element) == $0.offset }.map(\.element)
    }

    override func collectionView(
        _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
        calls.append("\(title) \(index)")
        return snapshot().itemIdentifiers.first { $0.hasPrefix(title) }.flatMap { self.indexPath(for: $0) }
            ?? IndexPath(item: 0, section: 0)
    }
}

@MainActor
@Suite("A collection view's index (indexTitles(for:))")
struct CollectionViewIndexTests {
    private func makeView() -> (TerminalCollectionView, LetterIndexDataSource) {
        let view = TerminalCollectionView(
            layout: .list(using: CollectionLayoutListConfiguration(appearance: .plain)), width: 16, height: 4)
        view.animationFrameCount = 0
        let dataSource = LetterIndexDataSource(collectionView: view, cellProvider: textCells())
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["apple", "avocado", "banana", "blueberry", "cherry", "date", "damson"])
        dataSource.apply(snapshot, animatingDifferences: false)
        return (view, dataSource)
    }

    @Test func theTitlesStandAtTheRightEdgeAndTheItemsLeftOfThem() {
        let (view, _) = makeView()
        #expect(view.indexTitles == ["a", "b", "c", "d"])
        #expect(view.contentWidth == 14)
        #expect(view.screenText == "apple          a\navocado        b\nbanana         c\nblueberry      d")
        #expect(view.helpItems.last == "[ ] index")
    }

    @Test func keysAndClicksJumpWhereTheDataSourceSaysAndAnUpdateAsksAgain() {
        let (view, dataSource) = makeView()
        view.handle(.character("]"))
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0), "] from a's goes to b's")
        #expect(view.screenText.hasPrefix("banana"), "an item inside a section goes to the top")
        view.handle(MouseEvent(.press(.left), x: 15, y: 3))
        #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0), "a click on d")
        view.handle(.character("["))
        #expect(view.focusedIndexPath == IndexPath(item: 4, section: 0))
        #expect(dataSource.calls.contains("d 3") && dataSource.calls.contains("c 2"))
        var snapshot = dataSource.snapshot()
        snapshot.appendItems(["elderberry"])
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(view.indexTitles == ["a", "b", "c", "d", "e"], "asked again after the update")
        snapshot.deleteAllItems()
        dataSource.applySnapshotUsingReloadData(snapshot)
        #expect(view.indexTitles.isEmpty && view.contentWidth == 16)
        #expect(!view.handle(.character("]")), "without an index, ] is not the view's")
    }
}
