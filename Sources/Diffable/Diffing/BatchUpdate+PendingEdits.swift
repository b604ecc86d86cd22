import Foundation

// The batch update between two snapshots that are edits kept beside one storage (see
// `_PendingItemEdits`), found from the edits without the diff's pass over every item.

extension BatchUpdate {
    /// The update from `old` to `new` when both are edits kept beside one storage (or one of them
    /// is that storage), found from the edits alone, or `nil` when it takes the diff: the items
    /// deleted on one side only are deleted or inserted, and no item moves. `nil` when an item was
    /// moved (deleted from the storage and inserted again), when an item kept on both sides
    /// changed place among the inserted ones, when sections are marked for reload, or when a
    /// section keeps none of its items (the diff reloads it).
    ///
    /// It is exactly what the diff gives for the two: the items on both sides keep their order, so
    /// the longest increasing subsequence holds them all.
    ///
    /// - Complexity: O(k log k + m) for k edits on the two sides and m marks.
    @inlinable static func _fromPendingEdits<S, I>(
        old: DiffableDataSourceSnapshot<S, I>, new: DiffableDataSourceSnapshot<S, I>
    ) -> BatchUpdate? {
        guard old._pendingEdits != nil || new._pendingEdits != nil, new._reloadedSections.isEmpty,
            old._sharesBase(with: new)
        else { return nil }
        let base = old._storedSectionStarts
        let oldEdits = old._pendingEdits ?? _PendingItemEdits(sectionStarts: base)
        let newEdits = new._pendingEdits ?? _PendingItemEdits(sectionStarts: base)
        let baseSections = old._storedItemSections
        // An inserted item that is in the storage too was moved: the diff finds the fewest moves.
        for edits in [oldEdits, newEdits] {
            for (item, hash) in zip(edits.inserted.elements, edits.inserted.hashes)
            where old._storedItems.index(of: item, hash: hash) != nil {
                return nil
            }
        }
        var deleted: [(position: Int, section: Int)] = []
        var inserted: [(position: Int, section: Int)] = []
        // Base items deleted on one side only.
        var o = 0
        var n = 0
        while o < oldEdits.deleted.count || n < newEdits.deleted.count {
            let inOld = o < oldEdits.deleted.count ? oldEdits.deleted[o] : Int.max
            let inNew = n < newEdits.deleted.count ? newEdits.deleted[n] : Int.max
            if inOld == inNew {
                o &+= 1
                n &+= 1
            } else if inNew < inOld {
                deleted.append((oldEdits.position(ofBase: inNew), Int(baseSections[inNew])))
                n &+= 1
            } else {
                inserted.append((newEdits.position(ofBase: inOld), Int(baseSections[inOld])))
                o &+= 1
            }
        }
        // Inserted items: on both sides they must have one place among the rest.
        var kept = [Bool](repeating: false, count: newEdits.inserted.count)
        var lastKept = -1
        for index in 0..<oldEdits.inserted.count {
            let item = oldEdits.inserted.elements[index]
            guard let newIndex = newEdits.inserted.index(of: item, hash: oldEdits.inserted.hashes[index])
            else {
                deleted.append((oldEdits.position(ofInserted: index), Int(oldEdits.sections[index])))
                continue
            }
            guard newIndex > lastKept, newEdits.anchors[newIndex] == oldEdits.anchors[index],
                newEdits.sections[newIndex] == oldEdits.sections[index]
            else { return nil }
            kept[newIndex] = true
            lastKept = newIndex
        }
        for index in 0..<newEdits.inserted.count where !kept[index] {
            inserted.append((newEdits.position(ofInserted: index), Int(newEdits.sections[index])))
        }
        // A section that had items, has items and keeps none of them: the diff reloads it.
        let oldStarts = oldEdits.sectionStarts
        let newStarts = newEdits.sectionStarts
        deleted.sort { $0.position < $1.position }
        var run = 0
        while run < deleted.count {
            let section = deleted[run].section
            var end = run
            while end < deleted.count && deleted[end].section == section { end &+= 1 }
            if end &- run == oldStarts[section &+ 1] &- oldStarts[section]
                && newStarts[section &+ 1] > newStarts[section]
            {
                return nil
            }
            run = end
        }
        inserted.sort { $0.position < $1.position }
        var update = BatchUpdate()
        update.deletedItems = deleted.map { _indexPath($0.section, $0.position &- oldStarts[$0.section]) }
        update.insertedItems = inserted.map { _indexPath($0.section, $0.position &- newStarts[$0.section]) }
        guard !new._reloadedItems.isEmpty || !new._reconfiguredItems.isEmpty else { return update }
        // Marks of the items on both sides, at their final index paths.
        (update.reloadedItems, update.reconfiguredItems) = new._markedItemPaths { item, hash, _ in
            old._place(ofItem: item, hash: hash) != nil
        }
        return update
    }
}
