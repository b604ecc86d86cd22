import Diffable
import Foundation
import Testing

@testable import DiffableWeb

/// A rating as stars: a custom content configuration, which the page gets as safe content.
private struct RatingConfiguration: WebContentConfiguration {
    var title: String
    var stars: Int

    func updated(for state: CellConfigurationState) -> RatingConfiguration { self }

    func webContent() -> WebCellContent {
        var content = WebCellContent(style: .list)
        content.text = title
        content.secondaryText = String(repeating: "★", count: stars)
        content.secondaryTextPlacement = .trailing
        return content
    }
}

@MainActor
@Suite("Cell configuration: state, update handler, content and background, in the browser")
struct WebCellConfigurationTests {
    @Test func theUpdateHandlerRestylesASelectedCellAndThePageGetsItAsAReconfigure() throws {
        let fixture = PageFixture(configure: { cell, item in
            cell.configurationUpdateHandler = { cell, state in
                var content = ListContentConfiguration.cell().updated(for: state)
                content.text = state.isSelected ? "Item \(item) ✓" : "Item \(item)"
                cell.contentConfiguration = content
                var background = BackgroundConfiguration.listPlainCell()
                background.backgroundColor = state.isSelected ? .blue : nil
                cell.backgroundConfiguration = background
            }
        })
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2, 3])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        #expect(fixture.page.rows == [["Item 1", "Item 2", "Item 3"]], "called before the first send")
        let key = try #require(fixture.view.state.items[IndexPath(item: 1, section: 0)]?.key)
        fixture.view.selectItem(key: key)
        let patch = try #require(fixture.patches.last)
        #expect(patch.reconfiguredItems == [key] && patch.operationCount == 1)
        #expect(patch.cells[key]?.text == "Item 2 ✓" && patch.cells[key]?.backgroundColor == .blue)
        #expect(patch.json.text.contains(#""bg":"var(--dw-blue)""#), "\(patch.json.text)")
        #expect(fixture.page.rows == [["Item 1", "Item 2 ✓", "Item 3"]])
        fixture.view.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(fixture.page.rows == [["Item 1", "Item 2", "Item 3"]], "and back when deselected")
    }

    @Test func aCustomContentConfigurationReachesThePageAsContent() {
        let fixture = PageFixture(configure: { cell, item in
            cell.contentConfiguration = RatingConfiguration(title: "Dish \(item)", stars: item)
            cell.accessories = [.checkmark()]
        })
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([2])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        let content = fixture.view.state.items[IndexPath(item: 0, section: 0)]?.content
        #expect(
            content?.text == "Dish 2" && content?.secondaryText == "★★" && content?.accessories.count == 1)
    }
}
