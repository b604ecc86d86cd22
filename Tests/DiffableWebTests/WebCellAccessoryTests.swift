import Diffable
import Foundation
import Testing

@testable import DiffableWeb

/// What the accessories' handlers did.
@MainActor
private final class AccessoryEvents {
    var events: [String] = []
}

@MainActor
@Suite("Cell accessories, in the browser")
struct WebCellAccessoryTests {
    private func makeFixture(_ log: AccessoryEvents) -> (PageFixture, [Int]) {
        let fixture = PageFixture { cell, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Item \(item)"
            cell.contentConfiguration = content
            cell.accessories = [
                .delete(actionHandler: { log.events.append("delete \(item)") }), .multiselect(),
                .detail(actionHandler: { log.events.append("detail \(item)") }),
                .checkmark(options: .init(isHidden: true, reservedLayoutWidth: .custom(2))),
            ]
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([10, 11])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        let keys = (0..<2).map { fixture.view.state.items[IndexPath(item: $0, section: 0)]!.key }
        return (fixture, keys)
    }

    @Test func editingModeSendsTheCellsAgainWithTheirEditingAccessories() {
        let log = AccessoryEvents()
        let (fixture, keys) = makeFixture(log)
        let before = fixture.patches.last!.json.text
        #expect(before.contains(#"{"k":"detail","ts":{"fg":"var(--dw-blue)"},"act":true}"#), "\(before)")
        #expect(before.contains(#"{"k":"checkmark","ts":{"fg":"var(--dw-green)"},"h":true,"w":2}"#))
        #expect(!before.contains(#""k":"delete""#), "a delete accessory shows while editing")
        fixture.view.isEditing = true
        let patch = fixture.patches.last!
        #expect(Set(patch.reconfiguredItems) == Set(keys))
        let text = patch.json.text
        #expect(text.contains(#"{"k":"delete","ts":{"fg":"var(--dw-red)"},"l":true,"act":true}"#), "\(text)")
        #expect(text.contains(#"{"k":"multiselect","ts":{"fg":"var(--dw-blue)"},"l":true}"#))
        let sent = fixture.patches.count
        fixture.view.isEditing = true
        #expect(fixture.patches.count == sent, "no change, nothing sent")
    }

    @Test func aTapOnAHeaderStyleParentExpandsItAndACellStyleParentIsSelected() {
        var configuration = CollectionLayoutListConfiguration(appearance: .sidebar)
        configuration.headerMode = .firstItemInSection
        let fixture = PageFixture(layout: .list(using: configuration)) { cell, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Item \(item)"
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure()]  // .automatic: a header on the first item only
        }
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([10], to: 1)
        outline.append([20], to: 2)
        fixture.dataSource.apply(outline, to: 0, animatingDifferences: false)
        let key = { (item: Int) in fixture.view.state.items[fixture.dataSource.indexPath(for: item)!]!.key }
        fixture.view.selectItem(key: key(1))
        #expect(fixture.dataSource.snapshot(for: 0).isExpanded(1), "the section's header item expands")
        #expect(fixture.view.indexPathsForSelectedItems == [])
        fixture.view.selectItem(key: key(2))
        #expect(!fixture.dataSource.snapshot(for: 0).isExpanded(2), "a cell-style parent does not expand")
        #expect(fixture.view.indexPathsForSelectedItems == [fixture.dataSource.indexPath(for: 2)!])
        fixture.view.toggleExpansion(key: key(2))
        #expect(fixture.dataSource.snapshot(for: 0).isExpanded(2), "its disclosure expands it")
    }

    @Test func aClickOnAnAccessoryWithAHandlerRunsItAndABadIndexNothing() throws {
        let log = AccessoryEvents()
        let (fixture, keys) = makeFixture(log)
        fixture.view.performAccessoryAction(key: keys[1], index: 0)  // the detail, when not editing
        fixture.view.performAccessoryAction(key: keys[1], index: 1)  // the hidden checkmark
        fixture.view.performAccessoryAction(key: keys[1], index: 9)
        fixture.view.performAccessoryAction(key: 999_999, index: 0)
        #expect(log.events == ["detail 11"])
        fixture.view.isEditing = true
        fixture.view.performAccessoryAction(key: keys[0], index: 0)
        #expect(log.events == ["detail 11", "delete 10"])
        #expect(try ClientMessage.decode(#"{"t":"accessory","k":3,"a":1}"#) == .accessory(key: 3, index: 1))
        #expect(throws: ClientMessageError.self) {
            try ClientMessage.decode(#"{"t":"accessory","k":3,"a":-1}"#)
        }
    }
}
