import Diffable

@testable import DiffableWeb

extension WebPage {
    /// Shows `names` in one of the page's views (the main one by default), one section of list
    /// rows, through a data source the page keeps; returns the data source.
    @MainActor
    @discardableResult
    func showNames(_ names: [String], in view: WebCollectionView? = nil)
        -> CollectionViewDiffableDataSource<Int, String>
    {
        let registration = WebCollectionView.CellRegistration<WebListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view ?? collectionView)
        {
            view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(names)
        dataSource.apply(snapshot, animatingDifferences: false)
        keep(dataSource)
        return dataSource
    }
}
