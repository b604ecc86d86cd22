// The store on PostgreSQL: a FetchedResultsController on a table of 10,000, 100,000 and
// 1,000,000 rows of a throwaway PostgreSQL 15 server this benchmark starts (initdb in a temporary
// folder, wal_level=logical, loopback), against the same database read the plain ways, in one
// run. A change is a one-row UPDATE that moves a row under the ordering.
//
// - select_id_ms: `SELECT id` in the request's order, through postgres-nio: the least any first
//   snapshot costs;
// - first_snapshot_ms: the controller's performFetch(), until its first snapshot is ready (the
//   feed and its slot already running);
// - local_change_p50_ms: a change through `PostgresStore.write`, until the view has its batch
//   update;
// - remote_change_p50_ms, remote_change_p99_ms: a change committed by another process (this
//   executable as a writer, told over a pipe), until the view has its batch update;
// - writer_alone_per_s: the floor the next two are measured against: one-row commits a second
//   the writer process makes with the server and no follower (no slot, no trigger yet), as fast
//   as it can on 2, 4 and 8 connections (the best; `synchronous_commit = off` and the server's
//   `wal_writer_delay = 10ms`, since logical decoding reads only flushed WAL);
// - sustained_changes_per_s: the same writer, as fast as it can on the best number of
//   connections for `--duration` seconds with the controller following: commits divided by the
//   time from the first commit until the view equals `SELECT` (or until the writer stopped, if
//   later);
// - lost: rows out of place once the view settled (0 when equal; the wait ends after a minute);
// - sustained_rows_per_s: the same with 100 rows moved in each commit, rows a second;
// - requery_change_ms: the naive way, in the same run: after the same remote change, the query
//   run again and diffed against the snapshot before.
//
// And commits of many rows at once, one line per size and number of rows (`batch rows=… k=…`):
// the other process moves k random rows in one commit, for k = 1, 10, 100 and 1,000:
// write_ms its commit, apply_ms until the view's batch update (medians), rereads the whole reads
// meanwhile (0: the rows were placed one by one, in one pass).
//
// And a list over two tables, one line per size (`join rows=…`): the items that are members of a
// collection (a membership table keyed by the collection's name and the item's id), the request
// declaring the key path membership.item_id -> item.id:
//
// - member_change_ms: a one-row INSERT into the membership table by the other process, which
//   brings one item into the list, until the view's batch update (median);
// - requery_ms: the naive way, the same INSERT, then the list's query run again and diffed;
// - rereads: whole reads of the list during the member changes (0: the key path led the
//   controller to the one item).
//
// And a window (`window rows=… limit=50`): the first 50 rows of the list (`fetchLimit: 50`),
// changed by the other process: enter_ms a row inserted that enters it, refill_ms a delete inside
// it (the next row comes in from the margin), held_rows the rows the controller holds, requery_ms
// the naive way (the same INSERT, `SELECT … LIMIT 50` again and a diff).
//
// And many lists on one table, at the largest size, one line per number of lists
// (`queries rows=… lists=…`): a list per channel (`partition: channel = c`) of a table of messages
// over 10,000 channels, a one-row INSERT into one channel by the other process: change_cpu_ms
// this process's CPU per insert (median), change_p99_ms until that channel's view has its batch
// update, unrouted_cpu_ms the same lists with `channel = c` as a plain filter, which every change
// reaches.
//
// The membership table is filled by one bulk INSERT, then a CHECKPOINT: until PostgreSQL logs the
// running transactions again (every 15 s), the slot's restart point stays before the insert and
// every read of the feed decodes it again (52 ms a read at 100,000 rows without the checkpoint).
//
//   swift run -c release --package-path Benchmarks diffable-postgres [--sizes 10000,100000]
//       [--runs N] [--duration SECONDS]

import ArgumentParser
import BenchmarkOptions
import BenchmarkScenarios
import Diffable
import DiffablePostgres
import Foundation
import Logging
import PostgresNIO
import Synchronization

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("diffable-postgres: \(message)\n".utf8))
    // A server left running holds its memory and port until someone finds it.
    if let cluster = runningCluster.withLock({ $0.take() }) { cluster.stop() }
    exit(1)
}

/// The server this run started, until it is stopped.
let runningCluster = Mutex<Cluster?>(nil)

func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

let password = "diffable-bench"
let request = PostgresFetchedResultsRequest<String, Int64>(
    table: "item", item: "id", section: "''", content: ["title"], ordering: [.ascending("position")])

// MARK: The writer, in its own process

/// Reads commands on standard input and commits them; answers each on standard output:
///
///   move ID POSITION          one UPDATE; answers "ok" once committed
///   member ID                 one INSERT into the membership table; answers "ok" once committed
///   batch K ROWS              one commit that moves K random rows; answers "ok" once committed
///   flood SECONDS ROWS CONNECTIONS PER
///                             commits of PER random moves each, as fast as CONNECTIONS
///                             connections make them, for SECONDS; answers "done COMMITS MS"
func runWriter(_ configuration: PostgresStore.Configuration) async throws {
    let store = PostgresStore(configuration: configuration)
    func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    while let line = readLine() {
        let words = line.split(separator: " ")
        switch words.first {
        case "move":
            let id = Int64(words[1])!
            let position = Int64(words[2])!
            try await store.client.query("UPDATE item SET position = \(position) WHERE id = \(id)")
            say("ok")
        case "insert":
            let id = Int64(words[1])!
            let position = Int64(words[2])!
            try await store.client.query("INSERT INTO item VALUES (\(id), \(position), 'New')")
            say("ok")
        case "message":
            let id = Int64(words[1])!
            try await store.client.query("INSERT INTO message VALUES (\(id), 0, 'New')")
            say("ok")
        case "delete":
            let id = Int64(words[1])!
            try await store.client.query("DELETE FROM item WHERE id = \(id)")
            say("ok")
        case "member":
            let id = Int64(words[1])!
            try await store.client.query("INSERT INTO membership VALUES ('Baking', \(id))")
            say("ok")
        case "batch":
            let k = Int(words[1])!
            let rows = Int64(words[2])!
            try await store.client.query(moveRandomRows(k, of: rows))
            say("ok")
        case "flood":
            let seconds = Double(words[1])!
            let rows = Int64(words[2])!
            let connections = Int(words[3])!
            let perCommit = Int(words[4])!
            let start = ContinuousClock.now
            let end = start + .seconds(seconds)
            let done = try await withThrowingTaskGroup(of: Int.self) { group in
                for share in 0..<connections {
                    group.addTask {
                        try await store.client.withConnection { connection in
                            // The disk cannot flush thousands of commits a second: the server's
                            // WAL writer flushes them every `wal_writer_delay` instead.
                            try await connection.query("SET synchronous_commit = off", logger: store.logger)
                            var committed = 0
                            while ContinuousClock.now < end {
                                try await connection.query(
                                    moveRandomRows(perCommit, of: rows, share: share, shares: connections),
                                    logger: store.logger)
                                committed += 1
                            }
                            return committed
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            say("done \(done) \(format((ContinuousClock.now - start).milliseconds))")
        default:
            say("?")
        }
    }
}

/// One statement that moves `k` random rows of `1...rows` to random places: rows whose id is
/// `share` + 1 modulo `shares`, so that writers given different shares never wait for each
/// other's row locks (two commits of many rows that lock the same two rows in turn deadlock).
func moveRandomRows(_ k: Int, of rows: Int64, share: Int = 0, shares: Int = 1) -> PostgresQuery {
    func randomID() -> Int64 {
        Int64.random(in: 0..<(rows / Int64(shares))) * Int64(shares) + Int64(share) + 1
    }
    if k == 1 {
        return
            "UPDATE item SET position = \(Int64.random(in: 0...1_000_000_000_000)) WHERE id = \(randomID())"
    }
    var ids = Set<Int64>()
    while ids.count < k { ids.insert(randomID()) }
    let positions = (0..<k).map { _ in Int64.random(in: 0...1_000_000_000_000) }
    return """
        UPDATE item SET position = moved.position
        FROM unnest(\(Array(ids))::bigint[], \(positions)::bigint[]) AS moved(id, position)
        WHERE item.id = moved.id
        """
}

// MARK: The server this benchmark starts

/// A throwaway cluster in a temporary folder, stopped at exit.
struct Cluster {
    let directory = NSTemporaryDirectory() + "diffable-postgres-bench-" + UUID().uuidString.prefix(8)
    let port = Int.random(in: 20_000..<60_000)

    static let binaries: String = {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.fileExists(atPath: $0 + "/initdb") } ?? "/usr/lib/postgresql/15/bin"
    }()

    /// Runs a shell command, as the `postgres` user when this runs as root (PostgreSQL's programs
    /// refuse root); `system` waits for the command alone, not for the server it starts.
    func run(_ command: String) {
        let prefix = getuid() == 0 ? "/usr/sbin/runuser -u postgres -- " : ""
        guard system("\(prefix)\(command) >>\(directory)/setup.log 2>&1 </dev/null") == 0 else {
            fail("\(command) failed; see \(directory)/setup.log")
        }
    }

    func start() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory)
        try password.write(toFile: directory + "/password", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: directory + "/password")
        run(
            "\(Self.binaries)/initdb -D \(directory)/data -U postgres --auth-local=trust --auth-host=scram-sha-256 --pwfile=\(directory)/password"
        )
        let settings =
            "-c wal_level=logical -c listen_addresses=127.0.0.1 -p \(port) -k \(directory) -c shared_buffers=1GB -c max_wal_size=4GB -c wal_writer_delay=10ms"
        run("\(Self.binaries)/pg_ctl -D \(directory)/data -l \(directory)/log -w -o '\(settings)' start")
    }

    func stop() {
        run("\(Self.binaries)/pg_ctl -D \(directory)/data -m fast -w stop")
        try? FileManager.default.removeItem(atPath: directory)
    }

    func psql(_ database: String, _ sql: String) {
        run(
            "\(Self.binaries)/psql -X -q -v ON_ERROR_STOP=1 -h \(directory) -p \(port) -d \(database) -c \"\(sql)\""
        )
    }

    func configuration(_ database: String) -> PostgresStore.Configuration {
        .init(host: "127.0.0.1", port: port, username: "postgres", password: password, database: database)
    }
}

/// The writer process, and a line-at-a-time conversation with it.
///
/// `@unchecked Sendable`: the main actor sends, and one detached task at a time reads (each is
/// awaited before the next line is asked for), so `buffer` is never touched by two at once.
final class Writer: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(_ configuration: PostgresStore.Configuration) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [
            "write", configuration.host, "\(configuration.port)", configuration.database!, password,
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Sends a command and waits, off the main actor, for the writer's answer.
    func ask(_ line: String) async -> String {
        send(line)
        return await Task.detached { self.nextLine() }.value
    }

    /// The next line the writer says (blocking: call it off the main actor).
    func nextLine() -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { fail("the writer stopped") }
            buffer.append(data)
        }
    }
}

// MARK: Measuring

/// The ids in the request's order, read the plain way.
func selectIDs(_ store: PostgresStore) async throws -> [Int64] {
    var ids: [Int64] = []
    for try await id in try await store.client.query("SELECT id FROM item ORDER BY position, id").decode(
        Int64.self)
    {
        ids.append(id)
    }
    return ids
}

@MainActor
func measure(cluster: Cluster, count: Int, runs: Int, duration: Int) async throws -> String {
    let database = "bench_\(count)"
    cluster.psql("postgres", "CREATE DATABASE \(database)")
    cluster.psql(
        database,
        "CREATE TABLE item (id bigint PRIMARY KEY, position bigint NOT NULL, title text NOT NULL); INSERT INTO item SELECT g, (random() * 1e12)::bigint, 'Item ' || g FROM generate_series(1, \(count)) g; CREATE INDEX item_order ON item (position, id)"
    )
    let configuration = cluster.configuration(database)
    let store = PostgresStore(configuration: configuration)
    let writer = try Writer(configuration)
    defer { writer.process.terminate() }

    // The floor: the writer alone, before any controller makes a slot or a trigger.
    var writerAlone = 0.0
    var connections = 4
    for tried in [2, 4, 8] {
        let rate = await flood(
            writer, seconds: min(duration, 5), rows: count, connections: tried, perCommit: 1)
        print("rows=\(count) writer alone on \(tried) connections: \(Int(rate.perSecond))/s")
        if rate.perSecond > writerAlone { (writerAlone, connections) = (rate.perSecond, tried) }
    }
    cluster.psql(database, "VACUUM ANALYZE item")

    var selects: [Double] = []
    for _ in 0..<3 {
        let start = ContinuousClock.now
        consume(try await selectIDs(store))
        selects.append((ContinuousClock.now - start).milliseconds)
    }

    // The controller the views follow: it keeps the feed and its slot running.
    let controller = FetchedResultsController(store: store, request: request) { error in
        FileHandle.standardError.write(Data("diffable-postgres: the controller: \(error)\n".utf8))
    }
    ChangeFeed.feed(for: store).diagnosticHandler = { message in
        FileHandle.standardError.write(Data("diffable-postgres: the feed: \(message)\n".utf8))
    }
    try await controller.performFetch()
    var firsts: [Double] = []
    for _ in 0..<3 {
        let other = FetchedResultsController(store: store, request: request)
        let start = ContinuousClock.now
        try await other.performFetch()
        firsts.append((ContinuousClock.now - start).milliseconds)
        other.stop()
    }

    let (view, dataSource) = try await ArrivalView.driven { controller.drive($0) }

    func randomMove() -> (Int64, Int64) {
        (Int64.random(in: 1...Int64(count)), Int64.random(in: 0...1_000_000_000_000))
    }

    var local: [Double] = []
    for _ in 0..<runs {
        let (id, position) = randomMove()
        local.append(
            try await view.milliseconds {
                try await store.write { connection in
                    _ = try await connection.query(
                        "UPDATE item SET position = \(position) WHERE id = \(id)", logger: store.logger)
                }
            })
    }
    var remote: [Double] = []
    for _ in 0..<runs {
        let (id, position) = randomMove()
        remote.append(
            try await view.milliseconds {
                _ = await writer.ask("move \(id) \(position)")
            })
    }

    // The naive way: after the same kind of change, the query again and a diff.
    var requery: [Double] = []
    for _ in 0..<3 {
        let before = controller.snapshot
        let (id, position) = randomMove()
        let start = ContinuousClock.now
        _ = await writer.ask("move \(id) \(position)")
        var after = DiffableDataSourceSnapshot<String, Int64>()
        after.appendSections([""])
        after.appendItems(try await selectIDs(store), toSection: "")
        consume(BatchUpdate(from: before, to: after))
        requery.append((ContinuousClock.now - start).milliseconds)
        try await Task.sleep(for: .milliseconds(200))
    }

    let join = try await measureJoin(
        cluster: cluster, database: database, store: store, writer: writer, count: count, runs: runs)
    let window = try await measureWindow(store: store, writer: writer, count: count, runs: runs)

    let batches = try await measureBatches(
        writer: writer, controller: controller, view: view, count: count, runs: min(runs, 20))

    // Sustained: the writer as fast as it can, followed; then 100 rows a commit.
    func sustained(perCommit: Int) async throws -> (perSecond: Double, lost: Int) {
        let readsBefore = controller.statistics
        let cpuBefore = processCPUMilliseconds()
        let rate = await flood(
            writer, seconds: duration, rows: count, connections: connections, perCommit: perCommit)
        // While the writer wrote: this process's CPU is the follower's.
        let cpu = processCPUMilliseconds() - cpuBefore
        // Settled: the view equals SELECT, or a minute passed; at its last update.
        let deadline = ContinuousClock.now + .seconds(60)
        let expected = try await selectIDs(store)
        var shown = dataSource.snapshot().itemIdentifiers
        while shown != expected, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            shown = dataSource.snapshot().itemIdentifiers
        }
        let settled = rate.start.duration(to: view.arrivals.last ?? rate.start).milliseconds / 1000
        let lost = zip(shown, expected).filter { $0 != $1 }.count + abs(shown.count - expected.count)
        let reads = controller.statistics
        let followed = Double(rate.commits) / max(settled, rate.seconds)
        print(
            "rows=\(count) \(perCommit) a commit: \(rate.commits) commits in \(format(rate.seconds)) s "
                + "(\(Int(rate.perSecond))/s), view equal to SELECT after \(format(settled)) s, out of place \(lost), "
                + "whole reads \(reads.wholeReads - readsBefore.wholeReads), row reads \(reads.rowReads - readsBefore.rowReads)"
                + ", this process's CPU \(format(cpu * 1000 / Double(max(rate.commits, 1)))) µs a commit"
        )
        return (followed, lost)
    }
    let changes = try await sustained(perCommit: 1)
    let rows = try await sustained(perCommit: 100)
    controller.stop()

    print(
        "rows=\(count): first snapshot / SELECT id = \(format(percentile(firsts, 0.5) / percentile(selects, 0.5))); "
            + "requery / remote = \(format(percentile(requery, 0.5) / percentile(remote, 0.5)))")
    return "pg rows=\(count) select_id_ms=\(format(percentile(selects, 0.5))) "
        + "first_snapshot_ms=\(format(percentile(firsts, 0.5))) local_change_p50_ms=\(format(percentile(local, 0.5))) "
        + "remote_change_p50_ms=\(format(percentile(remote, 0.5))) "
        + "remote_change_p99_ms=\(format(percentile(remote, 0.99))) writer_alone_per_s=\(Int(writerAlone)) "
        + "sustained_changes_per_s=\(Int(changes.perSecond)) lost=\(changes.lost + rows.lost) "
        + "sustained_rows_per_s=\(Int(rows.perSecond * 100)) requery_change_ms=\(format(percentile(requery, 0.5)))\n"
        + batches.joined(separator: "\n") + "\n" + join + "\n" + window
}

/// How fast the writer commits: commits of `perCommit` moves, as fast as `connections` make them
/// for `seconds`.
func flood(_ writer: Writer, seconds: Int, rows: Int, connections: Int, perCommit: Int) async -> (
    commits: Int, seconds: Double, perSecond: Double, start: ContinuousClock.Instant
) {
    let start = ContinuousClock.now
    let done = await writer.ask("flood \(seconds) \(rows) \(connections) \(perCommit)").split(separator: " ")
    let commits = Int(done[1]) ?? 0
    let elapsed = (Double(done[2]) ?? 0) / 1000
    return (commits, elapsed, Double(commits) / max(elapsed, 0.001), start)
}

/// The batch lines: the other process moves k random rows in one commit, for k = 1, 10, 100 and
/// 1,000.
@MainActor
func measureBatches(
    writer: Writer, controller: FetchedResultsController<String, Int64>, view: ArrivalView, count: Int,
    runs: Int
) async throws -> [String] {
    var lines: [String] = []
    for k in [1, 10, 100, 1_000] where k <= count {
        let readsBefore = controller.statistics.wholeReads
        var written: [Double] = []
        var applied: [Double] = []
        for _ in 0..<runs {
            let (write, update) = try await view.writeAndUpdateMilliseconds {
                _ = await writer.ask("batch \(k) \(count)")
            }
            written.append(write)
            applied.append(update)
        }
        lines.append(
            "batch rows=\(count) k=\(k) write_ms=\(format(percentile(written, 0.5))) "
                + "apply_ms=\(format(percentile(applied, 0.5))) "
                + "rereads=\(controller.statistics.wholeReads - readsBefore)")
        print(lines.last!)
    }
    return lines
}

/// The window line: the first 50 rows of `request`, changed by the other process — a row that
/// enters the window, a delete inside it — and the naive way, `SELECT … LIMIT 50` again and a diff.
@MainActor
func measureWindow(store: PostgresStore, writer: Writer, count: Int, runs: Int) async throws -> String {
    var top = request
    top.fetchLimit = 50
    let controller = FetchedResultsController(store: store, request: top)
    try await controller.performFetch()
    let (view, dataSource) = try await ArrivalView.driven { controller.drive($0) }
    var enters: [Double] = []
    for run in 0..<runs {
        // Positions are never negative: each new row comes first.
        enters.append(
            try await view.milliseconds { _ = await writer.ask("insert \(count + 10 + run) \(-1 - run)") })
    }
    var refills: [Double] = []
    for _ in 0..<runs {
        let inside = controller.snapshot.itemIdentifiers[25]
        refills.append(try await view.milliseconds { _ = await writer.ask("delete \(inside)") })
    }
    let held = controller.statistics.heldRows
    controller.stop()
    var requeries: [Double] = []
    var shown = dataSource.snapshot()
    for run in 0..<min(runs, 20) {
        let start = ContinuousClock.now
        _ = await writer.ask("insert \(count + 10 + runs + run) \(-1 - runs - run)")
        var after = DiffableDataSourceSnapshot<String, Int64>()
        after.appendSections([""])
        for try await id in try await store.client.query("SELECT id FROM item ORDER BY position, id LIMIT 50")
            .decode(Int64.self)
        {
            after.appendItems([id], toSection: "")
        }
        consume(BatchUpdate(from: shown, to: after))
        requeries.append((ContinuousClock.now - start).milliseconds)
        shown = after
    }
    return "window rows=\(count) limit=50 enter_ms=\(format(percentile(enters, 0.5))) "
        + "refill_ms=\(format(percentile(refills, 0.5))) held_rows=\(held) "
        + "requery_ms=\(format(percentile(requeries, 0.5)))"
}

/// The items that are members of a collection, through the membership table's key path.
let members = PostgresFetchedResultsRequest<String, Int64>(
    table: "item", item: "id", section: "''", content: ["title"],
    filter: "EXISTS (SELECT 1 FROM membership WHERE name = 'Baking' AND item_id = item.id)",
    ordering: [.ascending("position")],
    keyPaths: [.init(table: "membership", column: "item_id", matches: "id")])

/// The members, read the plain way.
func selectMembers(_ store: PostgresStore) async throws -> [Int64] {
    var ids: [Int64] = []
    for try await id in try await store.client.query(
        """
        SELECT id FROM item WHERE EXISTS (SELECT 1 FROM membership WHERE name = 'Baking' AND item_id = item.id)
        ORDER BY position, id
        """
    ).decode(Int64.self) {
        ids.append(id)
    }
    return ids
}

/// The join line: every item a member but the last `2 × runs`, which the other process adds.
@MainActor
func measureJoin(
    cluster: Cluster, database: String, store: PostgresStore, writer: Writer, count: Int, runs: Int
) async throws -> String {
    let listed = count - 2 * runs
    cluster.psql(
        database,
        "CREATE TABLE membership (name text NOT NULL, item_id bigint NOT NULL, PRIMARY KEY (name, item_id)); INSERT INTO membership SELECT 'Baking', g FROM generate_series(1, \(listed)) g; CREATE INDEX membership_by_item ON membership (item_id); ANALYZE membership"
    )
    // The feed's slot decodes from its restart point, which PostgreSQL moves past a bulk insert
    // only once it logs the running transactions again (every 15 s, or at a checkpoint): until
    // then every read decodes the insert again. The line measures the steady state.
    cluster.psql(database, "CHECKPOINT")
    let controller = FetchedResultsController(store: store, request: members)
    try await controller.performFetch()
    let (view, dataSource) = try await ArrivalView.driven { controller.drive($0) }
    let wholeReads = controller.statistics.wholeReads
    var changes: [Double] = []
    for run in 0..<runs {
        changes.append(
            try await view.milliseconds {
                _ = await writer.ask("member \(listed + 1 + run)")
            })
    }
    let rereads = controller.statistics.wholeReads - wholeReads
    controller.stop()
    var requeries: [Double] = []
    var shown = dataSource.snapshot()
    for run in 0..<min(runs, 7) {
        let start = ContinuousClock.now
        _ = await writer.ask("member \(listed + runs + 1 + run)")
        var after = DiffableDataSourceSnapshot<String, Int64>()
        after.appendSections([""])
        after.appendItems(try await selectMembers(store), toSection: "")
        consume(BatchUpdate(from: shown, to: after))
        requeries.append((ContinuousClock.now - start).milliseconds)
        shown = after
    }
    return "join rows=\(listed) member_change_ms=\(format(percentile(changes, 0.5))) "
        + "requery_ms=\(format(percentile(requeries, 0.5))) rereads=\(rereads)"
}

/// The queries lines: `count` messages over 10,000 channels, lists of one channel each.
@MainActor
func measureQueries(cluster: Cluster, count: Int, lists: [Int], runs: Int) async throws -> [String] {
    let database = "bench_queries_\(count)"
    cluster.psql("postgres", "CREATE DATABASE \(database)")
    cluster.psql(
        database,
        "CREATE TABLE message (id bigint PRIMARY KEY, channel bigint NOT NULL, body text NOT NULL); INSERT INTO message SELECT g, g % 10000, 'Message ' || g FROM generate_series(1, \(count)) g; CREATE INDEX message_by_channel ON message (channel, id); ANALYZE message"
    )
    let configuration = cluster.configuration(database)
    let store = PostgresStore(configuration: configuration)
    let writer = try Writer(configuration)
    defer { writer.process.terminate() }
    var nextID = count + 1
    func measure(
        _ lists: Int, runs: Int,
        filter: (Int) -> (PostgresCondition?, PostgresFetchedResultsRequest<String, Int64>.Partition?)
    )
        async throws -> (cpu: [Double], latency: [Double])
    {
        var controllers: [FetchedResultsController<String, Int64>] = []
        for channel in 0..<lists {
            let (condition, partition) = filter(channel)
            let controller = FetchedResultsController(
                store: store,
                request: PostgresFetchedResultsRequest(
                    table: "message", item: "id", section: "''", content: ["body"], filter: condition,
                    ordering: [.ascending("id")], partition: partition))
            try await controller.performFetch()
            controllers.append(controller)
        }
        let (view, dataSource) = try await ArrivalView.driven { controllers[0].drive($0) }
        let first = nextID
        nextID += runs
        let (cpu, latency) = try await view.cpuAndMilliseconds(runs: runs) { run in
            _ = await writer.ask("message \(first + run)")
        }
        for controller in controllers { controller.stop() }
        withExtendedLifetime(dataSource) {}
        return (cpu, latency)
    }
    var lines: [String] = []
    for lists in lists {
        let routed = try await measure(lists, runs: runs) { (nil, .init(column: "channel", value: "\($0)")) }
        let unrouted = try await measure(lists, runs: max(3, min(runs, 200_000 / lists / 10))) {
            ("channel = \($0)", nil)
        }
        lines.append(
            "queries rows=\(count) lists=\(lists) change_cpu_ms=\(format(percentile(routed.cpu, 0.5))) "
                + "change_p99_ms=\(format(percentile(routed.latency, 0.99))) "
                + "unrouted_cpu_ms=\(format(percentile(unrouted.cpu, 0.5)))")
        print(lines.last!)
    }
    return lines
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "write" {
    guard arguments.count == 5, let port = Int(arguments[2]) else {
        fail("usage: diffable-postgres write HOST PORT DATABASE PASSWORD")
    }
    try await runWriter(
        .init(
            host: arguments[1], port: port, username: "postgres", password: arguments[4],
            database: arguments[3]))
    exit(0)
}
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-postgres",
        abstract: "The store on PostgreSQL, on a throwaway server, against the plain ways of reading it.")

    @Option(help: "Changes timed per figure.")
    var runs = 100

    @Option(help: "Seconds the writer writes as fast as it can, followed (at most 5 alone).")
    var duration = 30

    @Option(help: "The numbers of rows, separated by commas.")
    var sizes = CommaSeparatedCounts([10_000, 100_000, 1_000_000])

    @Option(help: "The numbers of lists of the queries lines (at the largest size), separated by commas.")
    var lists = CommaSeparatedCounts([100, 1_000, 10_000])

    @Option(help: "Inserts timed per queries line.")
    var queryRuns = 100

    func validate() throws {
        guard runs >= 1, duration >= 1 else {
            throw ValidationError("--runs and --duration must be at least 1")
        }
    }
}

let options = Options.parseOrExit(arguments)
let (runs, duration, sizes) = (options.runs, options.duration, options.sizes.values)
let cluster = Cluster()
runningCluster.withLock { $0 = cluster }
var lines: [String] = []
do {
    try cluster.start()
    for size in sizes {
        lines.append(
            try await measure(cluster: cluster, count: size, runs: runs, duration: duration))
    }
    if let largest = sizes.max(), !options.lists.values.isEmpty {
        lines += try await measureQueries(
            cluster: cluster, count: largest, lists: options.lists.values, runs: options.queryRuns)
    }
} catch {
    fail("\(error)")
}
runningCluster.withLock { $0 = nil }
cluster.stop()
for line in lines { print(line) }
