#if Postgres
    import Diffable
    import DiffablePostgres
    import DiffableStore
    import DiffableTesting
    import Foundation
    import PostgresNIO
    import StoreTestSupport
    import Testing

    /// A server that stops answering — every PostgreSQL process stopped with `SIGSTOP`, as a
    /// failover, a long lock or a paused VM does — costs the views that need it, not the others:
    /// nothing waits on a thread, each call ends at its deadline with a typed error, and once the
    /// server answers again every view catches up without losing or repeating a change.
    @MainActor
    @Suite("A PostgreSQL server that stops answering")
    struct PostgresStallTests {
        struct RecipeTitle: Identifiable, Sendable {
            var id: Int64
            var title: String
        }

        @Test func aStoppedServerHoldsUpOnlyWhatNeedsIt() async throws {
            // A cluster of its own: the test stops it.
            let cluster = try await TestCluster(walLevel: "logical")
            let fixture = try await PostgresFixture(cluster: cluster, rows: 120)
            var configuration = fixture.configuration
            // The connect deadline stays the default: on a loaded CI machine, connecting the feed
            // to a cluster that had just started took longer than two seconds. The reads below
            // have their deadline from the statement timeout.
            configuration.statementTimeout = .seconds(2)
            let store = PostgresStore(configuration: configuration)
            let feed = ChangeFeed.feed(for: store)
            feed.pollInterval = .milliseconds(20)
            feed.maximumPollInterval = .milliseconds(200)
            let diagnostics = Diagnostics()
            feed.diagnosticHandler = { diagnostics.append($0) }
            let controller = try await FetchedResultsController.shared(store: store, request: Recipes.all)
            let errors = ErrorLog()
            errors.follow(controller)
            let titles = RecordCache<String, Int64, RecipeTitle>(
                controller: controller, pageSize: 20, columns: "id, title"
            ) { row in
                let (id, title) = try row.decode((Int64, String).self)
                return RecipeTitle(id: id, title: title)
            }
            let early = DrivenView()
            controller.drive(early.dataSource)
            let unread = controller.snapshot.itemIdentifiers[100]
            // Short only now: under the thread sanitizer on a loaded machine, following the table
            // at the start took longer than two seconds.
            feed.timeout = .seconds(2)
            // A look under way keeps the deadline it started with (30 s): it must end first.
            let polls = feed.pollCount
            await eventually { feed.pollCount >= polls + 2 }

            try await cluster.pause()
            var paused = true
            // A test that fails while the server is stopped lets it go on, so that it stops at exit.
            defer { if paused { Task { try? await cluster.resume() } } }

            // A page that connects now gets its first frame at once, from memory: the drive
            // applies it before returning, with no suspension in which to wait for anything.
            let late = DrivenView()
            controller.drive(late.dataSource)
            #expect(shownItems(late.view) == items(of: controller.snapshot))

            // A record never read: nil at once (a placeholder), read once the server answers.
            #expect(titles.record(for: unread) == nil)

            // The app's own read: a typed error at its deadline.
            do {
                _ = try await store.read { connection in
                    try await connection.query("SELECT 1", logger: store.logger).collect()
                }
                Issue.record("a stopped server answered")
            } catch let error as PostgresStoreError {
                #expect(error.kind == .timedOut, "\(error)")
            }

            // The feed's poll gives up at its deadline; every subscriber hears it, once. The wait
            // is long: a deadline's timer needs a thread of the cooperative pool, which the
            // suite's synchronous tests can hold for seconds on a 2-core machine.
            await eventually(
                timeout: .seconds(30),
                "no time-out in \(errors.all); the feed \(feed.phase), \(feed.readCount) reads: \(diagnostics.all)"
            ) {
                errors.all.contains { if case .timedOut = $0 { true } else { false } }
            }
            #expect(controller.error != nil)
            #expect(shownItems(early.view) == items(of: controller.snapshot), "the last snapshot stays")

            try await cluster.resume()
            paused = false
            // Every change after the server answers reaches every view.
            try await fixture.psql("UPDATE recipe SET title = 'Aardvark stew' WHERE id = \(unread)")
            try await fixture.psql("DELETE FROM recipe WHERE id = 7")
            let expected = try await fixture.expectedAll().items
            await eventually(timeout: .seconds(20), "caught up after SIGCONT") {
                shownItems(early.view) == expected && shownItems(late.view) == expected
            }
            await eventually { titles.record(for: unread)?.title == "Aardvark stew" }
            await eventually { errors.recoveryCount >= 1 && controller.error == nil }
            #expect(early.view.violations.isEmpty && late.view.violations.isEmpty)
            try await cluster.stop()
        }
    }
#endif
