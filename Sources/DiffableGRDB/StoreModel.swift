#if GRDB
    import Diffable

    /// The state a ``FetchedResultsController`` keeps under its lock: the rows shown and how they
    /// came to be, what the current transaction changed, and who is listening.
    struct _StoreModel<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
        typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
        typealias Changes = _StoreChanges<SectionIdentifierType, ItemIdentifierType>

        /// One step from the previous state to the next.
        struct Step: Sendable {
            /// The state it leads to.
            var version: Int
            /// The commit's changes, when the step was one commit read row by row; `nil` for a
            /// whole fetch.
            var changes: Changes?
            /// The items present before and after whose content changed.
            var reconfigured: [ItemIdentifierType]
        }

        /// How far back ``history`` goes: a listener further behind reconfigures every item.
        static var historyLimit: Int { 64 }

        /// The rows shown; `nil` until the first fetch succeeds.
        var fetched: _FetchedRows<SectionIdentifierType, ItemIdentifierType>?
        /// Counts the states shown, so that a listener knows how far behind it is.
        var version = 0
        /// The last steps, oldest first.
        var history: [Step] = []
        /// Rows of the table the current transaction inserted, updated or deleted.
        var pendingRowIDs = Set<Int64>()
        /// Whether the next change must be read by fetching every row: after an error, or after a
        /// commit made while a whole fetch was under way.
        var needsRefetch = false
        /// Whether a whole fetch is under way.
        var isRefetching = false
        /// SQLite's `PRAGMA data_version` on the writer's connection, last time it was read: it
        /// changes when another connection commits.
        var dataVersion: Int?
        /// Whether a look for other connections' commits is on its way.
        var isCheckScheduled = false
        var isStarted = false
        var isFinished = false

        private var listeners: [AsyncStream<Void>.Continuation] = []
        /// Told of each step as it is made, under the lock.
        private var stepObservers: [@Sendable (Step) -> Void] = []

        init() {}

        /// What a listener that has shown `shown` (or nothing) applies to catch up: one commit's
        /// changes to make in place, or the whole snapshot with the items whose content changed
        /// since `shown` marked for reconfiguring.
        enum CatchUp {
            case changes(Changes)
            case snapshot(Snapshot)
        }

        /// How a listener that has shown `shown` catches up with `version` (always with the whole
        /// snapshot when `wholeSnapshot`), or `nil` when there is nothing to show yet or it is up to
        /// date.
        ///
        /// - Complexity: O(1) for one commit's changes; a whole snapshot costs O(r) for the r items
        ///   to reconfigure (the snapshot itself is shared).
        func catchUp(from shown: Int?, wholeSnapshot: Bool = false) -> CatchUp? {
            guard let fetched, version != shown else { return nil }
            guard let shown else { return .snapshot(fetched.snapshot) }
            if !wholeSnapshot, shown + 1 == version, let changes = history.last?.changes {
                return .changes(changes)
            }
            var snapshot = fetched.snapshot
            let missed = history.filter { $0.version > shown }
            if missed.count == version - shown {
                let reconfigured = missed.flatMap(\.reconfigured).filter(snapshot.contains(item:))
                snapshot.reconfigureItems(Array(Set(reconfigured)))
            } else {
                snapshot.reconfigureItems(snapshot.itemIdentifiers)  // beyond the history: all of them
            }
            return .snapshot(snapshot)
        }

        /// Makes a whole fetch the rows shown, and tells every listener.
        mutating func show(_ rows: _FetchedRows<SectionIdentifierType, ItemIdentifierType>) {
            var reconfigured: [ItemIdentifierType] = []
            if let old = fetched?.rows {
                // Rows whose content changed and that show the same item as before.
                for rowID in rows.rows.fingerprints.rowIDsWithChangedValues(comparedTo: old.fingerprints) {
                    guard let item = rows.rows.item(forRowID: rowID), old.item(forRowID: rowID) == item else {
                        continue
                    }
                    reconfigured.append(item)
                }
            }
            fetched = rows
            record(Step(version: version + 1, changes: nil, reconfigured: reconfigured))
        }

        /// Makes one commit's changes in the rows shown, in place, and tells every listener; the
        /// row index has been brought up to date already.
        mutating func show(_ changes: Changes) {
            guard fetched != nil else { return }
            _ = changes.apply(to: &fetched!.snapshot)
            let reconfigured = changes.upserted.filter(\.contentChanged).map(\.item)
            record(Step(version: version + 1, changes: changes, reconfigured: reconfigured))
        }

        private mutating func record(_ step: Step) {
            version = step.version
            history.append(step)
            if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
            for observer in stepObservers { observer(step) }
            // A listener that stopped (a cancelled drive) is dropped here.
            listeners.removeAll {
                if case .terminated = $0.yield() { return true }
                return false
            }
        }

        /// Adds a function told of each step as it is made, before any listener.
        mutating func addStepObserver(_ observer: @escaping @Sendable (Step) -> Void) {
            stepObservers.append(observer)
        }

        /// Adds a listener, told of every new state (and now, if there is one).
        mutating func addListener(_ continuation: AsyncStream<Void>.Continuation) {
            guard !isFinished else { return continuation.finish() }
            if fetched != nil { continuation.yield() }
            listeners.append(continuation)
        }

        /// Ends every listener.
        mutating func finish() {
            isFinished = true
            for listener in listeners { listener.finish() }
            listeners = []
        }
    }
#endif
