import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// An app's own content view: two collection views side by side, the focus on one.
@MainActor
final class TwoLists: TerminalContentView {
    let left = TerminalCollectionView(layout: .list(using: .init(appearance: .plain)), width: 10, height: 3)
    let right = TerminalCollectionView(layout: .list(using: .init(appearance: .plain)), width: 10, height: 3)
    var focusedRight = false
    private(set) var height = 3
    private var width = 21
    var needsDisplay: Bool { left.needsDisplay || right.needsDisplay }
    var isAnimating: Bool { left.isAnimating || right.isAnimating }
    /// A dialog of the app's own, over both lists.
    var isAskingForAName = false
    var takesEveryKey: Bool { isAskingForAName }
    var helpItems: [String] { isAskingForAName ? ["type a name", "esc cancel"] : ["tab pane"] }
    var hasPendingUpdates: Bool { left.hasPendingUpdates || right.hasPendingUpdates }

    func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        left.resize(width: width / 2, height: height)
        right.resize(width: width - width / 2 - 1, height: height)
    }

    func handle(_ key: Key) -> Bool {
        if key == .tab {
            focusedRight.toggle()
            return true
        }
        return (focusedRight ? right : left).handle(key)
    }

    func handle(_ event: MouseEvent) -> Bool { false }
    func advanceAnimation() {
        for view in [left, right] { view.advanceAnimation() }
    }
    func finishAnimations() {
        for view in [left, right] { view.finishAnimations() }
    }

    func render() -> ScreenBuffer {
        var screen = ScreenBuffer(width: width, height: height)
        let clip = ScreenRect(x: 0, y: 0, width: width, height: height)
        screen.copy(left.render(), toX: 0, y: 0, clip: clip)
        for row in 0..<height { screen.write("│", x: left.width, y: row) }
        screen.copy(right.render(), toX: left.width + 1, y: 0, clip: clip)
        return screen
    }
}

@MainActor
@Suite("An application of the app's own content view")
struct ContentViewTests {
    @Test func keysReachTheFocusedViewAndTheScreenShowsBoth() {
        let lists = TwoLists()
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> {
            cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        var dataSources: [CollectionViewDiffableDataSource<Int, String>] = []
        for (view, names) in [(lists.left, ["Apple", "Pear"]), (lists.right, ["Kale", "Leek"])] {
            let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
                view, indexPath, name in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
            }
            var snapshot = DiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(names)
            dataSource.applySnapshotUsingReloadData(snapshot)
            dataSources.append(dataSource)
        }
        let terminal = HeadlessTerminal(width: 21, height: 4)
        let application = TerminalApplication(device: terminal, content: lists)
        #expect(application.collectionView == nil && application.tableView == nil)
        application.step(keys: [.tab, .down])
        #expect(lists.right.focusedIndexPath == IndexPath(item: 1, section: 0))
        #expect(lists.left.focusedIndexPath == IndexPath(item: 0, section: 0), "the left list did not move")
        #expect(terminal.screen.line(0).hasPrefix("Apple     │Kale"))
        #expect(terminal.screen.line(1).hasPrefix("Pear      │Leek"))
        #expect(terminal.screen.line(3).contains("tab pane · q quit"))
        application.step(keys: [.character("q")])
        #expect(application.quitRequested)
    }

    @Test func aViewThatTakesEveryKeyHasTheHelpLineToItself() {
        let lists = TwoLists()
        let terminal = HeadlessTerminal(width: 40, height: 4)
        let application = TerminalApplication(device: terminal, content: lists)
        application.step(keys: [])
        #expect(terminal.screen.line(3).contains("tab pane · q quit"))
        lists.isAskingForAName = true
        lists.left.needsDisplay = true
        application.step(keys: [])
        #expect(terminal.screen.line(3).contains("type a name · esc cancel"))
        #expect(!terminal.screen.line(3).contains("q quit"), "q is the dialog's, not quit")
    }
}
