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
        _items.elements._sharesStorage(with: other._items.elements)
            && _items.hashes._sharesStorage(with: other._items.hashes)
            && _items.slots._sharesStorage(with: other._items.slots)
            && _itemSections._sharesStorage(with: other._itemSections)
            && _sections.elements._sharesStorage(with: other._sections.elements)
            && _sectionStarts._sharesStorage(with: other._sectionStarts)
            && _reloadedSections.isEmpty && _reloadedItems.isEmpty && _reconfiguredItems.isEmpty
            && other._reloadedSections.isEmpty && other._reloadedItems.isEmpty
            && other._reconfiguredItems.isEmpty
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
