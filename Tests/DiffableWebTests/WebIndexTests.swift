import Diffable
import Foundation
import Testing

@testable import DiffableWeb

/// A data source with an index of two titles while it has more than two items: "A" leads to
/// the first item, "B" to the third.
@MainActor
private final class TwoTitleIndex: CollectionViewDiffableDataSource<Int, Int> {
    override func indexTitles(for collectionView: any DiffableCollectionView) -> [String]? {
        snapshot().numberOfItems > 2 ? ["A", "B"] : nil
    }

    override func collectionView(
        _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
        IndexPath(item: index * 2, section: 0)
    }
}

@MainActor
@Suite("A collection view's index, in the browser")
struct WebIndexTests {
    @Test func theTitlesGoToThePageAndAPickScrollsWhereTheyLead() throws {
        let view = WebCollectionView(
            layout: .list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        view.setViewport(WebViewport(top: 0, height: 100, width: 800))
        var patches: [WebPatch] = []
        view.outbound = { patches.append($0) }
        let registration = WebCollectionView.CellRegistration<WebListCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Item \(item)"
            cell.contentConfiguration = content
        }
        let dataSource = TwoTitleIndex(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10))
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(view.indexTitles == ["A", "B"])
        #expect(view.resetPatch().json.text.contains(#""ix":["A","B"]"#), "a page that connects gets them")
        view.jump(toIndexTitle: 1)
        let item = try #require(patches.last?.scrollTarget)
        #expect(item.top == 2 * view.frames[0].itemHeight + view.frames[0].itemsTop && item.alignment == .top)
        view.jump(toIndexTitle: 0)
        #expect(patches.last?.scrollTarget?.top == view.frames[0].top, "a section's start: its top")
        let sent = patches.count
        view.jump(toIndexTitle: 7)
        #expect(patches.count == sent, "a title the view does not have")
        snapshot.deleteItems(Array(2..<10))
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(patches.last?.json.text.contains(#""ix":[]"#) == true, "the index goes")
        #expect(try ClientMessage.decode(#"{"t":"index","k":4,"i":1}"#) == .indexTitle(key: 4, index: 1))
    }
}
