// Applies the flat-10pct scenario (100,000 items: 10% deleted, inserted, moved) through
// CollectionViewDiffableDataSource to the validating view, and reports how long the main actor
// was busy against the total time until the completion ran, with the diff on and off the main
// actor.
//
//   swift run -c release --package-path Benchmarks diffable-apply [--runs N]

import BenchmarkScenarios
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

var runs = 7
if let index = CommandLine.arguments.firstIndex(of: "--runs"), index + 1 < CommandLine.arguments.count {
    runs = Int(CommandLine.arguments[index + 1]) ?? runs
}
print("| diff | main-actor ms | total ms | of which the view's batch update ms |")
print("|---|---:|---:|---:|")
for offMain in [false, true] {
    let result = await measure(offMain: offMain, runs: runs)
    print(
        "| \(offMain ? "off the main actor" : "on the main actor") | \(String(format: "%.1f", result.main)) | \(String(format: "%.1f", result.total)) | \(String(format: "%.1f", result.view)) |"
    )
}
