import Foundation

/// What every diffable data source shares, whatever view it drives: the apply family, the
/// snapshot, the index-path lookups and the tuning of the update path.
///
/// Use one of its subclasses, ``CollectionViewDiffableDataSource`` or
/// ``TableViewDiffableDataSource``; each adds what its kind of view asks for (cells, supplementary
/// views or titles, the overridable data-source methods). Both wrap the same update engine, so
/// everything below holds for both.
///
/// ## One safe update path
///
/// Every apply goes through one serial queue on the main actor, so updates reach the view in call
/// order, and the view only ever pulls from the state it was last told. ``snapshot()`` reflects an
/// apply as soon as the call returns, as UIKit's does; the index-path lookups answer for the view.
///
/// - An apply started while another is still running — from a completion handler, a cell
///   provider, a handler, or simply while an animation plays — is queued, never re-entrant, and
///   starts when the one before it has finished. When nothing is running, an apply commits before
///   it returns, as UIKit's does.
/// - A diff of more than ``offMainDiffingThreshold`` items runs off the main actor; the view is
///   updated back on it.
/// - With ``coalescesApplies``, applies that arrive faster than the view can show them skip the
///   intermediate snapshots (and cancel a diff made stale); every completion still runs exactly
///   once, in call order, and the items they reload or reconfigure are reloaded or reconfigured.
/// - With ``isContentEqual``, items whose content changed are reconfigured without the app
///   listing them.
/// - With ``reloadDataThreshold``, an animated apply whose update is larger than the threshold
///   reloads the view instead of animating thousands of changes.
///
/// `animatingDifferences: false` still diffs (UIKit's iOS 15 behaviour): cells are kept and
/// reconfigured rather than recreated. Only ``applySnapshotUsingReloadData(_:completion:)``
/// reloads.
@MainActor
open class DiffableDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: @MainActor CustomStringConvertible {
    /// The snapshot type the data source takes and gives back.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The update path (see ``_DataSourceEngine``); the subclass connects it to its view.
    @usableFromInline let _engine = _DataSourceEngine<SectionIdentifierType, ItemIdentifierType>()

    /// Only the subclasses in this module make data sources.
    init() {}

    // MARK: Tuning the update path

    /// Diffs larger than this many items (old plus new) run off the main actor. Default 20,000;
    /// `Int.max` keeps every diff on the main actor.
    public var offMainDiffingThreshold: Int {
        get { _engine.offMainDiffingThreshold }
        set { _engine.offMainDiffingThreshold = newValue }
    }
    /// When `true`, applies that are still queued when a newer full snapshot arrives are skipped
    /// (their completions run when the newer one finishes, their reload and reconfigure marks go
    /// with it), and a diff in flight for a superseded snapshot is cancelled. Default `false`:
    /// every snapshot is shown in turn.
    public var coalescesApplies: Bool {
        get { _engine.coalescesApplies }
        set { _engine.coalescesApplies = newValue }
    }
    /// When set, an animated apply whose update has more operations than this reloads the view
    /// instead. Default `nil` (never).
    public var reloadDataThreshold: Int? {
        get { _engine.reloadDataThreshold }
        set { _engine.reloadDataThreshold = newValue }
    }
    /// When set, every diff compares the old and new stored value of each surviving item and
    /// reconfigures those it reports unequal. Default `nil` (identity only, as UIKit).
    public var isContentEqual: (@Sendable (ItemIdentifierType, ItemIdentifierType) -> Bool)? {
        get { _engine.isContentEqual }
        set { _engine.isContentEqual = newValue }
    }

    // MARK: Reading state

    /// The state after every apply made so far, with no reload or reconfigure marks — as UIKit's,
    /// it reflects an apply as soon as the call returns, even while the change is still on its way
    /// to the view (an animation running, a diff off the main actor), so read-modify-apply code
    /// composes. The index-path lookups (``itemIdentifier(for:)``, ``indexPath(for:)``, …) answer
    /// for what the view shows.
    ///
    /// - Complexity: O(1).
    @inlinable public final func snapshot() -> Snapshot { _engine.latestSnapshot }

    /// The item at an index path of the view, or `nil` when the index path is out of range.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        _engine.itemIdentifier(at: indexPath)
    }

    /// The index path of an item, or `nil` if it is not shown.
    ///
    /// - Complexity: O(1) expected.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        _engine.committed.snapshot.indexPath(ofItem: itemIdentifier)
    }

    /// The section at an index, or `nil` when the index is out of range.
    ///
    /// - Complexity: O(1).
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        _engine.sectionIdentifier(at: index)
    }

    /// The index of a section, or `nil` if it is not shown.
    ///
    /// - Complexity: O(1) expected.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        _engine.committed.snapshot.indexOfSection(sectionIdentifier)
    }

    /// The number of applies waiting behind the one in progress (beyond Apple; for tests and
    /// diagnostics).
    public var pendingApplyCount: Int { _engine.waiting.count }

    /// Whether an apply is in progress: a diff off the main actor, or an animation.
    public var isApplying: Bool { _engine.isApplying }

    /// Whether an apply is in progress or waiting. An interactive view holds input while it is
    /// `true`, so that a key or tap acts on what the person sees.
    public var hasPendingUpdates: Bool { _engine.hasPendingUpdates }

    /// The sections of ``snapshot()`` with their item counts, as Apple's data sources print
    /// theirs; the first 20 sections, and how many more. Notes the applies still on their way to
    /// the view.
    ///
    /// ```
    /// TableViewDiffableDataSource<String, Int>(2 sections, 5 items)
    ///   "Starting five": 3 items
    ///   "Bench": 2 items
    /// ```
    ///
    /// - Complexity: O(min(s, 20)) for s sections.
    open var description: String {
        let snapshot = _engine.latestSnapshot
        let sectionCount = snapshot.numberOfSections
        var header =
            "\(type(of: self))(\(Self.count(sectionCount, "section")), \(Self.count(snapshot.numberOfItems, "item"))"
        if _engine.hasPendingUpdates {
            let onTheirWay = _engine.waiting.count + (_engine.isApplying ? 1 : 0)
            header += "; \(Self.count(onTheirWay, "apply")) on the way to the view"
        }
        var lines = [header + ")"]
        let limit = 20
        for index in 0..<min(sectionCount, limit) {
            let section = snapshot._sections.elements[index]
            let count = snapshot._sectionStarts[index + 1] - snapshot._sectionStarts[index]
            lines.append("  \(_quoted(section)): \(Self.count(count, "item"))")
        }
        if sectionCount > limit { lines.append("  … \(sectionCount - limit) more sections") }
        return lines.joined(separator: "\n")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun == "apply" ? "applies" : noun + "s")"
    }

    // MARK: What every view pulls

    /// The number of sections the view shows.
    var _numberOfSections: Int { _engine.committed.snapshot.numberOfSections }

    /// The number of items the view shows in a section.
    func _numberOfItems(inSection section: Int) -> Int {
        _engine.committed.snapshot.numberOfItems(inSectionAt: section)
    }

    /// The cell the provider returns for the item at an index path of the view; traps, naming
    /// the data source and the item, when the index path is out of range or the provider returns
    /// `nil`, as UIKit does.
    func _cell(at indexPath: IndexPath, view: String, provider: (ItemIdentifierType) -> AnyObject?)
        -> AnyObject
    {
        // Named only for a trap: a type's name costs a walk of its metadata, and views ask for
        // cells on every update.
        var kind: Substring { "\(type(of: self))".prefix { $0 != "<" } }
        guard let item = _engine.itemIdentifier(at: indexPath) else {
            fatalError(
                "\(kind): the \(view) asked for a cell at \(indexPath), which is out of range of the committed snapshot (\(_numberOfSections) sections)."
            )
        }
        guard let cell = provider(item) else {
            fatalError(
                "\(kind) cell provider returned nil for index path \(indexPath) with item identifier '\(item)', which is not allowed. You must always return a cell to the \(view)."
            )
        }
        return cell
    }

    /// A cell provider for a view of a known type as one that takes the view as the existential
    /// the data source is handed.
    static func _erasing<View, Erased>(
        _ provider: @escaping @MainActor (View, IndexPath, ItemIdentifierType) -> AnyObject?
    ) -> @MainActor (Erased, IndexPath, ItemIdentifierType) -> AnyObject? {
        { view, indexPath, item in (view as? View).flatMap { provider($0, indexPath, item) } }
    }

    /// Commits a move the person made in the view: the engine's reorder. Returns the transaction
    /// from the state before to the state after, or `nil` when nothing moved.
    func _commitMove(
        from source: IndexPath, to destination: IndexPath,
        before: (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void = { _ in }
    ) -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
        guard let reorder = _engine.reorder(itemAt: source, to: destination) else { return nil }
        let transaction = DiffableDataSourceTransaction(
            initialSnapshot: reorder.initial.snapshot, finalSnapshot: reorder.final.snapshot)
        before(transaction)
        _engine.commit(reorder)
        return transaction
    }
}
