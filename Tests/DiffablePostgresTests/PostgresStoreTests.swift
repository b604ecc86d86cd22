#if Postgres
    import Diffable
    @testable import DiffablePostgres
    import DiffableTesting
    import Foundation
    import PostgresNIO
    import StoreTestSupport
    import Synchronization
    import Testing

    /// The recipes table of these tests, and what the requests on it show.
    enum Recipes {
        static let schema = """
            CREATE TABLE recipe (
                id bigint PRIMARY KEY, collection text NOT NULL, title text NOT NULL,
                minutes integer NOT NULL DEFAULT 10, is_favorite boolean NOT NULL DEFAULT false,
                is_archived boolean NOT NULL DEFAULT false);
            CREATE INDEX recipe_order ON recipe (collection, title, id);
            """

        /// Every recipe not archived, by collection, then title.
        static let all = PostgresFetchedResultsRequest<String, Int64>(
            table: "recipe", item: "id", section: "collection", content: ["title", "minutes", "is_favorite"],
            filter: "NOT is_archived", ordering: [.ascending("title")])

        /// The favorites, by title, in one section; the filter binds its value.
        static let favorites = PostgresFetchedResultsRequest<String, Int64>(
            table: "recipe", item: "id", section: "''", content: ["title", "minutes", "is_favorite"],
            filter: "is_favorite = \(true)", ordering: [.ascending("title")])

        static let collections = ["Breakfast", "Dinner", "Lunch", "Quick"]
        static let titles = ["Apple", "Bean", "Curry", "Dal", "Egg", "Fig"]
    }

    /// A database of its own on the tests' cluster, with the recipes table.
    struct PostgresFixture {
        let cluster: TestCluster
        let configuration: PostgresStore.Configuration
        let store: PostgresStore

        /// A database on `cluster`, or on the tests' shared cluster.
        init(cluster: TestCluster? = nil, rows: Int, seed: UInt64 = 1) async throws {
            let cluster = if let cluster { cluster } else { await TestCluster.shared }
            self.cluster = cluster
            configuration = try await cluster.makeDatabase()
            store = PostgresStore(configuration: configuration)
            var rng = SeededRandom(seed: seed)
            var inserts: [String] = []
            for id in 1...max(rows, 1) where rows > 0 {
                inserts.append(
                    "(\(id), '\(Recipes.collections.randomElement(using: &rng)!)', '\(Recipes.titles.randomElement(using: &rng)!)', 10, \(id % 3 == 0))"
                )
            }
            try await psql(
                Recipes.schema
                    + (inserts.isEmpty
                        ? ""
                        : "INSERT INTO recipe (id, collection, title, minutes, is_favorite) VALUES \(inserts.joined(separator: ", "))")
            )
        }

        @discardableResult
        func psql(_ sql: String) async throws -> String {
            try await cluster.psql(configuration.database!, sql)
        }

        /// What `Recipes.all` shows, read by `psql`: sections and their items.
        func expectedAll() async throws -> (sections: [String], items: [[Int64]]) {
            try await sectionedItems(
                "SELECT collection || '|' || id FROM recipe WHERE NOT is_archived ORDER BY collection, title, id"
            )
        }

        /// The sections and items of a query whose rows are `section|id`, in order.
        func sectionedItems(_ sql: String) async throws -> (sections: [String], items: [[Int64]]) {
            var sections: [String] = []
            var items: [[Int64]] = []
            for line in try await psql(sql).split(separator: "\n") {
                let parts = line.split(separator: "|")
                if sections.last != String(parts[0]) {
                    sections.append(String(parts[0]))
                    items.append([])
                }
                items[items.count - 1].append(Int64(parts[1])!)
            }
            return (sections, items)
        }

        /// What `Recipes.favorites` shows.
        func expectedFavorites() async throws -> [[Int64]] {
            let ids = try await ids("SELECT id FROM recipe WHERE is_favorite ORDER BY title, id")
            return ids.isEmpty ? [] : [ids]
        }

        /// The ids a query of one integer column reads, in its order, read by `psql`.
        func ids(_ sql: String) async throws -> [Int64] {
            try await psql(sql).split(separator: "\n").map { Int64($0)! }
        }

        /// The ids of a query whose rows are `key|id`, by key, each key's in the query's order: one
        /// `psql` for what would take one a key (a process each, slow beside a sanitized test).
        func idsByKey(_ sql: String) async throws -> [Int64: [Int64]] {
            var ids: [Int64: [Int64]] = [:]
            for line in try await psql(sql).split(separator: "\n") {
                let parts = line.split(separator: "|")
                ids[Int64(parts[0])!, default: []].append(Int64(parts[1])!)
            }
            return ids
        }

        /// Commits `statement` with `psql`, waits until the lists `expected` names and every one
        /// of `others` have read it and the feed is idle, and returns which of `lists` read it.
        @MainActor
        func listsReading(
            _ statement: String, lists: [FetchedResultsController<String, Int64>], expected: Set<Int>,
            others: [FetchedResultsController<String, Int64>] = [], _ comment: Comment
        ) async throws -> Set<Int> {
            let before = lists.map(\.statistics.rowReads)
            let othersBefore = others.map(\.statistics.rowReads)
            try await psql(statement)
            await eventually(comment) {
                expected.allSatisfy { lists[$0].statistics.rowReads != before[$0] }
                    && zip(others, othersBefore).allSatisfy { $0.statistics.rowReads != $1 }
                    && ChangeFeed.feed(for: store).phase == .idle
            }
            return Set(lists.indices.filter { lists[$0].statistics.rowReads != before[$0] })
        }

        /// Every row's content, by id.
        func contents() async throws -> [Int64: String] {
            var contents: [Int64: String] = [:]
            for line in try await psql(
                "SELECT id || '|' || title || '|' || minutes || '|' || is_favorite FROM recipe"
            )
            .split(separator: "\n") {
                contents[Int64(line.prefix { $0 != "|" })!] = String(line)
            }
            return contents
        }
    }

    @MainActor
    @Suite("The store on PostgreSQL")
    struct PostgresStoreTests {
        /// A list made just as the last one stops (a page that leaves, another that opens) reads
        /// its first rows: the feed does not stop its source under the new list's first read.
        @Test func aListMadeAsTheLastOneStopsReadsItsRows() async throws {
            let fixture = try await PostgresFixture(rows: 20)
            for _ in 0..<30 {
                let controller = FetchedResultsController(store: fixture.store, request: Recipes.all)
                try await controller.performFetch()
                #expect(controller.snapshot.numberOfItems == 20)
                controller.stop()
            }
        }

        @Test func theFirstSnapshotIsTheQuery() async throws {
            let fixture = try await PostgresFixture(rows: 50)
            let controller = FetchedResultsController(store: fixture.store, request: Recipes.all)
            try await controller.performFetch()
            let expected = try await fixture.expectedAll()
            #expect(controller.snapshot.sectionIdentifiers == expected.sections)
            #expect(items(of: controller.snapshot) == expected.items)
            let favorites = FetchedResultsController(store: fixture.store, request: Recipes.favorites)
            try await favorites.performFetch()
            #expect(items(of: favorites.snapshot) == (try await fixture.expectedFavorites()))
            #expect(controller.statistics.wholeReads == 1)
        }

        /// A whole read selects neither an item that is the key nor a constant section: the same
        /// snapshot as a request that selects both (its item an expression, its section a
        /// column), a constant of another type decoded as that type, and no section at all
        /// where no row is shown.
        @Test func aWholeReadLeavesOutWhatDoesNotVaryAndShowsTheSame() async throws {
            let fixture = try await PostgresFixture(rows: 40)
            try await fixture.psql("ALTER TABLE recipe ADD COLUMN shelf text NOT NULL DEFAULT 'All'")
            func snapshot<Section: PostgresDecodable & Hashable & Sendable>(
                _ request: PostgresFetchedResultsRequest<Section, Int64>
            ) async throws -> DiffableDataSourceSnapshot<Section, Int64> {
                let controller = FetchedResultsController(store: fixture.store, request: request)
                try await controller.performFetch()
                defer { controller.stop() }
                return controller.snapshot
            }
            func request<Section>(
                item: String, section: String, filter: PostgresCondition = "NOT is_archived"
            )
                -> PostgresFetchedResultsRequest<Section, Int64>
            {
                PostgresFetchedResultsRequest(
                    table: "recipe", item: item, section: section, content: ["title", "minutes"],
                    filter: filter,
                    ordering: [.ascending("title")])
            }
            let lean: PostgresFetchedResultsRequest<String, Int64> = request(item: "id", section: "'All'")
            #expect(lean.wholeReadColumns.item == nil && lean.wholeReadColumns.section == nil)
            let full: PostgresFetchedResultsRequest<String, Int64> = request(item: "id + 0", section: "shelf")
            #expect(full.wholeReadColumns.item == 1 && full.wholeReadColumns.section == 2)
            let leanSnapshot = try await snapshot(lean)
            #expect(leanSnapshot.numberOfItems == 40)
            #expect(leanSnapshot == (try await snapshot(full)))
            let numbered = try await snapshot(
                request(item: "id", section: "7") as PostgresFetchedResultsRequest<Int32, Int64>)
            #expect(numbered.sectionIdentifiers == [7])
            #expect(numbered.itemIdentifiers == leanSnapshot.itemIdentifiers)
            let unnamed = try await snapshot(
                request(item: "id", section: "NULLIF(shelf, 'All')")
                    as PostgresFetchedResultsRequest<String?, Int64>)
            #expect(unnamed.sectionIdentifiers == [nil])
            #expect(unnamed.itemIdentifiers == leanSnapshot.itemIdentifiers)
            let none = try await snapshot(
                request(item: "id", section: "'All'", filter: "FALSE")
                    as PostgresFetchedResultsRequest<String, Int64>)
            #expect(none.numberOfSections == 0)
        }

        /// Random inserts, updates (content, order, section, filter, and the same values again) and
        /// deletes, on two data sources on each of two shared controllers, by three writers: this
        /// server (`PostgresStore.write`), a second server (another store with its own feed and
        /// slot), and `psql`. After every change has settled, every view equals a fresh `SELECT`,
        /// exactly the rows whose content changed were reconfigured, and no change was read by
        /// reading everything.
        @Test func threeWritersKeepEveryViewEqualToTheQuery() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let fixture = try await PostgresFixture(rows: 24, seed: seed)
            let errors = ErrorLog()
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            let all = try await FetchedResultsController.shared(store: fixture.store, request: Recipes.all)
            let favorites = try await FetchedResultsController.shared(
                store: fixture.store, request: Recipes.favorites)
            errors.follow(all)
            errors.follow(favorites)
            let secondServer = PostgresStore(configuration: fixture.configuration)
            let secondServerView = try await FetchedResultsController.shared(
                store: secondServer, request: Recipes.all)
            let allViews = (0..<2).map { _ in DrivenView() }
            let favoriteViews = (0..<2).map { _ in DrivenView() }
            for view in allViews { all.drive(view.dataSource) }
            for view in favoriteViews { favorites.drive(view.dataSource) }
            var nextID: Int64 = 100
            for step in 0..<SeededRandom.caseCount(40) {
                let ids = try await fixture.contents().keys.sorted()
                var statements: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let id = ids.randomElement(using: &rng) ?? 1
                    let collection = Recipes.collections.randomElement(using: &rng)!
                    let title = Recipes.titles.randomElement(using: &rng)!
                    switch Int.random(in: 0..<8, using: &rng) {
                    case 0:
                        nextID += 1
                        statements.append(
                            "INSERT INTO recipe (id, collection, title, is_favorite) VALUES (\(nextID), '\(collection)', '\(title)', \(Bool.random(using: &rng)))"
                        )
                    case 1: statements.append("DELETE FROM recipe WHERE id = \(id)")
                    case 2: statements.append("UPDATE recipe SET minutes = minutes + 1 WHERE id = \(id)")
                    case 3: statements.append("UPDATE recipe SET title = '\(title)' WHERE id = \(id)")
                    case 4:
                        statements.append("UPDATE recipe SET is_favorite = NOT is_favorite WHERE id = \(id)")
                    case 5:
                        statements.append("UPDATE recipe SET is_archived = NOT is_archived WHERE id = \(id)")
                    case 6: statements.append("UPDATE recipe SET minutes = minutes WHERE id = \(id)")
                    default:
                        statements.append("UPDATE recipe SET collection = '\(collection)' WHERE id = \(id)")
                    }
                }
                let writer = Int.random(in: 0..<3, using: &rng)
                let comment = Comment(
                    rawValue: "DIFFABLE_SEED=\(seed) step \(step), writer \(writer): \(statements)")
                for view in allViews + favoriteViews { view.view.clearRecords() }
                let before = try await fixture.contents()
                let shownAll = all.snapshot
                let shownFavorites = favorites.snapshot
                switch writer {
                case 0, 1:
                    try await (writer == 0 ? fixture.store : secondServer).write { [statements] connection in
                        for statement in statements {
                            try await connection.query(
                                PostgresQuery(unsafeSQL: statement), logger: fixture.store.logger)
                        }
                    }
                default:
                    try await fixture.psql("BEGIN; " + statements.joined(separator: "; ") + "; COMMIT")
                }
                let after = try await fixture.contents()
                let expectedAll = try await fixture.expectedAll()
                let expectedFavorites = try await fixture.expectedFavorites()
                let reconfiguredAll = reconfiguredItems(
                    shown: shownAll, expected: expectedAll.items, sections: expectedAll.sections,
                    before: before, after: after)
                let reconfiguredFavorites = reconfiguredItems(
                    shown: shownFavorites, expected: expectedFavorites,
                    sections: expectedFavorites.isEmpty ? [] : [""], before: before, after: after)
                await eventually(comment) {
                    allViews.allSatisfy {
                        shownItems($0.view) == expectedAll.items && !$0.dataSource.hasPendingUpdates
                            && $0.reconfiguredItems() == reconfiguredAll
                    }
                        && favoriteViews.allSatisfy {
                            shownItems($0.view) == expectedFavorites && !$0.dataSource.hasPendingUpdates
                                && $0.reconfiguredItems() == reconfiguredFavorites
                        }
                        && items(of: secondServerView.snapshot) == expectedAll.items
                }
                for view in allViews + favoriteViews { #expect(view.view.violations.isEmpty, comment) }
            }
            #expect(errors.all.isEmpty, "\(errors.all)")
            #expect(all.statistics.wholeReads == 1, "every change read row by row")
            #expect(favorites.statistics.wholeReads == 1)
        }
    }
#endif

#if Postgres
    extension PostgresStoreTests {
        /// Many commits in a row, from this server and four connections of another at once, with
        /// nothing waiting between them: the feed reads them in large batches, and the view ends
        /// equal to the query.
        @Test func aBurstOfConcurrentCommitsEndsEqualToTheQuery() async throws {
            let seed = SeededRandom.baseSeed()
            let fixture = try await PostgresFixture(rows: 400, seed: seed)
            let errors = ErrorLog()
            let controller = FetchedResultsController(
                store: fixture.store, request: Recipes.all, incrementalChangeLimit: 100_000
            ) { errors.append($0) }
            try await controller.performFetch()
            let view = DrivenView()
            controller.drive(view.dataSource)
            let other = PostgresStore(configuration: fixture.configuration)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        var rng = SeededRandom(seed: seed &+ UInt64(writer))
                        for _ in 0..<150 {
                            let id = Int.random(in: 1...400, using: &rng)
                            let title = Recipes.titles.randomElement(using: &rng)!
                            let collection = Recipes.collections.randomElement(using: &rng)!
                            try await other.write { connection in
                                _ = try await connection.query(
                                    "UPDATE recipe SET title = \(title), collection = \(collection) WHERE id = \(id)",
                                    logger: other.logger)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let expected = try await fixture.expectedAll()
            await eventually("DIFFABLE_SEED=\(seed)") {
                shownItems(view.view) == expected.items && !view.dataSource.hasPendingUpdates
            }
            #expect(view.view.violations.isEmpty)
            #expect(errors.all.isEmpty, "\(errors.all)")
            #expect(controller.statistics.rowReads > 1, "read row by row")
        }
    }
#endif

#if Postgres
    extension PostgresStoreTests {
        /// Orderings with `NULL`s, descending and ascending terms mixed: each change is read row
        /// by row, and the view equals PostgreSQL's own order (`NULL` first when descending, last
        /// when ascending).
        @Test func nullsAndDescendingTermsKeepTheQuerysOrder() async throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let fixture = try await PostgresFixture(rows: 0)
            func value(_ choices: [String]) -> String {
                Int.random(in: 0..<3, using: &rng) == 0 ? "NULL" : choices.randomElement(using: &rng)!
            }
            var inserts: [String] = []
            for id in 1...30 {
                inserts.append("(\(id), \(value(["'a'", "'b'", "'c'"])), \(value(["1", "2"])))")
            }
            try await fixture.psql(
                "CREATE TABLE note (id bigint PRIMARY KEY, title text, rank integer); CREATE INDEX note_order ON note (title DESC, rank, id); INSERT INTO note VALUES \(inserts.joined(separator: ", "))"
            )
            let request = PostgresFetchedResultsRequest<String, Int64>(
                table: "note", item: "id", section: "''", content: ["title", "rank"],
                ordering: [.descending("title"), .ascending("rank")])
            let controller = FetchedResultsController(store: fixture.store, request: request)
            try await controller.performFetch()
            let view = DrivenView()
            controller.drive(view.dataSource)
            func expected() async throws -> [[Int64]] {
                let ids = try await fixture.ids("SELECT id FROM note ORDER BY title DESC, rank ASC, id ASC")
                return ids.isEmpty ? [] : [ids]
            }
            #expect(items(of: controller.snapshot) == (try await expected()))
            var nextID = 100
            for step in 0..<SeededRandom.caseCount(30) {
                let id = Int.random(in: 1...30, using: &rng)
                let statement =
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: "UPDATE note SET title = \(value(["'a'", "'b'", "'c'"])) WHERE id = \(id)"
                    case 1: "UPDATE note SET rank = \(value(["1", "2"])) WHERE id = \(id)"
                    case 2: "DELETE FROM note WHERE id = \(id)"
                    default:
                        "INSERT INTO note VALUES (\(nextID), \(value(["'a'", "'b'"])), \(value(["1", "2"])))"
                    }
                nextID += 1
                try await fixture.psql(statement)
                let wanted = try await expected()
                await eventually("DIFFABLE_SEED=\(seed) step \(step): \(statement)") {
                    shownItems(view.view) == wanted && !view.dataSource.hasPendingUpdates
                }
            }
            #expect(view.view.violations.isEmpty)
            #expect(controller.statistics.wholeReads == 1, "every change read row by row")
        }
    }
#endif

#if Postgres
    /// The example of DiffablePostgres's DocC article.
    @MainActor
    @Suite("DiffablePostgres's article")
    struct PostgresDocCTests {
        let fixture: PostgresFixture
        let url: String
        let dataSource: CollectionViewDiffableDataSource<String, Int64>
        let driven = DrivenView()

        init() async throws {
            fixture = try await PostgresFixture(rows: 10)
            let configuration = fixture.configuration
            url =
                "postgres://\(configuration.username):\(configuration.password!)@\(configuration.host):\(configuration.port)/\(configuration.database!)"
                + "?connect_timeout=\(10 * sanitizerWaitFactor)"
            dataSource = driven.dataSource
        }

        @Test func overview() async throws {
            let store = try PostgresStore(url: url)  // "postgres://app:secret@db.internal/recipes"
            let request = PostgresFetchedResultsRequest<String, Int64>(
                table: "recipe", item: "id", section: "collection",
                content: ["title", "minutes", "is_favorite"], ordering: [.ascending("title")])
            let controller = try await FetchedResultsController.shared(store: store, request: request)
            controller.drive(dataSource)  // on the main actor

            let expected = try await fixture.ids("SELECT id FROM recipe ORDER BY collection, title, id")
            await eventually { driven.view.itemIdentifiers(as: Int64.self).joined().elementsEqual(expected) }
        }
    }
#endif

#if Postgres
    /// A recipe's title, as a cell shows it.
    struct RecipeTitle: Identifiable, Sendable {
        var id: Int64
        var title: String
    }

    extension PostgresStoreTests {
        /// Records a page at a time around the row asked for; a record whose row changes is read
        /// again.
        @Test func recordsComeAPageAtATimeAndFollowTheirRows() async throws {
            let fixture = try await PostgresFixture(rows: 200)
            let controller = FetchedResultsController(store: fixture.store, request: Recipes.all)
            try await controller.performFetch()
            let titles = RecordCache<String, Int64, RecipeTitle>(
                controller: controller, pageSize: 50, columns: "id, title"
            ) { row in
                let (id, title) = try row.decode((Int64, String).self)
                return RecipeTitle(id: id, title: title)
            }
            let item = controller.snapshot.itemIdentifiers[75]
            let title = try await fixture.psql("SELECT title FROM recipe WHERE id = \(item)")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(titles.record(for: item) == nil, "a miss answers at once")
            await eventually { titles.record(for: item)?.title == title }
            #expect(titles.statistics.pagesRead >= 1 && titles.count >= 50, "the page around it")
            let hits = titles.statistics.hits
            #expect(titles.record(for: controller.snapshot.itemIdentifiers[60])?.id != nil)
            #expect(titles.statistics.hits == hits + 1)
            try await fixture.psql("UPDATE recipe SET title = 'Zucchini' WHERE id = \(item)")
            await eventually { titles.statistics.reread == 1 }
            #expect(titles.record(for: item)?.title == "Zucchini", "read again in the feed's read")
            #expect(try await titles.load(item)?.title == "Zucchini")
        }
    }
#endif
