// The checked twins: every mutation that traps in Apple's section snapshot, as a typed-throwing
// member that leaves the value unchanged on error. The Apple-named members in
// `DiffableDataSourceSectionSnapshot+Mutations.swift` call these and trap on the error.

extension DiffableDataSourceSectionSnapshot {
    /// Adds `items` as collapsed leaves at the end of the root level, or as the last children of
    /// `parent` (after its whole subtree); throws instead of trapping.
    ///
    /// An empty `items` is a no-op, whatever `parent` is.
    ///
    /// - Parameters:
    ///   - items: New identifiers, none already present and none repeated.
    ///   - parent: The item to add the items to, or `nil` for the root level.
    /// - Throws: ``SectionSnapshotError/parentNotFound(_:call:)`` if `parent` is not in the section
    ///   snapshot, ``SectionSnapshotError/duplicateItem(_:call:)`` for the first identifier that is
    ///   already present or repeated. The section snapshot is unchanged when it throws.
    /// - Complexity: O(m + k + d) amortized expected, where k is `items.count`, d the level of
    ///   `parent` and m the number of items after the subtree of `parent` (none when appending at
    ///   the end): only those items move. Hashes each new identifier and `parent` once.
    @inlinable public mutating func checkedAppend(
        _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        try _insert(items, hashes: nil, shape: nil, .append(to: parent), call: "append(_:to:)")
    }

    /// Adds the items of `snapshot`, keeping their hierarchy and expansion state, at the end of the
    /// root level or as the last children of `parent`; throws instead of trapping.
    ///
    /// An empty `snapshot` is a no-op, whatever `parent` is.
    ///
    /// - Parameters:
    ///   - snapshot: A section snapshot whose items are all new to this one.
    ///   - parent: The item whose children the root items of `snapshot` become, or `nil`.
    /// - Throws: ``SectionSnapshotError/parentNotFound(_:call:)`` or
    ///   ``SectionSnapshotError/duplicateItem(_:call:)``; the section snapshot is unchanged.
    /// - Complexity: O(m + k + d) amortized expected, where k is the number of items in `snapshot`,
    ///   d the level of `parent` and m the number of items after the subtree of `parent` (none when
    ///   appending at the end); hashes `parent` once and no item (the hash values stored in
    ///   `snapshot` are reused).
    @inlinable public mutating func checkedAppend(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        to parent: ItemIdentifierType? = nil
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        try _insert(
            snapshot._items.elements, hashes: snapshot._items.hashes, shape: snapshot,
            .append(to: parent), call: "append(_:to:)")
    }

    /// Inserts `items` as collapsed siblings immediately before `item` (same parent and level);
    /// throws instead of trapping.
    ///
    /// An empty `items` is a no-op, whatever `item` is.
    ///
    /// - Parameters:
    ///   - items: New identifiers, none already present and none repeated.
    ///   - item: The anchor, an item of this section snapshot.
    /// - Throws: ``SectionSnapshotError/itemNotFound(_:call:)`` if `item` is not in the section
    ///   snapshot, ``SectionSnapshotError/duplicateItem(_:call:)``; the section snapshot is
    ///   unchanged.
    /// - Complexity: O(m + k + d) amortized expected, where k is `items.count`, d the level of
    ///   `item` and m the number of items from `item` on (they move); hashes each new identifier
    ///   and `item` once.
    @inlinable public mutating func checkedInsert(
        _ items: [ItemIdentifierType], before item: ItemIdentifierType
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        try _insert(items, hashes: nil, shape: nil, .before(item), call: "insert(_:before:)")
    }

    /// Inserts `items` as collapsed siblings after `item` and its whole subtree (same parent and
    /// level as `item`); throws instead of trapping.
    ///
    /// An empty `items` is a no-op, whatever `item` is.
    ///
    /// - Parameters:
    ///   - items: New identifiers, none already present and none repeated.
    ///   - item: The anchor, an item of this section snapshot.
    /// - Throws: ``SectionSnapshotError/itemNotFound(_:call:)`` if `item` is not in the section
    ///   snapshot, ``SectionSnapshotError/duplicateItem(_:call:)``; the section snapshot is
    ///   unchanged.
    /// - Complexity: O(m + k + d) amortized expected, where k is `items.count`, d the level of
    ///   `item` and m the number of items after the subtree of `item` (they move); hashes each new
    ///   identifier and `item` once.
    @inlinable public mutating func checkedInsert(
        _ items: [ItemIdentifierType], after item: ItemIdentifierType
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        try _insert(items, hashes: nil, shape: nil, .after(item), call: "insert(_:after:)")
    }

    /// Inserts the items of `snapshot`, keeping their hierarchy and expansion state, so that its
    /// root items are siblings immediately before `item`; throws instead of trapping.
    ///
    /// An empty `snapshot` is a no-op, whatever `item` is.
    ///
    /// - Throws: ``SectionSnapshotError/itemNotFound(_:call:)`` or
    ///   ``SectionSnapshotError/duplicateItem(_:call:)``; the section snapshot is unchanged.
    /// - Complexity: O(m + k + d) amortized expected, where k is the number of items in
    ///   `snapshot`, d the level of `item` and m the number of items from `item` on (they move);
    ///   hashes `item` once and no item of `snapshot`.
    @inlinable public mutating func checkedInsert(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, before item: ItemIdentifierType
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        try _insert(
            snapshot._items.elements, hashes: snapshot._items.hashes, shape: snapshot, .before(item),
            call: "insert(_:before:)")
    }

    /// Inserts the items of `snapshot`, keeping their hierarchy and expansion state, so that its
    /// root items are siblings after `item` and its whole subtree; throws instead of trapping.
    ///
    /// An empty `snapshot` is a no-op, whatever `item` is.
    ///
    /// - Throws: ``SectionSnapshotError/itemNotFound(_:call:)`` or
    ///   ``SectionSnapshotError/duplicateItem(_:call:)``; the section snapshot is unchanged.
    /// - Complexity: O(m + k + d) amortized expected, where k is the number of items in
    ///   `snapshot`, d the level of `item` and m the number of items after the subtree of `item`
    ///   (they move); hashes `item` once and no item of `snapshot`.
    @inlinable public mutating func checkedInsert(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, after item: ItemIdentifierType
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        try _insert(
            snapshot._items.elements, hashes: snapshot._items.hashes, shape: snapshot, .after(item),
            call: "insert(_:after:)")
    }

    /// Deletes `items` and all their descendants; throws instead of trapping.
    ///
    /// Listing an item more than once, or both an item and one of its descendants, is fine.
    ///
    /// - Throws: ``SectionSnapshotError/itemNotFound(_:call:)`` for the first item that is not in
    ///   the section snapshot; the section snapshot is unchanged.
    /// - Complexity: O(n + k), where n is the number of items and k is `items.count`; hashes each
    ///   of `items` once.
    @inlinable public mutating func checkedDelete(
        _ items: [ItemIdentifierType]
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        guard !items.isEmpty else { return }
        let count = _parents.count
        // +1 where a deleted subtree starts, -1 where it ends; a running sum above 0 means deleted.
        var boundaries = [Int32](repeating: 0, count: count + 1)
        for item in items {
            let position = try _position(of: item, call: "delete(_:)")
            boundaries[position] += 1
            boundaries[Int(_subtreeEnds[position])] -= 1
        }
        var depth: Int32 = 0
        let remove = (0..<count).map { position in
            depth += boundaries[position]
            return depth > 0
        }
        _remove(where: remove)
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }

    /// Replaces all descendants of `parent` with the items of `snapshot`, keeping their hierarchy
    /// and expansion state; the root items of `snapshot` become the children of `parent`. Throws
    /// instead of trapping.
    ///
    /// The items of `snapshot` may include current descendants of `parent` (they are removed
    /// first), but not `parent` itself or any other item of this section snapshot. The expansion
    /// state of `parent` is kept.
    ///
    /// - Throws: ``SectionSnapshotError/parentNotFound(_:call:)`` or
    ///   ``SectionSnapshotError/duplicateItem(_:call:)``; the section snapshot is unchanged.
    /// - Complexity: O(n + k), where n is the number of items and k the number of items in
    ///   `snapshot`; hashes `parent` once and no item of `snapshot`.
    @inlinable public mutating func checkedReplace(
        childrenOf parent: ItemIdentifierType,
        using snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        let call = "replace(childrenOf:using:)"
        guard let position = _items.index(of: parent) else { throw .parentNotFound(parent, call: call) }
        // Removing the old children first lets `snapshot` reuse their identifiers; work on a copy so
        // a duplicate leaves `self` untouched.
        var result = self
        result._removeDescendants(of: position)
        _ = try result._appendToTable(
            snapshot._items.elements, hashes: snapshot._items.hashes, droppingDuplicates: false,
            call: call)
        result._placeAppended(at: position + 1, parent: position, shape: snapshot)
        self = result
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }

    /// Adds the identifiers of `items` that are not already in the section snapshot as collapsed
    /// leaves at the end of the root level, or as the last children of `parent`, and returns the
    /// ones it skipped.
    ///
    /// An identifier is skipped if the section snapshot already contains it or it comes earlier in
    /// `items`. Use this for identifiers from outside the app, where a duplicate should be dropped
    /// rather than crash.
    ///
    ///     var outline = DiffableDataSourceSectionSnapshot<Int>()
    ///     outline.append([1, 2])
    ///     try outline.appendDroppingDuplicates([2, 3, 3, 4])  // returns [2, 3]
    ///     outline.items                                        // [1, 2, 3, 4]
    ///
    /// - Parameters:
    ///   - items: The identifiers to add.
    ///   - parent: The item to add the items to, or `nil` for the root level.
    /// - Returns: The skipped identifiers, in the order they appear in `items`.
    /// - Throws: ``SectionSnapshotError/parentNotFound(_:call:)`` if `parent` is not in the section
    ///   snapshot (even when `items` is empty); the section snapshot is unchanged.
    /// - Complexity: O(k + d) amortized expected when appending at the end of the section snapshot,
    ///   O(n + k) otherwise, where k is `items.count`; hashes each of `items` and `parent` once.
    @discardableResult
    @inlinable public mutating func appendDroppingDuplicates(
        _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
    ) throws(SectionSnapshotError<ItemIdentifierType>) -> [ItemIdentifierType] {
        let destination = try _resolve(.append(to: parent), call: "appendDroppingDuplicates(_:to:)")
        let skipped = try _appendToTable(
            items, hashes: nil, droppingDuplicates: true, call: "appendDroppingDuplicates(_:to:)")
        _placeAppended(at: destination.position, parent: destination.parent, shape: nil)
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
        return skipped
    }
}

// MARK: - Shared insertion path

extension DiffableDataSourceSectionSnapshot {
    /// Where new items go, relative to an existing item.
    @usableFromInline enum _Destination {
        /// At the end of the root level (`nil`) or as the last children of the parent.
        case append(to: ItemIdentifierType?)
        /// Siblings immediately before the anchor.
        case before(ItemIdentifierType)
        /// Siblings after the anchor's whole subtree.
        case after(ItemIdentifierType)
    }

    /// The insertion position and the position of the new items' parent (-1 for root level).
    ///
    /// - Complexity: O(1) expected; hashes the anchor or parent once.
    @inlinable func _resolve(
        _ destination: _Destination, call: String
    ) throws(SectionSnapshotError<ItemIdentifierType>) -> (position: Int, parent: Int) {
        switch destination {
        case .append(to: nil):
            return (_parents.count, -1)
        case .append(to: let parent?):
            guard let position = _items.index(of: parent) else {
                throw .parentNotFound(parent, call: call)
            }
            return (Int(_subtreeEnds[position]), position)
        case .before(let anchor):
            let position = try _position(of: anchor, call: call)
            return (position, Int(_parents[position]))
        case .after(let anchor):
            let position = try _position(of: anchor, call: call)
            return (Int(_subtreeEnds[position]), Int(_parents[position]))
        }
    }

    /// Inserts `elements` (with their stored hash values and the hierarchy of `shape`, if given)
    /// at `destination`. A no-op for no elements.
    @inlinable mutating func _insert(
        _ elements: [ItemIdentifierType], hashes: [Int]?,
        shape: DiffableDataSourceSectionSnapshot<ItemIdentifierType>?, _ destination: _Destination,
        call: String
    ) throws(SectionSnapshotError<ItemIdentifierType>) {
        guard !elements.isEmpty else { return }
        let (position, parent) = try _resolve(destination, call: call)
        _ = try _appendToTable(elements, hashes: hashes, droppingDuplicates: false, call: call)
        _placeAppended(at: position, parent: parent, shape: shape)
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }
}
