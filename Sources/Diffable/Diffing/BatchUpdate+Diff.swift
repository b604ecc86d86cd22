import Foundation

extension BatchUpdate {
    /// The batch update that turns `old` into `new`, by identity, as UIKit's diffable data source
    /// computes it.
    ///
    /// Sections and items present in both keep their identity; the others are deleted or inserted.
    /// Moves are minimal: among the sections present in both and not marked for reload, those in a
    /// longest increasing subsequence of old positions stay and the rest move (a reload-marked
    /// section never moves: it is reloaded in place when it fits between the sections that stay,
    /// else deleted and inserted); within each section present in both, the items that stay in it
    /// keep a longest increasing subsequence in place and only the others move, plus the items
    /// that change between surviving sections. Items marked with
    /// `reloadItems`/`reconfigureItems` on `new` appear in ``reloadedItems``/``reconfiguredItems`` at
    /// their final index paths (a reload wins over a reconfigure); sections marked with
    /// `reloadSections` appear in ``reloadedSections`` or, when they also move, as a delete and an
    /// insert. A section that stays in place and keeps none of its items (it has items in both
    /// snapshots, but none stays in it, leaves it for another surviving section or comes from one)
    /// is reloaded too, rather than emptied and refilled one item at a time: the view makes the
    /// same cells either way, but receives one operation instead of one per item. Marks on items
    /// that are inserted, or that lie in an inserted or reloaded section, are dropped: those cells
    /// are new anyway.
    ///
    /// - Complexity: O(n + m + k log k) expected, where n and m are the item counts of the two
    ///   snapshots and k the number of items that change position; it calls `==` on identifiers
    ///   whose stored hashes match and never calls `hash(into:)` (apart from one hash per reload or
    ///   reconfigure mark).
    @inlinable
    public init<SectionIdentifierType, ItemIdentifierType>(
        from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) {
        self.init(_from: old, to: new, comparesContent: false) { _, _ in true }
    }

    /// The batch update that turns `old` into `new`, also reconfiguring the items whose content
    /// changed.
    ///
    /// Identity still decides what is inserted, deleted and moved. For every item present in both
    /// snapshots (and not inside an inserted or reloaded section), `isContentEqual` receives the
    /// identifier value stored in `old` and the one stored in `new`; when it returns `false`, the
    /// item's final index path is added to ``reconfiguredItems`` (unless it is already reloaded).
    /// Identifiers that carry a content version beside their identity make this a one-liner:
    ///
    /// ```swift
    /// struct Row: Hashable, Sendable {
    ///     var id: Int
    ///     var version: Int
    ///     static func == (a: Row, b: Row) -> Bool { a.id == b.id }
    ///     func hash(into hasher: inout Hasher) { hasher.combine(id) }
    /// }
    /// let update = BatchUpdate(from: old, to: new) { $0.version == $1.version }
    /// ```
    ///
    /// - Complexity: As ``init(from:to:)``, plus one call of `isContentEqual` per surviving item.
    @inlinable
    public init<SectionIdentifierType, ItemIdentifierType>(
        from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        isContentEqual: (ItemIdentifierType, ItemIdentifierType) -> Bool
    ) {
        self.init(_from: old, to: new, comparesContent: true, isContentEqual: isContentEqual)
    }

    @inlinable init<S, I>(
        _from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>,
        comparesContent: Bool, isContentEqual: (I, I) -> Bool
    ) {
        if !comparesContent, let update = Self._fromPendingEdits(old: old, new: new) {
            self = update
            return
        }
        let old = old._settled()
        let new = new._settled()
        self.init()
        let sections = _Matching(new: new._sections, old: old._sections)
        let oldSectionCount = old._sections.count
        let newSectionCount = new._sections.count

        // A section is "live" on a side when its items get item operations: it exists in both
        // snapshots and is neither reloaded nor replaced.
        var newLive = [Bool](repeating: false, count: newSectionCount)
        var oldLive = [Bool](repeating: false, count: oldSectionCount)
        var reloadMarked = [Bool](repeating: false, count: newSectionCount)
        for identifier in new._reloadedSections.elements {
            if let section = new._sections.index(of: identifier) { reloadMarked[section] = true }
        }
        // Only unmarked survivors count as moves, so the sections that stay are a longest increasing
        // run of the unmarked ones; a reload-marked survivor is reloaded in place when it fits
        // between the stays around it, and replaced (deleted and inserted) otherwise, because UIKit
        // forbids moving and reloading one section.
        var unmarkedNew: [Int] = []
        var unmarkedOld: [Int32] = []
        for section in 0..<newSectionCount where sections.newToOld[section] >= 0 && !reloadMarked[section] {
            unmarkedNew.append(section)
            unmarkedOld.append(sections.newToOld[section])
        }
        let stays = _longestIncreasingSubsequenceMask(unmarkedOld)
        var previousStay: Int32 = -1  // old index of the last staying section so far, in new order
        var nextStay = [Int32](repeating: Int32.max, count: newSectionCount + 1)  // next stay's old index
        var k = unmarkedNew.count - 1
        for section in stride(from: newSectionCount - 1, through: 0, by: -1) {
            nextStay[section] = nextStay[section + 1]
            if k >= 0 && unmarkedNew[k] == section {
                if stays[k] { nextStay[section] = unmarkedOld[k] }
                k -= 1
            }
        }
        k = 0
        for newSection in 0..<newSectionCount {
            let oldIndex = sections.newToOld[newSection]
            guard oldIndex >= 0 else { continue }
            let oldSection = Int(oldIndex)
            if reloadMarked[newSection] {
                if previousStay < oldIndex && oldIndex < nextStay[newSection + 1] {
                    reloadedSections.append(oldSection)
                    previousStay = oldIndex
                } else {
                    deletedSections.append(oldSection)
                    insertedSections.append(newSection)
                }
            } else {
                newLive[newSection] = true
                oldLive[oldSection] = true
                if stays[k] {
                    previousStay = oldIndex
                } else {
                    movedSections.append(Move(from: oldSection, to: newSection))
                }
                k += 1
            }
        }
        for section in 0..<oldSectionCount where sections.oldToNew[section] < 0 {
            deletedSections.append(section)
        }
        for section in 0..<newSectionCount where sections.newToOld[section] < 0 {
            insertedSections.append(section)
        }
        deletedSections.sort()
        insertedSections.sort()
        reloadedSections.sort()

        let items = _Matching(new: new._items, old: old._items)
        insertedItems.reserveCapacity(new._items.count - items.matchedCount)
        deletedItems.reserveCapacity(old._items.count - items.matchedCount)
        _diffItems(old: old, new: new, items: items, sections: sections, oldLive: &oldLive, newLive: &newLive)
        if comparesContent || !new._reloadedItems.isEmpty || !new._reconfiguredItems.isEmpty {
            _collectReloads(
                old: old, new: new, items: items, oldLive: oldLive, newLive: newLive,
                comparesContent: comparesContent,
                isContentEqual: isContentEqual)
        }
    }

    /// Item inserts, deletes and moves for the live sections.
    ///
    /// Per pair of live sections, the items that open and close both sections in the same order
    /// (a common prefix and suffix) are settled first: they belong to a longest increasing
    /// subsequence (any increasing run of the others fits between them), so they stay, and only
    /// the middle goes through the subsequence search. Items that stay in their section's
    /// counterpart are recognised by the section's bounds. For the items that change section,
    /// which section they come from or go to is passed along in tables indexed by flat position,
    /// written as one side is walked and read in order as the other is: reading `_itemSections`
    /// at the other side's scattered positions instead cost a cache miss per such item.
    ///
    /// A section that stays in place but keeps none of its items (none stays in it or goes to or
    /// comes from another live section, and it has items before and after) is reloaded instead of
    /// emptied and refilled item by item, which is the same change to the view in one operation
    /// instead of one per item; it stops being live.
    @inlinable mutating func _diffItems<S, I>(
        old: DiffableDataSourceSnapshot<S, I>, new: DiffableDataSourceSnapshot<S, I>, items: _Matching,
        sections: _Matching, oldLive: inout [Bool], newLive: inout [Bool]
    ) {
        let oldStarts = old._sectionStarts
        let newStarts = new._sectionStarts
        var movedSection = [Bool](repeating: false, count: newLive.count)
        for move in movedSections { movedSection[move.to] = true }
        let reloadedBefore = reloadedSections.count
        var largest = 0
        for section in newLive.indices where newLive[section] {
            largest = Swift.max(largest, newStarts[section + 1] - newStarts[section])
        }
        // Scratch space for one section's items that stay in it: old and new flat positions, and
        // which of them keep their order.
        let candidateOld = UnsafeMutableBufferPointer<Int32>.allocate(capacity: Swift.max(largest, 1))
        let candidateNew = UnsafeMutableBufferPointer<Int32>.allocate(capacity: Swift.max(largest, 1))
        let stays = UnsafeMutableBufferPointer<Bool>.allocate(capacity: Swift.max(largest, 1))
        // Items can change section only when one side has more than one section. Then, per new
        // position of an item that comes from another old section, that section; per old position
        // of an item that moves to another live section, that section (-1 for the others).
        let crossing = oldLive.count > 1 || newLive.count > 1
        let fromSection = UnsafeMutableBufferPointer<Int32>.allocate(
            capacity: crossing ? new._items.count &+ 1 : 0)
        let scratch = new._items.count  // fromSection's scratch element
        let toSection = UnsafeMutableBufferPointer<Int32>.allocate(capacity: crossing ? old._items.count : 0)
        toSection.initialize(repeating: -1)
        defer {
            candidateOld.deallocate()
            candidateNew.deallocate()
            stays.deallocate()
            fromSection.deallocate()
            toSection.deallocate()
        }
        if crossing {
            var crossers = 0  // items that change section
            items.oldToNew.withUnsafeBufferPointer { oldToNew in
                for oldSection in oldLive.indices {
                    // An item of a section that is not live changes section wherever it goes.
                    var bounds = 0..<0
                    if oldLive[oldSection] {
                        let newSection = Int(sections.oldToNew[oldSection])
                        bounds = newStarts[newSection]..<newStarts[newSection + 1]
                    }
                    // Without a branch (which items change section is as unpredictable as the
                    // edit): the others write to the scratch element at the end.
                    for flat in oldStarts[oldSection]..<oldStarts[oldSection + 1] {
                        let newFlat = Int(oldToNew[flat])
                        let crosses =
                            (newFlat >= 0 ? 1 : 0)
                            & (_isIn(newFlat, from: bounds.lowerBound, to: bounds.upperBound) ? 0 : 1)
                        let mask = 0 &- crosses
                        fromSection[(newFlat & mask) | (scratch & ~mask)] = Int32(
                            truncatingIfNeeded: oldSection)
                        crossers &+= crosses
                    }
                }
            }
            // Most of them move: room for them all, rather than growing one move at a time.
            movedItems.reserveCapacity(crossers)
        }
        // For each old live section, the old flat range between its common prefix and suffix with
        // its new section: only those items can be deleted.
        var untrimmedOld = [Range<Int>](repeating: 0..<0, count: oldLive.count)
        // Index paths of the old sections, from which items that change section are addressed.
        let oldSectionPaths = oldLive.indices.map { IndexPath(index: $0) }
        items.newToOld.withUnsafeBufferPointer { newToOld in
            for newSection in newLive.indices where newLive[newSection] {
                let oldSection = Int(sections.newToOld[newSection])
                let start = newStarts[newSection]
                let end = newStarts[newSection + 1]
                let oldStart = oldStarts[oldSection]
                let oldEnd = oldStarts[oldSection + 1]
                var first = start  // the middle is first..<last in new, oldFirst..<oldLast in old
                var oldFirst = oldStart
                while first < end && oldFirst < oldEnd && Int(newToOld[first]) == oldFirst {
                    first &+= 1
                    oldFirst &+= 1
                }
                var last = end
                var oldLast = oldEnd
                while last > first && oldLast > oldFirst && Int(newToOld[last &- 1]) == oldLast &- 1 {
                    last &-= 1
                    oldLast &-= 1
                }
                untrimmedOld[oldSection] = oldFirst..<oldLast
                guard first < last else { continue }
                if first == start && last == end && oldStart < oldEnd && !movedSection[newSection]
                    && !_anyItemIsInLiveSection(
                        start..<end, through: items.newToOld, otherItemSections: old._itemSections,
                        otherLive: oldLive)
                    && !_anyItemIsInLiveSection(
                        oldStart..<oldEnd, through: items.oldToNew, otherItemSections: new._itemSections,
                        otherLive: newLive)
                {
                    reloadedSections.append(oldSection)
                    oldLive[oldSection] = false
                    newLive[newSection] = false
                    continue
                }
                let sectionPath = IndexPath(index: newSection)
                var candidates = 0
                for flat in first..<last {
                    let oldFlat = Int(newToOld[flat])
                    if oldFlat < 0 {
                        insertedItems.append(sectionPath.appending(flat &- start))
                    } else if oldStart <= oldFlat && oldFlat < oldEnd {
                        candidateOld[candidates] = Int32(truncatingIfNeeded: oldFlat)
                        candidateNew[candidates] = Int32(truncatingIfNeeded: flat)
                        candidates &+= 1
                    } else {
                        let from = Int(fromSection[flat])
                        if oldLive[from] {
                            toSection[oldFlat] = Int32(truncatingIfNeeded: newSection)
                            movedItems.append(
                                Move(
                                    from: oldSectionPaths[from].appending(oldFlat &- oldStarts[from]),
                                    to: sectionPath.appending(flat &- start)))
                        } else {
                            // From a deleted or reloaded section: UIKit cannot move it.
                            insertedItems.append(sectionPath.appending(flat &- start))
                        }
                    }
                }
                guard candidates > 0 else { continue }
                let run = UnsafeMutableBufferPointer(rebasing: stays[0..<candidates])
                run.update(repeating: false)
                let kept = _markLongestIncreasingSubsequence(
                    UnsafeBufferPointer(rebasing: candidateOld[0..<candidates]), into: run)
                guard kept < candidates else { continue }
                // Growing the array one move at a time copied it over and over (a move is two
                // index paths): reserve what this section needs, at least doubling.
                let needed = movedItems.count &+ candidates &- kept
                if needed > movedItems.capacity {
                    movedItems.reserveCapacity(Swift.max(needed, 2 &* movedItems.capacity))
                }
                let oldSectionPath = IndexPath(index: oldSection)
                for k in 0..<candidates where !run[k] {
                    movedItems.append(
                        Move(
                            from: oldSectionPath.appending(Int(candidateOld[k]) &- oldStart),
                            to: sectionPath.appending(Int(candidateNew[k]) &- start)))
                }
            }
        }
        if reloadedSections.count > reloadedBefore { reloadedSections.sort() }
        items.oldToNew.withUnsafeBufferPointer { oldToNew in
            for oldSection in oldLive.indices where oldLive[oldSection] {
                let start = oldStarts[oldSection]
                let newSection = Int(sections.oldToNew[oldSection])
                let newStart = newStarts[newSection]
                let newEnd = newStarts[newSection + 1]
                let sectionPath = IndexPath(index: oldSection)
                for flat in untrimmedOld[oldSection] {
                    let newFlat = Int(oldToNew[flat])
                    // Gone, or going into an inserted or reloaded section; an item that stays
                    // in its section's new counterpart is live without a lookup.
                    if newFlat < 0
                        || ((newFlat < newStart || newFlat >= newEnd)
                            && (toSection[flat] < 0 || !newLive[Int(toSection[flat])]))
                    {
                        deletedItems.append(sectionPath.appending(flat &- start))
                    }
                }
            }
        }
    }

    /// Whether an item at one of the flat positions `range` of one snapshot is, in the other
    /// snapshot, in a live section: `through` maps this side's flat positions to the other's (-1:
    /// absent), and `otherItemSections` and `otherLive` describe the other side. From the old side
    /// that is an item surviving into a live section; from the new side, one coming from one.
    ///
    /// - Complexity: O(k) for the k positions up to the first such item.
    @inlinable func _anyItemIsInLiveSection(
        _ range: Range<Int>, through mapping: [Int32], otherItemSections: [Int32], otherLive: [Bool]
    ) -> Bool {
        range.contains { flat in
            let otherFlat = Int(mapping[flat])
            return otherFlat >= 0 && otherLive[Int(otherItemSections[otherFlat])]
        }
    }

    /// Reloads and reconfigures at final index paths, for items that survive in live sections.
    @inlinable mutating func _collectReloads<S, I>(
        old: DiffableDataSourceSnapshot<S, I>, new: DiffableDataSourceSnapshot<S, I>, items: _Matching,
        oldLive: [Bool], newLive: [Bool], comparesContent: Bool, isContentEqual: (I, I) -> Bool
    ) {
        let reload: UInt8 = 1
        let reconfigure: UInt8 = 2
        var flags = [UInt8](repeating: 0, count: new._items.count)
        for identifier in new._reloadedItems.elements {
            if let flat = new._items.index(of: identifier) { flags[flat] |= reload }
        }
        for identifier in new._reconfiguredItems.elements {
            if let flat = new._items.index(of: identifier) { flags[flat] |= reconfigure }
        }
        let newStarts = new._sectionStarts
        for newSection in newLive.indices where newLive[newSection] {
            let start = newStarts[newSection]
            for flat in start..<newStarts[newSection + 1] {
                let oldFlat = Int(items.newToOld[flat])
                guard oldFlat >= 0, oldLive[Int(old._itemSections[oldFlat])] else { continue }
                var flag = flags[flat]
                if flag == 0, comparesContent,
                    !isContentEqual(old._items.elements[oldFlat], new._items.elements[flat])
                {
                    flag = reconfigure
                }
                if flag & reload != 0 {
                    reloadedItems.append(_indexPath(newSection, flat - start))
                } else if flag & reconfigure != 0 {
                    reconfiguredItems.append(_indexPath(newSection, flat - start))
                }
            }
        }
    }
}

/// Whether `lowerBound <= value < upperBound`, in one comparison.
@inlinable @inline(__always)
func _isIn(_ value: Int, from lowerBound: Int, to upperBound: Int) -> Bool {
    UInt(bitPattern: value &- lowerBound) < UInt(bitPattern: upperBound &- lowerBound)
}

/// A two-element index path without going through an array.
@inlinable @inline(__always)
func _indexPath(_ section: Int, _ item: Int) -> IndexPath {
    var path = IndexPath(index: section)
    path.append(item)
    return path
}
