// Follows a PostgreSQL database's recipes from another process, for DiffablePostgres's tests:
//
//   diffable-postgres-follower HOST PORT DATABASE PASSWORD
//
// prints "ready" once its controller has fetched, then, after its first snapshot and each
// change, one line: "items" and the ids shown, in order ("items 3 1 2"); every two seconds a
// "trace" line says what its feed is doing. The tests kill it with SIGKILL and start it again.
#if Postgres
    import DiffablePostgres
    import Foundation

    let arguments = CommandLine.arguments
    guard arguments.count == 5, let port = Int(arguments[2]) else {
        FileHandle.standardError.write(
            Data("usage: diffable-postgres-follower HOST PORT DATABASE PASSWORD\n".utf8))
        exit(2)
    }
    let store = PostgresStore(
        configuration: .init(
            host: arguments[1], port: port, username: "postgres", password: arguments[4],
            database: arguments[3]))
    // A call that hangs ends well within the tests' 20-second waits, and says so on stderr.
    ChangeFeed.feed(for: store).timeout = .seconds(5)
    // What the feed ignored or could not do, for the tests' failure messages.
    ChangeFeed.feed(for: store).diagnosticHandler = { message in
        FileHandle.standardError.write(Data("diffable-postgres-follower: \(message)\n".utf8))
    }
    let request = PostgresFetchedResultsRequest<String, Int64>(
        table: "recipe", item: "id", section: "''", ordering: [.ascending("title")])
    let controller = FetchedResultsController(store: store, request: request) { error in
        FileHandle.standardError.write(Data("diffable-postgres-follower: \(error)\n".utf8))
    }
    do {
        try await controller.performFetch()
    } catch {
        FileHandle.standardError.write(Data("diffable-postgres-follower: \(error)\n".utf8))
        exit(1)
    }
    func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    say("ready")
    // For a test's failure message: what the feed was doing while the test waited.
    let feed = ChangeFeed.feed(for: store)
    Task.detached {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            try? await Task.sleep(for: .seconds(2))
            let elapsed = (clock.now - start).components.seconds
            say(
                "trace \(elapsed) s: \(feed.readCount) reads, \(feed.phase), \(feed.subscriberCount) subscribers"
            )
        }
    }
    for await snapshot in controller.snapshots() {
        say((["items"] + snapshot.itemIdentifiers.map(String.init)).joined(separator: " "))
    }
#else
    print("diffable-postgres-follower: built without the Postgres trait")
#endif
