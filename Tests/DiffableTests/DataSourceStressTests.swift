import DiffableTesting
import Foundation
import Testing

/// Counts completions and remembers the last snapshot handed to the data source.
@MainActor
final class ApplyLog {
    var completions: [Int] = []
    var issued = 0
    var lastApplied: DiffableDataSourceSnapshot<String, Int>?

    func issue(_ snapshot: DiffableDataSourceSnapshot<String, Int>) -> Int {
        issued += 1
        lastApplied = snapshot
        return issued
    }
}

func randomSnapshot(using rng: inout SeededRandom) -> DiffableDataSourceSnapshot<String, Int> {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    let sections = ["A", "B", "C", "D"].filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
    snapshot.appendSections(sections.shuffled(using: &rng))
    for section in snapshot.sectionIdentifiers {
        let items = (0..<Int.random(in: 0..<120, using: &rng)).map { _ in Int.random(in: 0..<600, using: &rng)
        }
        _ = try? snapshot.appendItemsDroppingDuplicates(items, toSection: section)
    }
    return snapshot
}

@Suite("Data source under load")
struct DataSourceStressTests {
    @Test(arguments: [false, true])
    func thousandsOfConcurrentAppliesEndOnTheLastSnapshot(coalescing: Bool) async {
        let (view, dataSource) = await MainActor.run { makeDataSource(animationMode: .deferred) }
        let log = await MainActor.run { ApplyLog() }
        await MainActor.run {
            dataSource.coalescesApplies = coalescing
            dataSource.offMainDiffingThreshold = 150  // some diffs run off the main actor
        }
        let seed = SeededRandom.baseSeed()
        let steps = SeededRandom.caseCount(200)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var rng = SeededRandom(seed: seed &+ UInt64(task))
                    for step in 0..<steps {
                        let snapshot = randomSnapshot(using: &rng)
                        let animated = step % 3 != 0
                        await MainActor.run {
                            let id = log.issue(snapshot)
                            dataSource.apply(snapshot, animatingDifferences: animated) {
                                log.completions.append(id)
                            }
                        }
                        if step % 16 == 0 { await Task.yield() }
                    }
                }
            }
        }
        // Let the queue drain: deferred animations and off-main diffs finish on later turns.
        for _ in 0..<100_000 {
            let idle = await MainActor.run { !dataSource.isApplying && dataSource.pendingApplyCount == 0 }
            if idle { break }
            try? await Task.sleep(for: .milliseconds(1))
        }
        await MainActor.run {
            let comment = Comment(rawValue: "DIFFABLE_SEED=\(seed) coalescing=\(coalescing)")
            #expect(log.issued == 16 * steps, comment)
            #expect(log.completions.count == 16 * steps, comment)
            #expect(Set(log.completions).count == 16 * steps, comment)  // every completion ran exactly once
            #expect(log.completions == log.completions.sorted(), comment)  // in call order
            #expect(dataSource.snapshot() == log.lastApplied, comment)
            let shown = view.itemIdentifiers(as: Int.self)
            let expected = log.lastApplied!.sectionIdentifiers.map {
                log.lastApplied!.itemIdentifiers(inSection: $0)
            }
            #expect(shown == expected, comment)
            #expect(view.violations.isEmpty, comment)
        }
    }
}

@Suite("Data source traps")
struct DataSourceTrapTests {
    @Test func cellProviderReturningNilTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let view = ValidatingCollectionView()
                let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
                    _, _, _ in nil
                }
                var snapshot = DiffableDataSourceSnapshot<Int, String>()
                snapshot.appendSections([0])
                snapshot.appendItems(["lonely-item"])
                dataSource.apply(snapshot)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("cell provider returned nil"))
        #expect(message.contains("'lonely-item'"))
    }
}
