import Foundation

/// Applies a batch update to the old state exactly as `UICollectionView` does, and returns the
/// state the view would then show: the replay oracle for diffs.
///
/// A collection view tracks positions, not identities, so the replay does too:
///
/// - Sections that are neither deleted nor moved keep their relative order and fill the new
///   section indices that are neither inserted nor move targets; a moved section goes to its
///   target. Every surviving section carries its **old** identifier, and a moved one its items.
/// - In a surviving section, move targets receive the **old** item at the move's source; the old
///   items that are neither deleted nor moved away keep their relative order and fill the
///   positions that are neither inserted nor move targets.
/// - Inserted sections and inserted items take their identifiers from `new`, at their new
///   positions; a reloaded section keeps its old identifier and its items are replaced wholesale
///   by `new`'s.
///
/// Compare the result with `new` to check a diff: `==` on snapshots compares sections and items in
/// order and ignores reload and reconfigure marks.
///
/// ```swift
/// let update = BatchUpdate(from: old, to: new)
/// #expect(try replay(update, on: old, insertingFrom: new) == new)
/// ```
///
/// Before replaying, the update is checked with ``validate(_:oldItemCounts:newItemCounts:)``
/// against the item counts of `old` and `new`. Afterwards, every final index path in
/// ``BatchUpdate/reloadedItems`` and ``BatchUpdate/reconfiguredItems`` must hold an item that
/// survived the structural pass: one that is not inserted and does not lie in an inserted or
/// reloaded section.
///
/// - Parameters:
///   - update: The batch update to apply.
///   - old: The state before the update.
///   - new: The state after the update; only the identifiers at inserted positions (and in
///     inserted or reloaded sections) are read from it, and its item counts.
/// - Returns: The state after applying `update` to `old`, without marks.
/// - Throws: A ``BatchUpdateViolation`` for the first broken rule, including
///   ``BatchUpdateViolation/Rule/reloadOfNonSurvivingItem`` and
///   ``BatchUpdateViolation/Rule/duplicateIdentifierInResult`` (the replay would place one
///   identifier twice).
/// - Complexity: O(n + m + s + k) expected, where n and m are the item counts of `old` and `new`,
///   s the number of sections and k the number of operations; it hashes each identifier of the
///   result once more to detect duplicates.
@inlinable public func replay<SectionIdentifierType, ItemIdentifierType>(
    _ update: BatchUpdate,
    on old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    insertingFrom new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
) throws(BatchUpdateViolation) -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    let oldCounts = (0..<old.numberOfSections).map { old.numberOfItems(inSectionAt: $0) }
    let newCounts = (0..<new.numberOfSections).map { new.numberOfItems(inSectionAt: $0) }
    let plan = try _ReplayPlan(update, oldItemCounts: oldCounts, newItemCounts: newCounts)
    let oldItems = _SectionedItems(old, counts: oldCounts)
    let newItems = _SectionedItems(new, counts: newCounts)

    var sections: [SectionIdentifierType] = []
    var contents: [[ItemIdentifierType]] = []
    sections.reserveCapacity(newCounts.count)
    contents.reserveCapacity(newCounts.count)
    for (position, source) in plan.newSections.enumerated() {
        switch source {
        case .inserted:
            sections.append(new.sectionIdentifiers[position])
            contents.append(Array(newItems[position]))
        case .reloaded(let oldSection):
            sections.append(old.sectionIdentifiers[oldSection])
            contents.append(Array(newItems[position]))
        case .surviving(let oldSection):
            sections.append(old.sectionIdentifiers[oldSection])
            contents.append(
                plan.replayItems(
                    of: oldSection, into: position, count: newCounts[position], old: oldItems, new: newItems))
        }
    }
    try plan.checkSecondPassSurvives(update)
    return try _makeSnapshot(sections: sections, contents: contents)
}

/// A snapshot's items split by section, read without hashing.
@usableFromInline struct _SectionedItems<Item> {
    @usableFromInline let items: [Item]
    @usableFromInline let starts: [Int]

    @inlinable init<Section>(_ snapshot: DiffableDataSourceSnapshot<Section, Item>, counts: [Int]) {
        items = snapshot.itemIdentifiers
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        self.starts = starts
    }

    @inlinable subscript(section: Int) -> ArraySlice<Item> { items[starts[section]..<starts[section + 1]] }

    @inlinable subscript(section: Int, item: Int) -> Item { items[starts[section] + item] }
}

extension _ReplayPlan {
    /// The items of surviving old section `oldSection` after the update, at new index `position`.
    /// Validation guarantees the counts add up.
    @inlinable func replayItems<Item>(
        of oldSection: Int, into position: Int, count: Int, old: _SectionedItems<Item>,
        new: _SectionedItems<Item>
    ) -> [Item] {
        let deleted = deletedItems[oldSection] ?? []
        let movedOut = movedOutItems[oldSection] ?? []
        let inserted = insertedItems[position] ?? []
        let movedIn = movedInItems[position] ?? [:]
        let staying = old[oldSection].enumerated()
            .filter { !deleted.contains($0.offset) && !movedOut.contains($0.offset) }
            .map(\.element)
        var nextStaying = 0
        var result: [Item] = []
        result.reserveCapacity(count)
        for item in 0..<count {
            if inserted.contains(item) {
                result.append(new[position, item])
            } else if let source = movedIn[item] {
                result.append(old[source.section, source.item])
            } else {
                result.append(staying[nextStaying])
                nextStaying += 1
            }
        }
        assert(nextStaying == staying.count, "validation guarantees the item counts add up")
        return result
    }

    /// Checks that every reload and reconfigure names an item that survived the structural pass.
    @usableFromInline func checkSecondPassSurvives(_ update: BatchUpdate) throws(BatchUpdateViolation) {
        for (paths, verb) in [(update.reloadedItems, "reload"), (update.reconfiguredItems, "reconfigure")] {
            for path in paths {
                let (section, item) = (path.section, path.item)
                let reason: String
                switch newSections[section] {
                case .inserted:
                    reason = "which lies in a section inserted by the update"
                case .reloaded:
                    reason = "which lies in a section reloaded by the update"
                case .surviving:
                    guard insertedItems[section]?.contains(item) == true else { continue }
                    reason = "which is inserted by the update"
                }
                throw .init(
                    .reloadOfNonSurvivingItem,
                    "attempt to \(verb) item \(item) of section \(section), \(reason)")
            }
        }
    }
}

/// Builds a snapshot from replayed sections, or throws when an identifier would appear twice.
@inlinable func _makeSnapshot<Section, Item>(
    sections: [Section], contents: [[Item]]
) throws(BatchUpdateViolation) -> DiffableDataSourceSnapshot<Section, Item> {
    var sectionPositions: [Section: Int] = [:]
    for (position, section) in sections.enumerated() {
        if let earlier = sectionPositions.updateValue(position, forKey: section) {
            throw .init(
                .duplicateIdentifierInResult,
                "the update puts section \(_quote(section)) at both section \(earlier) and section \(position); a snapshot cannot hold a section twice"
            )
        }
    }
    var itemPaths: [Item: IndexPath] = [:]
    for (section, items) in contents.enumerated() {
        for (index, item) in items.enumerated() {
            let path = IndexPath(item: index, section: section)
            if let earlier = itemPaths.updateValue(path, forKey: item) {
                throw .init(
                    .duplicateIdentifierInResult,
                    "the update puts item \(_quote(item)) at both \(_describePath(earlier)) and \(_describePath(path)); a snapshot cannot hold an item twice"
                )
            }
        }
    }
    var snapshot = DiffableDataSourceSnapshot<Section, Item>()
    snapshot.appendSections(sections)
    for (section, items) in zip(sections, contents) where !items.isEmpty {
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// An identifier as it appears in a message: strings quoted, other values described.
@usableFromInline func _quote<Value>(_ value: Value) -> String {
    value is any StringProtocol ? String(reflecting: value) : String(describing: value)
}
