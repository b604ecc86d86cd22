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
        _items.elements._sharesStorage(with: other._items.elements)
            && _items.hashes._sharesStorage(with: other._items.hashes)
            && _items.slots._sharesStorage(with: other._items.slots)
            && _itemSections._sharesStorage(with: other._itemSections)
            && _sections.elements._sharesStorage(with: other._sections.elements)
            && _sectionStarts._sharesStorage(with: other._sectionStarts)
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
        var flats: [Int: Bool] = [:]  // flat position: reloaded (else reconfigured)
        for item in _reloadedItems.elements {
            if let flat = _items.index(of: item) { flats[flat] = true }
        }
        for item in _reconfiguredItems.elements {
            if let flat = _items.index(of: item), flats[flat] == nil { flats[flat] = false }
        }
        for (flat, reloads) in flats.sorted(by: { $0.key < $1.key }) {
            let section = Int(_itemSections[flat])
            guard !reloadedSections.contains(section) else { continue }
            let path = _indexPath(section, flat - _sectionStarts[section])
            if reloads { update.reloadedItems.append(path) } else { update.reconfiguredItems.append(path) }
        }
        return update
    }
}

extension Array {
    /// Whether both arrays are one buffer (two empty arrays count as one).
    ///
    /// - Complexity: O(1).
    func _sharesStorage(with other: Self) -> Bool {
        guard count == other.count else { return false }
        guard !isEmpty else { return true }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
