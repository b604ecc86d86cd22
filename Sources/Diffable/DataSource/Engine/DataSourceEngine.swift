import Foundation

/// The update path that every diffable data source shares, whatever view it drives: it holds what
/// the view shows and what the app has applied, serializes applies, diffs them (off the main actor
/// when large), hands the view one batch update at a time, and maps index paths to identifiers.
///
/// Every façade (``CollectionViewDiffableDataSource``, ``TableViewDiffableDataSource``) is a
/// ``DiffableDataSource``, which owns one engine and forwards the apply family and the lookups to
/// it; the façade gives the engine a ``_ViewConnection`` to its view and adds what its kind of
/// view asks for. The engine's life, one apply at a time:
///
/// 1. An apply becomes an ``_ApplyRequest`` whose target is the full state after it; ``latest``
///    moves there at once, so `snapshot()` reflects every apply (`DataSourceEngine+Applying.swift`).
/// 2. Requests wait in call order and start one at a time, only when the ``phase`` is
///    ``_Phase/idle`` (`DataSourceEngine+Running.swift`): the diff against ``committed`` runs (off
///    the main actor above ``offMainDiffingThreshold``: ``_Phase/diffing``), the target becomes
///    ``committed``, and the view gets the update (``_Phase/updatingView``, then
///    ``_Phase/animating`` while an animation runs). When the view is done, the completions run
///    (``_Phase/completing``) and the next request starts.
/// 3. A reorder the person made in the view is committed at once and carried into every state
///    still on its way (`DataSourceEngine+Reordering.swift`).
///
/// See the article "From apply to the screen" (`UpdatePath.md`) for the whole path.
@MainActor @usableFromInline
final class _DataSourceEngine<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<
        SectionIdentifierType, ItemIdentifierType
    >
    @usableFromInline typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    @usableFromInline typealias State = _DataSourceState<SectionIdentifierType, ItemIdentifierType>
    typealias Request = _ApplyRequest<SectionIdentifierType, ItemIdentifierType>
    @usableFromInline typealias IsContentEqual = @Sendable (ItemIdentifierType, ItemIdentifierType) -> Bool

    /// Where the request in flight is; each case carries it. Anything applied meanwhile waits.
    enum _Phase {
        /// Nothing is on its way to the view.
        case idle
        /// The request's diff runs off the main actor; `diff` tells its result from a stale one.
        case diffing(Request, diff: Int, task: Task<Void, Never>)
        /// The view is inside `performBatchUpdates` or `reloadData` for the request (pulling cells,
        /// which may apply again); `finished` once it has called the completion from in there.
        case updatingView(Request, finished: Bool)
        /// The view has the request's update and is animating it.
        case animating(Request)
        /// The completions of a request the view has finished are running.
        case completing
    }

    /// What the view shows, or is animating to: what it pulls counts and cells from.
    @usableFromInline var committed = State()
    /// The state after every apply made so far, while it is ahead of ``committed``; `nil` once
    /// the view has caught up.
    @usableFromInline var ahead: State?
    /// The state after every apply made so far.
    var latest: State { ahead ?? committed }
    /// The snapshot of ``latest``, without copying the rest of the state. Inlinable: the app's
    /// `dataSource.snapshot()` copies it specialized, where the engine's own code, unspecialized,
    /// copied its fields one by one through the type's metadata.
    @inlinable var latestSnapshot: Snapshot {
        if ahead != nil { return ahead!.snapshot }
        return committed.snapshot
    }
    /// Whether ``latest`` stores any section snapshot.
    var latestHasSectionSnapshots: Bool {
        if ahead != nil { return !ahead!.sectionSnapshots.isEmpty }
        return !committed.sectionSnapshots.isEmpty
    }

    var phase = _Phase.idle
    var waiting = _WaitingRequests<SectionIdentifierType, ItemIdentifierType>()
    /// How many requests have been made, to number them.
    var requestCount = 0
    /// How many diffs have started off the main actor, to number them.
    var diffCount = 0

    /// Tells the view of changes. A façade sets it once, right after it is initialized, when it
    /// can hand the connection a reference to itself (a table's row animation lives there).
    var view = _ViewConnection.disconnected

    /// Diffs larger than this many items (old plus new) run off the main actor.
    var offMainDiffingThreshold = 20_000
    /// Whether waiting applies are skipped for the newest, and a stale diff is cancelled.
    var coalescesApplies = false
    /// An animated update with more operations than this reloads the view instead.
    var reloadDataThreshold: Int?
    /// Compares the old and new stored value of each surviving item; unequal ones are reconfigured.
    var isContentEqual: IsContentEqual?
    /// The diff and the outline rebase, compiled for the app's identifier types.
    @usableFromInline var specialized = _Specialized()

    init() {}

    // MARK: Reading what the view shows

    /// The item at an index path of the committed state, or `nil` when it is out of range.
    ///
    /// Views call this for every row they check or draw, through a protocol, where this generic
    /// code runs unspecialized: calling a method on the snapshot would copy all of it first (each
    /// of its arrays retained and released), so this reads the two stored arrays it needs.
    ///
    /// - Complexity: O(1).
    func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifierType? {
        Snapshot._itemIdentifier(
            at: indexPath, sectionStarts: committed.snapshot._sectionStarts,
            items: committed.snapshot._storedItems.elements, edits: committed.snapshot._pendingEdits)
    }

    /// The section at an index of the committed state, or `nil` when it is out of range.
    ///
    /// - Complexity: O(1).
    func sectionIdentifier(at index: Int) -> SectionIdentifierType? {
        let sections = committed.snapshot._sections.elements
        return sections.indices.contains(index) ? sections[index] : nil
    }

    /// Whether a request is in flight: a diff off the main actor, or the view updating.
    var isApplying: Bool {
        switch phase {
        case .idle, .completing: false
        case .diffing, .updatingView, .animating: true
        }
    }

    /// Whether anything is on its way to the view: a request in flight or waiting.
    var hasPendingUpdates: Bool {
        if case .idle = phase { return !waiting.isEmpty }
        return true
    }

    /// Traps unless the engine's rules hold: nothing waits while it is idle, and once the view has
    /// caught up, the committed state is the latest. Tests call it; so do the engine's own
    /// transitions when `DIFFABLE_INVARIANT_CHECKS` is set.
    ///
    /// - Complexity: O(1), plus O(n) for the states' own checks.
    func _checkInvariants() {
        if case .idle = phase {
            precondition(waiting.isEmpty, "data source: requests wait while nothing is in flight")
            precondition(ahead == nil, "data source: the latest state is ahead while nothing is on its way")
        }
        committed.snapshot._checkInvariants()
        ahead?.snapshot._checkInvariants()
        ahead?._checkInvariants()
    }

    /// ``_checkInvariants()`` in builds with `DIFFABLE_INVARIANT_CHECKS`.
    func _debugCheckInvariants() {
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }
}

/// How an engine tells its view of changes: made by the façade from the view it drives, which it
/// holds weakly.
@MainActor struct _ViewConnection {
    /// Has the view discard everything and count again; `false` when the view is gone.
    let reloadData: () -> Bool
    /// Hands the view one batch update; `false` when the view is gone, and then `completion` never
    /// runs.
    let performBatchUpdates:
        (_ update: BatchUpdate, _ animated: Bool, _ completion: @escaping @MainActor (Bool) -> Void) -> Bool

    /// No view: nothing is told, as when the view is gone.
    static let disconnected = _ViewConnection(
        reloadData: { false }, performBatchUpdates: { _, _, _ in false })
}

extension _DataSourceEngine {
    /// The update path's O(n) steps, as closures made where the identifier types are known.
    ///
    /// Every public `apply` is `@inlinable` and sets ``_DataSourceEngine/specialized`` from the
    /// app's code, where `_Specialized()` is compiled for its identifier types: the engine runs
    /// unspecialized (views and tasks reach it through protocols and closures), and there the
    /// diff and the rebase cost more than the benchmarks allow. Applies that start inside the
    /// library (expanding an outline item from a view) use the last one set.
    @usableFromInline struct _Specialized: Sendable {
        /// `BatchUpdate(from:to:)`, or `BatchUpdate(from:to:isContentEqual:)` with a comparison.
        @usableFromInline let diff: @Sendable (Snapshot, Snapshot, IsContentEqual?) -> BatchUpdate
        /// The update of one section whose items change, as `BatchUpdate(_sectionItemsFrom:to:inSection:comparesContent:isContentEqual:)`.
        @usableFromInline let sectionDiff:
            @Sendable (
                _IdentifierTable<ItemIdentifierType>, _IdentifierTable<ItemIdentifierType>, Int,
                IsContentEqual?
            )
                -> BatchUpdate
        /// ``_DataSourceState/rebase(_:on:)``.
        @usableFromInline let rebase:
            @Sendable ([SectionIdentifierType: SectionSnapshot], Snapshot) -> [SectionIdentifierType:
                SectionSnapshot]

        @inlinable init() {
            diff = { old, new, isContentEqual in
                guard let isContentEqual else { return BatchUpdate(from: old, to: new) }
                return BatchUpdate(from: old, to: new, isContentEqual: isContentEqual)
            }
            sectionDiff = { old, new, section, isContentEqual in
                BatchUpdate(
                    _sectionItemsFrom: old, to: new, inSection: section,
                    comparesContent: isContentEqual != nil,
                    isContentEqual: isContentEqual ?? { _, _ in true })
            }
            rebase = { State.rebase($0, on: $1) }
        }
    }
}
