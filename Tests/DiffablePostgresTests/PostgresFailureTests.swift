#if Postgres
    import Diffable
    @testable import DiffablePostgres
    import DiffableTesting
    import Foundation
    import StoreTestSupport
    import Testing

    /// What goes wrong, and what comes back: bad input, a lost database, a killed server.
    @MainActor
    @Suite("The store on PostgreSQL, when things go wrong")
    struct PostgresFailureTests {
        /// The kind of PostgreSQL error `performFetch` throws for `configuration` and `request`.
        func fetchError(
            _ configuration: PostgresStore.Configuration,
            _ request: PostgresFetchedResultsRequest<String, Int64> = Recipes.all
        ) async -> PostgresStoreError? {
            let controller = FetchedResultsController(
                store: PostgresStore(configuration: configuration), request: request)
            do {
                try await controller.performFetch()
                return nil
            } catch {
                guard case .database(let error) = error else { return nil }
                return error as? PostgresStoreError
            }
        }

        @Test func badInputIsATypedErrorThatSaysWhatToFix() async throws {
            let fixture = try await PostgresFixture(rows: 3)
            var refused = fixture.configuration
            refused.port = 1
            let refusal = await fetchError(refused)
            #expect(refusal?.kind == .connectionRefused)
            #expect(
                refusal?.description.contains("is the server running") == true,
                "\(String(describing: refusal))")

            var wrongPassword = fixture.configuration
            wrongPassword.password = "not the password"
            let denial = await fetchError(wrongPassword)
            #expect(denial?.kind == .authenticationFailed, "\(String(describing: denial))")
            #expect(denial?.description.contains("password") == true)

            var missingDatabase = fixture.configuration
            missingDatabase.database = "no_such_database"
            #expect(await fetchError(missingDatabase)?.kind == .databaseMissing)

            var missingTable = Recipes.all
            missingTable.table = "no_such_table"
            let missing = await fetchError(fixture.configuration, missingTable)
            #expect(missing?.kind == .missingTable)
            #expect(missing?.description.contains("no_such_table") == true)

            #expect(throws: PostgresStoreError.self) { try PostgresStore.Configuration(url: "mysql://x/y") }
            let parsed = try PostgresStore.Configuration(
                url: "postgres://app:secret@db.internal:6543/recipes")
            #expect(
                parsed
                    == .init(
                        host: "db.internal", port: 6543, username: "app", password: "secret",
                        database: "recipes"))
            let patient = try PostgresStore.Configuration(
                url: "postgres://app@db.internal/recipes?connect_timeout=25")
            #expect(patient.connectTimeout == .seconds(25))
            for refused in ["connect_timeout=0", "connect_timeout=soon", "sslmode=require"] {
                #expect(throws: PostgresStoreError.self, "\(refused)") {
                    try PostgresStore.Configuration(url: "postgres://app@db.internal/recipes?\(refused)")
                }
            }

            try await fixture.psql("CREATE TABLE tag (name text PRIMARY KEY)")
            var keyedByText = Recipes.all
            keyedByText.table = "tag"
            let controller = FetchedResultsController(store: fixture.store, request: keyedByText)
            await #expect {
                try await controller.performFetch()
            } throws: { error in
                guard case .changeLogUnavailable(let table, let reason)? = error as? FetchedResultsError
                else {
                    return false
                }
                return table == "tag" && reason.contains("one integer column")
            }
        }

        @Test func aServerWithoutLogicalDecodingSaysHowToTurnItOn() async throws {
            let cluster = try await TestCluster(walLevel: "replica")
            let fixture = try await PostgresFixture(cluster: cluster, rows: 3)
            let error = await fetchError(fixture.configuration)
            #expect(error?.kind == .logicalDecodingUnavailable)
            #expect(
                error?.description.contains("wal_level = logical") == true, "\(String(describing: error))")
            try await cluster.stop()
        }

        /// A column the request reads goes away: the error names it, the controller keeps its
        /// last snapshot, and once the column is back the next change brings it up to date.
        @Test func theLastGoodSnapshotStaysWhenTheQueryFails() async throws {
            let fixture = try await PostgresFixture(rows: 6)
            let errors = ErrorLog()
            let controller = FetchedResultsController(store: fixture.store, request: Recipes.all) {
                errors.append($0)
            }
            try await controller.performFetch()
            let shown = controller.snapshot
            try await fixture.psql(
                "ALTER TABLE recipe RENAME COLUMN title TO name; UPDATE recipe SET minutes = 99")
            await eventually { !errors.all.isEmpty }
            guard case .database(let error)? = errors.all.first else {
                Issue.record("\(errors.all)")
                return
            }
            #expect((error as? PostgresStoreError)?.kind == .missingTable, "\(error)")
            #expect(controller.snapshot == shown)
            try await fixture.psql(
                "ALTER TABLE recipe RENAME COLUMN name TO title; UPDATE recipe SET collection = 'Zzz' WHERE id = 1"
            )
            let expected = try await fixture.expectedAll().items
            #expect(expected != items(of: shown))
            await eventually("\(errors.all)") { items(of: controller.snapshot) == expected }
        }

        /// A request whose first read fails (a column that is not there) gets its error; the
        /// controllers already running keep their slot and read the next change row by row.
        @Test func oneRequestsErrorLeavesTheOthersAlone() async throws {
            let fixture = try await PostgresFixture(rows: 6)
            let running = FetchedResultsController(store: fixture.store, request: Recipes.all)
            try await running.performFetch()
            var broken = Recipes.all
            broken.content = ["no_such_column"]
            let failing = FetchedResultsController(store: fixture.store, request: broken)
            await #expect(throws: FetchedResultsError.self) { try await failing.performFetch() }
            try await fixture.psql("UPDATE recipe SET collection = 'Zzz' WHERE id = 1")
            let expected = try await fixture.expectedAll().items
            await eventually { items(of: running.snapshot) == expected }
            #expect(running.statistics.wholeReads == 1, "the same slot: the change read row by row")
        }

        /// PostgreSQL restarted under a running server: the feed reconnects, makes a new slot,
        /// and every controller reads everything once, with what was written meanwhile.
        @Test func aDatabaseRestartedUnderTheServerIsFollowedAgain() async throws {
            let cluster = try await TestCluster(walLevel: "logical")
            let fixture = try await PostgresFixture(cluster: cluster, rows: 6)
            let errors = ErrorLog()
            let controller = FetchedResultsController(store: fixture.store, request: Recipes.all) {
                errors.append($0)
            }
            try await controller.performFetch()
            try await cluster.restart()
            try await fixture.psql(
                "UPDATE recipe SET title = 'Zest' WHERE id = 2; INSERT INTO recipe (id, collection, title) VALUES (50, 'Quick', 'Apple')"
            )
            await eventuallyAsync(timeout: .seconds(20)) {
                (try? await fixture.expectedAll().items) == items(of: controller.snapshot)
            }
            #expect(controller.statistics.wholeReads >= 2, "a new slot: everything read once")
            try await fixture.psql("UPDATE recipe SET title = 'Aardvark' WHERE id = 50")
            await eventuallyAsync {
                (try? await fixture.expectedAll().items) == items(of: controller.snapshot)
            }
            try await cluster.stop()
        }

        /// A feed that no one follows any more drops its replication slot.
        @Test func aFeedNoOneFollowsDropsItsSlot() async throws {
            let fixture = try await PostgresFixture(rows: 3)
            let database = fixture.configuration.database!
            let slots = "SELECT count(*) FROM pg_replication_slots WHERE database = '\(database)'"
            var controller: FetchedResultsController<String, Int64>? = FetchedResultsController(
                store: fixture.store, request: Recipes.all)
            try await controller?.performFetch()
            #expect(try await fixture.psql(slots).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
            controller = nil
            await eventuallyAsync {
                (try? await fixture.psql(slots).trimmingCharacters(in: .whitespacesAndNewlines)) == "0"
            }
        }

        /// A feed whose database is quiet while another database of the server writes moves its
        /// slot along the server's log: a slot left behind keeps the log from being recycled (a
        /// server's disk fills), and each read would decode all of it again.
        @Test func aQuietDatabasesSlotFollowsTheServersLog() async throws {
            let quiet = try await PostgresFixture(rows: 3)
            let busy = try await PostgresFixture(rows: 3)
            let controller = FetchedResultsController(store: quiet.store, request: Recipes.all)
            try await controller.performFetch()
            let database = quiet.configuration.database!
            for index in 0..<20 {
                try await busy.psql("UPDATE recipe SET minutes = \(index) WHERE id = 1")
            }
            let written = try await busy.psql("SELECT pg_current_wal_lsn()").trimmingCharacters(
                in: .whitespacesAndNewlines)
            await eventuallyAsync(timeout: .seconds(20), "the quiet database's slot stays behind") {
                let behind = try? await quiet.psql(
                    """
                    SELECT confirmed_flush_lsn < '\(written)'::pg_lsn FROM pg_replication_slots
                    WHERE database = '\(database)'
                    """)
                return behind?.trimmingCharacters(in: .whitespacesAndNewlines) == "f"
            }
            #expect(controller.statistics.wholeReads == 1 && controller.error == nil)
        }

        /// A server killed with SIGKILL leaves no slot behind; started again, it shows what was
        /// written while it was down, and then each change once.
        @Test func aServerKilledAndStartedAgainCatchesUp() async throws {
            let fixture = try await PostgresFixture(rows: 3)
            let database = fixture.configuration.database!
            let slots = "SELECT count(*) FROM pg_replication_slots WHERE database = '\(database)'"
            var follower = try Follower(fixture)
            try await follower.waitForLine { $0 == "ready" }
            try await fixture.psql("UPDATE recipe SET title = 'Aaa' WHERE id = 3")
            try await follower.waitForLine { $0.hasPrefix("items 3 ") }
            kill(follower.process.processIdentifier, SIGKILL)
            await follower.stop()
            await eventuallyAsync {
                (try? await fixture.psql(slots).trimmingCharacters(in: .whitespacesAndNewlines)) == "0"
            }
            try await fixture.psql("UPDATE recipe SET title = 'Aab' WHERE id = 2")
            follower = try Follower(fixture)
            try await follower.waitForLine { $0 == "items 3 2 1" }
            try await fixture.psql("DELETE FROM recipe WHERE id = 3")
            try await follower.waitForLine { $0 == "items 2 1" }
            #expect(follower.lines.filter { $0 == "items 2 1" }.count == 1)
            follower.process.terminate()
            await follower.stop()
        }
    }

    /// `diffable-postgres-follower` in another process, and the lines it printed.
    @MainActor
    final class Follower {
        let process = Process()
        private let output = Pipe()
        /// What it printed, as it came.
        private let chunks = Diagnostics()

        init(_ fixture: PostgresFixture) throws {
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            while !FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("diffable-postgres-follower").path),
                directory.pathComponents.count > 1
            {
                directory.deleteLastPathComponent()
            }
            process.executableURL = directory.appendingPathComponent("diffable-postgres-follower")
            let configuration = fixture.configuration
            process.arguments = [
                configuration.host, "\(configuration.port)", configuration.database!, configuration.password!,
            ]
            process.standardOutput = output
            // Not the test runner's own: a follower left by a crash would keep `swift test` waiting.
            process.standardError = output
            let chunks = chunks
            output.fileHandleForReading.readabilityHandler = { handle in
                chunks.append(String(decoding: handle.availableData, as: UTF8.self))
            }
            try process.run()
        }

        var lines: [String] { chunks.all.joined().split(separator: "\n").map(String.init) }

        /// Waits for the process to end and stops reading its output: the handler would keep the
        /// pipe, and the pipe the process, alive (LeakSanitizer reports them).
        func stop() async {
            await waitForExit(of: process)
            output.fileHandleForReading.readabilityHandler = nil
        }

        /// Waits until a line satisfies `condition`: a minute, for a second process starved by a
        /// loaded machine and the sanitizers (it took longer than 20 s there, without an error
        /// from its feed, whose calls end at 5 s). A change that is lost never comes.
        func waitForLine(_ condition: @escaping (String) -> Bool) async throws {
            await eventually(timeout: .seconds(60), "no line as expected in \(lines)") {
                lines.contains(where: condition)
            }
        }
    }
#endif
