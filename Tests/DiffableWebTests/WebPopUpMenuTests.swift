import Diffable
import Foundation
import Testing

@testable import DiffableWeb

@MainActor
@Suite("Pop-up menu accessories, in the browser")
struct WebPopUpMenuTests {
    @Test func aTapAsksForTheMenuAndAChoiceSendsTheCellAgain() throws {
        var changes: [String] = []
        let menu = Menu(
            title: "Size",
            children: ["Small", "Medium"].map { size in
                Action(title: size, state: size == "Medium" ? .on : .off) { _ in }
            })
        let fixture = PageFixture { cell, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Item \(item)"
            cell.contentConfiguration = content
            cell.accessories =
                item == 0 ? [.popUpMenu(menu) { changes.append($0.selectedElements[0].title) }] : []
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([0, 1])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        let key = fixture.view.state.items[IndexPath(item: 0, section: 0)]!.key
        let sent = fixture.patches.last!.json.text
        #expect(sent.contains(#"{"k":"custom","t":"Medium ↕""#), "\(sent)")
        #expect(sent.contains(#""pop":true"#))
        fixture.view.selectItem(key: key)
        #expect(fixture.view.indexPathsForSelectedItems == [], "a pop-up's row is never selected")
        fixture.view.openPopUpMenu(key: key, x: 10, y: 20)
        let opened = fixture.patches.last!.json.text
        #expect(opened.contains(#""title":"Medium""#) && opened.contains(#""title":"Small""#), "\(opened)")
        fixture.view.chooseInContextMenu(key: key, path: [0])
        #expect(changes == ["Small"])
        #expect(fixture.patches.last!.reconfiguredItems == [key])
        #expect(fixture.patches.last!.json.text.contains(#""t":"Small ↕""#))
        #expect(
            try ClientMessage.decode(#"{"t":"popup","k":3,"x":1,"y":2}"#) == .popUpMenu(key: 3, x: 1, y: 2))
    }
}
