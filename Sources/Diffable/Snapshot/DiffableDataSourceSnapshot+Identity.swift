import Foundation

extension DiffableDataSourceSnapshot {
    /// Whether this snapshot is `other` itself: the same storage, not merely equal contents, and
    /// no marks on either. A store that hands many data sources one snapshot value uses it to tell
    /// that a data source still shows the value an update was computed from.
    ///
    /// Storage cannot change in place while another value shares it, so as long as `other` is
    /// alive, sharing its storage means holding its contents.
    ///
    /// - Complexity: O(1).
    package func _isIdentical(to other: Self) -> Bool {
        _hasIdenticalStorage(to: other)
            && _reloadedSections.isEmpty && _reloadedItems.isEmpty && _reconfiguredItems.isEmpty
            && other._reloadedSections.isEmpty && other._reloadedItems.isEmpty
            && other._reconfiguredItems.isEmpty
    }

    /// Whether this snapshot's sections and items are `other`'s storage itself, whatever the marks
    /// on either: `other` with only reloads or reconfigures marked (`var s =
    /// dataSource.snapshot(); s.reconfigureItems([x])`).
    ///
    /// - Complexity: O(1).
    func _hasIdenticalStorage(to other: Self) -> Bool {
        guard _sharesBase(with: other) else { return false }
        switch (_pendingEdits, other._pendingEdits) {
        case (nil, nil):
            return true
        case (let mine?, let theirs?):
            return mine.deleted._sharesStorage(with: theirs.deleted)
                && mine.inserted.elements._sharesStorage(with: theirs.inserted.elements)
                && mine.anchors._sharesStorage(with: theirs.anchors)
                && mine.sections._sharesStorage(with: theirs.sections)
                && mine.sectionStarts._sharesStorage(with: theirs.sectionStarts)
        default:
            return false
        }
    }

    /// Whether this snapshot's stored sections and items are `other`'s storage itself, whatever
    /// edits either keeps beside it (`_PendingItemEdits`).
    ///
    /// - Complexity: O(1).
    @inlinable func _sharesBase(with other: Self) -> Bool {
        _storedItems.elements._sharesStorage(with: other._storedItems.elements)
            && _storedItems.hashes._sharesStorage(with: other._storedItems.hashes)
            && _storedItems.slots._sharesStorage(with: other._storedItems.slots)
            && _storedItemSections._sharesStorage(with: other._storedItemSections)
            && _storedSections.elements._sharesStorage(with: other._storedSections.elements)
            && _storedSectionStarts._sharesStorage(with: other._storedSectionStarts)
    }

    /// The batch update from this snapshot's own sections and items, as they are, to themselves
    /// with its marks: the reloaded sections, then the reloaded and reconfigured items of the
    /// other sections, at their index paths, in order. What ``BatchUpdate/init(from:to:)`` gives
    /// for a snapshot and the same one marked, without its pass over every item.
    ///
    /// - Complexity: O(m log m) for the m marks; one hash of each.
    package func _updateOfItsMarks() -> BatchUpdate {
        var update = BatchUpdate()
        var reloadedSections = Set<Int>()
        for section in _reloadedSections.elements {
            if let index = _sections.index(of: section) { reloadedSections.insert(index) }
        }
        update.reloadedSections = reloadedSections.sorted()
        (update.reloadedItems, update.reconfiguredItems) = _markedItemPaths { _, _, section in
            !reloadedSections.contains(section)
        }
        return update
    }

    /// The items marked with ``reloadItems(_:)`` or ``reconfigureItems(_:)`` that `including`
    /// accepts (given the item, its hash value and its section index), at their index paths here,
    /// in order; an item marked both ways is reloaded. What a batch update reloads and
    /// reconfigures when the items it marks are in place.
    ///
    /// - Complexity: O(m log m) for the m marks; one hash of each.
    @inlinable func _markedItemPaths(
        including: (_ item: ItemIdentifierType, _ hash: Int, _ section: Int) -> Bool
    ) -> (reloaded: [IndexPath], reconfigured: [IndexPath]) {
        // Plain structs, not tuples or a dictionary: this often runs unspecialized (the engine's
        // path for `reconfigureItems` on the shown snapshot), where those cost a metadata lookup.
        var marks: [_MarkedPosition] = []
        func collect(_ list: _MarkList<ItemIdentifierType>, reloads: Bool) {
            for item in list.elements {
                let hash = item.hashValue
                guard let place = _place(ofItem: item, hash: hash), including(item, hash, place.section)
                else {
                    continue
                }
                marks.append(
                    _MarkedPosition(position: place.position, section: place.section, reloads: reloads))
            }
        }
        collect(_reloadedItems, reloads: true)
        collect(_reconfiguredItems, reloads: false)
        // By position; of an item marked both ways, the reload comes first and is kept.
        marks.sort { ($0.position, $0.reloads ? 0 : 1) < ($1.position, $1.reloads ? 0 : 1) }
        var paths: (reloaded: [IndexPath], reconfigured: [IndexPath]) = ([], [])
        let starts = _sectionStarts
        var previous = -1
        for mark in marks where mark.position != previous {
            previous = mark.position
            let path = _indexPath(mark.section, mark.position &- starts[mark.section])
            if mark.reloads { paths.reloaded.append(path) } else { paths.reconfigured.append(path) }
        }
        return paths
    }
}

/// An item marked for reloading or reconfiguring, at its flat position and section.
@usableFromInline struct _MarkedPosition {
    @usableFromInline var position: Int
    @usableFromInline var section: Int
    @usableFromInline var reloads: Bool

    @inlinable init(position: Int, section: Int, reloads: Bool) {
        self.position = position
        self.section = section
        self.reloads = reloads
    }
}

extension Array {
    /// Whether both arrays are one buffer (two empty arrays count as one).
    ///
    /// - Complexity: O(1).
    @inlinable func _sharesStorage(with other: Self) -> Bool {
        guard count == other.count else { return false }
        guard !isEmpty else { return true }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
