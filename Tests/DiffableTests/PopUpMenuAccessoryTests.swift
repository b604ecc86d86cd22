import DiffableTesting
import Foundation
import Testing

/// What a pop-up menu's handlers heard.
@MainActor
private final class PopUpLog {
    var events: [String] = []
}

/// A menu of three sizes, Medium selected, each choice logged.
@MainActor
private func sizeMenu(_ log: PopUpLog) -> Menu {
    Menu(
        title: "Size",
        children: ["Small", "Medium", "Large"].map { size in
            Action(
                title: size, attributes: size == "Large" ? [.disabled] : [],
                state: size == "Medium" ? .on : .off
            ) {
                log.events.append("chose \($0.title)")
            }
        })
}

@MainActor
@Suite("Pop-up menu accessories (UICellAccessory.popUpMenu)")
struct PopUpMenuAccessoryTests {
    @Test func aTapOpensTheMenuAndAChoiceBecomesItsSelectedElement() {
        let log = PopUpLog()
        let menu = sizeMenu(log)
        let accessory = CellAccessory.popUpMenu(menu) {
            log.events.append("changed to \($0.selectedElements[0].title)")
        }
        #expect(accessory.glyph(in: .init()) == "Medium ↕", "it shows the selected element")
        let (view, dataSource) = makeDataSource { view, cells in
            TestDataSource(collectionView: view) { view, path, item in
                let cell = cells(view, path, item)
                cell?.accessories = item == 0 ? [accessory] : []
                return cell
            }
        }
        dataSource.apply(snapshotOf(["A": [0, 1]]))
        let first = IndexPath(item: 0, section: 0)
        #expect(view.tapItem(at: first))
        #expect(view.selectedIndexPaths.isEmpty, "a pop-up's tap opens its menu instead of selecting")
        #expect(view.popUpMenu(at: first) === menu)
        #expect(view.popUpMenu(at: IndexPath(item: 1, section: 0)) == nil)
        #expect(view.choosePopUpMenuElement(titled: "Small", at: first))
        #expect(!view.choosePopUpMenuElement(titled: "Large", at: first), "a disabled action")
        #expect(view.choosePopUpMenuElement(titled: "Small", at: first))
        #expect(
            log.events == ["chose Small", "changed to Small", "chose Small"], "the handler only on a change")
        #expect(menu.selectedElements.map(\.title) == ["Small"])
        #expect(accessory.glyph(in: .init()) == "Small ↕")
    }

    @Test func selectedElementsLookThroughInlineGroupsAndSubmenus() {
        let log = PopUpLog()
        let inline = Menu(options: .displayInline, children: [sizeMenu(log)])
        #expect(inline.selectedElements.map(\.title) == ["Medium"])
        #expect(Menu(children: [Action(title: "Off") { _ in }]).selectedElements.isEmpty)
    }
}
