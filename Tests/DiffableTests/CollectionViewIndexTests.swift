import DiffableTesting
import Foundation
import Testing

/// A data source with a two-title index leading to items, as a UIKit subclass gives one.
@MainActor
private final class IndexedDataSource: CollectionViewDiffableDataSource<String, Int> {
    override func indexTitles(for collectionView: any DiffableCollectionView) -> [String]? { ["A", "B"] }

    override func collectionView(
        _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
        IndexPath(item: index, section: 0)
    }
}

@MainActor
@Suite("A collection view's index, in the validating view")
struct ValidatingIndexTests {
    @Test func pickingATitleScrollsWhereTheDataSourceSays() {
        let (view, dataSource) = makeDataSource { IndexedDataSource(collectionView: $0, cellProvider: $1) }
        dataSource.apply(snapshotOf(["A": [0, 1, 2]]))
        #expect(view.indexTitles == ["A", "B"])
        #expect(view.selectIndexTitle(at: 1) == IndexPath(item: 1, section: 0))
        #expect(view.lastScrollToItem?.indexPath == IndexPath(item: 1, section: 0))
        #expect(view.selectIndexTitle(at: 2) == nil)
        let (plain, plainSource) = makeDataSource()
        plainSource.apply(snapshotOf(["A": [0]]))
        #expect(plain.indexTitles == nil, "no index unless the data source gives one")
    }
}
