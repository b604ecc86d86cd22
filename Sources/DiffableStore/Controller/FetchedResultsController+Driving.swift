public import Diffable

/// How states reach data sources and sequences: every data source the controller drives is
/// brought up to date by one task on the main actor, which works out each catch-up once for all
/// the data sources that showed the same state.
extension FetchedResultsController {
    /// Applies every change to a data source, on the main actor, until the controller stops, the
    /// data source goes away or the returned task is cancelled: the first snapshot now (when the
    /// controller has one) with `applySnapshotUsingReloadData` (or, when `reloadingFirst` is
    /// `false`, with an apply diffed against what the data source shows), then, after each change,
    /// the controller's new snapshot with its batch update (no diff, no copy of the rows, whatever
    /// the number of data sources). A data source that fell behind or was applied to meanwhile is
    /// diffed, off the main actor when large, the items whose content changed marked for
    /// reconfiguring.
    ///
    /// One controller drives a data source at a time. To show another request's rows in the
    /// same view (a sidebar choosing what a list shows), cancel the task and drive the data
    /// source from the other controller; controllers kept alive meanwhile stay up to date, so
    /// coming back to one costs no fetch:
    ///
    /// ```swift
    /// driving.cancel()
    /// driving = favorites.drive(dataSource, reloadingFirst: false)  // the list animates
    /// ```
    ///
    /// - Parameters:
    ///   - dataSource: The data source to keep up to date.
    ///   - animatingDifferences: Whether changes animate.
    ///   - reloadingFirst: Whether the first snapshot reloads the view (a first load) or is
    ///     diffed against what it shows (another controller drove it before).
    /// - Returns: The task that stands for the drive; cancel it to stop. Nothing is applied after
    ///   `cancel()` returns.
    /// - Complexity: After each change, O(1) per data source besides its view's work for the
    ///   update, and one catch-up per distinct state shown.
    @MainActor @discardableResult
    public func drive(
        _ dataSource: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, reloadingFirst: Bool = true
    ) -> Task<Void, Never> {
        let (ended, end) = AsyncStream<Void>.makeStream()
        // Lives until cancelled, or until the drive ends (`end` finishes the stream).
        let task = Task { @MainActor in for await _ in ended {} }
        let driven = _Drivers<SectionIdentifierType, ItemIdentifierType>.Driven(
            dataSource: dataSource, animatingDifferences: animatingDifferences,
            reloadingFirst: reloadingFirst,
            task: task, end: end)
        drivers.add(driven, for: self)
        return task
    }

    /// The snapshots, as they change: the current one first, then each new one, with the items
    /// whose content changed since the one before marked with `reconfigureItems`. A consumer
    /// slower than the changes gets the newest, with the marks of those it skipped.
    public func snapshots() -> Snapshots {
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        model.withLock { $0.addListener(continuation) }
        return Snapshots(controller: self, signals: signals)
    }

    /// The snapshots of a controller as an asynchronous sequence: see ``snapshots()``.
    public struct Snapshots: AsyncSequence, Sendable {
        public typealias Element = Snapshot
        let controller: FetchedResultsController
        let signals: AsyncStream<Void>

        public func makeAsyncIterator() -> Iterator {
            Iterator(controller: controller, signals: signals.makeAsyncIterator())
        }

        /// Waits for the next state and returns its snapshot.
        public struct Iterator: AsyncIteratorProtocol {
            let controller: FetchedResultsController
            var signals: AsyncStream<Void>.Iterator
            var shown: Int?

            public mutating func next() async -> Snapshot? {
                while await signals.next() != nil {
                    let shown = shown
                    guard
                        let (version, snapshot) = controller.model.withLock({ model -> (Int, Snapshot)? in
                            guard case .snapshot(let marked)? = model.catchUp(from: shown, base: nil) else {
                                return nil
                            }
                            return (model.version, marked)
                        })
                    else { continue }
                    self.shown = version
                    return snapshot
                }
                return nil
            }
        }
    }
}

/// The data sources a controller drives, and the task that brings them up to date after each
/// change: one task per controller, whatever the number of data sources.
@MainActor
final class _Drivers<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable
{
    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    typealias Controller = FetchedResultsController<SectionIdentifierType, ItemIdentifierType>

    /// One data source driven.
    final class Driven {
        weak var dataSource: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>?
        let animatingDifferences: Bool
        let reloadingFirst: Bool
        /// The task handed to the caller: cancelling it ends the drive.
        let task: Task<Void, Never>
        let end: AsyncStream<Void>.Continuation
        /// The state the data source was last handed, and its snapshot (shared with the
        /// controller's, so holding it costs nothing while the data source shows it).
        var version: Int?
        var snapshot: Snapshot?

        init(
            dataSource: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>,
            animatingDifferences: Bool,
            reloadingFirst: Bool, task: Task<Void, Never>, end: AsyncStream<Void>.Continuation
        ) {
            self.dataSource = dataSource
            self.animatingDifferences = animatingDifferences
            self.reloadingFirst = reloadingFirst
            self.task = task
            self.end = end
        }
    }

    /// A state a data source shows, and whether it holds the controller's snapshot of it (an
    /// update from it needs that base).
    private struct Shown: Hashable {
        var version: Int?
        var hasBase: Bool
    }

    private var driven: [Driven] = []
    /// Waits for the controller's changes while anything is driven.
    private var follower: Task<Void, Never>?

    nonisolated init() {}

    /// Starts driving a data source: brings it up to date now, and after every change.
    func add(_ new: Driven, for controller: Controller) {
        driven.append(new)
        update([new], from: controller)
        guard follower == nil else { return }
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        controller.model.withLock { $0.addListener(continuation) }
        // Holds the drivers until the controller stops or goes away (its listeners end then), or
        // nothing is driven any more.
        follower = Task { @MainActor [weak controller, self] in
            for await _ in signals {
                guard let controller else { break }
                update(driven, from: controller)
                if driven.isEmpty { break }
            }
            follower = nil
            end()
        }
    }

    /// Brings data sources up to date with the controller's state; drops those whose drive ended.
    ///
    /// What each data source is handed is worked out first, under one lock of the controller's
    /// model, and applied after: an apply runs the app's cell providers, which may read the
    /// controller. The catch-up of every data source that showed one state is the same: made once
    /// for each state shown.
    private func update(_ candidates: [Driven], from controller: Controller) {
        typealias CatchUp = _StoreModel<SectionIdentifierType, ItemIdentifierType>.CatchUp
        var ended: [ObjectIdentifier] = []
        var drivens: [Driven] = []
        var dataSources: [DiffableDataSource<SectionIdentifierType, ItemIdentifierType>] = []
        drivens.reserveCapacity(candidates.count)
        dataSources.reserveCapacity(candidates.count)
        for driven in candidates {
            guard !driven.task.isCancelled, let dataSource = driven.dataSource else {
                driven.end.finish()
                ended.append(ObjectIdentifier(driven))
                continue
            }
            drivens.append(driven)
            dataSources.append(dataSource)
        }
        // The first data source keeps a snapshot of its own, edited in place as the controller's
        // is: a change that moves rows then copies nothing when one view shows the list. The
        // others share the controller's snapshot. `plan` gives each data source its catch-up in
        // `catchUps`, or `nil` when it is up to date.
        let first = self.driven.first
        let (current, snapshot, catchUps, plan) = controller.model.withLock {
            model -> (Int, Snapshot?, [CatchUp], [Int?]) in
            guard let fetched = model.fetched else { return (model.version, nil, [], []) }
            var catchUps: [CatchUp] = []
            var plan: [Int?] = []
            plan.reserveCapacity(drivens.count)
            // A catch-up is the same for the same state shown and the same kind of base.
            var madeFrom: [Shown: Int?] = [:]
            for driven in drivens {
                let editsInPlace = driven === first
                let shown = Shown(version: driven.version, hasBase: driven.snapshot != nil)
                if !editsInPlace, let made = madeFrom[shown] {
                    plan.append(made)
                    continue
                }
                var made: Int?
                if let catchUp = model.catchUp(
                    from: driven.version, base: driven.snapshot, editsInPlace: editsInPlace)
                {
                    catchUps.append(catchUp)
                    made = catchUps.count - 1
                }
                if !editsInPlace { madeFrom.updateValue(made, forKey: shown) }  // `nil` too: up to date
                plan.append(made)
            }
            return (model.version, fetched.snapshot, catchUps, plan)
        }
        if let snapshot {
            for (index, step) in plan.enumerated() {
                guard let step else { continue }
                let driven = drivens[index]
                // An apply before may have ended this drive (nothing is applied after `cancel()`).
                guard !driven.task.isCancelled else { continue }
                let dataSource = dataSources[index]
                switch catchUps[step] {
                case .edit(let changes):
                    dataSource.apply(
                        editing: { changes.applyReturningUpdate(to: &$0) },
                        animatingDifferences: driven.animatingDifferences)
                    driven.version = current
                    driven.snapshot = nil  // its own, not the controller's: no base for an update
                    continue
                case .update(let update):
                    dataSource.apply(
                        snapshot, update: update, from: driven.snapshot!,
                        animatingDifferences: driven.animatingDifferences)
                case .snapshot(let marked) where driven.version == nil && driven.reloadingFirst:
                    dataSource.applySnapshotUsingReloadData(marked, completion: nil)
                case .snapshot(let marked):
                    dataSource.apply(
                        marked, animatingDifferences: driven.animatingDifferences, completion: nil)
                }
                driven.version = current
                driven.snapshot = snapshot
            }
        }
        if !ended.isEmpty { driven.removeAll { ended.contains(ObjectIdentifier($0)) } }
    }

    /// Ends every drive: the controller stopped or went away.
    private func end() {
        for driven in driven { driven.end.finish() }
        driven = []
    }
}
