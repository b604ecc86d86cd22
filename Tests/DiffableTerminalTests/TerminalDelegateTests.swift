import Diffable
import DiffableTesting
import Foundation
import Testing

@testable import DiffableTerminal

private func at(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

@MainActor
@Suite("Delegates and selection, in the terminal")
struct TerminalDelegateTests {
    @Test func enterTogglesWithMultipleSelectionAndCodeTellsNoOne() {
        let (view, dataSource) = makeListView()
        let delegate = TestDelegate()
        view.delegate = delegate
        view.allowsMultipleSelection = true
        dataSource.apply(listSnapshot([["Apple", "Pear", "Plum"]]), animatingDifferences: false)
        view.handle(.enter)
        view.handle(.down)
        view.handle(.enter)
        view.handle(.up)
        view.handle(.enter)
        #expect(delegate.selected == [at(0), at(1)])
        #expect(delegate.deselected == [at(0)])
        #expect(view.indexPathsForSelectedItems == [at(1)])
        view.selectItem(at: at(2), animated: false, scrollPosition: .centeredVertically)
        view.deselectItem(at: at(1), animated: false)
        #expect(view.indexPathsForSelectedItems == [at(2)])
        #expect(view.focusedIndexPath == at(2), "a scroll position scrolls to the item")
        #expect(delegate.selected.count == 2 && delegate.deselected.count == 1)
        view.allowsSelection = false
        #expect(view.selectedIndexPaths.isEmpty)
        view.handle(.enter)
        #expect(delegate.selected.count == 2)
    }

    @Test func aSelectedItemFollowsItsItemAndLeavesWithIt() {
        let (view, dataSource) = makeListView()
        dataSource.apply(listSnapshot([["Apple", "Pear", "Plum"]]), animatingDifferences: false)
        view.selectItem(at: at(2), animated: false, scrollPosition: [])
        dataSource.apply(listSnapshot([["Fig", "Plum", "Apple", "Pear"]]), animatingDifferences: false)
        #expect(view.indexPathsForSelectedItems == [at(1)])
        dataSource.apply(listSnapshot([["Fig", "Apple"]]), animatingDifferences: false)
        #expect(view.indexPathsForSelectedItems == [])
    }

    /// Only cells that come on screen are displayed: a million-row list tells the delegate of the
    /// rows it shows, then of those a scroll brings in and takes out.
    @Test func displayIsToldForCellsThatScrollInAndOut() {
        let (view, dataSource) = makeListView(width: 30, height: 10)
        let delegate = TestDelegate()
        view.delegate = delegate
        dataSource.applySnapshotUsingReloadData(listSnapshot([(0..<1_000_000).map { "Item \($0)" }]))
        _ = view.render()
        #expect(delegate.displayed == (0..<9).map { at($0) })
        for _ in 0..<3 { view.handle(.pageDown) }
        _ = view.render()
        let shown = Set(delegate.displayed).subtracting(delegate.endedDisplaying)
        #expect(shown == Set(view.indexed.items.keys), "displayed and not ended: what has cells now")
        #expect(shown.count <= 10 && delegate.displayed.count < 40)
        #expect(Set(delegate.endedDisplaying) == Set((0..<9).map { at($0) }).subtracting(shown))
    }

    /// Headers are displayed as they come on screen and end as they leave it, a deleted
    /// section's with it, and a reload ends every one.
    @Test func headersAreDisplayedWhileOnScreen() {
        let (view, dataSource) = makeListView(width: 30, height: 6)
        let delegate = TestDelegate()
        view.delegate = delegate
        dataSource.apply(
            listSnapshot([["A1", "A2"], ["B1", "B2", "B3", "B4", "B5", "B6"], ["C1"]]),
            animatingDifferences: false)
        _ = view.render()
        #expect(delegate.supplementaryEvents == ["+header 0", "+header 1"])
        view.scrollToItem(at: at(0, 2), at: [], animated: false)
        _ = view.render()
        #expect(delegate.supplementaryEvents[2...].sorted() == ["+header 2", "-header 0", "-header 1"])
        let before = delegate.supplementaryEvents.count
        dataSource.apply(
            listSnapshot([["A1", "A2"], ["B1", "B2", "B3", "B4", "B5", "B6"]]), animatingDifferences: false)
        #expect(
            delegate.supplementaryEvents[before...].first == "-header 2", "a deleted section's ends with it")
        dataSource.applySnapshotUsingReloadData(listSnapshot([["A1"]]))
        _ = view.render()
        // Every header shown was ended once, and what is shown now is what the view holds.
        var shown: [String: Int] = [:]
        for event in delegate.supplementaryEvents {
            shown[String(event.dropFirst()), default: 0] += event.hasPrefix("+") ? 1 : -1
        }
        #expect(shown.values.allSatisfy { $0 == 0 || $0 == 1 })
        #expect(
            Set(shown.filter { $0.value == 1 }.keys)
                == Set(view.indexed.headers.keys.map { "header \($0)" }))
        #expect(view.indexed.headers.keys.sorted() == [0])
    }

    /// A table tells its delegate of headers and footers by section, and keeps the cells across
    /// updates (only their titles are asked for again).
    @Test func aTableDisplaysHeadersAndFooters() {
        let (table, dataSource) = makeGroceryTable(height: 30)
        let delegate = TestDelegate()
        table.delegate = delegate
        dataSource.applySnapshotUsingReloadData(dataSource.snapshot())
        #expect(delegate.supplementaryEvents.sorted().starts(with: ["-footer 0", "-footer 1"]))
        delegate.supplementaryEvents = []
        _ = table.render()
        #expect(
            delegate.supplementaryEvents == [
                "+header 0", "+footer 0", "+header 1", "+footer 1", "+header 2", "+footer 2",
            ])
        delegate.supplementaryEvents = []
        var snapshot = dataSource.snapshot()
        snapshot.appendItems(["Plum"], toSection: "Fruit")
        dataSource.apply(snapshot, animatingDifferences: false)
        _ = table.render()
        #expect(delegate.supplementaryEvents.isEmpty, "an update asks for titles again in the same cells")
        #expect(table.render().text.contains("4 items"))
        snapshot.deleteSections(["Pantry"])
        dataSource.apply(snapshot, animatingDifferences: false)
        _ = table.render()
        #expect(delegate.supplementaryEvents.sorted() == ["-footer 2", "-header 2"])
    }

    @Test func theDelegateRedirectsADrop() {
        let (view, dataSource) = makeListView()
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let delegate = TestDelegate()
        view.delegate = delegate
        dataSource.apply(listSnapshot([["Apple", "Pear", "Plum", "Fig"]]), animatingDifferences: false)
        delegate.dropRedirects[at(2)] = at(3)
        view.handle(.character("m"))
        view.handle(.down)
        view.handle(.down)
        view.handle(.enter)
        #expect(dataSource.snapshot().itemIdentifiers == ["Pear", "Plum", "Fig", "Apple"])
    }

    @Test func aTableShowsTheInsertControlItsDelegateAsksForAndPlusInserts() {
        let (view, dataSource) = makeGroceryTable()
        let delegate = TestDelegate()
        view.delegate = delegate
        delegate.editingStyles[at(1)] = .insert
        #expect(view.editingStyle(forRowAt: at(0)) == .delete)
        #expect(view.editingStyle(forRowAt: at(1)) == .insert)
        #expect(view.editingStyle(forRowAt: at(1, 1)) == .none, "the data source refuses Pinned")
        view.setEditing(true, animated: false)
        view.scrollToRow(at: at(1), at: .none, animated: false)
        #expect(view.helpItems.contains("+ insert") && !view.helpItems.contains("d delete"))
        #expect(view.screenText.contains("⊕ Pear"))
        #expect(!view.handle(.character("d")))
        #expect(view.handle(.character("+")))
        #expect(
            dataSource.snapshot().itemIdentifiers(inSection: "Fruit") == ["Apple", "New 6", "Pear", "Quince"])
    }

    @Test func aTableTapFollowsWillSelectAndNotWhileEditing() {
        let (view, _) = makeGroceryTable()
        let delegate = TestDelegate()
        view.delegate = delegate
        view.click(x: 3, y: 1)
        view.click(x: 3, y: 2)
        #expect(delegate.selected == [at(0), at(1)])
        #expect(delegate.deselected == [at(0)])
        #expect(view.indexPathForSelectedRow == at(1))
        view.setEditing(true, animated: false)
        view.click(x: 5, y: 3)
        #expect(delegate.selected.count == 2, "no selection while editing")
        view.allowsSelectionDuringEditing = true
        view.click(x: 5, y: 3)
        #expect(view.indexPathsForSelectedRows == [at(2)])
        view.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(view.indexPathsForSelectedRows == nil)
    }
}

@MainActor
@Suite("Prefetching, in the terminal")
struct TerminalPrefetchingTests {
    @Test func scrollingDownPrefetchesTheNextScreenAndTurningBackCancelsIt() {
        let (view, dataSource) = makeListView(width: 30, height: 10)
        let log = PrefetchingLog()
        view.prefetchDataSource = log
        dataSource.applySnapshotUsingReloadData(listSnapshot([(0..<1_000_000).map { "Item \($0)" }]))
        _ = view.render()
        #expect(log.prefetched.isEmpty, "no direction before the first scroll")
        for _ in 0..<3 { view.handle(.pageDown) }
        _ = view.render()
        let shown = Set(view.indexed.items.keys)
        let last = shown.max()!
        #expect(!log.prefetched.isEmpty && log.prefetched.allSatisfy { $0 > last }, "ahead of the screen")
        #expect(log.prefetched.count <= 2 * 10)
        for _ in 0..<3 { view.handle(.pageUp) }
        _ = view.render()
        #expect(!log.cancelled.isEmpty && log.cancelled.allSatisfy { $0 > last })
    }

    @Test func aTablePrefetchesRowsForItsPrefetchingDataSource() {
        let (view, _) = makeGroceryTable(height: 4)
        let log = PrefetchingLog()
        view.prefetchDataSource = log
        _ = view.render()
        view.scrollToRow(at: IndexPath(item: 1, section: 1), at: .none, animated: false)
        _ = view.render()
        #expect(!log.prefetched.isEmpty && log.prefetched.allSatisfy { $0 > IndexPath(item: 1, section: 1) })
    }
}
