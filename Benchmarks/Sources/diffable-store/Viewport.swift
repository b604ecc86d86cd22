// The `viewport` line: a list of `count` rows shown through a WindowedCollectionViewDataSource,
// which holds a window of 200 rows around where the view looks and knows the count of all.
//
// - scroll_ms: the window moved on by half its size (the rows not held read by the order's index),
//   until the view's batch update;
// - jump_ms: the window moved to a far place (read by position: `LIMIT … OFFSET …`);
// - change_ms: with the window in the middle, a row before it moved after it by another
//   connection: the window's rows shift by one, until the view's batch update;
// - counts: the counts of rows the controller made for those changes (0: the change record
//   placed each row);
// - requery_ms: the naive way, the same UPDATE, then the window's `SELECT … LIMIT … OFFSET …` and
//   `count(*)` again, and a diff.

import BenchmarkScenarios
import Diffable
import DiffableGRDB
import Foundation
import GRDB

@MainActor
func measureViewport(count: Int, runs: Int) async throws -> String {
    let (pool, path) = try makePool()
    try await pool.write { db in
        try db.execute(
            sql: """
                CREATE TABLE item(id INTEGER PRIMARY KEY, score INTEGER NOT NULL);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO item SELECT i, abs(random()) % 1000000000 + 1 FROM n;
                CREATE INDEX item_score ON item(score DESC);
                """)
    }
    let limit = 200
    let request = FetchedResultsRequest<String, Int64>(
        table: "item", item: Column("id"), section: "".databaseValue, content: [Column("score")],
        ordering: [.descending(Column("score"))], fetchLimit: limit)
    let controller = FetchedResultsController(database: pool, request: request)
    try await controller.performFetch()
    let view = ArrivalView()
    let dataSource = WindowedCollectionViewDataSource(
        collectionView: view as any DiffableCollectionView, controller: controller,
        cellProvider: { _, _, _ in view },
        placeholderProvider: { _, _ in view })
    dataSource.animatingDifferences = false
    while dataSource.numberOfItems < count { try await Task.sleep(for: .milliseconds(1)) }

    var jumps: [Double] = []
    var scrolls: [Double] = []
    for run in 0..<runs {
        let far = count / 4 + run * (count / 2 / max(runs, 1))
        jumps.append(try await view.milliseconds { dataSource.moveWindow(around: far) })
        let ahead = dataSource.windowOffset + dataSource.windowItems.count - 1
        scrolls.append(try await view.milliseconds { dataSource.moveWindow(around: ahead) })
    }
    _ = try await view.milliseconds { dataSource.moveWindow(around: count / 2) }
    let middle = dataSource.windowOffset
    let other = try otherConnection(path)
    let counted = controller.statistics.rowCounts
    // Rows far before the window, moved to the end: the window's rows shift by one.
    func moveToEnd(_ run: Int) async throws {
        try await other.write { db in
            try db.execute(
                sql: "UPDATE item SET score = 0 WHERE id = (SELECT id FROM item ORDER BY score DESC LIMIT 1)")
        }
    }
    var changes: [Double] = []
    for run in 0..<runs { changes.append(try await view.milliseconds { try await moveToEnd(run) }) }
    let counts = controller.statistics.rowCounts - counted
    controller.stop()
    withExtendedLifetime(dataSource) {}

    var requeries: [Double] = []
    let window = "SELECT id FROM item ORDER BY score DESC, rowid LIMIT \(limit) OFFSET \(middle)"
    let read: @Sendable (Database) throws -> (DiffableDataSourceSnapshot<String, Int64>, Int) = { db in
        var snapshot = DiffableDataSourceSnapshot<String, Int64>()
        snapshot.appendSections([""])
        snapshot.appendItems(try Int64.fetchAll(db, sql: window))
        return (snapshot, try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0)
    }
    var (shown, _) = try await pool.read(read)
    for run in 0..<runs {
        let start = ContinuousClock.now
        try await moveToEnd(runs + run)
        let (snapshot, _) = try await pool.read(read)
        consume(BatchUpdate(from: shown, to: snapshot))
        requeries.append((ContinuousClock.now - start).milliseconds)
        shown = snapshot
    }
    return "viewport rows=\(count) limit=\(limit) scroll_ms=\(format(medianOf(scrolls))) "
        + "jump_ms=\(format(medianOf(jumps))) change_ms=\(format(medianOf(changes))) counts=\(counts) "
        + "requery_ms=\(format(medianOf(requeries)))"
}
