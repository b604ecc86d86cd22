import Foundation

/// The section-snapshot applies, which only `UICollectionViewDiffableDataSource` has; the rest of
/// the apply family is ``DiffableDataSource``'s.
extension CollectionViewDiffableDataSource {
    /// Replaces one section's content with a section snapshot; only its visible items become
    /// rows. A section that is not in the snapshot yet is appended at the end. An item that is in
    /// another section moves here, as with ``DiffableDataSourceSnapshot/appendItems(_:toSection:)``.
    ///
    /// - Complexity: When nothing is on its way to the view (no animation running, no diff under
    ///   way), O(k log k + n) expected with a small constant for n, where k is the number of items
    ///   of the section before and after and n the number of items: the committed items are edited
    ///   in place (those after the section shift once, in the arrays and in the index) and only
    ///   this section is diffed. Otherwise, and when an item comes from another section, as
    ///   ``DiffableDataSource/apply(_:animatingDifferences:completion:)`` with the full snapshot.
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

    /// The section snapshot last applied to a section, rebased since on full applies; for a
    /// section filled by a full snapshot, a flat section snapshot of its items; for an unknown
    /// section, an empty one. Like ``DiffableDataSource/snapshot()``, it reflects every apply made so far.
    ///
    /// - Complexity: O(1) for a stored section snapshot, else O(k) for the section's k items.
    public func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<
        ItemIdentifierType
    > {
        _engine.latest.sectionSnapshot(for: section)
    }
}
