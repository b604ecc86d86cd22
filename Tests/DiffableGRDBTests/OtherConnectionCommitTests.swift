#if GRDB && canImport(Glibc)
    import DiffableStore
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    @testable import DiffableGRDB

    /// How the feed learns of commits by connections it does not watch (another process, another
    /// pool): the files change, then the commit shows, some time later.
    @MainActor
    @Suite("Commits of other connections")
    struct OtherConnectionCommitTests {
        /// A feed of `pool` whose slow poll never comes within a test: only the looks that
        /// follow a change of the files can find a commit.
        func feed(of pool: DatabasePool, watchesFiles: Bool) -> (ChangeFeed, _SQLiteChangeSource) {
            let source = _SQLiteChangeSource(database: pool, watchesFiles: watchesFiles) { _ in }
            return (ChangeFeed(source: source, pollInterval: .seconds(600)), source)
        }

        /// Counts the batches of a stream, on a task of its own.
        final class Batches: Sendable {
            private let count = FileWatcherTests.Counter()
            let task: Task<Void, Never>

            init(_ stream: AsyncStream<ChangeBatch>) {
                let count = count
                task = Task { for await _ in stream { count.add() } }
            }

            var value: Int { count.value }
        }

        /// A writer's commit shows after its last write to a file, by as long as its `fsync` of
        /// the journal takes (a hundred milliseconds for a big commit): the looks that follow a
        /// change of the files go on long enough to see it.
        @Test func aCommitThatShowsLongAfterItsFilesChangedIsSeen() async throws {
            let file = try TemporaryDatabase()
            let pool = try file.makeRecipes(ChangeFeedTests.recipes)
            try await pool.write { try SQLiteChangeLog.install(for: "recipe", in: $0) }
            let (feed, source) = feed(of: pool, watchesFiles: false)
            let batches = Batches(feed.changes(of: ["recipe"]))
            defer { batches.task.cancel() }
            await eventually { feed.subscriberCount == 1 && feed.phase == .idle }
            let other = try file.secondConnection()
            // The writer writes its journal (the watcher's call, played here), then its commit
            // shows 100 ms later: past the 40 ms the looks once lasted, well within the second
            // they last now (a test held up on a busy machine still commits within it).
            source.checkSoon { [weak feed] in feed?.wake() }
            try await Task.sleep(for: .milliseconds(100))
            try await other.write { try $0.execute(sql: "UPDATE recipe SET minutes = 1 WHERE id = 3") }
            await eventually { batches.value == 1 }
            #expect(batches.value == 1)
        }

        /// SQLite follows a symbolic link to the database and writes its journal beside the file
        /// it finds: that folder is the one watched.
        @Test func aDatabaseOpenedThroughASymbolicLinkIsWatchedWhereItsFilesAre() async throws {
            let file = try TemporaryDatabase()
            _ = try file.makeRecipes(ChangeFeedTests.recipes)
            let links = try TemporaryDatabase()
            let link = links.directory.appendingPathComponent("link.sqlite").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file.path)
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let pool = try DatabasePool(path: link, configuration: configuration)
            try await pool.write { try SQLiteChangeLog.install(for: "recipe", in: $0) }
            let (feed, _) = feed(of: pool, watchesFiles: true)
            let batches = Batches(feed.changes(of: ["recipe"]))
            defer { batches.task.cancel() }
            await eventually { feed.subscriberCount == 1 && feed.phase == .idle }
            try await file.secondConnection().write {
                try $0.execute(sql: "UPDATE recipe SET minutes = 1 WHERE id = 3")
            }
            await eventually { batches.value == 1 }
            #expect(batches.value == 1)
            #expect(FileManager.default.fileExists(atPath: file.path + "-wal"))
        }
    }
#endif
