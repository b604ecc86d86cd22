// Reload and reconfigure marks. They live on the snapshot value, are read back by the diff, and
// are dropped for identifiers deleted later. A snapshot read from a data source carries none.

extension DiffableDataSourceSnapshot {
    /// Marks items to be reloaded: the view replaces their cells with new ones.
    /// Traps if an item is not in the snapshot.
    ///
    /// - Complexity: O(k) expected for k identifiers.
    @inlinable public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        _trapOnError { () throws(Error) in try checkedReloadItems(identifiers) }
    }

    /// Marks items to be reconfigured: the view hands their existing cells back to the cell provider
    /// to update in place. Prefer this to ``reloadItems(_:)`` unless a new cell is needed.
    /// Traps if an item is not in the snapshot.
    ///
    /// - Complexity: O(k) expected for k identifiers.
    @inlinable public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        _trapOnError { () throws(Error) in try checkedReconfigureItems(identifiers) }
    }

    /// Marks sections to be reloaded, cells and supplementary views alike.
    /// Traps if a section is not in the snapshot.
    ///
    /// - Complexity: O(k) expected for k identifiers.
    @inlinable public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        _trapOnError { () throws(Error) in try checkedReloadSections(identifiers) }
    }

    /// The sections marked with ``reloadSections(_:)`` on this value, in the order first marked.
    ///
    /// - Complexity: O(1).
    @inlinable public var reloadedSectionIdentifiers: [SectionIdentifierType] { _reloadedSections.elements }

    /// The items marked with ``reloadItems(_:)`` on this value and still present, in the order first
    /// marked.
    ///
    /// - Complexity: O(1).
    @inlinable public var reloadedItemIdentifiers: [ItemIdentifierType] { _reloadedItems.elements }

    /// The items marked with ``reconfigureItems(_:)`` on this value and still present, in the order
    /// first marked.
    ///
    /// - Complexity: O(1).
    @inlinable public var reconfiguredItemIdentifiers: [ItemIdentifierType] { _reconfiguredItems.elements }

    /// ``reloadItems(_:)`` that throws ``SnapshotError/itemNotFound(_:call:)`` instead of trapping
    /// and marks nothing on error.
    @inlinable public mutating func checkedReloadItems(_ identifiers: [ItemIdentifierType]) throws(Error) {
        try _requireItems(identifiers, call: "reloadItems(_:)")
        _reloadedItems.formUnion(identifiers)
    }

    /// ``reconfigureItems(_:)`` that throws ``SnapshotError/itemNotFound(_:call:)`` instead of
    /// trapping and marks nothing on error.
    @inlinable public mutating func checkedReconfigureItems(_ identifiers: [ItemIdentifierType]) throws(Error)
    {
        try _requireItems(identifiers, call: "reconfigureItems(_:)")
        _reconfiguredItems.formUnion(identifiers)
    }

    /// ``reloadSections(_:)`` that throws ``SnapshotError/sectionNotFound(_:call:)`` instead of
    /// trapping and marks nothing on error.
    @inlinable public mutating func checkedReloadSections(_ identifiers: [SectionIdentifierType])
        throws(Error)
    {
        for identifier in identifiers where !_sections.contains(identifier) {
            throw .sectionNotFound(identifier, call: "reloadSections(_:)")
        }
        _reloadedSections.formUnion(identifiers)
    }

    /// The same snapshot without any reload or reconfigure marks: what a data source stores.
    ///
    /// - Complexity: O(1).
    @inlinable public var withoutMarks: Self {
        var copy = self
        copy._clearMarks()
        return copy
    }

    @inlinable mutating func _clearMarks() {
        _reloadedSections = _MarkList()
        _reloadedItems = _MarkList()
        _reconfiguredItems = _MarkList()
    }

    /// Adds `other`'s reload and reconfigure marks of the sections and items this snapshot
    /// holds: a request that stands for others it skipped (coalesced applies) shows their marks.
    ///
    /// - Complexity: O(m) for the m marks of `other`.
    @inlinable mutating func _addMarks(of other: Self) {
        let sections = _sections
        _reloadedSections.formUnion(other._reloadedSections.elements.filter(sections.contains))
        _reloadedItems.formUnion(other._reloadedItems.elements.filter { _position(ofItem: $0) != nil })
        _reconfiguredItems.formUnion(
            other._reconfiguredItems.elements.filter { _position(ofItem: $0) != nil })
    }

    @inlinable func _requireItems(_ identifiers: [ItemIdentifierType], call: String) throws(Error) {
        for identifier in identifiers where _position(ofItem: identifier) == nil {
            throw .itemNotFound(identifier, call: call)
        }
    }
}
