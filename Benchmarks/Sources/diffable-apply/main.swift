// Applies the flat-10pct scenario (100,000 items: 10% deleted, inserted, moved) through
// CollectionViewDiffableDataSource to the validating view, and reports how long the main actor
// was busy against the total time until the completion ran, with the diff on and off the main
// actor. Then expands and collapses an outline section in front of a long flat one with
// `apply(_:to:)`, and reports the time until each apply's completion ran.
//
//   swift run -c release --package-path Benchmarks diffable-apply [--runs N] [--sections-only]

import ArgumentParser
import BenchmarkScenarios
import CMallocInfo
import Diffable
import DiffableTesting
import Foundation

/// Forwards to a validating view and times the main-actor work of each batch update.
@MainActor
final class TimingView: DiffableCollectionView {
    typealias Cell = ValidatingCollectionView.Cell
    typealias SupplementaryView = ValidatingCollectionView.Cell
    let inner = ValidatingCollectionView()
    var batchSeconds = 0.0

    var dataSource: (any CollectionViewDataSource)? {
        get { inner.dataSource }
        set { inner.dataSource = newValue }
    }

    func reloadData() { inner.reloadData() }

    func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        let start = ContinuousClock.now
        inner.performBatchUpdates(update, animatingDifferences: animatingDifferences, completion: nil)
        batchSeconds += (ContinuousClock.now - start).seconds
        completion?(true)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

@MainActor
func measure(offMain: Bool, runs: Int) async -> (main: Double, total: Double, view: Double) {
    let scenario = Scenario.named("flat-10pct")
    let (oldSections, newSections) = scenario.identifiers(Int.self)
    let old = Scenario.snapshot(oldSections)
    let new = Scenario.snapshot(newSections)
    var mains: [Double] = []
    var totals: [Double] = []
    var views: [Double] = []
    for _ in 0..<runs {
        let view = TimingView()
        let registration = CellRegistration<ValidatingCollectionView.Cell, Int> { cell, _, item in
            cell.text = String(item)
        }
        // The inner view asks for cells, so the provider gets the validating view itself.
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(
            collectionView: view as any DiffableCollectionView
        ) {
            view, indexPath, item in
            (view as? ValidatingCollectionView)?.dequeueConfiguredReusableCell(
                using: registration, for: indexPath, item: item)
        }
        dataSource.offMainDiffingThreshold = offMain ? 0 : .max
        dataSource.applySnapshotUsingReloadData(old, completion: nil)
        view.batchSeconds = 0
        let start = ContinuousClock.now
        var callSeconds = 0.0
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let callStart = ContinuousClock.now
            dataSource.apply(new, animatingDifferences: true) { continuation.resume() }
            callSeconds = (ContinuousClock.now - callStart).seconds
        }
        let total = (ContinuousClock.now - start).seconds
        // On the main actor: the apply call itself plus, when the diff ran elsewhere, the commit.
        let main = offMain ? callSeconds + view.batchSeconds : callSeconds
        mains.append(main * 1000)
        totals.append(total * 1000)
        views.append(view.batchSeconds * 1000)
        precondition(view.inner.violations.isEmpty, "the validating view found: \(view.inner.violations)")
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(mains), median(totals), median(views))
}

/// A view that only takes the counts, so that a section apply's time is the data source's own.
@MainActor
final class CountingView: DiffableCollectionView {
    final class Cell {}
    typealias SupplementaryView = Cell
    var dataSource: (any CollectionViewDataSource)?
    var rows = 0

    func reloadData() { count() }

    func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        count()
        completion?(true)
    }

    func count() {
        guard let dataSource else { return }
        rows = (0..<dataSource.numberOfSections(in: self)).reduce(0) {
            $0 + dataSource.collectionView(self, numberOfItemsInSection: $1)
        }
    }
}

/// Milliseconds from `apply(_:to:)` to its completion, median of `runs` expands and as many
/// collapses of one parent of a 50-item outline section placed before a flat section of `count`
/// items.
@MainActor
func measureSectionApply<ID: BenchmarkIdentifier>(_: ID.Type, count: Int, runs: Int) async -> Double {
    var outline = DiffableDataSourceSectionSnapshot<ID>()
    for parent in 0..<10 {
        outline.append([ID(parent)])
        outline.append((0..<4).map { ID(100 + parent * 4 + $0) }, to: ID(parent))
    }
    var snapshot = DiffableDataSourceSnapshot<Int, ID>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems((0..<count).map { ID(1_000 + $0) }, toSection: 1)
    let view = CountingView()
    let dataSource = CollectionViewDiffableDataSource<Int, ID>(collectionView: view) { _, _, _ in
        CountingView.Cell()
    }
    dataSource.applySnapshotUsingReloadData(snapshot, completion: nil)
    dataSource.apply(outline, to: 0, animatingDifferences: false, completion: nil)
    var samples: [Double] = []
    for run in 0..<(2 * runs) {
        var next = outline
        if run % 2 == 0 { next.expand([ID(run / 2 % 10)]) }
        let start = ContinuousClock.now
        await dataSource.apply(next, to: 0, animatingDifferences: true)
        samples.append((ContinuousClock.now - start).seconds * 1000)
        precondition(view.rows == count + (run % 2 == 0 ? 14 : 10), "the view shows \(view.rows) rows")
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// The seed's way to change a list, `var s = dataSource.snapshot(); s.<edit>; dataSource.apply(s)`,
/// on `count` items to a view that only counts: milliseconds from `snapshot()` to the apply's
/// completion, median of `runs`, for each edit, beside building the whole snapshot again from the
/// ids and applying it (`rebuild`); `copy` is the first edit of a shared snapshot less the same
/// edit again on the now unshared one.
@MainActor
func measureSeed(count: Int, runs: Int) async -> String {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<count))
    let view = CountingView()
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in
        CountingView.Cell()
    }
    dataSource.applySnapshotUsingReloadData(snapshot, completion: nil)
    var next = count
    var times: [String: [Double]] = [:]
    func time(_ name: String, _ body: () async -> Void) async {
        let start = ContinuousClock.now
        await body()
        times[name, default: []].append((ContinuousClock.now - start).seconds * 1000)
    }
    for run in 0..<runs {
        let middle = dataSource.snapshot().itemIdentifiers[count / 2 + run]
        await time("reconfigure") {
            var s = dataSource.snapshot()
            s.reconfigureItems([middle])
            await dataSource.apply(s)
        }
        await time("delete") {
            var s = dataSource.snapshot()
            s.deleteItems([middle])
            await dataSource.apply(s)
        }
        await time("append") {
            var s = dataSource.snapshot()
            s.appendItems([next])
            await dataSource.apply(s)
        }
        next += 1
        let ids = dataSource.snapshot().itemIdentifiers
        await time("rebuild") {
            var s = DiffableDataSourceSnapshot<Int, Int>()
            s.appendSections([0])
            s.appendItems(ids)
            await dataSource.apply(s)
        }
        var shared = dataSource.snapshot()
        let (first, second) = (shared.itemIdentifiers[10 + run], shared.itemIdentifiers[11 + run])
        let start = ContinuousClock.now
        shared.deleteItems([first])
        let afterFirst = ContinuousClock.now
        shared.deleteItems([second])
        let afterSecond = ContinuousClock.now
        times["copy", default: []].append(((afterFirst - start) - (afterSecond - afterFirst)).seconds * 1000)
        precondition(view.rows == count, "the view shows \(view.rows) rows, not \(count)")
    }
    // Edits of the shown snapshot are kept beside its storage and written into it every 1,024
    // edits: the mean and the worst of 2,048 deletes in a row, each the seed's three lines.
    var row: [Double] = []
    for step in 0..<2048 {
        let shown = dataSource.snapshot()
        let victim = shown.itemIdentifier(
            at: IndexPath(item: (step &* 7919) % shown.numberOfItems, section: 0))!
        let start = ContinuousClock.now
        var s = dataSource.snapshot()
        s.deleteItems([victim])
        await dataSource.apply(s)
        row.append((ContinuousClock.now - start).seconds * 1000)
    }
    func median(_ name: String) -> String {
        let values = times[name]!.sorted()
        return String(format: "%.2f", values[values.count / 2])
    }
    return "seed n=\(count) reconfigure_ms=\(median("reconfigure")) delete_ms=\(median("delete"))"
        + " append_ms=\(median("append")) rebuild_ms=\(median("rebuild")) copy_ms=\(median("copy"))"
        + String(
            format: " row_of_2048_deletes_mean_ms=%.3f row_max_ms=%.2f", row.reduce(0, +) / Double(row.count),
            row.max()!)
}

/// The cost a page pays for one change of a short list: `var s = dataSource.snapshot();
/// s.reconfigureItems([one]); dataSource.apply(s)` on a 10-item list whose view asks for the
/// reconfigured cell, in microseconds, mean of `count` applies — beside the same reconfigure
/// done by hand to a plain array and a call of the cell provider, the floor any data source pays.
@MainActor
func measureSmall(count: Int) -> String {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(Array(0..<4), toSection: 0)
    snapshot.appendItems(Array(4..<10), toSection: 1)
    let view = CellPullingView()
    var cells = 0
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, item in
        cells &+= item
        return CountingView.Cell()
    }
    dataSource.apply(snapshot, animatingDifferences: false)
    let start = ContinuousClock.now
    for step in 0..<count {
        var s = dataSource.snapshot()
        s.reconfigureItems([step % 10])
        dataSource.apply(s)
    }
    let apply = (ContinuousClock.now - start).seconds * 1e6 / Double(count)
    precondition(view.pulled == count, "the view pulled \(view.pulled) cells for \(count) reconfigures")
    // The floor: the same list as an array, copied, one element marked, the cell made.
    var plain = Array(0..<10)
    let provider: (Int) -> CountingView.Cell = { item in
        cells &+= item
        return CountingView.Cell()
    }
    let baselineStart = ContinuousClock.now
    for step in 0..<count {
        var copy = plain
        copy[step % 10] &+= 0
        plain = copy
        _ = provider(plain[step % 10])
    }
    let baseline = (ContinuousClock.now - baselineStart).seconds * 1e6 / Double(count)
    precondition(cells != 0)
    return String(format: "small items=10 reconfigure_us=%.2f baseline_array_us=%.3f", apply, baseline)
}

/// A view that, like a real one, asks its data source for the cell of each reconfigured item.
@MainActor
final class CellPullingView: DiffableCollectionView {
    typealias Cell = CountingView.Cell
    typealias SupplementaryView = CountingView.Cell
    var dataSource: (any CollectionViewDataSource)?
    var pulled = 0

    func reloadData() {}

    func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        for indexPath in update.reconfiguredItems {
            _ = dataSource?.collectionView(self, cellForItemAt: indexPath)
            pulled += 1
        }
        completion?(true)
    }
}

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-apply",
        abstract: "An apply's main-actor time and an outline's expand and collapse.")

    @Option(help: "Runs per figure.")
    var runs = 7

    @Flag(help: "Only the outline's expand and collapse.")
    var sectionsOnly = false

    @Flag(help: "Only the seed's edits through the data source.")
    var seedOnly = false

    @Flag(help: "Only a short list's reconfigure, the cost a page pays for a change.")
    var smallOnly = false

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }
}

let options = Options.parseOrExit()
let runs = options.runs
let sectionsOnly = options.sectionsOnly
print(measureSmall(count: 200_000))
if options.smallOnly { exit(0) }
// The seed's edits with the allocator as a process starts, then with glibc keeping freed memory:
// a copy of a million-item snapshot is three blocks of 8 to 16 MiB, near glibc's thresholds for
// handing memory back to the kernel, and when it does, the next copy's pages fault in again.
for count in [100_000, 1_000_000] where !sectionsOnly {
    print(await measureSeed(count: count, runs: runs) + " malloc=default")
}
if !sectionsOnly && diffable_keep_freed_memory() != 0 {
    for count in [100_000, 1_000_000] {
        print(await measureSeed(count: count, runs: runs) + " malloc=kept")
    }
}
if options.seedOnly { exit(0) }
if !sectionsOnly {
    print("| diff | main-actor ms | total ms | of which the view's batch update ms |")
    print("|---|---:|---:|---:|")
    for offMain in [false, true] {
        let result = await measure(offMain: offMain, runs: runs)
        print(
            "| \(offMain ? "off the main actor" : "on the main actor") | \(String(format: "%.1f", result.main)) | \(String(format: "%.1f", result.total)) | \(String(format: "%.1f", result.view)) |"
        )
    }
    print()
}
print("| apply(_:to:) before | ids | ms to completion |")
print("|---|---|---:|")
for count in [100_000, 1_000_000] {
    for (label, ms) in [
        (Int.label, await measureSectionApply(Int.self, count: count, runs: runs)),
        (String.label, await measureSectionApply(String.self, count: count, runs: runs)),
    ] {
        print("| \(count.formatted()) items | \(label) | \(String(format: "%.1f", ms)) |")
    }
}
