#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import StoreTestSupport
    import Foundation
    import GRDB
    import Synchronization
    import Testing

    /// A controller on a real database file, driving a validating view.
    @MainActor
    struct StoreFixture {
        let file: TemporaryDatabase
        let pool: DatabasePool
        let controller: FetchedResultsController<String, Int64>
        let view: ValidatingCollectionView
        let dataSource: CollectionViewDiffableDataSource<String, Int64>
        let errors: ErrorLog

        init(
            _ recipes: [Recipe], request: FetchedResultsRequest<String, Int64> = Recipe.request
        ) async throws {
            file = try TemporaryDatabase()
            pool = try file.makeRecipes(recipes)
            let errors = ErrorLog()
            self.errors = errors
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            controller = FetchedResultsController(database: pool, request: request) { errors.append($0) }
            view = ValidatingCollectionView()
            let registration = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
                cell.text = "\(id)"
            }
            dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
            }
            try await controller.performFetch()
            controller.drive(dataSource)
            try await settle()
        }

        /// Waits until the view shows what a fresh `SELECT` gives, then checks the controller's
        /// model.
        func settle(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let expected = try await pool.read { try items(of: Recipe.expectedSnapshot($0)) }
            await eventually(
                "the view shows \(expected), not \(shownItems(view))", sourceLocation: sourceLocation
            ) {
                shownItems(view) == expected && !dataSource.hasPendingUpdates
            }
            controller.model.withLock { $0._checkInvariants() }
        }

        /// The items reconfigured since the view's records were last cleared.
        func reconfiguredItems() -> Set<Int64> {
            Set(
                view.cellConfigurations.filter { $0.kind == .reconfigured }.compactMap {
                    dataSource.itemIdentifier(for: $0.indexPath)
                })
        }
    }

    @MainActor
    @Suite("FetchedResultsController")
    struct FetchedResultsControllerTests {
        static let recipes = [
            Recipe(id: 1, collection: "Breakfast", title: "Pancakes", minutes: 20),
            Recipe(id: 2, collection: "Breakfast", title: "Granola", minutes: 5),
            Recipe(id: 3, collection: "Dinner", title: "Curry", minutes: 40),
            Recipe(id: 4, collection: "Dinner", title: "Soup", minutes: 30, isArchived: true),
            Recipe(id: 5, collection: "Quick", title: "Toast", minutes: 3),
        ]

        @Test func theFirstSnapshotIsTheQueryInOrderWithSections() async throws {
            let store = try await StoreFixture(Self.recipes)
            #expect(store.controller.snapshot.sectionIdentifiers == ["Breakfast", "Dinner", "Quick"])
            #expect(items(of: store.controller.snapshot) == [[2, 1], [3], [5]])
            #expect(store.view.operations == [.reloadData], "the first load reloads, as the sample does")
            #expect(store.view.violations.isEmpty)
        }

        @Test func eachKindOfRowChangeReachesTheViewAsItsOwnUpdate() async throws {
            let store = try await StoreFixture(Self.recipes)
            func lastUpdate() -> BatchUpdate? {
                guard case .batchUpdate(let update, _) = store.view.operations.last else { return nil }
                return update
            }
            try await store.pool.write { try $0.execute(sql: "UPDATE recipe SET minutes = 25 WHERE id = 1") }
            // The rows do not move: wait for the update, not for the rows.
            await eventually {
                lastUpdate() == BatchUpdate(reconfiguredItems: [IndexPath(item: 1, section: 0)])
            }
            try await store.settle()

            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET title = 'Apple pancakes' WHERE id = 1")
            }
            try await store.settle()
            #expect(lastUpdate()?.movedItems.count == 1, "a new title moves the row")
            #expect(
                lastUpdate()?.reconfiguredItems == [IndexPath(item: 0, section: 0)], "and refreshes its cell")

            try await store.pool.write {
                try Recipe(id: 6, collection: "Lunch", title: "Salad", minutes: 10).insert($0)
            }
            try await store.settle()
            #expect(lastUpdate() == BatchUpdate(insertedSections: [2]), "a new collection is a new section")

            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET isArchived = 1 WHERE id = 5")
            }
            try await store.settle()
            #expect(lastUpdate() == BatchUpdate(deletedSections: [3]), "the last row leaves with its section")

            let before = store.view.operations.count
            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET minutes = minutes WHERE id = 3")
            }
            // A sentinel written after it: once its row shows, the same-values write was read too.
            try await store.pool.write {
                try Recipe(id: 7, collection: "Quick", title: "Tea", minutes: 2).insert($0)
            }
            try await store.settle()
            #expect(store.view.operations.count == before + 1, "one update, the sentinel's")
            #expect(lastUpdate()?.reconfiguredItems == [], "writing the same values changes nothing")
            #expect(store.view.violations.isEmpty)
            #expect(store.errors.all.isEmpty)
        }

        /// One view on a list: its data source edits a snapshot of its own with each change, as
        /// the controller edits its own, so a change that moves rows copies neither.
        @Test func theFirstDataSourceEditsItsOwnSnapshotAndTheOthersShareTheControllers() async throws {
            let store = try await StoreFixture(Self.recipes)
            let second = DrivenView()
            store.controller.drive(second.dataSource)
            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET title = 'Apple' WHERE id = 1")
            }
            try await store.settle()
            await eventually {
                shownItems(second.view) == [[1, 2], [3], [5]] && !second.dataSource.hasPendingUpdates
            }
            #expect(items(of: store.dataSource.snapshot()) == [[1, 2], [3], [5]])
            #expect(!store.dataSource.snapshot()._isIdentical(to: store.controller.snapshot))
            #expect(second.dataSource.snapshot()._isIdentical(to: store.controller.snapshot))
            guard case .batchUpdate(let update, _) = store.view.operations.last else {
                Issue.record("expected a batch update, got \(store.view.operations)")
                return
            }
            #expect(update.movedItems.count == 1, "the edit's own update, not a diff's")
            #expect(store.view.violations.isEmpty && second.view.violations.isEmpty)
        }

        @Test func anotherProcessWritesAndTheViewCatchesUp() async throws {
            let store = try await StoreFixture(Self.recipes)
            let status = try await runStoreWriter([
                store.file.path,
                "INSERT INTO recipe(id, collection, title, minutes) VALUES (50, 'Breakfast', 'Bagel', 4)",
                "DELETE FROM recipe WHERE id = 3",
            ])
            #expect(status == 0)
            try await store.settle()
            #expect(items(of: store.dataSource.snapshot()) == [[50, 2, 1], [5]])
            #expect(store.view.violations.isEmpty)
        }

        /// On Linux the database's files being written wakes the controller: it does not wait for
        /// its poll (ten seconds here) to see another connection's commit.
        @Test func anotherConnectionsCommitIsSeenBeforeThePoll() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            ChangeFeed.feed(for: pool).pollInterval = .seconds(10)
            let controller = FetchedResultsController(database: pool, request: Recipe.request)
            try await controller.performFetch()
            try await file.secondConnection().write {
                try $0.execute(sql: "DELETE FROM recipe WHERE id = 5")
            }
            await eventually(timeout: .seconds(3)) { controller.snapshot.numberOfItems == 3 }
        }

        @Test func rowsThatShowOneItemTwiceAreAnErrorNamingItAndTheLastSnapshotStays() async throws {
            let byCollection = FetchedResultsRequest<String, String>(
                table: "recipe", item: Column("title"), section: Column("collection"))
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            let errors = ErrorLog()
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let controller = FetchedResultsController(database: pool, request: byCollection) {
                errors.append($0)
            }
            try await controller.performFetch()
            let good = controller.snapshot
            try await pool.write {
                try Recipe(id: 7, collection: "Quick", title: "Pancakes", minutes: 5).insert($0)
            }
            await eventually { !errors.all.isEmpty }
            guard case .duplicateItem(let item)? = errors.all.first else {
                Issue.record("expected a duplicate, got \(errors.all)")
                return
            }
            #expect("\(item)" == "Pancakes")
            #expect(errors.all.first?.description.contains("Pancakes") == true)
            #expect(controller.snapshot == good, "the last good snapshot stays")
            // Once the data is fixed, the controller shows it.
            try await pool.write { try $0.execute(sql: "DELETE FROM recipe WHERE id = 7") }
            try await pool.write { try $0.execute(sql: "UPDATE recipe SET minutes = 1 WHERE id = 2") }
            await eventually { controller.snapshot.numberOfItems == 5 }
            let duplicateAtFirst = FetchedResultsController(database: pool, request: byCollection)
            try await pool.write {
                try Recipe(id: 8, collection: "Quick", title: "Curry", minutes: 5).insert($0)
            }
            await #expect(throws: FetchedResultsError.self) { try await duplicateAtFirst.performFetch() }
        }

        @Test func aMissingColumnIsADatabaseErrorAndAMissingTableNamesIt() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            let course = FetchedResultsController(
                database: pool,
                request: FetchedResultsRequest<String, Int64>(
                    table: "recipe", item: Column("id"), section: Column("course")))
            await expectDatabaseError(.SQLITE_ERROR) { () async throws(FetchedResultsError) in
                try await course.performFetch()
            }
            let nowhere = FetchedResultsController(
                database: pool,
                request: FetchedResultsRequest<String, Int64>(
                    table: "nowhere", item: Column("id"), section: Column("collection")))
            do {
                try await nowhere.performFetch()
                Issue.record("expected an error")
            } catch {
                guard case .changeLogUnavailable(let table, let reason) = error else {
                    Issue.record("expected the change log to be unavailable, got \(error)")
                    return
                }
                #expect(table == "nowhere" && reason.contains("no such table"))
                #expect(error.description.contains("nowhere"))
            }
        }

        /// Expects `body` to throw ``FetchedResultsError/database(_:)`` with this result code.
        func expectDatabaseError(
            _ code: ResultCode, sourceLocation: SourceLocation = #_sourceLocation,
            _ body: () async throws(FetchedResultsError) -> Void
        ) async {
            do {
                try await body()
                Issue.record("expected an error", sourceLocation: sourceLocation)
            } catch {
                guard case .database(let error) = error, let error = error as? DatabaseError else {
                    Issue.record("expected a database error, got \(error)", sourceLocation: sourceLocation)
                    return
                }
                #expect(error.resultCode == code, sourceLocation: sourceLocation)
            }
        }

        @Test func aLockedDatabaseIsADatabaseErrorNotATrap() async throws {
            let file = try TemporaryDatabase()
            _ = try file.makeRecipes(Self.recipes)
            // A rollback-journal database held by an exclusive transaction in another process:
            // no one else may read it.
            let path = file.directory.appendingPathComponent("journal.sqlite").path
            try await DatabaseQueue(path: path).write { try $0.execute(sql: Recipe.schema) }
            var configuration = Configuration()
            configuration.busyMode = .immediateError
            let locked = try DatabaseQueue(path: path, configuration: configuration)
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: storeWriterPath)
            holder.arguments = [path, "--hold", "--exclusive", "DELETE FROM recipe"]
            let output = Pipe()
            holder.standardOutput = output
            try holder.run()
            #expect(await availableText(of: output).contains("holding"))
            let controller = FetchedResultsController(database: locked, request: Recipe.request)
            await expectDatabaseError(.SQLITE_BUSY) { () async throws(FetchedResultsError) in
                try await controller.performFetch()
            }
            kill(holder.processIdentifier, SIGKILL)
            await waitForExit(of: holder)
        }

        @Test func aFileThatIsNotADatabaseIsAnError() async throws {
            let file = try TemporaryDatabase()
            try Data(repeating: 0x2A, count: 4096).write(to: URL(fileURLWithPath: file.path))
            do {
                let queue = try file.secondConnection()
                let controller = FetchedResultsController(database: queue, request: Recipe.request)
                await #expect(throws: FetchedResultsError.self) { try await controller.performFetch() }
            } catch {
                // GRDB may refuse the file when opening it: also an error, not a trap.
                #expect(error is DatabaseError)
            }
        }

        /// The feed adds its change log to the schema and writes there; nothing else of the
        /// database changes on its account.
        @Test func theFeedWritesOnlyItsChangeLog() async throws {
            let store = try await StoreFixture(Self.recipes)
            try await store.pool.write { try $0.execute(sql: "UPDATE recipe SET minutes = 2 WHERE id = 2") }
            try await store.settle()
            // More reads of the feed: another change, read once it shows.
            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET title = 'Muesli' WHERE id = 2")
            }
            try await store.settle()
            let schema = try await store.pool.read {
                try String.fetchAll(
                    $0, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
            }
            #expect(
                schema == [
                    "diffable_change", "diffable_change_reader", "diffable_change_recipe_delete",
                    "diffable_change_recipe_insert", "diffable_change_recipe_replacedbyinsert",
                    "diffable_change_recipe_replacedbyupdate", "diffable_change_recipe_update",
                    "diffable_change_table", "recipe", "recipe_order",
                ])
            var expected = Self.recipes
            expected[1].minutes = 2
            expected[1].title = "Muesli"
            #expect(
                try await store.pool.read { try Recipe.fetchAll($0, sql: "SELECT * FROM recipe ORDER BY id") }
                    == expected)
        }

        @Test func snapshotsAsASequenceMarkTheRowsWhoseContentChanged() async throws {
            let store = try await StoreFixture(Self.recipes)
            var snapshots = store.controller.snapshots().makeAsyncIterator()
            let first = await snapshots.next()
            #expect(first.map(items(of:)) == [[2, 1], [3], [5]])
            try await store.pool.write { try $0.execute(sql: "UPDATE recipe SET minutes = 99 WHERE id = 3") }
            let second = await snapshots.next()
            #expect(second?.reconfiguredItemIdentifiers == [3])
            #expect(second.map(items(of:)) == [[2, 1], [3], [5]])
        }
    }
#endif
