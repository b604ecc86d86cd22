#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import StoreTestSupport
    import Foundation
    import GRDB
    import Testing

    @MainActor
    @Suite("The store article's example (Documentation/Store.md)")
    final class StoreReadmeTests {
        let file: TemporaryDatabase
        var path: String { file.path }

        init() throws { file = try TemporaryDatabase() }

        @Test func readmeStore() async throws {
            let database = try DatabasePool(path: path)
            try await database.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE recipe(id INTEGER PRIMARY KEY, collection TEXT, title TEXT);
                        CREATE INDEX recipe_order ON recipe(collection, title);
                        INSERT INTO recipe(collection, title) VALUES ('Dinner', 'Curry'), ('Breakfast', 'Toast');
                        """)
            }
            let request = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: Column("collection"),
                content: [Column("title")], ordering: [.ascending(Column("title"))])
            let controller = FetchedResultsController(database: database, request: request)
            try await controller.performFetch()

            let view = ValidatingCollectionView()
            let registration = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
                cell.text = "recipe \(id)"
            }
            let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) {
                view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
            }
            controller.drive(dataSource)  // every commit reaches the view from now on

            try await database.write { try $0.execute(sql: "UPDATE recipe SET title = 'Tea' WHERE id = 2") }

            await eventually { dataSource.snapshot().sectionIdentifiers == ["Breakfast", "Dinner"] }
            #expect(view.itemIdentifiers(as: Int64.self) == [[2], [1]])
            #expect(view.violations.isEmpty)
        }
    }
#endif
