import Diffable
import Foundation
import Testing

@testable import DiffableWeb

/// A list's leading and trailing swipe actions reach the page with their side and with the one a
/// full swipe performs, and the page names an action back by its index among both sides.
@MainActor
@Suite("Swipe actions, in the browser")
struct WebSwipeActionsTests {
    @Test func eachActionSaysItsSideAndTheFullSwipeOneIsTheFirstOfItsSide() throws {
        var performed: [String] = []
        func action(_ title: String, _ key: Character) -> ContextualAction {
            ContextualAction(style: .normal, title: title, key: key) { _, _, done in
                MainActor.assumeIsolated { performed.append(title) }
                done(true)
            }
        }
        var list = CollectionLayoutListConfiguration(appearance: .plain)
        list.leadingSwipeActionsConfigurationProvider = { _ in
            SwipeActionsConfiguration(actions: [action("Flag", "g"), action("Pin", "p")])
        }
        list.trailingSwipeActionsConfigurationProvider = { indexPath in
            let configuration = SwipeActionsConfiguration(actions: [action("Delete", "d")])
            configuration.performsFirstActionWithFullSwipe = indexPath.item != 1
            return configuration
        }
        let fixture = PageFixture(layout: .list(using: list))
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([10, 11])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)

        let first = try #require(fixture.view.state.items[IndexPath(item: 0, section: 0)]?.extras.actions)
        #expect(first.map(\.title) == ["Flag", "Pin", "Delete"])
        #expect(first.map(\.isLeading) == [true, true, false])
        #expect(first.map(\.performsOnFullSwipe) == [true, false, true])
        let second = try #require(fixture.view.state.items[IndexPath(item: 1, section: 0)]?.extras.actions)
        #expect(second.map(\.performsOnFullSwipe) == [true, false, false], "the configuration said no")
        let text = try #require(fixture.patches.last?.json.text)
        #expect(
            text.contains(#"{"title":"Flag","destructive":false,"shortcut":"g","lead":true,"full":true}"#))
        #expect(text.contains(#"{"title":"Pin","destructive":false,"shortcut":"p","lead":true}"#))
        #expect(text.contains(#"{"title":"Delete","destructive":false,"shortcut":"d","full":true}"#))

        let key = try #require(fixture.view.state.items[IndexPath(item: 0, section: 0)]?.key)
        fixture.view.performAction(key: key, index: 2)
        fixture.view.performAction(key: key, index: 0)
        fixture.view.performAction(key: key, index: 3)
        #expect(performed == ["Delete", "Flag"], "an index past both sides does nothing")
    }
}
