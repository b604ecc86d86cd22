#if Web
    import Diffable
    import DiffableWeb
    import Foundation

    /// A list of a million rows: only those on screen exist in the page. Favorite (f) and delete
    /// (d) as trailing swipe actions, flag (g) as a leading one, a context menu (favorite, a mark, delete), drag to reorder, search by
    /// number, and an index by hundred thousands.
    @MainActor
    enum MillionPage {
        static let count = 1_000_000
        /// The marks a row's context menu offers, one at a time, and the glyph each shows.
        static let marks: KeyValuePairs = ["No Mark": "", "Star": "★", "Flag": "⚑"]

        static func make(_ page: WebPage) {
            var favorites: Set<Int> = []
            var deleted: Set<Int> = []
            var marked: [Int: String] = [:]
            var query = ""
            var configuration = CollectionLayoutListConfiguration(appearance: .plain)
            weak var source: CollectionViewDiffableDataSource<Int, Int>?
            func change(_ row: Int, deleting: Bool = false) {
                guard var snapshot = source?.snapshot() else { return }
                if deleting { snapshot.deleteItems([row]) } else { snapshot.reconfigureItems([row]) }
                source?.apply(snapshot)
            }
            func toggleFavorite(_ row: Int) {
                if !favorites.insert(row).inserted { favorites.remove(row) }
                change(row)
            }
            func delete(_ row: Int) {
                deleted.insert(row)
                change(row, deleting: true)
            }
            configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
                guard let row = source?.itemIdentifier(for: indexPath) else { return nil }
                let favorite = ContextualAction(
                    style: .normal, title: favorites.contains(row) ? "Unfavorite" : "Favorite", key: "f"
                ) { _, _, done in
                    MainActor.assumeIsolated {
                        toggleFavorite(row)
                        done(true)
                    }
                }
                let delete = ContextualAction(style: .destructive, title: "Delete", key: "d") { _, _, done in
                    MainActor.assumeIsolated {
                        delete(row)
                        done(true)
                    }
                }
                return SwipeActionsConfiguration(actions: [favorite, delete])
            }
            // A swipe toward the trailing edge flags a row (a full one at once), as Mail's does.
            configuration.leadingSwipeActionsConfigurationProvider = { indexPath in
                guard let row = source?.itemIdentifier(for: indexPath) else { return nil }
                let flagged = marked[row] == "⚑"
                let flag = ContextualAction(style: .normal, title: flagged ? "Unflag" : "Flag", key: "g") {
                    _, _, done in
                    MainActor.assumeIsolated {
                        marked[row] = flagged ? nil : "⚑"
                        change(row)
                        done(true)
                    }
                }
                return SwipeActionsConfiguration(actions: [flag])
            }
            let menus = ContextMenus { indexPath in
                guard let row = source?.itemIdentifier(for: indexPath) else { return nil }
                return ContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
                    let markActions = marks.map { title, glyph in
                        Action(title: title, state: marked[row, default: ""] == glyph ? .on : .off) { _ in
                            marked[row] = glyph.isEmpty ? nil : glyph
                            change(row)
                        }
                    }
                    return Menu(children: [
                        Action(title: "Favorite", image: "♥", state: favorites.contains(row) ? .on : .off) {
                            _ in
                            toggleFavorite(row)
                        },
                        Menu(title: "Mark", options: .singleSelection, children: markActions),
                        Menu(
                            options: .displayInline,
                            children: [
                                Action(title: "Share", attributes: .disabled) { _ in },
                                Action(title: "Delete", attributes: .destructive) { _ in delete(row) },
                            ]),
                    ])
                }
            }
            page.collectionView.delegate = menus
            page.keep(menus)
            page.collectionView.collectionViewLayout = .list(using: configuration)
            let registration = WebCollectionView.CellRegistration<WebListCell, Int> { cell, _, row in
                var content = cell.defaultContentConfiguration()
                content.text = "Row \(row + 1)"
                content.secondaryText = row % 7 == 0 ? "every seventh" : nil
                content.image = ["🍎", "🍐", "🍊", "🍋", "🍌", "🍉", "🍇"][row % 7]
                cell.contentConfiguration = content
                cell.accessories =
                    (marked[row].map { [.label(text: $0)] } ?? [])
                    + (favorites.contains(row) ? [.label(text: "♥")] : [])
            }
            let dataSource = HundredThousandsIndex(collectionView: page.collectionView) {
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

    /// The million rows' data source, with an index as a UIKit subclass gives one: "1", then
    /// "100k" to "900k", each leading to that row (while no search narrows the rows).
    @MainActor
    final class HundredThousandsIndex: CollectionViewDiffableDataSource<Int, Int> {
        override func indexTitles(for collectionView: any DiffableCollectionView) -> [String]? {
            snapshot().numberOfItems < MillionPage.count / 2 ? nil : ["1"] + (1...9).map { "\($0)00k" }
        }

        override func collectionView(
            _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
        ) -> IndexPath {
            IndexPath(item: max(index * 100_000 - 1, 0), section: 0)
        }
    }

    /// A delegate that gives each item the context menu a closure makes.
    @MainActor
    final class ContextMenus: CollectionViewDelegate {
        let configuration: (IndexPath) -> ContextMenuConfiguration?

        init(_ configuration: @escaping (IndexPath) -> ContextMenuConfiguration?) {
            self.configuration = configuration
        }

        func collectionView(
            _ collectionView: any DiffableCollectionView,
            contextMenuConfigurationForItemAt indexPath: IndexPath,
            point: CGPoint
        ) -> ContextMenuConfiguration? { configuration(indexPath) }
    }
#endif
