import Foundation

/// The apply family, as `UICollectionViewDiffableDataSource`'s. Each hands the engine the new state
/// (see ``_DataSourceEngine``); the `@inlinable` ones first give it the diff compiled for the app's
/// identifier types.
extension CollectionViewDiffableDataSource {
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

    /// Replaces one section's content with a section snapshot; only its visible items become
    /// rows. A section that is not in the snapshot yet is appended at the end. An item that is in
    /// another section moves here, as with ``DiffableDataSourceSnapshot/appendItems(_:toSection:)``.
    ///
    /// - Complexity: When nothing is on its way to the view (no animation running, no diff under
    ///   way), O(k log k + n) expected with a small constant for n, where k is the number of items
    ///   of the section before and after and n the number of items: the committed items are edited
    ///   in place (those after the section shift once, in the arrays and in the index) and only
    ///   this section is diffed. Otherwise, and when an item comes from another section, as
    ///   ``apply(_:animatingDifferences:completion:)`` with the full snapshot.
    @inlinable public final func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        _engine.specialized = .init()
        _engine.apply(
            snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Replaces one section's content with a section snapshot and returns when the view has
    /// finished.
    @inlinable public final func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true
    ) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            apply(snapshot, to: section, animatingDifferences: animatingDifferences) { continuation.resume() }
        }
    }

    /// Applies a change its maker knows exactly, for stores and other sources that see which
    /// rows changed: `edit` changes a snapshot in place and returns the batch update it made.
    /// When nothing is on its way to the view, the edit is made on the committed state itself and
    /// its update shown as it is (no copy, no diff); otherwise it is made on a copy and diffed.
    ///
    /// - Complexity: What `edit` costs, when nothing is on its way to the view; otherwise a copy of
    ///   the snapshot plus the diff.
    package func apply(
        editing edit: (inout Snapshot) -> BatchUpdate, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        _engine.apply(editing: edit, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// The section snapshot last applied to a section, rebased since on full applies; for a
    /// section filled by a full snapshot, a flat section snapshot of its items; for an unknown
    /// section, an empty one. Like ``snapshot()``, it reflects every apply made so far.
    ///
    /// - Complexity: O(1) for a stored section snapshot, else O(k) for the section's k items.
    public func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<
        ItemIdentifierType
    > {
        _engine.latest.sectionSnapshot(for: section)
    }
}
