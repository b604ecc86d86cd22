extension DiffableDataSourceSectionSnapshot: Equatable {
    /// Whether two section snapshots have the same items in the same order, the same hierarchy and
    /// the same expansion state.
    ///
    /// - Complexity: O(n), where n is the number of items; compares the stored hash values first
    ///   and calls `==` on items only when those match. Never calls `hash(into:)`.
    @inlinable public static func == (
        lhs: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        rhs: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) -> Bool {
        lhs._items.count == rhs._items.count
            && lhs._items.hashes == rhs._items.hashes
            && lhs._parents == rhs._parents
            && lhs._expanded == rhs._expanded
            && lhs._items.elements == rhs._items.elements
    }
}

extension DiffableDataSourceSectionSnapshot: Hashable {
    /// Feeds the items' stored hash values, the hierarchy and the expansion state to `hasher`.
    ///
    /// - Complexity: O(n), where n is the number of items. Never calls `hash(into:)` on an item:
    ///   equal items have equal stored hash values, so the stored ones stand in for them.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(_items.hashes)
        hasher.combine(_parents)
        hasher.combine(_expanded)
    }
}
