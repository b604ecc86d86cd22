/// What a change did to a data source, as Apple's `NSDiffableDataSourceTransaction`: the snapshots
/// before and after, and the difference between their flattened item lists.
///
/// A data source hands one to `reorderingHandlers.didReorder`; an app applies ``difference`` to its
/// own backing array, because `initialSnapshot.itemIdentifiers.applying(difference)` always equals
/// `finalSnapshot.itemIdentifiers`.
public struct DiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshot before the change.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after the change.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The change from the initial to the final flattened item list, with moves inferred minimally.
    public let difference: CollectionDifference<ItemIdentifierType>
    /// One transaction for each section whose items changed, in final section order, then the
    /// sections that were removed.
    public let sectionTransactions:
        [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

    /// Creates the transaction between two snapshots.
    ///
    /// - Complexity: O(n + m + k log k) expected, where n and m are the item counts and k the number
    ///   of items that change position; no call to `hash(into:)`.
    @inlinable public init(
        initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) {
        self.initialSnapshot = initialSnapshot
        self.finalSnapshot = finalSnapshot
        let flat = _FlatDiff(old: initialSnapshot._items, new: finalSnapshot._items)
        difference = flat.collectionDifference(old: initialSnapshot._items, new: finalSnapshot._items)

        var transactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] =
            []
        let sections = _Matching(new: finalSnapshot._sections, old: initialSnapshot._sections)
        func items(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, _ section: Int
        ) -> _IdentifierTable<ItemIdentifierType> {
            snapshot._items.subtable(snapshot._sectionStarts[section]..<snapshot._sectionStarts[section + 1])
        }
        func range(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, _ section: Int
        ) -> Range<Int> {
            snapshot._sectionStarts[section]..<snapshot._sectionStarts[section + 1]
        }
        for newSection in 0..<finalSnapshot.numberOfSections {
            let oldSection = Int(sections.newToOld[newSection])
            if oldSection >= 0 {
                // Compare in place first: only sections that changed get tables of their own.
                let old = range(initialSnapshot, oldSection)
                let new = range(finalSnapshot, newSection)
                if initialSnapshot._items.hashes[old] == finalSnapshot._items.hashes[new]
                    && initialSnapshot._items.elements[old] == finalSnapshot._items.elements[new]
                {
                    continue
                }
            }
            let after = items(finalSnapshot, newSection)
            let before = oldSection >= 0 ? items(initialSnapshot, oldSection) : _IdentifierTable()
            transactions.append(
                .init(
                    sectionIdentifier: finalSnapshot._sections.elements[newSection],
                    initial: before, final: after))
        }
        for oldSection in 0..<initialSnapshot.numberOfSections where sections.oldToNew[oldSection] < 0 {
            let before = items(initialSnapshot, oldSection)
            guard !before.isEmpty else { continue }
            transactions.append(
                .init(
                    sectionIdentifier: initialSnapshot._sections.elements[oldSection], initial: before,
                    final: _IdentifierTable()))
        }
        sectionTransactions = transactions
    }
}

/// What a change did to one section, as Apple's `NSDiffableDataSourceSectionTransaction`.
public struct DiffableDataSourceSectionTransaction<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The section the transaction describes.
    public let sectionIdentifier: SectionIdentifierType
    /// The section's items before the change.
    public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The section's items after the change.
    public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The change from the initial to the final `items` (pre-order, all levels), so that
    /// `initialSnapshot.items.applying(difference) == finalSnapshot.items`.
    public let difference: CollectionDifference<ItemIdentifierType>

    /// Creates the transaction between two section snapshots.
    ///
    /// - Complexity: O(n + m + k log k) expected, where n and m are the item counts and k the number
    ///   of items that change position; no call to `hash(into:)`.
    @inlinable public init(
        sectionIdentifier: SectionIdentifierType,
        initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) {
        self.sectionIdentifier = sectionIdentifier
        self.initialSnapshot = initialSnapshot
        self.finalSnapshot = finalSnapshot
        difference = _FlatDiff(old: initialSnapshot._items, new: finalSnapshot._items)
            .collectionDifference(old: initialSnapshot._items, new: finalSnapshot._items)
    }

    @inlinable init(
        sectionIdentifier: SectionIdentifierType, initial: _IdentifierTable<ItemIdentifierType>,
        final: _IdentifierTable<ItemIdentifierType>
    ) {
        self.sectionIdentifier = sectionIdentifier
        initialSnapshot = DiffableDataSourceSectionSnapshot(_flat: initial)
        finalSnapshot = DiffableDataSourceSectionSnapshot(_flat: final)
        difference = _FlatDiff(old: initial, new: final).collectionDifference(old: initial, new: final)
    }
}

extension DiffableDataSourceSectionSnapshot {
    /// A flat section snapshot (every item a collapsed root item) over an existing table.
    ///
    /// - Complexity: O(n); no call to `hash(into:)`.
    @inlinable init(_flat table: _IdentifierTable<ItemIdentifierType>) {
        self.init()
        let count = table.count
        _items = table
        _parents = [Int32](repeating: -1, count: count)
        _levels = [Int32](repeating: 0, count: count)
        _subtreeEnds = (0..<count).map { Int32(truncatingIfNeeded: $0 + 1) }
        _expanded = [Bool](repeating: false, count: count)
    }
}
