import Diffable
import Foundation

/// The state a ``FetchedResultsController`` keeps under its lock: the rows shown, the steps that
/// led there, and who is listening.
package struct _StoreModel<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> {
    package typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    package typealias Changes = _StoreChanges<SectionIdentifierType, ItemIdentifierType>

    /// One step from the previous state to the next.
    package struct Step: Sendable {
        /// The state it leads to.
        var version: Int
        /// The batch update from the state before: made once, handed to every data source that
        /// showed that state.
        var update: BatchUpdate
        /// The step's changes, when it was read row by row; `nil` for a whole read, whose update
        /// came from a diff.
        var changes: Changes?
        /// The items present before and after whose content changed.
        package var reconfigured: [ItemIdentifierType]
        /// The items no longer shown.
        package var removed: [ItemIdentifierType]
        /// Whether the step only asks views to reconfigure items whose rows did not change (their
        /// records arrived): nothing cached for them is stale.
        package var isRefresh = false
    }

    /// Where the controller is in its life.
    enum Lifecycle {
        /// Made; nothing read yet.
        case new
        /// Reading its first state.
        case fetching
        /// Following the feed.
        case following
        /// Stopped: no more states.
        case finished
    }

    /// How far back ``history`` goes: a listener further behind is diffed.
    static var historyLimit: Int { 64 }

    /// The rows shown; `nil` until the first fetch succeeds.
    package var fetched: _FetchedRows<SectionIdentifierType, ItemIdentifierType>?
    /// Counts the states shown, so that a listener knows how far behind it is.
    var version = 0
    /// The last steps, oldest first.
    var history: [Step] = []
    var lifecycle = Lifecycle.new
    /// Whether the next change must be read by reading every row: a change could not be read
    /// (its rows are lost to this controller, the feed has moved past them).
    var needsWholeRead = false
    /// What a windowed request holds: the rows shown and a margin around them.
    var held: _HeldRows<SectionIdentifierType, ItemIdentifierType>?
    /// The window a windowed request moves to at its next read (``FetchedResultsController/moveWindow(toOffset:)``).
    var movedWindow: _Window?
    /// Whether a windowed request keeps the number of all its rows, and that number, once read.
    var countsRows = false
    var rowCount: Int?
    /// The tables the request reads besides its own, found before the first fetch.
    var readTables: [_ReadTable] = []
    /// The time the rows shown are read at (for a request whose rows depend on it).
    var now: Date?
    /// Whether the clock has reached the next time a row enters or leaves the request's time
    /// window: the next read of the feed reads the rows that crossed.
    var isDue = false
    package var statistics = FetchedResultsController<SectionIdentifierType, ItemIdentifierType>.Statistics()

    /// The error of the last read, until a read succeeds.
    private(set) var error: FetchedResultsError?
    private var listeners: [_StateListener] = []
    private var errorListeners: [AsyncStream<FetchedResultsError?>.Continuation] = []
    /// Told of each step as it is made, under the lock.
    private var stepObservers: [@Sendable (Step) -> Void] = []

    init() {}

    /// How a listener that has shown a state catches up with the current one.
    package enum CatchUp {
        /// The snapshot, diffed against what the listener shows (or shown first), marked for
        /// reconfiguring the items whose content changed since the state it showed.
        case snapshot(marked: Snapshot)
        /// The update from the state the listener showed, which it shows as it is.
        case update(BatchUpdate)
        /// The one step's changes, which a listener with a snapshot of its own makes in it.
        case edit(Changes)
    }

    /// How a listener that has shown the state `shown`, whose snapshot is `base`, catches up with
    /// the current state, or `nil` when there is nothing to show yet or it is up to date. Without
    /// a base, with the whole snapshot, or, for a listener that `editsInPlace` its own snapshot,
    /// with the one step's changes when it is one step behind.
    ///
    /// - Complexity: O(1) one step behind; O(k log k + k × d) for k items changed over several
    ///   row-by-row steps (d as in ``_StoreChanges/batchUpdate(from:to:)``); otherwise O(r) for
    ///   the r items to mark (the snapshot itself is shared).
    func catchUp(from shown: Int?, base: Snapshot?, editsInPlace: Bool = false) -> CatchUp? {
        guard let fetched, version != shown else { return nil }
        guard let shown else { return .snapshot(marked: fetched.snapshot) }
        let missed = history.filter { $0.version > shown }
        guard missed.count == version - shown else {
            var snapshot = fetched.snapshot
            snapshot.reconfigureItems(snapshot.itemIdentifiers)  // beyond the history: all of them
            return .snapshot(marked: snapshot)
        }
        if editsInPlace, missed.count == 1, let changes = missed[0].changes { return .edit(changes) }
        let reconfigured = Set(missed.flatMap { $0.reconfigured + $0.removed })
        if let base {
            if missed.count == 1 { return .update(missed[0].update) }
            if missed.allSatisfy({ $0.changes != nil }) {
                let changed = missed.lazy.flatMap { $0.changes!.removed + $0.changes!.upserted.map(\.item) }
                let changes = Changes(
                    leadingTo: fetched.snapshot, changed: changed, contentChanged: reconfigured.contains)
                return .update(changes.batchUpdate(from: base, to: fetched.snapshot))
            }
        }
        var snapshot = fetched.snapshot
        snapshot.reconfigureItems(reconfigured.filter(snapshot.contains(item:)))
        return .snapshot(marked: snapshot)
    }

    /// Makes a whole read (or a window's new rows) the rows shown, and tells every listener: the
    /// update from the rows before is a diff, made once here.
    ///
    /// - Complexity: O(n) for the n rows, before and after.
    mutating func show(
        _ rows: _FetchedRows<SectionIdentifierType, ItemIdentifierType>, isWholeRead: Bool = true
    ) {
        var reconfigured: [ItemIdentifierType] = []
        var update = BatchUpdate()
        var removed: [ItemIdentifierType] = []
        if let old = fetched {
            reconfigured = rows.reconfiguredItems(since: old.rows)
            var marked = rows.snapshot
            marked.reconfigureItems(reconfigured)
            update = BatchUpdate(from: old.snapshot, to: marked)
            removed = old.snapshot.itemIdentifiers.filter { !rows.snapshot.contains(item: $0) }
        }
        fetched = rows
        if isWholeRead { statistics.wholeReads += 1 } else { statistics.rowReads += 1 }
        record(
            Step(
                version: version + 1, update: update, changes: nil, reconfigured: reconfigured,
                removed: removed
            ))
    }

    /// Makes one read's changes in the rows shown, and tells every listener; the row index has
    /// been brought up to date already. The edit copies the snapshot when data sources share it
    /// (once, whatever their number), and is made in place when none does.
    ///
    /// - Complexity: as ``_StoreChanges/applyReturningUpdate(to:)``, plus O(n) for the copy.
    mutating func show(_ changes: Changes) {
        guard fetched != nil else { return }
        statistics.rowReads += 1
        guard !changes.isEmpty else { return }
        let update = changes.applyReturningUpdate(to: &fetched!.snapshot)
        record(
            Step(
                version: version + 1, update: update, changes: changes,
                reconfigured: changes.upserted.filter(\.contentChanged).map(\.item), removed: changes.removed)
        )
    }

    /// Asks every listener to reconfigure `items` (those still shown), whose rows did not change:
    /// a record cache read their records after their cells were made.
    ///
    /// - Complexity: O(k log k) for k items.
    mutating func refresh(_ items: some Sequence<ItemIdentifierType>) {
        guard let snapshot = fetched?.snapshot else { return }
        let shown = items.filter { snapshot.contains(item: $0) }
        guard !shown.isEmpty else { return }
        // Every item keeps its place: the change is only their reconfiguring.
        let changes = Changes(leadingTo: snapshot, changed: shown, contentChanged: { _ in true })
        let update = changes.batchUpdate(from: snapshot, to: snapshot)
        var step = Step(
            version: version + 1, update: update, changes: changes, reconfigured: shown, removed: [])
        step.isRefresh = true
        record(step)
    }

    /// Records the outcome of a read: `nil` for a success. Error listeners hear of each failure,
    /// and of the first success after one.
    mutating func setError(_ error: FetchedResultsError?) {
        guard error != nil || self.error != nil else { return }
        self.error = error
        errorListeners.removeAll {
            if case .terminated = $0.yield(error) { return true }
            return false
        }
    }

    /// Adds an error listener, told now if the last read failed.
    mutating func addErrorListener(_ continuation: AsyncStream<FetchedResultsError?>.Continuation) {
        guard lifecycle != .finished else { return continuation.finish() }
        if let error { continuation.yield(error) }
        errorListeners.append(continuation)
    }

    private mutating func record(_ step: Step) {
        version = step.version
        history.append(step)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
        for observer in stepObservers { observer(step) }
        // A listener that stopped (a dropped sequence) is dropped at the next step.
        listeners.removeAll(where: \.hasEnded)
        let told = listeners
        // In a read of the feed, at its end, with every other subscriber's news.
        _FeedStepNews.tell { for listener in told { listener.tell() } }
    }

    /// Adds a function told of each step as it is made, before any listener.
    package mutating func addStepObserver(_ observer: @escaping @Sendable (Step) -> Void) {
        stepObservers.append(observer)
    }

    /// Adds a listener, told of every new state (and now, if there is one).
    mutating func addListener(_ continuation: AsyncStream<Void>.Continuation) {
        guard lifecycle != .finished else { return continuation.finish() }
        if fetched != nil { continuation.yield() }
        listeners.append(_StateListener(continuation))
    }

    /// Ends every listener.
    mutating func finish() {
        lifecycle = .finished
        for listener in listeners { listener.continuation.finish() }
        listeners = []
        for listener in errorListeners { listener.finish() }
        errorListeners = []
    }
}

extension _StoreModel {
    /// Of the rows a commit changed, those the request must read, given the rows the feed found
    /// meeting its condition after the commit: the rows it shows (or, windowed, holds) and those
    /// meeting it. `nil` when that cannot be told: a windowed request whose run of rows does not
    /// start at the first row, or that counts its rows, or is moving, also depends on rows it does
    /// not hold that met its condition before the commit, which an evaluation after it cannot say.
    ///
    /// - Complexity: O(k) for the k changed rows, plus O(h) for the h rows a window holds.
    func relevantRows(of changed: Set<Int64>, meeting: Set<Int64>, isWindowed: Bool) -> Set<Int64>? {
        guard isWindowed else {
            return changed.filter { meeting.contains($0) || fetched?.rows.item(forRowID: $0) != nil }
        }
        guard let held, held.start == 0, !countsRows, movedWindow == nil else { return nil }
        let heldRows = Set(held.rows.map(\.rowID))
        return changed.filter { meeting.contains($0) || heldRows.contains($0) }
    }
}

extension _StoreModel {
    /// Traps unless the model's rules hold: nothing is shown before the first read, and after
    /// it the history is the last steps, numbered one by one up to the state shown, within
    /// ``historyLimit``; the rows' snapshot is itself consistent; a finished model has no
    /// listeners. Tests call it; so does every step when `DIFFABLE_INVARIANT_CHECKS` is set.
    ///
    /// - Complexity: O(h) for the h steps kept, plus O(n) for the snapshot's own check.
    package func _checkInvariants() {
        guard let fetched else {
            precondition(version == 0 && history.isEmpty, "store model: steps recorded before the first read")
            return
        }
        precondition(history.count <= Self.historyLimit, "store model: \(history.count) steps kept")
        for (index, step) in history.enumerated() {
            precondition(
                step.version == version - history.count + 1 + index,
                "store model: step \(index) leads to state \(step.version), not \(version - history.count + 1 + index)"
            )
        }
        fetched.snapshot._checkInvariants()
        precondition(
            lifecycle != .finished || (listeners.isEmpty && errorListeners.isEmpty),
            "store model: a finished model has listeners")
    }
}

/// A listener of a model's states: the stream it is told through, and whether that stream ended.
final class _StateListener: Sendable {
    let continuation: AsyncStream<Void>.Continuation
    private let ended = _Lock(false)

    init(_ continuation: AsyncStream<Void>.Continuation) {
        self.continuation = continuation
    }

    /// Whether the stream ended (its sequence was dropped): the model lets go of it.
    var hasEnded: Bool { ended.withLock { $0 } }

    /// Tells the listener of a new state.
    func tell() {
        if case .terminated = continuation.yield() { ended.withLock { $0 = true } }
    }
}
