import Diffable
import Foundation
import Testing

@testable import DiffableWeb

/// A list's separator configuration and item separator handler reach the page: each row says
/// when the line below it is hidden, inset or coloured, and says nothing when it is plain. And a
/// list's header top padding is the space above each section with a header.
@MainActor
@Suite("Separators and header padding, in the browser")
struct WebSeparatorTests {
    @Test func theListsBackgroundColourGoesWithItsSection() throws {
        var list = CollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.backgroundColor = .rgb(16, 32, 48)
        let fixture = PageFixture(layout: .list(using: list))
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        let text = try #require(fixture.patches.last?.json.text)
        #expect(text.contains(##""bg":"#102030""##))
    }

    @Test func headerTopPaddingIsTheGapAboveASectionWithAHeader() {
        var list = CollectionLayoutListConfiguration(appearance: .grouped)
        #expect(WebLayoutSection.list(using: list).gapBefore == 20)
        list.headerTopPadding = 12
        #expect(WebLayoutSection.list(using: list).gapBefore == 20, "no header: the appearance's gap")
        list.headerMode = .supplementary
        #expect(WebLayoutSection.list(using: list).gapBefore == 12)
    }

    @Test func theLineBelowEachRowIsTheHandlersAndThePlainOneIsNotSent() throws {
        var list = CollectionLayoutListConfiguration(appearance: .plain)
        list.itemSeparatorHandler = { indexPath, configuration in
            var configuration = configuration
            switch indexPath.item {
            case 0:
                configuration.bottomSeparatorInsets.leading = 16
                configuration.color = .red
            case 2: configuration.topSeparatorVisibility = .hidden
            default: break
            }
            return configuration
        }
        let fixture = PageFixture(layout: .list(using: list))
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([10, 11, 12, 13])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        let separators = (0..<4).map {
            fixture.view.state.items[IndexPath(item: $0, section: 0)]?.extras.separator
        }
        #expect(separators[0] == .init(isHidden: false, leading: 16, trailing: 0, color: "var(--dw-red)"))
        #expect(
            separators[1] == .init(isHidden: true, leading: 0, trailing: 0, color: nil),
            "row 2 hides the line above it")
        #expect(separators[2] == nil && separators[3] == nil)
        let text = try #require(fixture.patches.last?.json.text)
        #expect(text.contains(#""sep":{"hidden":false,"leading":16,"trailing":0,"color":"var(--dw-red)"}"#))
        #expect(text.contains(#""sep":{"hidden":true,"#))
    }
}
