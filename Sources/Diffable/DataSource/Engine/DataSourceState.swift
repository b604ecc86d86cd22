import Foundation

/// What a data source shows, or will show once its updates land: a snapshot, and the section
/// snapshots of the sections that were applied as section snapshots.
///
/// The engine holds two: the committed state, which the view pulls from, and the latest, which
/// ``DiffableDataSource/snapshot()`` returns. Both carry no reload or reconfigure
/// marks; a request's target carries the marks of its apply until it is committed.
///
/// Rule: every stored section snapshot belongs to a section of `snapshot`, and its visible items
/// are that section's items, in order (checked by ``_checkInvariants()``), except in the committed
/// state for the moment between a reorder and the update that lets the outline catch up with it.
@usableFromInline
struct _DataSourceState<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<
        SectionIdentifierType, ItemIdentifierType
    >
    @usableFromInline typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>

    /// The sections and their items, as rows.
    @usableFromInline var snapshot: Snapshot
    /// The outline of each section applied with a section snapshot.
    @usableFromInline var sectionSnapshots: [SectionIdentifierType: SectionSnapshot]

    @inlinable init(
        snapshot: Snapshot = Snapshot(), sectionSnapshots: [SectionIdentifierType: SectionSnapshot] = [:]
    ) {
        self.snapshot = snapshot
        self.sectionSnapshots = sectionSnapshots
    }

    /// The section snapshot of a section: the stored one, a flat one of its items, or an empty one
    /// for a section that is not in the state.
    ///
    /// - Complexity: O(1) for a stored one, else O(k) for the section's k items.
    func sectionSnapshot(for section: SectionIdentifierType) -> SectionSnapshot {
        if let stored = sectionSnapshots[section] { return stored }
        var flat = SectionSnapshot()
        if snapshot.contains(section: section) {
            flat.append(snapshot.itemIdentifiers(inSection: section))
        }
        return flat
    }

    /// Rebases section snapshots on a new full snapshot, as UIKit does after a full apply: visible
    /// items the section no longer shows are deleted from the outline (with their children), and
    /// the outline is kept when what remains visible is exactly what the section shows; otherwise
    /// (items added or reordered by a full snapshot) the section falls back to a flat one, which is
    /// not stored.
    ///
    /// - Complexity: O(k) for the k items of each section that has a section snapshot.
    @inlinable static func rebase(
        _ outlines: [SectionIdentifierType: SectionSnapshot], on snapshot: Snapshot
    ) -> [SectionIdentifierType: SectionSnapshot] {
        var rebasedOutlines = outlines
        for (section, outline) in outlines {
            guard snapshot.contains(section: section) else {
                rebasedOutlines[section] = nil
                continue
            }
            let shown = snapshot.itemIdentifiers(inSection: section)
            if outline.visibleItems == shown { continue }
            let stillShown = Set(shown)
            var rebased = outline
            rebased.delete(outline.visibleItems.filter { !stillShown.contains($0) })
            rebasedOutlines[section] = rebased.visibleItems == shown ? rebased : nil
        }
        return rebasedOutlines
    }

    /// Traps unless every stored section snapshot belongs to a section of the snapshot and shows
    /// exactly that section's items.
    ///
    /// - Complexity: O(k) for the items of the sections that have section snapshots.
    func _checkInvariants() {
        for (section, outline) in sectionSnapshots {
            precondition(
                snapshot.contains(section: section),
                "data source state: a section snapshot is stored for section \(section), which is not in the snapshot"
            )
            precondition(
                outline.visibleItems == snapshot.itemIdentifiers(inSection: section),
                "data source state: the section snapshot of \(section) shows \(outline.visibleItems), the snapshot \(snapshot.itemIdentifiers(inSection: section))"
            )
        }
    }
}
