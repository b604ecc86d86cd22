// The store: a FetchedResultsController on a real SQLite file of 10,000, 100,000 and 1,000,000
// recipes, against the same database read the plain ways, in one run:
//
// - select_id_ms: `SELECT id` with the request's filter and order, fetched into an array: the
//   least any first snapshot costs;
// - first_snapshot_ms: the controller's performFetch(), until its first snapshot is ready;
// - change_to_view_ms: a one-row UPDATE through the controller's pool, from the start of the
//   write to the view's batch update;
// - external_change_ms: the same UPDATE through another connection, which GRDB does not observe:
//   inotify wakes the database's change feed, which reads the change log the triggers wrote in
//   that transaction (another process is seen the same way);
// - naive_change_ms: what GRDB's documentation recommends today, a ValueObservation that fetches
//   every row again, then a diff of the snapshots;
// - diff_ms: the diff alone, between the snapshots before and after such a change;
// - bytes_per_row: memory the controller and the data source keep, per row (allocated bytes).
//
// And a list over two tables, one line per size (`join rows=…`): the recipes of a collection,
// whose memberships are a WITHOUT ROWID table, the request declaring the key path
// recipeCollection.recipeId -> recipe.id:
//
// - member_change_ms: a one-row INSERT into the membership table through another connection, which
//   brings one recipe into the list, until the view's batch update;
// - requery_ms: the naive way, the same INSERT, then the list's query run again and diffed;
// - rereads: whole reads of the list the controller made during the member changes (0: the key
//   path led it to the one recipe).
//
// And commits of many rows at once, one line per size and number of rows (`batch rows=… k=…`):
// k rows given new titles in one transaction by another connection (k = 1, 10, 100, 1,000):
// write_ms the commit itself, apply_ms from its start until the view's batch update, requery_ms
// the naive way for the same commit (every row read again, then a diff), rereads the whole reads
// the controller made (0: every batch was read row by row).
//
// And a window of the first list, one line per size (`window rows=… limit=50`): its first 50 rows
// (`fetchLimit: 50`), every change by another connection:
//
// - enter_ms: an INSERT of a recipe that enters the top 50, until the view's batch update;
// - refill_ms: a DELETE of a row inside the window, which pulls the next one in from the margin;
// - held_rows: the rows the controller holds (the window and its margins);
// - requery_ms: the naive way, the same INSERT, then `SELECT … LIMIT 50` again and diffed.
//
// And a list too long to hold, one line per size (`viewport rows=…`): see Viewport.swift.
//
// And many lists on one table, one line per number of lists (`queries rows=… lists=…`): a list per
// channel (`partition: channel = c`) of a table of messages, a one-row INSERT into one channel by
// another connection:
//
// - change_cpu_ms: this process's CPU per insert (median), the write included;
// - change_p99_ms: from the start of the write until that channel's view has its batch update;
// - filter_cpu_ms: the same lists with `channel = c` as a plain filter, which every change
//   reaches: the feed evaluates the lists' filters on the changed row in one statement per 500
//   lists, and only the list it holds for reads (median of fewer runs).
//
//   swift run -c release --package-path Benchmarks diffable-store [--runs N] [--sizes 10000,100000]

import ArgumentParser
import BenchmarkOptions
import BenchmarkScenarios
import CMallocInfo
import Diffable
import DiffableGRDB
import Foundation
import GRDB
import Synchronization

/// Bytes the allocator has handed out and not taken back: unlike the resident set, it falls when
/// memory is freed, so earlier runs do not hide what the controller keeps.
func allocatedBytes() -> Int { Int(diffable_allocated_bytes()) }

func medianOf(_ samples: [Double]) -> Double {
    samples.sorted()[samples.count / 2]
}

func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

let collections = (0..<20).map { "Collection \($0)" }
let request = FetchedResultsRequest<String, Int64>(
    table: "recipe", item: Column("id"), section: Column("collection"),
    content: [Column("title"), Column("minutes"), Column("isFavorite")],
    filter: Column("isArchived") == false, ordering: [.ascending(Column("title"))])
let orderedRows = "FROM recipe WHERE NOT isArchived ORDER BY collection, title, rowid"

/// A pool on a new file in a new directory, and the file's path.
func makePool() throws -> (DatabasePool, String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-store-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("store.sqlite").path
    return (try DatabasePool(path: path), path)
}

/// Another connection to the file, as another process would write through: it waits for the
/// store's own writes (its change log's pruning) instead of failing at once.
func otherConnection(_ path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    return try DatabaseQueue(path: path, configuration: configuration)
}

/// A database of `count` recipes in a new directory.
func makeDatabase(count: Int) throws -> (DatabasePool, String) {
    let (pool, path) = try makePool()
    try pool.write { db in
        try db.execute(
            sql: """
                CREATE TABLE recipe(id INTEGER PRIMARY KEY, collection TEXT NOT NULL, title TEXT NOT NULL,
                    minutes INTEGER NOT NULL, isFavorite INTEGER NOT NULL, isArchived INTEGER NOT NULL);
                """)
        let insert = try db.makeStatement(sql: "INSERT INTO recipe VALUES (?, ?, ?, ?, ?, 0)")
        var generator = SystemRandomNumberGenerator()
        for id in 1...count {
            try insert.execute(arguments: [
                id, collections[id % collections.count],
                "Recipe \(UInt32.random(in: 0...UInt32.max, using: &generator))", id % 90, id % 7 == 0,
            ])
        }
        try db.execute(sql: "CREATE INDEX recipe_order ON recipe(collection, title)")
    }
    return (pool, path)
}

/// Adds a minute to a recipe through `writer`: its content changes, not its place.
func bumpMinutes(of id: Int64, through writer: some DatabaseWriter) async throws {
    try await writer.write {
        try $0.execute(sql: "UPDATE recipe SET minutes = minutes + 1 WHERE id = ?", arguments: [id])
    }
}

/// GRDB's recommendation today: a ValueObservation of every row (the content columns too, or an
/// UPDATE of a cell's content is not seen), made into a snapshot and diffed; the milliseconds from
/// the start of each write to the end of the diff of the value that shows it.
func naiveChanges(in pool: DatabasePool, count: Int, runs: Int) async throws -> [Double] {
    /// The row each write changes, and the minutes each value saw it with.
    let probe = Mutex<Int64>(1)
    let previous = Mutex(DiffableDataSourceSnapshot<String, Int64>())
    let finished = Mutex<[(minutes: Int, at: ContinuousClock.Instant)]>([])
    let observation = ValueObservation.tracking { db in
        var snapshot = DiffableDataSourceSnapshot<String, Int64>()
        var section: String?
        var items: [Int64] = []
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, collection, title, minutes, isFavorite \(orderedRows)")
        while let row = try rows.next() {
            let rowSection: String = row[1]
            if rowSection != section {
                if let section {
                    snapshot.appendSections([section])
                    snapshot.appendItems(items, toSection: section)
                }
                section = rowSection
                items.removeAll(keepingCapacity: true)
            }
            items.append(row[0])
        }
        if let section {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        let id = probe.withLock { $0 }
        let minutes =
            try Int.fetchOne(db, sql: "SELECT minutes FROM recipe WHERE id = ?", arguments: [id]) ?? -1
        return (snapshot, minutes)
    }
    let cancellable = observation.start(
        in: pool, scheduling: .async(onQueue: .global()), onError: { _ in },
        onChange: { snapshot, minutes in
            let old = previous.withLock { old in
                defer { old = snapshot }
                return old
            }
            consume(BatchUpdate(from: old, to: snapshot))
            finished.withLock { $0.append((minutes, .now)) }
        })
    defer { cancellable.cancel() }
    var samples: [Double] = []
    for run in 0..<runs {
        let id = Int64(count / 4 + run)
        probe.withLock { $0 = id }
        let minutes =
            try await pool.read {
                try Int.fetchOne($0, sql: "SELECT minutes FROM recipe WHERE id = ?", arguments: [id])
            } ?? 0
        let start = ContinuousClock.now
        try await bumpMinutes(of: id, through: pool)
        // The value that shows this write: an older fetch still on its way does not count.
        while true {
            if let arrival = finished.withLock({ $0.first { $0.minutes == minutes + 1 } }) {
                samples.append((arrival.at - start).milliseconds)
                break
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        finished.withLock { $0.removeAll() }
    }
    return samples
}

@MainActor
func measure(count: Int, runs: Int) async throws -> String {
    let (pool, path) = try makeDatabase(count: count)
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    var selects: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        let ids = try await pool.read { try Int64.fetchAll($0, sql: "SELECT id \(orderedRows)") }
        selects.append((ContinuousClock.now - start).milliseconds)
        consume(ids)
    }

    var firsts: [Double] = []
    for _ in 0..<runs {
        let controller = FetchedResultsController(database: pool, request: request)
        let start = ContinuousClock.now
        try await controller.performFetch()
        firsts.append((ContinuousClock.now - start).milliseconds)
        controller.stop()
    }

    let memoryBefore = allocatedBytes()
    let controller = FetchedResultsController(database: pool, request: request)
    try await controller.performFetch()
    let (view, dataSource) = try await ArrivalView.driven { controller.drive($0) }
    let bytesPerRow = (allocatedBytes() - memoryBefore) / count

    var inProcess: [Double] = []
    for run in 0..<runs {
        inProcess.append(
            try await view.milliseconds { try await bumpMinutes(of: Int64(count / 2 + run), through: pool) })
    }
    var external: [Double] = []
    let other = try otherConnection(path)
    for run in 0..<runs {
        external.append(
            try await view.milliseconds { try await bumpMinutes(of: Int64(count / 3 + run), through: other) })
    }
    batchLines = try await measureBatches(
        pool: pool, other: other, controller: controller, view: view, count: count, runs: runs)
    let snapshot = controller.snapshot
    controller.stop()
    withExtendedLifetime(dataSource) {}  // the view and the drive hold it weakly

    let naive = try await naiveChanges(in: pool, count: count, runs: runs)
    windowLine = try await measureWindow(pool: pool, other: other, count: count, runs: runs)

    var changed = snapshot
    changed.moveItem(snapshot.itemIdentifiers[count / 2], afterItem: snapshot.itemIdentifiers[count / 2 + 10])
    let diff = median(runs: runs) { consume(BatchUpdate(from: snapshot, to: changed)) }

    print(
        "rows=\(count): first snapshot / SELECT id = \(format(medianOf(firsts) / medianOf(selects))); "
            + "external / in-process = \(format(medianOf(external) / medianOf(inProcess))); "
            + "diff \(format(diff)) ms; "
            + "naive / in-process = \(naive.isEmpty ? "-" : format(medianOf(naive) / medianOf(inProcess)))")
    return "store rows=\(count) select_id_ms=\(format(medianOf(selects))) "
        + "first_snapshot_ms=\(format(medianOf(firsts))) change_to_view_ms=\(format(medianOf(inProcess))) "
        + "external_change_ms=\(format(medianOf(external))) "
        + "naive_change_ms=\(naive.isEmpty ? "skipped" : format(medianOf(naive))) bytes_per_row=\(bytesPerRow)"
}

/// The `window` line of the last ``measure(count:runs:)``, made on its database.
var windowLine = ""
/// The `batch` lines of the last ``measure(count:runs:)``.
var batchLines: [String] = []

/// Commits of k rows at once by another connection, each row given a new title (so a new place in
/// the list), for k = 1, 10, 100 and 1,000: the milliseconds of the commit, and from its start
/// until the view's batch update (medians), beside the naive way for the same commit, every row
/// read again into a snapshot and diffed against the one before.
@MainActor
func measureBatches(
    pool: DatabasePool, other: DatabaseQueue, controller: FetchedResultsController<String, Int64>,
    view: ArrivalView, count: Int, runs: Int
) async throws -> [String] {
    var generator = SystemRandomNumberGenerator()
    func retitle(_ k: Int) async throws {
        let ids = (0..<k).map { _ in Int64.random(in: 1...Int64(count), using: &generator) }
        let titles = (0..<k).map { _ in "Recipe \(UInt32.random(in: 0...UInt32.max, using: &generator))" }
        try await other.write { db in
            for (id, title) in zip(ids, titles) {
                try db.execute(sql: "UPDATE recipe SET title = ? WHERE id = ?", arguments: [title, id])
            }
        }
    }
    var lines: [String] = []
    for k in [1, 10, 100, 1_000] where k <= count {
        let readsBefore = controller.statistics.wholeReads
        var applied: [Double] = []
        var written: [Double] = []
        for _ in 0..<runs {
            let (write, update) = try await view.writeAndUpdateMilliseconds { try await retitle(k) }
            written.append(write)
            applied.append(update)
        }
        let rereads = controller.statistics.wholeReads - readsBefore
        var requeried: [Double] = []
        for _ in 0..<min(runs, 3) {
            let before = controller.snapshot
            let start = ContinuousClock.now
            try await retitle(k)
            let after = try await pool.read { db in
                var snapshot = DiffableDataSourceSnapshot<String, Int64>()
                let rows = try Row.fetchCursor(db, sql: "SELECT id, collection \(orderedRows)")
                var section: String?
                while let row = try rows.next() {
                    let rowSection: String = row[1]
                    if rowSection != section {
                        snapshot.appendSections([rowSection])
                        section = rowSection
                    }
                    snapshot.appendItems([row[0]], toSection: rowSection)
                }
                return snapshot
            }
            consume(BatchUpdate(from: before, to: after))
            requeried.append((ContinuousClock.now - start).milliseconds)
            // The controller's own update for it, before the next run.
            let deadline = ContinuousClock.now + .seconds(5)
            while controller.snapshot.itemIdentifiers == before.itemIdentifiers,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        lines.append(
            "batch rows=\(count) k=\(k) write_ms=\(format(medianOf(written))) "
                + "apply_ms=\(format(medianOf(applied))) requery_ms=\(format(medianOf(requeried))) rereads=\(rereads)"
        )
    }
    return lines
}

/// The first 50 rows of `request`, changed by another connection: rows that enter it, and
/// deletes inside it.
@MainActor
func measureWindow(pool: DatabasePool, other: DatabaseQueue, count: Int, runs: Int) async throws -> String {
    var top = request
    top.fetchLimit = 50
    let controller = FetchedResultsController(database: pool, request: top)
    try await controller.performFetch()
    let (view, dataSource) = try await ArrivalView.driven { controller.drive($0) }
    func insertFirst(_ run: Int) async throws {
        // "A…" sorts before every "Recipe …" of the first collection.
        try await other.write {
            try $0.execute(
                sql: "INSERT INTO recipe VALUES (?, 'Collection 0', ?, 1, 0, 0)",
                arguments: [count + 1_000 + run, "A \(runs - run)"])
        }
    }
    var enters: [Double] = []
    for run in 0..<runs { enters.append(try await view.milliseconds { try await insertFirst(run) }) }
    var refills: [Double] = []
    for _ in 0..<runs {
        let inside = controller.snapshot.itemIdentifiers[25]
        refills.append(
            try await view.milliseconds {
                try await other.write {
                    try $0.execute(sql: "DELETE FROM recipe WHERE id = ?", arguments: [inside])
                }
            })
    }
    let held = controller.statistics.heldRows
    controller.stop()
    withExtendedLifetime(dataSource) {}

    var requeries: [Double] = []
    let topRows = "SELECT id \(orderedRows) LIMIT 50"
    let fetchTop: @Sendable (Database) throws -> DiffableDataSourceSnapshot<String, Int64> = { db in
        var snapshot = DiffableDataSourceSnapshot<String, Int64>()
        snapshot.appendSections([""])
        snapshot.appendItems(try Int64.fetchAll(db, sql: topRows))
        return snapshot
    }
    var shown = try await pool.read(fetchTop)
    for run in 0..<runs {
        let start = ContinuousClock.now
        try await insertFirst(runs + run)
        let snapshot = try await pool.read(fetchTop)
        consume(BatchUpdate(from: shown, to: snapshot))
        requeries.append((ContinuousClock.now - start).milliseconds)
        shown = snapshot
    }
    return "window rows=\(count) limit=50 enter_ms=\(format(medianOf(enters))) "
        + "refill_ms=\(format(medianOf(refills))) held_rows=\(held) requery_ms=\(format(medianOf(requeries)))"
}

/// A list of `count` recipes that are members of a collection, among `count + extra` recipes.
func makeMembershipDatabase(count: Int, extra: Int) throws -> (DatabasePool, String) {
    let (pool, path) = try makePool()
    try pool.write { db in
        try db.execute(
            sql: """
                CREATE TABLE recipe(id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                CREATE TABLE recipeCollection(name TEXT NOT NULL, recipeId INTEGER NOT NULL,
                    PRIMARY KEY(name, recipeId)) WITHOUT ROWID;
                CREATE INDEX recipeCollection_byRecipe ON recipeCollection(recipeId);
                """)
        let recipe = try db.makeStatement(sql: "INSERT INTO recipe VALUES (?, ?)")
        let member = try db.makeStatement(sql: "INSERT INTO recipeCollection VALUES ('Baking', ?)")
        var generator = SystemRandomNumberGenerator()
        for id in 1...(count + extra) {
            try recipe.execute(arguments: [
                id, "Recipe \(UInt32.random(in: 0...UInt32.max, using: &generator))",
            ])
            if id <= count { try member.execute(arguments: [id]) }
        }
        try db.execute(sql: "CREATE INDEX recipe_byTitle ON recipe(title)")
    }
    return (pool, path)
}

let members = FetchedResultsRequest<String, Int64>(
    table: "recipe", item: Column("id"), section: "".databaseValue,
    filter: SQL("EXISTS (SELECT 1 FROM recipeCollection WHERE name = 'Baking' AND recipeId = recipe.id)"),
    ordering: [.ascending(Column("title"))],
    keyPaths: [.init(table: "recipeCollection", column: "recipeId", matches: Column("id"))])

/// The members, as the naive way reads them: the query again, into a snapshot.
func fetchMembers(_ db: Database) throws -> DiffableDataSourceSnapshot<String, Int64> {
    var snapshot = DiffableDataSourceSnapshot<String, Int64>()
    snapshot.appendSections([""])
    snapshot.appendItems(
        try Int64.fetchAll(
            db,
            sql: """
                SELECT id FROM recipe
                WHERE EXISTS (SELECT 1 FROM recipeCollection WHERE name = 'Baking' AND recipeId = recipe.id)
                ORDER BY title, rowid
                """))
    return snapshot
}

@MainActor
func measureJoin(count: Int, runs: Int) async throws -> String {
    let (pool, path) = try makeMembershipDatabase(count: count, extra: 2 * runs)
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let other = try otherConnection(path)
    func addMember(_ id: Int) async throws {
        try await other.write {
            try $0.execute(sql: "INSERT INTO recipeCollection VALUES ('Baking', ?)", arguments: [id])
        }
    }

    let controller = FetchedResultsController(database: pool, request: members)
    try await controller.performFetch()
    let (view, dataSource) = try await ArrivalView.driven { controller.drive($0) }
    let wholeReads = controller.statistics.wholeReads
    var changes: [Double] = []
    for run in 0..<runs {
        changes.append(try await view.milliseconds { try await addMember(count + 1 + run) })
    }
    let rereads = controller.statistics.wholeReads - wholeReads
    // Beside it, a row arriving in the list as a new recipe would, at a random place: a member
    // inserted with its recipe, in one transaction (what a member change costs besides finding
    // its row).
    var inserts: [Double] = []
    for run in 0..<runs {
        let id = count + 3 * runs + 1 + run
        let title = "Recipe \(UInt32.random(in: 0...UInt32.max))"
        inserts.append(
            try await view.milliseconds {
                try await other.write { db in
                    try db.execute(sql: "INSERT INTO recipe VALUES (?, ?)", arguments: [id, title])
                    try db.execute(sql: "INSERT INTO recipeCollection VALUES ('Baking', ?)", arguments: [id])
                }
            })
    }
    controller.stop()
    withExtendedLifetime(dataSource) {}  // the view and the drive hold it weakly
    print(
        "rows=\(count): member change / new member recipe = \(format(medianOf(changes) / medianOf(inserts)))")

    var requeries: [Double] = []
    var shown = try await pool.read(fetchMembers)
    for run in 0..<runs {
        let start = ContinuousClock.now
        try await addMember(count + runs + 1 + run)
        let snapshot = try await pool.read(fetchMembers)
        consume(BatchUpdate(from: shown, to: snapshot))
        requeries.append((ContinuousClock.now - start).milliseconds)
        shown = snapshot
    }
    return "join rows=\(count) member_change_ms=\(format(medianOf(changes))) "
        + "requery_ms=\(format(medianOf(requeries))) rereads=\(rereads)"
}

/// `count` messages over 10,000 channels, and the `queries` line for each number of lists.
@MainActor
func measureQueries(count: Int, lists: [Int], runs: Int) async throws -> [String] {
    let (pool, path) = try makePool()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    try await pool.write { db in
        try db.execute(
            sql: """
                CREATE TABLE message(id INTEGER PRIMARY KEY, channel INTEGER NOT NULL, body TEXT NOT NULL);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO message SELECT i, i % 10000, 'Message ' || i FROM n;
                CREATE INDEX message_byChannel ON message(channel, id);
                """)
    }
    let other = try otherConnection(path)
    var nextID = count + 1
    /// The CPU and the time to the view of one insert into channel 0, for lists made by `request`.
    func measure(_ lists: Int, runs: Int, request: (Int) -> FetchedResultsRequest<String, Int64>)
        async throws -> (cpu: [Double], latency: [Double])
    {
        var controllers: [FetchedResultsController<String, Int64>] = []
        for channel in 0..<lists {
            let controller = FetchedResultsController(database: pool, request: request(channel))
            try await controller.performFetch()
            controllers.append(controller)
        }
        let (view, dataSource) = try await ArrivalView.driven { controllers[0].drive($0) }
        let first = nextID
        nextID += runs
        let (cpu, latency) = try await view.cpuAndMilliseconds(runs: runs) { run in
            try await other.write {
                try $0.execute(sql: "INSERT INTO message VALUES (?, 0, 'New')", arguments: [first + run])
            }
        }
        for controller in controllers { controller.stop() }
        withExtendedLifetime(dataSource) {}
        return (cpu, latency)
    }
    var lines: [String] = []
    for lists in lists {
        let routed = try await measure(lists, runs: runs) { channel in
            FetchedResultsRequest(
                table: "message", item: Column("id"), section: "".databaseValue, content: [Column("body")],
                ordering: [.ascending(Column("id"))], partition: .init(column: "channel", value: channel))
        }
        let filtered = try await measure(lists, runs: max(3, min(runs, 200_000 / lists / 10))) { channel in
            FetchedResultsRequest(
                table: "message", item: Column("id"), section: "".databaseValue, content: [Column("body")],
                filter: Column("channel") == channel, ordering: [.ascending(Column("id"))])
        }
        let sorted = routed.latency.sorted()
        lines.append(
            "queries rows=\(count) lists=\(lists) change_cpu_ms=\(format(medianOf(routed.cpu))) "
                + "change_p99_ms=\(format(sorted[min(sorted.count - 1, sorted.count * 99 / 100)])) "
                + "filter_cpu_ms=\(format(medianOf(filtered.cpu)))")
        print(lines.last!)
    }
    return lines
}

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-store", abstract: "The store on SQLite against the plain ways of reading it.")

    @Option(help: "Runs per figure.")
    var runs = 7

    @Option(help: "The numbers of recipes, separated by commas.")
    var sizes = CommaSeparatedCounts([10_000, 100_000, 1_000_000])

    @Option(help: "The numbers of lists of the queries lines (at the largest size), separated by commas.")
    var lists = CommaSeparatedCounts([100, 1_000, 10_000])

    @Option(help: "Inserts timed per queries line.")
    var queryRuns = 100

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }
}

let options = Options.parseOrExit()
let runs = options.runs
let sizes = options.sizes.values
var lines: [String] = []
for size in sizes {
    lines.append(try await measure(count: size, runs: runs))
    lines += batchLines
    lines.append(windowLine)
    lines.append(try await measureJoin(count: size, runs: runs))
    lines.append(try await measureViewport(count: size, runs: runs))
}
if let largest = sizes.max(), !options.lists.values.isEmpty {
    lines += try await measureQueries(count: largest, lists: options.lists.values, runs: options.queryRuns)
}
for line in lines { print(line) }
