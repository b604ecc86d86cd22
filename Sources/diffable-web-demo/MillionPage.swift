#if Web
    import Diffable
    import DiffableWeb
    import Foundation

    /// A list of a million rows: only those on screen exist in the page. Favorite (f) and delete
    /// (d) as swipe actions, drag to reorder, search by number.
    @MainActor
    enum MillionPage {
        static let count = 1_000_000

        static func make(_ page: WebPage) {
            var favorites: Set<Int> = []
            var deleted: Set<Int> = []
            var query = ""
            var configuration = ListConfiguration(appearance: .plain)
            weak var source: CollectionViewDiffableDataSource<Int, Int>?
            configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
                guard let row = source?.itemIdentifier(for: indexPath) else { return nil }
                let favorite = ContextualAction(
                    style: .normal, title: favorites.contains(row) ? "Unfavorite" : "Favorite", key: "f"
                ) { done in
                    MainActor.assumeIsolated {
                        if !favorites.insert(row).inserted { favorites.remove(row) }
                        guard var snapshot = source?.snapshot() else { return }
                        snapshot.reconfigureItems([row])
                        source?.apply(snapshot)
                        done(true)
                    }
                }
                let delete = ContextualAction(style: .destructive, title: "Delete", key: "d") { done in
                    MainActor.assumeIsolated {
                        deleted.insert(row)
                        guard var snapshot = source?.snapshot() else { return }
                        snapshot.deleteItems([row])
                        source?.apply(snapshot)
                        done(true)
                    }
                }
                return SwipeActionsConfiguration(actions: [favorite, delete])
            }
            page.collectionView.collectionViewLayout = .list(using: configuration)
            let registration = WebCollectionView.CellRegistration<WebListCell, Int> { cell, _, row in
                var content = cell.defaultContentConfiguration()
                content.text = "Row \(row + 1)"
                content.secondaryText = row % 7 == 0 ? "every seventh" : nil
                content.image = ["🍎", "🍐", "🍊", "🍋", "🍌", "🍉", "🍇"][row % 7]
                cell.contentConfiguration = content
                cell.accessories = favorites.contains(row) ? [.label(text: "♥")] : []
            }
            let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: page.collectionView) {
                view, indexPath, row in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: row)
            }
            source = dataSource
            // A search that keeps a few of a million rows is shown as a reload, not 900,000 deletes.
            dataSource.reloadDataThreshold = 10_000
            dataSource.reorderingHandlers.canReorderItem = { _ in query.isEmpty }
            func snapshot() -> DiffableDataSourceSnapshot<Int, Int> {
                var snapshot = DiffableDataSourceSnapshot<Int, Int>()
                snapshot.appendSections([0])
                let rows = (0..<count).lazy.filter { !deleted.contains($0) }
                snapshot.appendItems(
                    query.isEmpty ? Array(rows) : rows.filter { String($0 + 1).contains(query) })
                return snapshot
            }
            page.searchPlaceholder = "Row number"
            page.searchHandler = { text in
                query = text.filter(\.isNumber)
                dataSource.apply(snapshot(), animatingDifferences: false)
            }
            dataSource.apply(snapshot(), animatingDifferences: false)
            page.keep(dataSource)
        }
    }
#endif
