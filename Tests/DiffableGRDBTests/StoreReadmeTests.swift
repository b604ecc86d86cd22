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

        @Test func windows() async throws {
            let newest = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: "".databaseValue,
                ordering: [.descending(Column("addedAt"))], fetchLimit: 50)
            let nextPage = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: "".databaseValue,
                ordering: [.descending(Column("addedAt"))], fetchLimit: 50,
                fetchAfter: [0, 2])  // after the row with addedAt 0 and rowid 2

            let database = try makeRecipes()
            let controller = FetchedResultsController(database: database, request: newest)
            try await controller.performFetch()
            #expect(controller.snapshot.itemIdentifiers == [1, 2])
            let page = FetchedResultsController(database: database, request: nextPage)
            try await page.performFetch()
            try await database.write { db in
                try db.execute(sql: "INSERT INTO recipe VALUES (3, 'Pie', 10), (4, 'Tart', -1)")
            }
            await eventually { controller.snapshot.itemIdentifiers == [3, 1, 2, 4] }
            await eventually { page.snapshot.itemIdentifiers == [4] }
            #expect(controller.statistics.heldRows <= 50 + 2 * 12)
        }

        @Test func partition() async throws {
            let general = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: "".databaseValue,
                ordering: [.ascending(Column("id"))], partition: .init(column: "title", value: "Soup"))

            let database = try makeRecipes()
            let controller = FetchedResultsController(database: database, request: general)
            try await controller.performFetch()
            #expect(controller.snapshot.itemIdentifiers == [2])
            try await database.write { db in try db.execute(sql: "INSERT INTO recipe VALUES (3, 'Soup', 0)") }
            await eventually { controller.snapshot.itemIdentifiers == [2, 3] }
        }

        /// The recipes of a collection, from a table whose rows say which recipe is in which
        /// collection, and recipes added in the last week.
        func makeRecipes() throws -> DatabasePool {
            let database = try DatabasePool(path: path)
            try database.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE recipe(id INTEGER PRIMARY KEY, title TEXT, addedAt REAL);
                        CREATE TABLE recipeCollection(
                            name TEXT, recipeId INTEGER, PRIMARY KEY(name, recipeId)) WITHOUT ROWID;
                        INSERT INTO recipe VALUES (1, 'Bread', 0), (2, 'Soup', 0);
                        INSERT INTO recipeCollection VALUES ('Baking', 1);
                        """)
            }
            return database
        }

        @Test func keyPaths() async throws {
            let request = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: "".databaseValue,
                filter: SQL("recipe.id IN (SELECT recipeId FROM recipeCollection WHERE name = 'Baking')"),
                keyPaths: [.init(table: "recipeCollection", column: "recipeId", matches: Column("id"))])

            let database = try makeRecipes()
            let controller = FetchedResultsController(database: database, request: request)
            try await controller.performFetch()
            #expect(controller.followedTables == ["recipe", "recipecollection"])
            try await database.write { db in
                try db.execute(sql: "INSERT INTO recipeCollection VALUES ('Baking', 2)")
            }
            await eventually { controller.snapshot.itemIdentifiers == [1, 2] }
            #expect(controller.statistics.wholeReads == 1)
        }

        @Test func search() async throws {
            let search = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: "".databaseValue,
                match: .init(table: "recipeSearch", pattern: #""sou"*"#, limit: 1_000),
                ordering: [.ascending(Column("title"))])

            let database = try makeRecipes()
            try await database.write { db in
                try db.execute(
                    sql: """
                        CREATE VIRTUAL TABLE recipeSearch USING fts5(title, content='recipe', content_rowid='id');
                        INSERT INTO recipeSearch(recipeSearch) VALUES ('rebuild');
                        CREATE TRIGGER recipe_indexed AFTER INSERT ON recipe BEGIN
                            INSERT INTO recipeSearch(rowid, title) VALUES (new.id, new.title);
                        END;
                        """)
            }
            let controller = FetchedResultsController(database: database, request: search)
            try await controller.performFetch()
            #expect(controller.snapshot.itemIdentifiers == [2])
            #expect(controller.followedTables == ["recipe"])
            try await database.write { db in
                try db.execute(sql: "INSERT INTO recipe VALUES (3, 'Sourdough', 0)")
            }
            await eventually { controller.snapshot.itemIdentifiers == [2, 3] }
        }

        @Test func timeWindow() async throws {
            let recents = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: "".databaseValue,
                ordering: [.descending(Column("addedAt"))],
                timeWindow: .init(column: Column("addedAt"), closesAfter: 604_800, storage: .secondsSince1970)
            )

            let database = try makeRecipes()
            let clock = ManualWallClock(now: Date(timeIntervalSince1970: 86_400))
            let controller = FetchedResultsController(database: database, request: recents, clock: clock)
            try await controller.performFetch()
            #expect(controller.snapshot.numberOfItems == 2)
            clock.advance(by: 6 * 86_400)
            await eventually { controller.snapshot.numberOfItems == 0 }
        }
    }
#endif
