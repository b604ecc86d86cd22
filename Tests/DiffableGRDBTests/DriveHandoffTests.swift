#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import StoreTestSupport
    import Foundation
    import GRDB
    import Testing

    /// One data source shown by one controller, then another: a sidebar choosing what a list shows,
    /// each choice a request whose controller stays alive.
    @MainActor
    @Suite("Handing a data source from one controller to another")
    struct DriveHandoffTests {
        static let recipes = [
            Recipe(id: 1, collection: "All", title: "Pancakes", minutes: 20, isFavorite: true),
            Recipe(id: 2, collection: "All", title: "Granola", minutes: 5),
            Recipe(id: 3, collection: "All", title: "Curry", minutes: 40, isFavorite: true),
        ]

        static let favorites = FetchedResultsRequest<String, Int64>(
            table: "recipe", item: Column("id"), section: Column("collection"),
            content: [Column("title"), Column("isFavorite")], filter: Column("isFavorite") == true,
            ordering: [.ascending(Column("title"))])

        @Test func aCancelledDriveAppliesNothingMoreAndTheNextControllerDiffs() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            let all = FetchedResultsController(database: pool, request: Recipe.request)
            let favorites = FetchedResultsController(database: pool, request: Self.favorites)
            try await all.performFetch()
            try await favorites.performFetch()
            let view = ValidatingCollectionView()
            let registration = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
                cell.text = "\(id)"
            }
            let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) {
                view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
            }
            let driving = all.drive(dataSource)
            await eventually { shownItems(view) == [[3, 2, 1]] }
            #expect(view.operations == [.reloadData])

            driving.cancel()
            favorites.drive(dataSource, reloadingFirst: false)
            await eventually { shownItems(view) == [[3, 1]] && !dataSource.hasPendingUpdates }
            #expect(view.operations.count == 2)
            #expect(
                view.operations.last
                    == .batchUpdate(
                        BatchUpdate(deletedItems: [IndexPath(item: 1, section: 0)]), animated: true),
                "the second controller's rows are diffed against the first's")

            // The first controller still follows the database, but no longer drives the view.
            try await pool.write { try $0.execute(sql: "UPDATE recipe SET isFavorite = 0 WHERE id = 1") }
            await eventually { all.snapshot.numberOfItems == 3 && favorites.snapshot.numberOfItems == 1 }
            await eventually { shownItems(view) == [[3]] && !dataSource.hasPendingUpdates }
            // A sentinel only the first controller shows: once it has it, it would have driven
            // the view with both changes by now, had the cancelled drive still been running.
            try await pool.write { try $0.execute(sql: "UPDATE recipe SET title = 'Waffles' WHERE id = 2") }
            await eventually { all.snapshot.itemIdentifiers.last == 2 && !dataSource.hasPendingUpdates }
            await Task.yield()
            #expect(shownItems(view) == [[3]])
            #expect(view.violations.isEmpty)
        }
    }
#endif
