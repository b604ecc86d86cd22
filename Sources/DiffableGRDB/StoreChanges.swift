#if GRDB
    import Diffable
    import Foundation

    /// What one commit did to the rows a request shows, worked out right after the commit: the
    /// items that left, and every inserted or updated row that is shown, with its place given by the
    /// item that follows it.
    ///
    /// A store knows its rows changed; it does not know their index paths. ``apply(to:)`` finds them
    /// in the snapshot and makes the edit and its batch update together, so that a one-row change
    /// to a million-row list costs what that row costs instead of a diff of a million items.
    struct _StoreChanges<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
        Sendable
    {
        typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

        /// A row shown after the commit that the commit inserted or updated.
        struct Row: Sendable {
            var item: ItemIdentifierType
            var section: SectionIdentifierType
            /// The item of the next row shown, in the order of all rows; `nil` for the last.
            var successor: ItemIdentifierType?
            /// Whether its content differs from before the commit (always `false` for a new row).
            var contentChanged: Bool
        }

        /// Items no longer shown: deleted rows, and rows that no longer pass the filter.
        var removed: [ItemIdentifierType] = []
        /// The inserted or updated rows that are shown, in their final order.
        var upserted: [Row] = []

        var isEmpty: Bool { removed.isEmpty && upserted.isEmpty }

        /// Makes the change in `snapshot` and returns the batch update that turns the snapshot as it
        /// was into the snapshot as it is, in UIKit's conventions: an item that keeps its place
        /// among the items that did not change is not moved; one whose section empties goes with
        /// the section; a section that appears is inserted whole.
        ///
        /// Sections must be ordered by their value first (`FetchedResultsRequest` orders them so),
        /// so a row that is last in its section is followed by the first row of the next one.
        ///
        /// - Complexity: O(k × (m + d)) for k changed rows, where m is the number of items after the
        ///   first one changed (they shift) and d the distance to an unchanged item that follows
        ///   a changed one; no diff of the whole snapshot.
        func apply(to snapshot: inout Snapshot) -> BatchUpdate {
            let oldSections = snapshot.sectionIdentifiers
            var oldPaths: [ItemIdentifierType: IndexPath] = [:]
            for item in removed {
                if let path = snapshot.indexPath(ofItem: item) { oldPaths[item] = path }
            }
            var upsertedItems = Set<ItemIdentifierType>()
            for row in upserted {
                upsertedItems.insert(row.item)
                if let path = snapshot.indexPath(ofItem: row.item) { oldPaths[row.item] = path }
            }
            let moving = movingItems(in: snapshot, upsertedItems: upsertedItems)
            let leaving =
                removed.filter { oldPaths[$0] != nil } + upserted.lazy.map(\.item).filter(moving.contains)
            snapshot.deleteItems(leaving)
            for row in upserted.reversed() where moving.contains(row.item) || oldPaths[row.item] == nil {
                place(row, in: &snapshot)
            }
            let emptied = Set(leaving.compactMap { oldPaths[$0].map { oldSections[$0.section] } })
            let empty = emptied.filter {
                snapshot.contains(section: $0) && snapshot.numberOfItems(inSection: $0) == 0
            }
            snapshot.deleteSections(Array(empty))
            return update(from: oldSections, to: snapshot, oldPaths: oldPaths, moving: moving)
        }

        /// The upserted items already in the snapshot that must move: those whose section changes,
        /// and those no longer right before the unchanged item they end up before. Found to a fixed
        /// point, since an item that moves away changes what its neighbours are next to.
        private func movingItems(in snapshot: Snapshot, upsertedItems: Set<ItemIdentifierType>) -> Set<
            ItemIdentifierType
        > {
            let removedItems = Set(removed)
            var moving = Set<ItemIdentifierType>()
            var successor: [ItemIdentifierType: ItemIdentifierType?] = [:]
            for row in upserted {
                successor[row.item] = row.successor
                if let section = snapshot.sectionIdentifier(containingItem: row.item), section != row.section
                {
                    moving.insert(row.item)
                }
            }
            let items = snapshot.itemIdentifiers
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
                while position < items.count, !isStable(items[position]) { position += 1 }
                return position < items.count ? items[position] : nil
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
            _ = upsertedItems
            return moving
        }

        /// Puts a row before its successor, or last in its section, making the section when it is new.
        /// Rows are placed from the last to the first, so the successor is always in place.
        private func place(_ row: Row, in snapshot: inout Snapshot) {
            if let successor = row.successor,
                snapshot.sectionIdentifier(containingItem: successor) == row.section
            {
                snapshot.insertItems([row.item], beforeItem: successor)
                return
            }
            if !snapshot.contains(section: row.section) {
                if let successor = row.successor,
                    let next = snapshot.sectionIdentifier(containingItem: successor)
                {
                    snapshot.insertSections([row.section], beforeSection: next)
                } else {
                    snapshot.appendSections([row.section])
                }
            }
            snapshot.appendItems([row.item], toSection: row.section)
        }

        /// The batch update between the snapshot before (its sections and the old index paths of
        /// the items that changed) and after.
        private func update(
            from oldSections: [SectionIdentifierType], to snapshot: Snapshot,
            oldPaths: [ItemIdentifierType: IndexPath], moving: Set<ItemIdentifierType>
        ) -> BatchUpdate {
            var update = BatchUpdate()
            let newSections = Set(snapshot.sectionIdentifiers)
            let keptOld = Set(oldSections)
            let deletedSections = Set(oldSections.indices.filter { !newSections.contains(oldSections[$0]) })
            update.deletedSections = deletedSections.sorted()
            update.insertedSections = snapshot.sectionIdentifiers.indices.filter {
                !keptOld.contains(snapshot.sectionIdentifiers[$0])
            }
            let insertedSections = Set(update.insertedSections)
            for item in removed {
                guard let old = oldPaths[item], !deletedSections.contains(old.section) else { continue }
                update.deletedItems.append(old)
            }
            for row in upserted {
                guard let new = snapshot.indexPath(ofItem: row.item) else { continue }
                let entersNewSection = insertedSections.contains(new.section)
                guard let old = oldPaths[row.item] else {
                    if !entersNewSection { update.insertedItems.append(new) }
                    continue
                }
                let leavesOldSection = deletedSections.contains(old.section)
                if moving.contains(row.item) {
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
#endif
