import Diffable
import Foundation

extension CollectionViewDataSource {
    /// Where the index title at `index` of `titles` leads, as the data source says
    /// (`collectionView(_:indexPathForIndexTitle:at:)`), clamped to content of `counts` items a
    /// section: an item, or the first place of a section without items. `nil` for an index
    /// `titles` does not have, or with no sections. The front ends' index jumps share it.
    package func indexPath(
        forIndexTitleAt index: Int, of titles: [String], in collectionView: any DiffableCollectionView,
        counts: [Int]
    ) -> IndexPath? {
        guard titles.indices.contains(index), !counts.isEmpty else { return nil }
        let path = self.collectionView(collectionView, indexPathForIndexTitle: titles[index], at: index)
        let section = min(max(path.section, 0), counts.count - 1)
        return IndexPath(item: min(max(path.item, 0), max(counts[section] - 1, 0)), section: section)
    }
}
