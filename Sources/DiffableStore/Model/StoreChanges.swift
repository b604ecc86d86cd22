import Diffable
import Foundation

/// What one or more commits did to the rows a request shows: the items that left, and every
/// inserted or updated row that is shown, with its place given by the item that follows it.
///
/// A store knows its rows changed; it does not know their index paths. ``apply(to:)`` finds them in
/// the snapshot and makes the edit; ``batchUpdate(from:to:)`` gives the batch update from any
/// snapshot that showed the rows before to the one after, so that a one-row change to a
/// million-row list costs what that row costs instead of a diff of a million items, and one update
/// serves every data source that showed the same snapshot.
package struct _StoreChanges<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    Sendable
{
    package typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// A row shown after the change that the change inserted or updated.
    package struct Row: Sendable {
        package var item: ItemIdentifierType
        package var section: SectionIdentifierType
        /// The item of the next row shown, in the order of all rows; `nil` for the last.
        package var successor: ItemIdentifierType?
        /// Whether its content differs from before the change (always `false` for a new row).
        package var contentChanged: Bool

        package init(
            item: ItemIdentifierType, section: SectionIdentifierType, successor: ItemIdentifierType?,
            contentChanged: Bool
        ) {
            self.item = item
            self.section = section
            self.successor = successor
            self.contentChanged = contentChanged
        }
    }

    /// Items no longer shown: deleted rows, and rows that no longer pass the filter.
    package var removed: [ItemIdentifierType] = []
    /// The inserted or updated rows that are shown, in their final order.
    package var upserted: [Row] = []

    package init() {}

    package var isEmpty: Bool { removed.isEmpty && upserted.isEmpty }

    /// The changes that lead from a snapshot to `new` when only `changed` items were touched on the
    /// way (by several commits, say): every other item keeps its section and its order among the
    /// others. Each changed item still shown takes its section and successor from `new`.
    ///
    /// - Parameters:
    ///   - changed: The items inserted, updated or removed on the way, in any order.
    ///   - contentChanged: Whether a changed item that is shown before and after must be
    ///     reconfigured.
    /// - Complexity: O(k log k) for k changed items.
    package init(
        leadingTo new: Snapshot, changed: some Sequence<ItemIdentifierType>,
        contentChanged: (ItemIdentifierType) -> Bool
    ) {
        var shown: [(index: Int, item: ItemIdentifierType)] = []
        for item in Set(changed) {
            if let index = new.indexOfItem(item) {
                shown.append((index, item))
            } else {
                removed.append(item)
            }
        }
        let count = new.numberOfItems
        upserted = shown.sorted { $0.index < $1.index }.map { index, item in
            Row(
                item: item, section: new.sectionIdentifier(containingItem: item)!,
                successor: index + 1 < count ? new._itemIdentifier(atFlat: index + 1) : nil,
                contentChanged: contentChanged(item))
        }
    }

    /// Makes the change in `snapshot`.
    ///
    /// Sections must be ordered by their value first (requests order them so), so a row that is
    /// last in its section is followed by the first row of the next one.
    ///
    /// - Complexity: O(k × (m + d)) for k changed rows, where m is the number of items after the
    ///   first one changed (they shift) and d the distance to an unchanged item that follows a
    ///   changed one; no diff of the whole snapshot.
    package func apply(to snapshot: inout Snapshot) {
        let plan = Plan(self, old: snapshot)
        apply(plan, to: &snapshot)
    }

    /// The batch update that turns `old` into `new`, in UIKit's conventions: an item that keeps
    /// its place among the items that did not change is not moved; one whose section empties goes
    /// with the section; a section that appears is inserted whole. `new` must be `old` with these
    /// changes made.
    ///
    /// - Complexity: O(k × d) for k changed rows and d as in ``apply(to:)``; no diff, no copy.
    package func batchUpdate(from old: Snapshot, to new: Snapshot) -> BatchUpdate {
        update(Plan(self, old: old), to: new)
    }

    /// Makes the change in `snapshot` and returns its batch update: ``apply(to:)`` and
    /// ``batchUpdate(from:to:)`` in one, reading the snapshot as it was before editing it (so that
    /// an edit in place needs no copy of it).
    package func applyReturningUpdate(to snapshot: inout Snapshot) -> BatchUpdate {
        let plan = Plan(self, old: snapshot)
        apply(plan, to: &snapshot)
        return update(plan, to: snapshot)
    }

    /// What the edit and the update need to know of the snapshot before the change.
    private struct Plan {
        var oldSections: [SectionIdentifierType]
        /// The index paths, before, of the changed items that were shown.
        var oldPaths: [ItemIdentifierType: IndexPath] = [:]
        /// The upserted items that were shown and must move.
        var moving: Set<ItemIdentifierType>

        init(_ changes: _StoreChanges, old: Snapshot) {
            oldSections = old.sectionIdentifiers
            for item in changes.removed {
                if let path = old.indexPath(ofItem: item) { oldPaths[item] = path }
            }
            for row in changes.upserted {
                if let path = old.indexPath(ofItem: row.item) { oldPaths[row.item] = path }
            }
            moving = changes.movingItems(in: old)
        }
    }

    private func apply(_ plan: Plan, to snapshot: inout Snapshot) {
        let stepping = steppingRows(plan, in: snapshot)
        let steps = Set(stepping.map(\.item))
        let leaving =
            removed.filter { plan.oldPaths[$0] != nil }
            + upserted.lazy.map(\.item).filter { plan.moving.contains($0) && !steps.contains($0) }
        snapshot.deleteItems(leaving)
        for row in stepping {
            if let successor = row.successor,
                snapshot.sectionIdentifier(containingItem: successor) == row.section
            {
                snapshot.moveItem(row.item, beforeItem: successor)
            } else {
                // Last in its section: after the item that is last now.
                let last = snapshot._itemIdentifier(atFlat: snapshot._endOfSection(row.section) - 1)
                if last != row.item { snapshot.moveItem(row.item, afterItem: last) }
            }
        }
        place(
            upserted.filter {
                (plan.moving.contains($0.item) && !steps.contains($0.item)) || plan.oldPaths[$0.item] == nil
            }, in: &snapshot)
        let emptied = Set(leaving.compactMap { plan.oldPaths[$0].map { plan.oldSections[$0.section] } })
        let empty = emptied.filter {
            snapshot.contains(section: $0) && snapshot.numberOfItems(inSection: $0) == 0
        }
        snapshot.deleteSections(Array(empty))
    }

    /// The most moving rows ``steppingRows(_:in:)`` moves one by one: each shifts the items
    /// between its two places, where the rows placed together shift every item after the first
    /// place twice (out, then in).
    static var steppingLimit: Int { 4 }

    /// The moving rows that can go straight to their places, each in one step that shifts only
    /// the items between (``DiffableDataSourceSnapshot/moveItem(_:beforeItem:)``): rows that stay
    /// in their section and end before an item that does not move, or last in their section. At
    /// a million rows, a row's new place costs a third of taking it out and putting it back.
    private func steppingRows(_ plan: Plan, in snapshot: Snapshot) -> [Row] {
        guard !plan.moving.isEmpty, plan.moving.count <= Self.steppingLimit else { return [] }
        let removedItems = Set(removed)
        return upserted.filter { row in
            guard plan.moving.contains(row.item),
                snapshot.sectionIdentifier(containingItem: row.item) == row.section
            else { return false }
            guard let successor = row.successor else { return true }
            // Before an item that stays (it ends in its own section or starts the next), not
            // before one that is itself placed.
            return snapshot.contains(item: successor) && !removedItems.contains(successor)
                && !plan.moving.contains(successor)
        }
    }

    /// The upserted items already in the snapshot that must move: those whose section changes,
    /// and those no longer right before the unchanged item they end up before. Found to a fixed
    /// point, since an item that moves away changes what its neighbours are next to.
    private func movingItems(in snapshot: Snapshot) -> Set<ItemIdentifierType> {
        let removedItems = Set(removed)
        var moving = Set<ItemIdentifierType>()
        var successor: [ItemIdentifierType: ItemIdentifierType?] = [:]
        for row in upserted {
            successor[row.item] = row.successor
            if let section = snapshot.sectionIdentifier(containingItem: row.item), section != row.section {
                moving.insert(row.item)
            }
        }
        let count = snapshot.numberOfItems
        func isStable(_ item: ItemIdentifierType) -> Bool {
            snapshot.contains(item: item) && !removedItems.contains(item) && !moving.contains(item)
        }
        /// The first stable item at or after `item` in the final order.
        func finalNextStable(after item: ItemIdentifierType) -> ItemIdentifierType? {
            var next = successor[item] ?? nil
            while let candidate = next, !isStable(candidate) { next = successor[candidate] ?? nil }
            return next
        }
        /// The first stable item after the item at flat position `index` in the snapshot.
        func currentNextStable(after index: Int) -> ItemIdentifierType? {
            var position = index + 1
            while position < count, !isStable(snapshot._itemIdentifier(atFlat: position)) { position += 1 }
            return position < count ? snapshot._itemIdentifier(atFlat: position) : nil
        }
        var changed = true
        while changed {
            changed = false
            for row in upserted where isStable(row.item) {
                guard let index = snapshot.indexOfItem(row.item) else { continue }
                if currentNextStable(after: index) != finalNextStable(after: row.item) {
                    moving.insert(row.item)
                    changed = true
                }
            }
        }
        return moving
    }

    /// Puts rows (in their final order) before their successors, or last in their sections,
    /// making the sections that are new, all in one pass over the snapshot.
    ///
    /// Each row goes before the first row after it that is already in place, when that one is in
    /// its section, else last in its section: found from the last row to the first, so a row whose
    /// successor is placed too goes where that one goes, just before it.
    private func place(_ rows: [Row], in snapshot: inout Snapshot) {
        guard !rows.isEmpty else { return }
        var sectionOf: [ItemIdentifierType: SectionIdentifierType] = [:]
        for row in upserted { sectionOf[row.item] = row.section }
        func section(of item: ItemIdentifierType) -> SectionIdentifierType? {
            sectionOf[item] ?? snapshot.sectionIdentifier(containingItem: item)
        }
        // New sections, from the last: the successor's section, when it differs, is in place.
        for row in rows.reversed() where !snapshot.contains(section: row.section) {
            if let successor = row.successor, let next = section(of: successor), next != row.section,
                snapshot.contains(section: next)
            {
                snapshot.insertSections([row.section], beforeSection: next)
            } else {
                snapshot.appendSections([row.section])
            }
        }
        var position: [ItemIdentifierType: Int] = [:]
        var positions = [Int](repeating: 0, count: rows.count)
        for (offset, row) in rows.enumerated().reversed() {
            if let successor = row.successor, section(of: successor) == row.section {
                positions[offset] = position[successor] ?? snapshot.indexOfItem(successor)!
            } else {
                positions[offset] = snapshot._endOfSection(row.section)
            }
            position[row.item] = positions[offset]
        }
        // In the final order, the places ascend: the rows already in place keep their order.
        snapshot._insertItems(
            rows.map(\.item), inSections: rows.map { snapshot.indexOfSection($0.section)! }, at: positions,
            call: "FetchedResultsController")
    }

    /// The batch update between the snapshot before (its sections and the old index paths of
    /// the items that changed) and after.
    private func update(_ plan: Plan, to snapshot: Snapshot) -> BatchUpdate {
        var update = BatchUpdate()
        let oldSections = plan.oldSections
        let newSections = Set(snapshot.sectionIdentifiers)
        let keptOld = Set(oldSections)
        let deletedSections = Set(oldSections.indices.filter { !newSections.contains(oldSections[$0]) })
        update.deletedSections = deletedSections.sorted()
        update.insertedSections = snapshot.sectionIdentifiers.indices.filter {
            !keptOld.contains(snapshot.sectionIdentifiers[$0])
        }
        let insertedSections = Set(update.insertedSections)
        for item in removed {
            guard let old = plan.oldPaths[item], !deletedSections.contains(old.section) else { continue }
            update.deletedItems.append(old)
        }
        for row in upserted {
            guard let new = snapshot.indexPath(ofItem: row.item) else { continue }
            let entersNewSection = insertedSections.contains(new.section)
            guard let old = plan.oldPaths[row.item] else {
                if !entersNewSection { update.insertedItems.append(new) }
                continue
            }
            let leavesOldSection = deletedSections.contains(old.section)
            if plan.moving.contains(row.item) {
                switch (leavesOldSection, entersNewSection) {
                case (false, false): update.movedItems.append(.init(from: old, to: new))
                case (false, true): update.deletedItems.append(old)
                case (true, false): update.insertedItems.append(new)
                case (true, true): break
                }
            }
            if row.contentChanged && !leavesOldSection && !entersNewSection {
                update.reconfiguredItems.append(new)
            }
        }
        return update
    }
}
