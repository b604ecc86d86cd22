public import Diffable

/// A view that takes each batch update at once and notes when it came.
@MainActor
public final class ArrivalView: DiffableCollectionView {
    public typealias Cell = ArrivalView
    public typealias SupplementaryView = ArrivalView
    public weak var dataSource: (any CollectionViewDataSource)?
    public var arrivals: [ContinuousClock.Instant] = []

    public func reloadData() {}

    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        arrivals.append(.now)
        completion?(true)
    }

    public init() {}

    /// A view and a data source on it, handed to `drive` (a store controller's `drive(_:)`), once
    /// the data source shows the first rows.
    public static func driven(
        by drive: (CollectionViewDiffableDataSource<String, Int64>) -> Void
    ) async throws -> (ArrivalView, CollectionViewDiffableDataSource<String, Int64>) {
        let view = ArrivalView()
        let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) { _, _, _ in
            view
        }
        drive(dataSource)
        while dataSource.snapshot().numberOfItems == 0 { try await Task.sleep(for: .milliseconds(1)) }
        return (view, dataSource)
    }

    /// Runs `write` and waits for the next batch update; the milliseconds between them. The view
    /// notes the time itself, so the wait's own granularity does not count.
    public func milliseconds(until write: () async throws -> Void) async throws -> Double {
        let arrived = arrivals.count
        let start = ContinuousClock.now
        try await write()
        while arrivals.count == arrived { try await Task.sleep(for: .microseconds(100)) }
        return (arrivals[arrived] - start).milliseconds
    }

    /// Runs `write` and waits for the next batch update: the milliseconds the write took, and
    /// from its start until the update.
    public func writeAndUpdateMilliseconds(_ write: () async throws -> Void) async throws -> (
        write: Double, update: Double
    ) {
        var written = 0.0
        let update = try await milliseconds {
            let start = ContinuousClock.now
            try await write()
            written = (ContinuousClock.now - start).milliseconds
        }
        return (written, update)
    }

    /// Runs `write` `runs` times, numbered from 0, each until the view's next batch update: this
    /// process's CPU milliseconds for each, and the milliseconds until its update.
    public func cpuAndMilliseconds(runs: Int, until write: (Int) async throws -> Void) async throws -> (
        cpu: [Double], latency: [Double]
    ) {
        var cpu: [Double] = []
        var latency: [Double] = []
        for run in 0..<runs {
            let start = processCPUMilliseconds()
            latency.append(try await milliseconds { try await write(run) })
            cpu.append(processCPUMilliseconds() - start)
        }
        return (cpu, latency)
    }
}
