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

    /// The favorites among the recipes, by title in one section: a second request on the table.
    let favoritesRequest = FetchedResultsRequest<String, Int64>(
        table: "recipe", item: Column("id"), section: "".databaseValue,
        content: [Column("title"), Column("minutes"), Column("isFavorite")],
        filter: Column("isFavorite") == true, ordering: [.ascending(Column("title"))])

    /// What `favoritesRequest` shows, read straight from the database.
    func favoriteItems(_ db: Database) throws -> [[Int64]] {
        let ids = try Int64.fetchAll(db, sql: "SELECT id FROM recipe WHERE isFavorite ORDER BY title, rowid")
        return ids.isEmpty ? [] : [ids]
    }

    @MainActor
    @Suite("The change feed")
    struct ChangeFeedTests {
        static let recipes = FetchedResultsControllerTests.recipes

        @Test func oneFeedPerDatabaseThatStopsWhenNoOneFollowsIt() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            let feed = ChangeFeed.feed(for: pool)
            #expect(ChangeFeed.feed(for: pool) === feed)
            #expect(feed.phase == .stopped)
            var all: FetchedResultsController<String, Int64>? = FetchedResultsController(
                database: pool, request: Recipe.request)
            var favorites: FetchedResultsController<String, Int64>? = FetchedResultsController(
                database: pool, request: favoritesRequest)
            try await all?.performFetch()
            try await favorites?.performFetch()
            #expect(all?.feed === feed && favorites?.feed === feed)
            #expect(feed.subscriberCount == 2)
            await eventually { feed.phase == .idle }
            let reads = feed.readCount
            try await pool.write { try $0.execute(sql: "UPDATE recipe SET title = 'Crêpes' WHERE id = 1") }
            await eventually { all?.snapshot.itemIdentifiers.first == 1 }
            #expect(feed.readCount - reads <= 3, "one read for both controllers (and the poll's look)")
            all = nil
            #expect(feed.subscriberCount == 1)
            favorites = nil
            await eventually { feed.phase == .stopped }
        }

        @Test func aStreamOfChangesNamesTheRowsAndKeepsTheFeedWhileItLives() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            try await pool.write { try SQLiteChangeLog.install(for: "recipe", in: $0) }
            var batches: AsyncStream<ChangeBatch>.Iterator? = ChangeFeed.feed(for: pool).changes()
                .makeAsyncIterator()
            await eventually { ChangeFeed.feed(for: pool).subscriberCount == 1 }
            try await file.secondConnection().write {
                try $0.execute(sql: "UPDATE recipe SET minutes = 1 WHERE id = 3")
            }
            let batch = await batches?.next()
            #expect(batch?.changedRowIDs(in: "recipe") == [3])
            #expect(batch?.mayHaveChanged("Recipe", rowID: 3) == true)
            #expect(batch?.mayHaveChanged("recipe", rowID: 2) == false)
            let feed = ChangeFeed.feed(for: pool)
            batches = nil
            await eventually { feed.phase == .stopped }
        }

        /// A stream that reads inside the feed's read holds the controllers' news of that read
        /// until it has read: a view driven by a controller shows a commit only once the values
        /// read beside it (counts, a detail) have it too, so both can be drawn in one frame.
        @Test func aStreamThatReadsHoldsTheNewsOfItsReadUntilItHasRead() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            // The test holds the feed's read open while it waits on the main actor, which the
            // whole suite shares: the read's deadline must outlast those waits, or the read is
            // given up and its news told (as it should be) before the test looks.
            let feed = ChangeFeed.feed(for: pool)
            feed.timeout = .seconds(3600)
            let controller = try await FetchedResultsController.shared(
                database: pool, request: Recipe.request)
            let view = DrivenView()
            controller.drive(view.dataSource)
            await eventually { view.dataSource.snapshot().numberOfItems == 4 }
            // The drive's own task has taken its first news (which would show whatever the
            // controller has by the time it runs).
            for _ in 0..<10 { await Task.yield() }
            let (entered, enter) = AsyncStream<Void>.makeStream()
            let (gate, open) = AsyncStream<Void>.makeStream()
            let gateIterator = Mutex<AsyncStream<Void>.Iterator?>(gate.makeAsyncIterator())
            let minutes = feed.changes(of: ["recipe"]) { batch in
                // Waits for the test, once: the controller has the change by now.
                enter.yield()
                var iterator = gateIterator.withLock { iterator in
                    defer { iterator = nil }
                    return iterator
                }
                _ = await iterator?.next()
                return try? await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM recipe") }
            }
            var batches = minutes.makeAsyncIterator()
            await eventually { feed.subscriberCount == 2 }
            try await file.secondConnection().write {
                try Recipe(id: 9, collection: "Breakfast", title: "Eggs", minutes: 7).insert($0)
            }
            var entries = entered.makeAsyncIterator()
            await entries.next()
            await eventually { controller.snapshot.indexOfItem(9) != nil }
            // The drive runs on this actor: given every chance to, it still has not been told.
            for _ in 0..<200 { await Task.yield() }
            #expect(view.dataSource.snapshot().indexOfItem(9) == nil)
            open.yield()
            let read = await batches.next()
            #expect(read?.batch.changedRowIDs(in: "recipe") == [9])
            #expect(read?.value == 6)
            await eventually { view.dataSource.snapshot().indexOfItem(9) != nil }
        }

        @Test func equalRequestsShareOneControllerWhileAnyoneHoldsIt() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            var first: FetchedResultsController<String, Int64>? = try await .shared(
                database: pool, request: Recipe.request)
            let second = try await FetchedResultsController.shared(database: pool, request: Recipe.request)
            let other = try await FetchedResultsController.shared(database: pool, request: favoritesRequest)
            #expect(first === second)
            #expect(first !== other)
            // Made at once by several callers: still one.
            async let a = FetchedResultsController.shared(database: pool, request: favoritesRequest)
            async let b = FetchedResultsController.shared(database: pool, request: favoritesRequest)
            let (c, d) = try await (a, b)
            #expect(c === other && d === other)
            weak let weakFirst = first
            first = nil
            #expect(weakFirst != nil, "the second holder keeps it")
            _ = second
        }

        @Test func aSharedControllerGoesAwayWithItsLastHolder() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            var controller: FetchedResultsController<String, Int64>? = try await .shared(
                database: pool, request: Recipe.request)
            weak let weakController = controller
            controller = nil
            #expect(weakController == nil)
            let again = try await FetchedResultsController.shared(database: pool, request: Recipe.request)
            #expect(again.snapshot.numberOfItems == 4)
        }

        /// Random inserts, updates (content, order, section, filter, and the same values again) and
        /// deletes, on three data sources on each of two shared controllers, by three writers: the
        /// pool the controllers read from, a second connection, and a second process. After every
        /// change has settled, every view equals a fresh `SELECT`, exactly the rows whose content
        /// changed were reconfigured, and every data source but the first shares its controller's
        /// snapshot.
        @Test func threeWritersAndSharedDataSourcesKeepEveryViewEqualToTheQuery() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let collections = ["Breakfast", "Dinner", "Lunch", "Quick"]
            let titles = ["Apple", "Bean", "Curry", "Dal", "Egg", "Fig"]
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(
                (1...24).map { id in
                    Recipe(
                        id: Int64(id), collection: collections.randomElement(using: &rng)!,
                        title: titles.randomElement(using: &rng)!, minutes: 10, isFavorite: id % 3 == 0)
                })
            ChangeFeed.feed(for: pool).pollInterval = .milliseconds(5)
            let errors = ErrorLog()
            let all = try await FetchedResultsController.shared(database: pool, request: Recipe.request)
            let favorites = try await FetchedResultsController.shared(
                database: pool, request: favoritesRequest)
            errors.follow(all)
            errors.follow(favorites)
            let allViews = (0..<3).map { _ in DrivenView() }
            let favoriteViews = (0..<3).map { _ in DrivenView() }
            for view in allViews { all.drive(view.dataSource) }
            for view in favoriteViews { favorites.drive(view.dataSource) }
            let other = try file.secondConnection()
            var nextID: Int64 = 100
            for step in 0..<SeededRandom.caseCount(60) {
                let ids = try await pool.read { try Int64.fetchAll($0, sql: "SELECT id FROM recipe") }
                var statements: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let id = ids.randomElement(using: &rng) ?? 1
                    switch Int.random(in: 0..<8, using: &rng) {
                    case 0:
                        nextID += 1
                        statements.append(
                            "INSERT INTO recipe(id, collection, title, minutes, isFavorite) VALUES (\(nextID), '\(collections.randomElement(using: &rng)!)', '\(titles.randomElement(using: &rng)!)', 10, \(Int.random(in: 0...1, using: &rng)))"
                        )
                    case 1: statements.append("DELETE FROM recipe WHERE id = \(id)")
                    case 2: statements.append("UPDATE recipe SET minutes = minutes + 1 WHERE id = \(id)")
                    case 3:
                        statements.append(
                            "UPDATE recipe SET title = '\(titles.randomElement(using: &rng)!)' WHERE id = \(id)"
                        )
                    case 4:
                        statements.append("UPDATE recipe SET isFavorite = NOT isFavorite WHERE id = \(id)")
                    case 5:
                        statements.append("UPDATE recipe SET isArchived = NOT isArchived WHERE id = \(id)")
                    case 6: statements.append("UPDATE recipe SET minutes = minutes WHERE id = \(id)")
                    default:
                        statements.append(
                            "UPDATE recipe SET collection = '\(collections.randomElement(using: &rng)!)' WHERE id = \(id)"
                        )
                    }
                }
                let writer = Writer(rawValue: Int.random(in: 0..<3, using: &rng))!
                let comment = Comment(
                    rawValue: "DIFFABLE_SEED=\(seed) step \(step), writer \(writer): \(statements)")
                for view in allViews + favoriteViews { view.view.clearRecords() }
                let before = try await pool.read { try Recipe.contents($0) }
                let shownAll = all.snapshot
                let shownFavorites = favorites.snapshot
                #expect(
                    try await writer.commit(statements, pool: pool, other: other, path: file.path), comment)
                let after = try await pool.read { try Recipe.contents($0) }
                let expectedAll = try await pool.read { try Recipe.expectedSnapshot($0) }
                let expectedFavorites = try await pool.read { try favoriteItems($0) }
                let reconfiguredAll = reconfiguredItems(
                    shown: shownAll, expected: items(of: expectedAll),
                    sections: expectedAll.sectionIdentifiers, before: before, after: after)
                let reconfiguredFavorites = reconfiguredItems(
                    shown: shownFavorites, expected: expectedFavorites,
                    sections: expectedFavorites.isEmpty ? [] : [""], before: before, after: after)
                await eventually(comment) {
                    allViews.allSatisfy {
                        shownItems($0.view) == items(of: expectedAll) && !$0.dataSource.hasPendingUpdates
                            && $0.reconfiguredItems() == reconfiguredAll
                    }
                        && favoriteViews.allSatisfy {
                            shownItems($0.view) == expectedFavorites && !$0.dataSource.hasPendingUpdates
                                && $0.reconfiguredItems() == reconfiguredFavorites
                        }
                }
                // Every data source but the first (which may edit a snapshot of its own) shares
                // its controller's.
                for (controller, views) in [(all, allViews), (favorites, favoriteViews)] {
                    for (index, view) in views.enumerated() {
                        if index > 0 {
                            #expect(
                                view.dataSource.snapshot()._isIdentical(to: controller.snapshot),
                                "one snapshot; \(comment)")
                        }
                        #expect(view.view.violations.isEmpty, comment)
                    }
                }
            }
            #expect(errors.all.isEmpty)
            #expect(all.statistics.wholeReads == 1, "the first fetch only: every change was read by row")
            #expect(favorites.statistics.wholeReads == 1)
        }

        /// One commit of 4,500 rows (more than the feed's reads named before: 4,096) reaches the
        /// feed's subscribers row by row, for each list to decide by its own limit.
        @Test func aCommitOfThousandsOfRowsIsToldRowByRow() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(
                (1...5_000).map {
                    Recipe(id: Int64($0), collection: "C\($0 % 7)", title: "T\($0 % 97)", minutes: $0 % 60)
                })
            let all = FetchedResultsController(database: pool, request: Recipe.request)
            try await all.performFetch()
            let told = Mutex<Int?>(nil)
            let batches = ChangeFeed.feed(for: pool).changes(of: ["recipe"])
            let listening = Task {
                for await batch in batches {
                    guard let rowIDs = batch.rowIDs else {
                        told.withLock { $0 = -1 }  // "anything may have changed"
                        return
                    }
                    if let changed = rowIDs["recipe"], !changed.isEmpty {
                        told.withLock { $0 = changed.count }
                        return
                    }
                }
            }
            try await pool.write { db in
                try db.execute(sql: "UPDATE recipe SET minutes = minutes + 1 WHERE id > 500")
            }
            await eventually { told.withLock { $0 } != nil }
            listening.cancel()
            #expect(told.withLock { $0 } == 4_500)
            all.stop()
        }

        /// A reader that slept while the log was trimmed past it (here, a writer that also trims
        /// its own rows): each controller reads everything once, whatever the number of data
        /// sources it drives.
        @Test func aReaderThatSleptPastTheTrimReadsEverythingOncePerRequest() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            let all = try await FetchedResultsController.shared(database: pool, request: Recipe.request)
            let favorites = try await FetchedResultsController.shared(
                database: pool, request: favoritesRequest)
            let views = (0..<4).map { _ in DrivenView() }
            for view in views.prefix(3) { all.drive(view.dataSource) }
            favorites.drive(views[3].dataSource)
            #expect(
                try await runStoreWriter([
                    file.path,
                    "INSERT INTO recipe(id, collection, title, minutes, isFavorite) VALUES (70, 'Quick', 'Figs', 2, 1)",
                    "UPDATE recipe SET title = 'Zucchini' WHERE id = 1",
                    "DELETE FROM diffable_change",
                ]) == 0)
            let expected = try await pool.read { try items(of: Recipe.expectedSnapshot($0)) }
            await eventually {
                views.prefix(3).allSatisfy { shownItems($0.view) == expected }
                    && shownItems(views[3].view) == [[70]]
            }
            #expect(all.statistics.wholeReads == 2, "the first fetch, and once after the gap")
            #expect(favorites.statistics.wholeReads == 2)
            for view in views { #expect(view.view.violations.isEmpty) }
        }

        @Test func theLogIsTrimmedUpToTheReaderFurthestBehind() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            let controller = FetchedResultsController(database: pool, request: Recipe.request)
            try await controller.performFetch()
            for minutes in 1...200 {
                try await pool.write {
                    try $0.execute(sql: "UPDATE recipe SET minutes = ? WHERE id = 2", arguments: [minutes])
                }
            }
            func logCount() async throws -> Int {
                try await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM diffable_change") ?? 0 }
            }
            try await eventuallyAsync(timeout: .seconds(15)) { try await logCount() == 0 }
            // Another reader, seen a moment ago, that has read less: the log keeps what it lacks.
            let head = try await pool.read {
                try Int64.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'diffable_change'")
                    ?? 0
            }
            try await pool.write {
                try $0.execute(
                    sql: "INSERT INTO diffable_change_reader VALUES ('asleep', ?, ?)",
                    arguments: [head, Date().timeIntervalSince1970])
            }
            for minutes in 1...10 {
                try await pool.write {
                    try $0.execute(sql: "UPDATE recipe SET minutes = ? WHERE id = 3", arguments: [minutes])
                }
            }
            // Not a pause: wait until this process has recorded reading all ten (it trims as it
            // records), so a log still holding them was kept, not yet untrimmed.
            let newest = try await pool.read {
                try Int64.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'diffable_change'")
                    ?? 0
            }
            try await eventuallyAsync(timeout: .seconds(15)) {
                try await pool.read {
                    try Int64.fetchOne(
                        $0, sql: "SELECT MAX(position) FROM diffable_change_reader WHERE id != 'asleep'") ?? 0
                } >= newest
            }
            #expect(try await logCount() == 10, "kept for the reader behind")
            // Once it has not been seen for a minute, it no longer holds the log.
            try await pool.write {
                try $0.execute(
                    sql: "UPDATE diffable_change_reader SET seenAt = seenAt - 120 WHERE id = 'asleep'")
            }
            try await pool.write { try $0.execute(sql: "UPDATE recipe SET minutes = 11 WHERE id = 3") }
            try await eventuallyAsync(timeout: .seconds(15)) { try await logCount() == 0 }
            #expect(controller.snapshot.numberOfItems == 4)
        }

        @Test func aWriterKilledMidTransactionLeavesNothingInTheLogOrTheViews() async throws {
            let store = try await StoreFixture(Self.recipes)
            let headBefore = try await store.pool.read {
                try Int64.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'diffable_change'")
                    ?? 0
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: storeWriterPath)
            process.arguments = [
                store.file.path, "--hold",
                "INSERT INTO recipe(id, collection, title, minutes) VALUES (60, 'Dinner', 'Stew', 90)",
                "UPDATE recipe SET title = 'Aardvark' WHERE id = 3",
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            #expect(await availableText(of: output).contains("holding"))
            kill(process.processIdentifier, SIGKILL)
            await waitForExit(of: process)
            let headAfter = try await store.pool.read {
                try Int64.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'diffable_change'")
                    ?? 0
            }
            #expect(headAfter == headBefore, "the log's positions went with the transaction")
            #expect(
                try await store.pool.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
            #expect(
                try await store.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM recipe") } == 5)
            try await Task.sleep(for: .milliseconds(50))
            #expect(items(of: store.dataSource.snapshot()) == [[2, 1], [3], [5]])
            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET title = 'Waffles' WHERE id = 1")
            }
            try await store.settle()
            #expect(store.controller.statistics.wholeReads == 1)
            #expect(store.errors.all.isEmpty && store.view.violations.isEmpty)
        }

        @Test func aLogRowThatNamesAnUnknownTableOrRowIsIgnoredWithAReason() async throws {
            let store = try await StoreFixture(Self.recipes)
            let diagnostics = Diagnostics()
            store.controller.feed.diagnosticHandler = { diagnostics.append($0) }
            try await store.file.secondConnection().write { db in
                try db.execute(
                    sql: "INSERT INTO diffable_change(tableName, rowID, kind) VALUES ('nowhere', 5, 'insert')"
                )
                try db.execute(
                    sql:
                        "INSERT INTO diffable_change(tableName, rowID, kind) VALUES ('recipe', 'five', 'update')"
                )
                try db.execute(
                    sql:
                        "INSERT INTO diffable_change(tableName, rowID, kind) VALUES ('recipe', 999, 'update')"
                )
                try db.execute(sql: "UPDATE recipe SET minutes = 7 WHERE id = 5")
            }
            await eventually { diagnostics.all.count == 2 }
            #expect(diagnostics.all.contains { $0.contains("nowhere") })
            #expect(diagnostics.all.contains { $0.contains("five") })
            // The real change arrives (the view's rows do not move: wait for the reconfigure, not
            // for the rows); row 999 is not shown.
            await eventually("reconfigured \(store.reconfiguredItems())") { store.reconfiguredItems() == [5] }
            try await store.settle()
            #expect(store.errors.all.isEmpty && store.view.violations.isEmpty)
            #expect(store.controller.statistics.wholeReads == 1)
        }

        @Test func aDatabaseMadeBeforeTheLogGetsItsTriggersFromAMigrationOrTheFirstController() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(Self.recipes)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("change log") { db in
                try SQLiteChangeLog.install(for: "recipe", in: db)
            }
            try migrator.migrate(pool)
            let schemaVersion = try await pool.read { try Int.fetchOne($0, sql: "PRAGMA schema_version") }
            let controller = FetchedResultsController(database: pool, request: Recipe.request)
            try await controller.performFetch()
            #expect(
                try await pool.read { try Int.fetchOne($0, sql: "PRAGMA schema_version") } == schemaVersion)
        }

        @Test func aTableThatCannotBeFollowedIsAClearError() async throws {
            let file = try TemporaryDatabase()
            _ = try file.makeRecipes(Self.recipes)
            try await file.secondConnection().write { db in
                try db.execute(sql: "CREATE TABLE tag(name TEXT PRIMARY KEY, recipeId INTEGER) WITHOUT ROWID")
            }
            var configuration = Configuration()
            configuration.readonly = true
            let readOnly = try DatabaseQueue(path: file.path, configuration: configuration)
            for (database, table, item, words) in [
                (readOnly as any DatabaseWriter, "recipe", "id", "diffable_change_recipe_insert"),
                (try DatabaseQueue(path: file.path), "tag", "recipeId", "WITHOUT ROWID"),
            ] {
                let controller = FetchedResultsController(
                    database: database,
                    request: FetchedResultsRequest<String, Int64>(
                        table: table, item: Column(item), section: "".databaseValue))
                do {
                    try await controller.performFetch()
                    Issue.record("expected an error for \(table)")
                } catch {
                    guard case .changeLogUnavailable(let named, let reason) = error else {
                        Issue.record("expected the change log to be unavailable, got \(error)")
                        continue
                    }
                    #expect(named == table && reason.contains(words), "\(reason)")
                }
            }
        }
    }
#endif
