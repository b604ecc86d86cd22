import Foundation

/// The apply family, as `UICollectionViewDiffableDataSource`'s and `UITableViewDiffableDataSource`'s.
/// Each hands the engine the new state (see ``_DataSourceEngine``); the `@inlinable` ones first give
/// it the diff compiled for the app's identifier types.
extension DiffableDataSource {
    /// Shows a snapshot: diffs it against the committed one and hands the view one batch update.
    ///
    /// - Parameters:
    ///   - snapshot: The new state. Its reload and reconfigure marks are honoured, then dropped.
    ///   - animatingDifferences: Whether the view animates; `false` still diffs, keeping cells.
    ///   - completion: Runs on the main actor once the view has finished, exactly once, in call
    ///     order with other applies.
    /// - Complexity: O(n + m + k log k) for the diff (see ``BatchUpdate/init(from:to:)``), off the
    ///   main actor above ``offMainDiffingThreshold`` items.
    @inlinable public final func apply(
        _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        _engine.specialized = .init()
        _engine.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows a snapshot and returns when the view has finished.
    @inlinable public final func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
        }
    }

    /// Shows a snapshot by reloading the view: no diff, no animation, every cell recreated.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil)
    {
        _engine.applyUsingReloadData(snapshot, completion: completion)
    }

    /// Shows a snapshot by reloading the view and returns when it has.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            applySnapshotUsingReloadData(snapshot) { continuation.resume() }
        }
    }

    /// Shows a snapshot whose batch update from `base` its maker already knows: a store that saw
    /// which rows changed hands every data source showing its rows the one new snapshot and the
    /// one update. A data source that shows `base` itself, with nothing on its way to the view,
    /// takes `snapshot` without copying it and hands its view `update` without a diff; any other
    /// diffs, as ``apply(_:animatingDifferences:completion:)`` does.
    ///
    /// - Complexity: O(1) plus the view's work for `update` when the data source shows `base`;
    ///   otherwise as ``apply(_:animatingDifferences:completion:)``.
    package func apply(
        _ snapshot: Snapshot, update: BatchUpdate, from base: Snapshot, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        _engine.apply(
            snapshot, update: update, from: base, animatingDifferences: animatingDifferences,
            completion: completion)
    }

    /// Applies a change its maker knows exactly, for stores that see which rows changed: `edit`
    /// changes a snapshot in place and returns the batch update it made. When nothing is on its
    /// way to the view, the edit is made on the committed state itself and its update shown as it
    /// is (no diff; no copy unless the snapshot's storage is shared); otherwise it is made on a
    /// copy and diffed.
    ///
    /// - Complexity: What `edit` costs, when nothing is on its way to the view; otherwise a copy of
    ///   the snapshot plus the diff.
    package func apply(
        editing edit: (inout Snapshot) -> BatchUpdate, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        _engine.apply(editing: edit, animatingDifferences: animatingDifferences, completion: completion)
    }
}
