import Foundation

/// Checks a batch update against the rules `UICollectionView.performBatchUpdates(_:completion:)`
/// enforces when all it knows is the number of items in each section before and after the update.
///
/// The checks, in the order they run (the first broken rule is thrown):
///
/// 1. Section operations: deleted and reloaded sections and move sources lie before the update,
///    inserted sections and move targets after it; none is listed twice; no section is both
///    deleted and reloaded, deleted and moved, moved and reloaded; no new section is both inserted
///    and moved to.
/// 2. The section count: after == before + inserted − deleted.
/// 3. Item operations: deletes and move sources lie in the old sections, inserts and move targets
///    in the new ones, each within its section's count; no item is deleted from a deleted or
///    reloaded section, or inserted into an inserted or reloaded one; no item moves out of a
///    deleted or reloaded section or into an inserted or reloaded one; nothing is listed twice;
///    no old index path is both deleted and moved, no new one both inserted and moved to.
/// 4. The item count of every surviving section (one that is neither deleted, inserted nor
///    reloaded): after == before + inserted − deleted + moved in − moved out. A reloaded section
///    counts as deleted and inserted, so its count is not checked.
/// 5. Reloads and reconfigures: final index paths within the new counts, none listed twice, none
///    both reloaded and reconfigured.
///
/// Sections that are neither deleted nor moved, reloaded ones included, keep their relative order
/// and fill the new section indices that are neither inserted nor move targets; that is how a
/// surviving old section is paired with its new index.
///
/// ```swift
/// let update = BatchUpdate(deletedItems: [IndexPath(item: 0, section: 0)])
/// try validate(update, oldItemCounts: [3], newItemCounts: [2])  // passes
/// try validate(update, oldItemCounts: [3], newItemCounts: [3])  // throws .invalidItemCount
/// ```
///
/// - Parameters:
///   - update: The batch update to check.
///   - oldItemCounts: The number of items in each section before the update.
///   - newItemCounts: The number of items in each section after the update, as the data source
///     reports them.
/// - Throws: A ``BatchUpdateViolation`` naming the first broken rule.
/// - Complexity: O(s + k) expected, where s is the number of sections before and after the update
///   and k the number of operations in `update`.
public func validate(
    _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
) throws(BatchUpdateViolation) {
    _ = try _ReplayPlan(update, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
}

/// What a valid batch update does, position by position: the result of validation, and the map
/// replay follows.
@usableFromInline struct _ReplayPlan {
    /// Where a new section comes from.
    @usableFromInline enum NewSection: Equatable {
        /// Inserted at this index: identifier and items come from the new state.
        case inserted
        /// The old section at this index, reloaded: its items are replaced by the new state's.
        case reloaded(old: Int)
        /// The old section at this index, moved or staying, carrying its items.
        case surviving(old: Int)
    }

    /// The source of every new section.
    @usableFromInline var newSections: [NewSection]
    /// Old item indices deleted, by old section.
    @usableFromInline var deletedItems: [Int: Set<Int>] = [:]
    /// Old item indices moved away, by old section.
    @usableFromInline var movedOutItems: [Int: Set<Int>] = [:]
    /// New item indices inserted, by new section.
    @usableFromInline var insertedItems: [Int: Set<Int>] = [:]
    /// For each new section, its move targets: new item index to old index path.
    @usableFromInline var movedInItems: [Int: [Int: IndexPath]] = [:]

    @usableFromInline init(
        _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
    ) throws(BatchUpdateViolation) {
        let oldCount = oldItemCounts.count
        let newCount = newItemCounts.count
        var checker = _SectionChecks(oldCount: oldCount, newCount: newCount)
        try checker.run(update)
        newSections = checker.pairSections()
        try checkItems(update, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts, sections: checker)
        try checkItemCounts(oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
        try Self.checkSecondPass(update, newItemCounts: newItemCounts)
    }
}

extension _ReplayPlan {
    /// The section and item of a two-element index path.
    static func parts(_ path: IndexPath, _ verb: String) throws(BatchUpdateViolation) -> (
        section: Int, item: Int
    ) {
        guard path.count == 2 else {
            throw .init(
                .malformedIndexPath,
                "attempt to \(verb) index path \(Array(path)), which does not have 2 indexes")
        }
        return (path.section, path.item)
    }

    fileprivate mutating func checkItems(
        _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int], sections: _SectionChecks
    ) throws(BatchUpdateViolation) {
        var deletedPaths = Set<IndexPath>()
        for path in update.deletedItems {
            let (section, item) = try Self.parts(path, "delete")
            guard section >= 0 && section < sections.oldCount else {
                throw .init(
                    .sectionOutOfRange,
                    "attempt to delete item \(item) from section \(section), but there are only \(sections.oldCount) sections before the update"
                )
            }
            guard item >= 0 && item < oldItemCounts[section] else {
                throw .init(
                    .itemOutOfRange,
                    "attempt to delete item \(item) from section \(section) which only contains \(oldItemCounts[section]) items before the update"
                )
            }
            if sections.deleted.contains(section) || sections.reloaded.contains(section) {
                let what = sections.deleted.contains(section) ? "deleted" : "reloaded"
                throw .init(
                    .itemOperationInsideSectionOperation,
                    "attempt to delete item \(item) from section \(section), which is itself \(what)")
            }
            guard deletedPaths.insert(path).inserted else {
                throw .init(.duplicateOperation, "attempt to delete \(_describePath(path)) more than once")
            }
            deletedItems[section, default: []].insert(item)
        }
        var insertedPaths = Set<IndexPath>()
        for path in update.insertedItems {
            let (section, item) = try Self.parts(path, "insert")
            guard section >= 0 && section < sections.newCount else {
                throw .init(
                    .sectionOutOfRange,
                    "attempt to insert item \(item) into section \(section), but there are only \(sections.newCount) sections after the update"
                )
            }
            guard item >= 0 && item < newItemCounts[section] else {
                throw .init(
                    .itemOutOfRange,
                    "attempt to insert item \(item) into section \(section), but there are only \(newItemCounts[section]) items in section \(section) after the update"
                )
            }
            if sections.inserted.contains(section) || sections.reloadedNew.contains(section) {
                let what = sections.inserted.contains(section) ? "inserted" : "reloaded"
                throw .init(
                    .itemOperationInsideSectionOperation,
                    "attempt to insert item \(item) into section \(section), which is itself \(what)")
            }
            guard insertedPaths.insert(path).inserted else {
                throw .init(.duplicateOperation, "attempt to insert \(_describePath(path)) more than once")
            }
            insertedItems[section, default: []].insert(item)
        }
        try checkItemMoves(
            update, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts, sections: sections)
        for move in update.movedItems where deletedPaths.contains(move.from) {
            throw .init(
                .deleteAndMoveSameIndexPath,
                "attempt to perform a delete and a move from the same index path (\(_describePath(move.from)))"
            )
        }
        for move in update.movedItems where insertedPaths.contains(move.to) {
            throw .init(
                .insertAndMoveToSameIndexPath,
                "attempt to perform an insert and a move to the same index path (\(_describePath(move.to)))")
        }
    }

    private mutating func checkItemMoves(
        _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int], sections: _SectionChecks
    ) throws(BatchUpdateViolation) {
        var targets: [IndexPath: IndexPath] = [:]
        var sources: [IndexPath: IndexPath] = [:]
        for move in update.movedItems {
            let (fromSection, fromItem) = try Self.parts(move.from, "move")
            let (toSection, toItem) = try Self.parts(move.to, "move")
            let from = _describePath(move.from)
            let to = _describePath(move.to)
            guard fromSection >= 0 && fromSection < sections.oldCount else {
                throw .init(
                    .sectionOutOfRange,
                    "attempt to move \(from), but there are only \(sections.oldCount) sections before the update"
                )
            }
            guard fromItem >= 0 && fromItem < oldItemCounts[fromSection] else {
                throw .init(
                    .itemOutOfRange,
                    "attempt to move index path (\(from)) that does not exist - there are only \(oldItemCounts[fromSection]) items in section \(fromSection) before the update"
                )
            }
            guard toSection >= 0 && toSection < sections.newCount else {
                throw .init(
                    .sectionOutOfRange,
                    "attempt to move index path (\(from)) to index path (\(to)), but there are only \(sections.newCount) sections after the update"
                )
            }
            guard toItem >= 0 && toItem < newItemCounts[toSection] else {
                throw .init(
                    .itemOutOfRange,
                    "attempt to move index path (\(from)) to index path (\(to)) that does not exist - there are only \(newItemCounts[toSection]) items in section \(toSection) after the update"
                )
            }
            if sections.deleted.contains(fromSection) {
                throw .init(
                    .moveFromDeletedSection, "cannot move an item from a deleted section (\(fromSection))")
            }
            if sections.reloaded.contains(fromSection) {
                throw .init(
                    .moveFromDeletedSection, "cannot move an item from a reloaded section (\(fromSection))")
            }
            if sections.inserted.contains(toSection) {
                throw .init(
                    .moveIntoInsertedSection,
                    "cannot move an item into a newly inserted section (\(toSection))")
            }
            if sections.reloadedNew.contains(toSection) {
                throw .init(
                    .moveIntoInsertedSection, "cannot move an item into a reloaded section (\(toSection))")
            }
            if let target = targets[move.from] {
                if target == move.to {
                    throw .init(
                        .duplicateOperation, "attempt to move index path (\(from)) to (\(to)) more than once")
                }
                throw .init(
                    .conflictingMoves,
                    "attempt to move item at index path (\(from)) to both (\(_describePath(target))) and (\(to))"
                )
            }
            if let source = sources[move.to] {
                throw .init(
                    .conflictingMoves,
                    "attempt to move both item at index path (\(_describePath(source))) and (\(from)) to (\(to))"
                )
            }
            targets[move.from] = move.to
            sources[move.to] = move.from
            movedOutItems[fromSection, default: []].insert(fromItem)
            movedInItems[toSection, default: [:]][toItem] = move.from
        }
    }

    fileprivate func checkItemCounts(oldItemCounts: [Int], newItemCounts: [Int]) throws(BatchUpdateViolation)
    {
        for (position, source) in newSections.enumerated() {
            guard case .surviving(let old) = source else { continue }
            let inserted = insertedItems[position]?.count ?? 0
            let deleted = deletedItems[old]?.count ?? 0
            let movedIn = movedInItems[position]?.count ?? 0
            let movedOut = movedOutItems[old]?.count ?? 0
            let after = newItemCounts[position]
            let before = oldItemCounts[old]
            guard after == before + inserted - deleted + movedIn - movedOut else {
                throw .init(
                    .invalidItemCount,
                    "Invalid update: invalid number of items in section \(position). The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
                )
            }
        }
    }

    fileprivate static func checkSecondPass(_ update: BatchUpdate, newItemCounts: [Int])
        throws(BatchUpdateViolation)
    {
        var reloaded = Set<IndexPath>()
        for (paths, verb) in [(update.reloadedItems, "reload"), (update.reconfiguredItems, "reconfigure")] {
            var seen = Set<IndexPath>()
            for path in paths {
                let (section, item) = try parts(path, verb)
                guard section >= 0 && section < newItemCounts.count else {
                    throw .init(
                        .sectionOutOfRange,
                        "attempt to \(verb) item \(item) of section \(section), but there are only \(newItemCounts.count) sections after the update"
                    )
                }
                guard item >= 0 && item < newItemCounts[section] else {
                    throw .init(
                        .itemOutOfRange,
                        "attempt to \(verb) item \(item) of section \(section), but there are only \(newItemCounts[section]) items in section \(section) after the update"
                    )
                }
                guard seen.insert(path).inserted else {
                    throw .init(
                        .duplicateOperation, "attempt to \(verb) \(_describePath(path)) more than once")
                }
                if verb == "reconfigure" && reloaded.contains(path) {
                    throw .init(
                        .duplicateOperation, "\(_describePath(path)) is both reloaded and reconfigured")
                }
            }
            if verb == "reload" { reloaded = seen }
        }
    }
}
