import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// `scrollToItem(at:at:animated:)` and `scrollToRow(at:at:animated:)`: the item goes where the
/// position says, as far as the content goes, and the focus goes with it.
@MainActor
@Suite("Scrolling to an item at a position, in the terminal")
struct ScrollPositionTests {
    /// A list of 100 one-row items under a header row, on a view 10 rows high.
    func longList() -> TerminalCollectionView {
        let (view, dataSource) = makeListView(width: 30, height: 10)
        dataSource.apply(listSnapshot([(0..<100).map { "Item \($0)" }]), animatingDifferences: false)
        fixtureDataSources.append(dataSource)
        _ = view.render()
        return view
    }

    /// The row of the screen an item is drawn on (0 is the top).
    func screenRow(of indexPath: IndexPath, in view: TerminalCollectionView) -> Int? {
        view.contentRect(for: indexPath, in: view.frames).map { $0.y - view.contentOffset }
    }

    @Test func topMiddleAndBottomPutTheItemThere() {
        let view = longList()
        let item = IndexPath(item: 50, section: 0)
        view.scrollToItem(at: item, at: .top, animated: false)
        #expect(screenRow(of: item, in: view) == 0)
        #expect(view.focusedIndexPath == item)
        view.scrollToItem(at: item, at: .centeredVertically, animated: false)
        #expect(screenRow(of: item, in: view) == 4, "(10 rows - 1) / 2")
        view.scrollToItem(at: item, at: .bottom, animated: true)
        #expect(screenRow(of: item, in: view) == 9)
    }

    @Test func theContentsEdgesStopTheScroll() {
        let view = longList()
        view.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
        #expect(view.contentOffset == view.contentHeight - 10, "no further than the last row")
        view.scrollToItem(at: IndexPath(item: 1, section: 0), at: .bottom, animated: false)
        #expect(view.contentOffset == 0)
    }

    @Test func noPositionScrollsTheLeastAndAnIndexPathOutOfRangeNothing() {
        let view = longList()
        view.scrollToItem(at: IndexPath(item: 3, section: 0), at: [], animated: false)
        #expect(view.contentOffset == 0, "on screen already")
        let item = IndexPath(item: 30, section: 0)
        view.scrollToItem(at: item, at: [], animated: false)
        #expect(screenRow(of: item, in: view) == 9, "brought up to the bottom edge")
        let offset = view.contentOffset
        view.scrollToItem(at: IndexPath(item: 100, section: 0), at: .top, animated: false)
        view.scrollToItem(at: IndexPath(item: 0, section: 1), at: .top, animated: false)
        #expect(view.contentOffset == offset && view.focusedIndexPath == item)
    }

    @Test func selectingAnItemScrollsItToThePositionGiven() {
        let view = longList()
        let item = IndexPath(item: 60, section: 0)
        view.selectItem(at: item, animated: false, scrollPosition: .centeredVertically)
        #expect(view.indexPathsForSelectedItems == [item])
        #expect(screenRow(of: item, in: view) == 4)
        view.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        #expect(screenRow(of: item, in: view) == 4, "[] selects without scrolling")
    }

    @Test func aTablesPositionsAreTheCollectionViewsAndSelectingWithNoneDoesNotScroll() {
        let (view, _) = makeAlphabetTable(height: 12)
        let row = IndexPath(item: 0, section: 12)
        view.scrollToRow(at: row, at: .top, animated: false)
        #expect(screenRow(of: row, in: view.rows) == 0)
        #expect(view.focusedIndexPath == row)
        view.scrollToRow(at: row, at: .middle, animated: false)
        #expect(screenRow(of: row, in: view.rows) == 5, "(12 rows - 1) / 2")
        view.scrollToRow(at: row, at: .bottom, animated: false)
        #expect(screenRow(of: row, in: view.rows) == 11)
        let offset = view.contentOffset
        view.scrollToRow(at: IndexPath(item: 1, section: 11), at: .none, animated: false)
        #expect(view.contentOffset == offset, "on screen: .none scrolls not at all")
        view.selectRow(at: IndexPath(item: 0, section: 25), animated: false, scrollPosition: .none)
        #expect(view.contentOffset == offset, "selecting with .none does not scroll, as in UIKit")
        view.selectRow(at: IndexPath(item: 0, section: 20), animated: false, scrollPosition: .top)
        #expect(screenRow(of: IndexPath(item: 0, section: 20), in: view.rows) == 0)
    }
}
