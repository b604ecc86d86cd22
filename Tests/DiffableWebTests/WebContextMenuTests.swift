import Diffable
import Foundation
import Testing

@testable import DiffableWeb

/// A delegate that gives odd items a menu: Favorite (which keeps the menu open and checks
/// itself), an inline group with a disabled Share and a Delete.
@MainActor
private final class WebMenuDelegate: CollectionViewDelegate {
    var performed: [String] = []
    var points: [CGPoint] = []
    var favorite = false

    func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        points.append(point)
        guard indexPath.item % 2 == 1 else { return nil }
        return ContextMenuConfiguration(actionProvider: { [self] _ in
            Menu(children: [
                Action(
                    title: "Favorite", image: "♥", attributes: .keepsMenuPresented,
                    state: favorite ? .on : .off
                ) { action in
                    self.favorite.toggle()
                    action.state = self.favorite ? .on : .off  // the open menu shows it
                    self.performed.append("favorite \(indexPath.item) from \(type(of: action.sender!))")
                },
                Menu(
                    title: "More", options: .displayInline,
                    children: [
                        Action(title: "Share", attributes: .disabled) { _ in self.performed.append("share") },
                        Action(title: "Delete", attributes: .destructive) { _ in
                            self.performed.append("delete \(indexPath.item)")
                        },
                    ]),
            ])
        })
    }
}

@MainActor
@Suite("Context menus, in the browser")
struct WebContextMenuTests {
    private func makeFixture() -> (PageFixture, WebMenuDelegate, [Int]) {
        let fixture = PageFixture()
        let delegate = WebMenuDelegate()
        fixture.view.delegate = delegate
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([10, 11, 12])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        let keys = (0..<3).map { fixture.view.state.items[IndexPath(item: $0, section: 0)]!.key }
        return (fixture, delegate, keys)
    }

    @Test func anItemWithAMenuIsMarkedAndTheMenuGoesToThePageWithItsLines() throws {
        let (fixture, delegate, keys) = makeFixture()
        #expect(fixture.view.state.items[IndexPath(item: 1, section: 0)]?.extras.hasContextMenu == true)
        #expect(fixture.view.state.items[IndexPath(item: 0, section: 0)]?.extras.hasContextMenu == false)
        fixture.view.openContextMenu(key: keys[1], x: 40, y: 70)
        #expect(delegate.points.contains(CGPoint(x: 40, y: 70)), "asked where the person asked")
        let menu = try #require(fixture.patches.last?.contextMenu)
        #expect(menu.key == keys[1])
        #expect(fixture.patches.last?.sections?.count == 1, "a patch always lays out the sections")
        #expect(menu.rows.map(\.title) == ["Favorite", "More", "Share", "Delete"])
        #expect(menu.rows.map(\.kind) == [.action, .title, .action, .action])
        let text = fixture.patches.last!.json.text
        #expect(
            text.contains(
                #""menu":{"k":\#(keys[1]),"items":[{"kind":"action","title":"Favorite","path":[0],"image":"♥","keeps":true}"#
            ), "\(text)")
        #expect(text.contains(#"{"kind":"title","title":"More","path":[1],"group":true}"#))
        #expect(text.contains(#"{"kind":"action","title":"Share","path":[1,0],"disabled":true}"#))
    }

    @Test func anItemWithoutAMenuGetsAnEmptyOneAndAnUnknownKeyNothing() {
        let (fixture, _, keys) = makeFixture()
        fixture.view.openContextMenu(key: keys[0], x: 0, y: 0)
        #expect(fixture.patches.last?.contextMenu == .init(key: keys[0], rows: []))
        let sent = fixture.patches.count
        fixture.view.openContextMenu(key: 999_999, x: 0, y: 0)
        #expect(fixture.patches.count == sent)
    }

    @Test func aChoiceIsPerformedOnlyInTheOpenMenuAndOneThatKeepsItOpenSendsItAgain() {
        let (fixture, delegate, keys) = makeFixture()
        fixture.view.chooseInContextMenu(key: keys[1], path: [0])
        #expect(delegate.performed.isEmpty, "no menu is open")
        fixture.view.openContextMenu(key: keys[1], x: 0, y: 0)
        fixture.view.chooseInContextMenu(key: keys[0], path: [0])
        fixture.view.chooseInContextMenu(key: keys[1], path: [1, 0])
        #expect(delegate.performed.isEmpty, "another item's menu, then a disabled action")
        fixture.view.openContextMenu(key: keys[1], x: 0, y: 0)
        fixture.view.chooseInContextMenu(key: keys[1], path: [0])
        #expect(delegate.performed == ["favorite 1 from WebCollectionView"])
        #expect(fixture.patches.last?.contextMenu?.rows.first?.state == .on, "sent again, checked")
        fixture.view.chooseInContextMenu(key: keys[1], path: [1, 1])
        #expect(delegate.performed.last == "delete 1")
        fixture.view.chooseInContextMenu(key: keys[1], path: [1, 1])
        #expect(delegate.performed.count == 2, "the menu closed with the choice")
    }

    @Test func aViewWhoseMenuStaysOpenAfterAChoiceIsStillFreed() {
        weak var freed: WebCollectionView?
        do {
            let (fixture, delegate, keys) = makeFixture()
            fixture.view.openContextMenu(key: keys[1], x: 0, y: 0)
            fixture.view.chooseInContextMenu(key: keys[1], path: [0])
            #expect(delegate.favorite && fixture.view.shownContextMenu != nil, "Favorite keeps it open")
            freed = fixture.view
        }
        #expect(freed == nil, "the open menu's action holds its sender, the view, weakly")
    }

    @Test func thePageMessagesDecodeAndBadPathsAreRefused() throws {
        #expect(
            try ClientMessage.decode(#"{"t":"menu","k":3,"x":10.4,"y":20}"#) == .menu(key: 3, x: 10, y: 20))
        #expect(
            try ClientMessage.decode(#"{"t":"choose","k":3,"p":[1,0]}"#) == .choose(key: 3, path: [1, 0]))
        for bad in [
            #"{"t":"choose","k":3,"p":[]}"#, #"{"t":"choose","k":3,"p":[1,-1]}"#, #"{"t":"choose","k":3}"#,
            #"{"t":"choose","k":3,"p":[0,0,0,0,0,0,0,0,0]}"#, #"{"t":"menu","k":3,"x":-5,"y":0}"#,
        ] {
            #expect(throws: ClientMessageError.self, "\(bad)") { try ClientMessage.decode(bad) }
        }
    }
}
