// The Apple-named mutations. Each trapping member runs its `checked` twin
// (`DiffableDataSourceSectionSnapshot+Checked.swift`) and traps with the error's message, so both
// share one code path.

extension DiffableDataSourceSectionSnapshot {
    /// Adds `items` as collapsed leaves at the end of the root level, or, with a `parent`, as its
    /// last children (after its whole subtree).
    ///
    ///     var outline = DiffableDataSourceSectionSnapshot<String>()
    ///     outline.append(["Food", "Drinks"])
    ///     outline.append(["Apple", "Pear"], to: "Food")
    ///     outline.items  // ["Food", "Apple", "Pear", "Drinks"]
    ///
    /// An empty `items` is a no-op. `checkedAppend(_:to:)` throws instead of trapping.
    ///
    /// - Parameters:
    ///   - items: New identifiers, none already present and none repeated.
    ///   - parent: The item to add the items to, or `nil` for the root level.
    /// - Precondition: `parent` is `nil` or in the section snapshot, and no identifier in `items`
    ///   is in it already or comes twice.
    /// - Complexity: O(m + k + d) amortized expected, where k is `items.count`, d the level of
    ///   `parent` and m the number of items after the subtree of `parent` (none when appending at
    ///   the end): only those items move. Hashes each new identifier and `parent` once.
    @inlinable public mutating func append(
        _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
    ) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedAppend(items, to: parent)
        }
    }

    /// Adds the items of `snapshot`, keeping their hierarchy and expansion state, at the end of the
    /// root level or as the last children of `parent`.
    ///
    /// Apple's section snapshot has no such member; it completes `insert(_:before:)` and
    /// `insert(_:after:)` for section snapshots. An empty `snapshot` is a no-op.
    ///
    /// - Precondition: `parent` is `nil` or in the section snapshot, and no item of `snapshot` is
    ///   in it already.
    /// - Complexity: O(m + k + d) amortized expected, where k is the number of items in `snapshot`,
    ///   d the level of `parent` and m the number of items after the subtree of `parent` (none when
    ///   appending at the end); hashes `parent` once and no item.
    @inlinable public mutating func append(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        to parent: ItemIdentifierType? = nil
    ) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedAppend(snapshot, to: parent)
        }
    }

    /// Inserts `items` as collapsed siblings immediately before `item` (same parent and level).
    ///
    /// An empty `items` is a no-op.
    ///
    /// - Precondition: `item` is in the section snapshot, and no identifier in `items` is in it
    ///   already or comes twice.
    /// - Complexity: O(m + k + d) amortized expected, where k is `items.count`, d the level of
    ///   `item` and m the number of items from `item` on (they move); hashes each new identifier
    ///   and `item` once.
    @inlinable public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedInsert(items, before: item)
        }
    }

    /// Inserts `items` as collapsed siblings of `item`, after `item` and its whole subtree.
    ///
    ///     var outline = DiffableDataSourceSectionSnapshot<String>()
    ///     outline.append(["Food", "Drinks"])
    ///     outline.append(["Apple"], to: "Food")
    ///     outline.insert(["Snacks"], after: "Food")
    ///     outline.items  // ["Food", "Apple", "Snacks", "Drinks"]
    ///
    /// An empty `items` is a no-op.
    ///
    /// - Precondition: `item` is in the section snapshot, and no identifier in `items` is in it
    ///   already or comes twice.
    /// - Complexity: O(m + k + d) amortized expected, where k is `items.count`, d the level of
    ///   `item` and m the number of items after the subtree of `item` (they move); hashes each new
    ///   identifier and `item` once.
    @inlinable public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedInsert(items, after: item)
        }
    }

    /// Inserts the items of `snapshot`, keeping their hierarchy and expansion state, so that its
    /// root items are siblings immediately before `item`.
    ///
    /// An empty `snapshot` is a no-op.
    ///
    /// - Precondition: `item` is in the section snapshot, and no item of `snapshot` is in it
    ///   already.
    /// - Complexity: O(m + k + d) amortized expected, where k is the number of items in
    ///   `snapshot`, d the level of `item` and m the number of items from `item` on (they move);
    ///   hashes `item` once and no item of `snapshot`.
    @inlinable public mutating func insert(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, before item: ItemIdentifierType
    ) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedInsert(snapshot, before: item)
        }
    }

    /// Inserts the items of `snapshot`, keeping their hierarchy and expansion state, so that its
    /// root items are siblings after `item` and its whole subtree.
    ///
    /// An empty `snapshot` is a no-op.
    ///
    /// - Precondition: `item` is in the section snapshot, and no item of `snapshot` is in it
    ///   already.
    /// - Complexity: O(m + k + d) amortized expected, where k is the number of items in
    ///   `snapshot`, d the level of `item` and m the number of items after the subtree of `item`
    ///   (they move); hashes `item` once and no item of `snapshot`.
    @inlinable public mutating func insert(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, after item: ItemIdentifierType
    ) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedInsert(snapshot, after: item)
        }
    }

    /// Deletes `items` and all their descendants.
    ///
    /// Unlike `DiffableDataSourceSnapshot.deleteItems(_:)`, every item must exist (as in UIKit).
    ///
    /// - Precondition: Every identifier in `items` is in the section snapshot.
    /// - Complexity: O(n + k), where n is the number of items and k is `items.count`; hashes each
    ///   of `items` once.
    @inlinable public mutating func delete(_ items: [ItemIdentifierType]) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedDelete(items)
        }
    }

    /// Removes every item, with the hierarchy and expansion state.
    ///
    /// - Complexity: O(n) to release the storage, where n is the number of items.
    @inlinable public mutating func deleteAll() {
        self = DiffableDataSourceSectionSnapshot()
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }

    /// Replaces all descendants of `parent` with the items of `snapshot`, keeping their hierarchy
    /// and expansion state; the root items of `snapshot` become the children of `parent`.
    ///
    /// `snapshot` may reuse identifiers of the current descendants of `parent`. The expansion state
    /// of `parent` is kept.
    ///
    /// - Precondition: `parent` is in the section snapshot, and no item of `snapshot` is in it
    ///   outside the subtree of `parent`.
    /// - Complexity: O(n + k), where n is the number of items and k the number of items in
    ///   `snapshot`; hashes `parent` once and no item of `snapshot`.
    @inlinable public mutating func replace(
        childrenOf parent: ItemIdentifierType,
        using snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) {
        _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try checkedReplace(childrenOf: parent, using: snapshot)
        }
    }

    /// Marks `items` expanded, so their children are visible when they are. Identifiers that are
    /// not in the section snapshot are ignored; leaves may be marked too.
    ///
    /// - Complexity: O(k) expected, where k is `items.count`; hashes each of `items` once.
    @inlinable public mutating func expand(_ items: [ItemIdentifierType]) {
        _setExpanded(true, items)
    }

    /// Marks `items` collapsed, hiding their descendants. Identifiers that are not in the section
    /// snapshot are ignored. Descendants keep their own expansion state.
    ///
    /// - Complexity: O(k) expected, where k is `items.count`; hashes each of `items` once.
    @inlinable public mutating func collapse(_ items: [ItemIdentifierType]) {
        _setExpanded(false, items)
    }

    @inlinable mutating func _setExpanded(_ expanded: Bool, _ items: [ItemIdentifierType]) {
        for item in items {
            if let position = _items.index(of: item) { _expanded[position] = expanded }
        }
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }
}
