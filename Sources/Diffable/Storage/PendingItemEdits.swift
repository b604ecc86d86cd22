// Item edits kept beside a snapshot's shared storage instead of copying it.

/// Item deletions and insertions made to a snapshot whose storage another snapshot shares (the
/// data source's, after `dataSource.snapshot()`), kept beside that storage — the base — rather
/// than applied to a copy of it: the first edit of a shared million-item snapshot copied its
/// identifiers, their hashes and its index, a pass over tens of MiB, where these edits cost a few
/// binary searches over themselves.
///
/// The edited items are the base's, less those at the base positions in `deleted`, with
/// `inserted[j]` (in section `sections[j]`) just before the base item at `anchors[j]` — after
/// every base item before that one, deleted or not, and after the inserted items before `j` —
/// where the base's count as an anchor means the end. Anchors ascend with `j`, so the inserted
/// items are in display order. An inserted item may be a deleted base item back at another place
/// (a move). Every lookup answers from the base and these edits in O(log k) for k edits; a change
/// of sections, or more than `limit` edits, first writes them into the storage
/// (`DiffableDataSourceSnapshot._settle()`).
@usableFromInline struct _PendingItemEdits<Item: Hashable & Sendable> {
    /// The most edits kept beside a base before they are written into it: each lookup costs a
    /// binary search over them, and writing them costs what the copy they saved would have.
    @inlinable static var limit: Int { 1024 }

    /// The fewest items a base must have for edits to be kept beside it: a smaller one is copied,
    /// which costs less than the lookups these edits add.
    @inlinable static var minimumBase: Int { 4096 }

    /// Positions of the deleted base items, ascending.
    @usableFromInline var deleted: [Int] = []
    /// The inserted items, in display order, with their hashes and an index.
    @usableFromInline var inserted = _IdentifierTable<Item>()
    /// The base position each inserted item goes just before; ascending.
    @usableFromInline var anchors: [Int] = []
    /// The section of each inserted item.
    @usableFromInline var sections: [Int32] = []
    /// The edited snapshot's section starts (the base's stay in its storage).
    @usableFromInline var sectionStarts: [Int]
    /// Every edited item in order, once something has read them all; a new one at every edit.
    @usableFromInline var itemList = _ItemList<Item>()

    @inlinable init(sectionStarts: [Int]) {
        self.sectionStarts = sectionStarts
    }

    /// The number of edits kept.
    @inlinable var count: Int { deleted.count &+ inserted.count }

    /// The number of deleted base positions below `position`.
    ///
    /// - Complexity: O(log k).
    @inlinable func deletedCount(below position: Int) -> Int {
        deleted._countBelow(position)
    }

    /// Whether the base item at `position` is deleted.
    ///
    /// - Complexity: O(log k).
    @inlinable func isDeleted(_ position: Int) -> Bool {
        let rank = deleted._countBelow(position)
        return rank < deleted.count && deleted[rank] == position
    }

    /// The edited position of the base item at `position`, which must not be deleted.
    ///
    /// - Complexity: O(log k).
    @inlinable func position(ofBase position: Int) -> Int {
        position &- deleted._countBelow(position) &+ anchors._countBelow(position &+ 1)
    }

    /// The edited position of `inserted[j]`.
    ///
    /// - Complexity: O(log k).
    @inlinable func position(ofInserted j: Int) -> Int {
        let anchor = anchors[j]
        return anchor &- deleted._countBelow(anchor) &+ j
    }

    /// What is at edited position `position`: an inserted item's index, or a base position.
    ///
    /// - Complexity: O(log² k).
    @inlinable func locate(_ position: Int) -> (inserted: Bool, index: Int) {
        // The inserted items before `position`: their edited positions ascend with j.
        let before = _leadingCount(inserted.count) { self.position(ofInserted: $0) < position }
        if before < inserted.count && self.position(ofInserted: before) == position { return (true, before) }
        return (false, basePosition(ofSurvivor: position &- before))
    }

    /// The base position of the base item that survives `survivor`-th (from 0), in base order.
    ///
    /// - Complexity: O(log k).
    @inlinable func basePosition(ofSurvivor survivor: Int) -> Int {
        // deleted[i] - i ascends; the deletions at or before the answer are those where it is at
        // most `survivor`.
        survivor &+ _leadingCount(deleted.count) { deleted[$0] &- $0 <= survivor }
    }

    /// Records the deletion of the base item at `position`, which must not be deleted yet.
    ///
    /// - Complexity: O(k).
    @inlinable mutating func deleteBase(at position: Int) {
        itemList = _ItemList()
        deleted.insert(position, at: deleted._countBelow(position))
    }

    /// Forgets the inserted items at `indices` (ascending, distinct).
    ///
    /// - Complexity: O(k).
    @inlinable mutating func removeInserted(at indices: [Int]) {
        guard !indices.isEmpty else { return }
        itemList = _ItemList()
        let runs = [Range<Int>](_covering: indices)
        inserted.removeAll(inRuns: runs)
        anchors._removeAll(inRuns: runs)
        sections._removeAll(inRuns: runs)
    }

    /// Inserts `items`, whose hashes are `hashes`, in section `section` as a block at edited
    /// position `position`, where the snapshot has `count` items and its base `baseCount`. The
    /// items must be unique and in neither the base nor the edits.
    ///
    /// - Complexity: O(k + j log k) for j items.
    @inlinable mutating func insert(
        _ items: [Item], hashes: [Int], section: Int, at position: Int, count: Int, baseCount: Int
    ) {
        itemList = _ItemList()
        let index: Int
        let anchor: Int
        if position == count {
            (index, anchor) = (inserted.count, baseCount)
        } else {
            let found = locate(position)
            if found.inserted {
                (index, anchor) = (found.index, anchors[found.index])
            } else {
                (index, anchor) = (anchors._countBelow(found.index &+ 1), found.index)
            }
        }
        inserted.insert(items, hashes: hashes, at: Array(repeating: index, count: items.count))
        anchors.insert(contentsOf: repeatElement(anchor, count: items.count), at: index)
        sections.insert(
            contentsOf: repeatElement(Int32(truncatingIfNeeded: section), count: items.count), at: index)
    }
}

extension _PendingItemEdits: Sendable {}

extension _PendingItemEdits {
    /// Every edited item in order, `base` being the storage's items: made once for these edits.
    ///
    /// - Complexity: O(n + k) the first time, then O(1).
    @inlinable func items(over base: [Item]) -> [Item] {
        itemList.value { () -> [Item] in
            var items: [Item] = []
            items.reserveCapacity(base.count &- deleted.count &+ inserted.count)
            var next = 0  // the next deleted position
            var j = 0  // the next inserted item
            inserted.elements.withUnsafeBufferPointer { inserted in
                for position in 0...base.count {
                    while j < inserted.count && anchors[j] == position {
                        items.append(inserted[j])
                        j &+= 1
                    }
                    guard position < base.count else { break }
                    if next < deleted.count && deleted[next] == position {
                        next &+= 1
                    } else {
                        items.append(base[position])
                    }
                }
            }
            return items
        }
    }
}

/// The edited items of one state of `_PendingItemEdits`, made at most once, under a lock: reads
/// of a snapshot may come from several threads at once.
@usableFromInline final class _ItemList<Item: Sendable>: Sendable {
    let items = _Lock<[Item]?>(nil)

    @usableFromInline init() {}

    /// The items, made by `make` the first time.
    @usableFromInline func value(orMake make: () -> [Item]) -> [Item] {
        items.withLock { items in
            if let items { return items }
            let made = make()
            items = made
            return made
        }
    }
}

/// A reference only copies of one snapshot hold: a snapshot whose marker another value also holds
/// shares its storage with that value, so an edit is kept beside the storage instead of copying it
/// (`isKnownUniquelyReferenced` answers for a class, not for an array's buffer).
@usableFromInline final class _StorageMarker: Sendable {
    @inlinable init() {}
}

extension Array where Element == Int {
    /// The number of elements below `value`, in an ascending array: where `value` would go.
    ///
    /// - Complexity: O(log n).
    @inlinable func _countBelow(_ value: Int) -> Int {
        _leadingCount(count) { self[$0] < value }
    }
}

/// How many of the indices `0..<count` `holds` is true for, where it is true for some first of
/// them and false for the rest: a binary search.
///
/// - Complexity: O(log `count`) calls of `holds`.
@inlinable func _leadingCount(_ count: Int, where holds: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = (low &+ high) >> 1
        if holds(middle) { low = middle &+ 1 } else { high = middle }
    }
    return low
}
