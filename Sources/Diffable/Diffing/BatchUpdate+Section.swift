import Foundation

extension BatchUpdate {
    /// The item changes in one section of a view when its section snapshot changes from `old` to
    /// `new`: only visible items are rows, so this diffs the two `visibleItems` lists, as
    /// `apply(_:to:animatingDifferences:completion:)` does.
    ///
    /// The rules are those of ``init(from:to:)`` for a snapshot that holds this one section: deletes
    /// are old visible positions, inserts new ones, and moves (minimal: a longest increasing run of
    /// the items visible in both stays put) go from old to new, all in section `section`; when the
    /// section keeps none of its rows (it has rows before and after, and none is in both), the
    /// section is reloaded instead. Items that only expand or collapse around a row do not move it.
    ///
    /// ```swift
    /// var old = DiffableDataSourceSectionSnapshot<String>()
    /// old.append(["Soups", "Cakes"])
    /// old.append(["Leek"], to: "Soups")
    /// var new = old
    /// new.expand(["Soups"])
    /// BatchUpdate(from: old, to: new, inSection: 2).insertedItems  // [[2, 1]]: "Leek" appears
    /// ```
    ///
    /// - Complexity: O(v + w + k log k), where v and w are the visible item counts and k the number
    ///   of items that change position; no call to `hash(into:)`.
    @inlinable public init<ItemIdentifierType>(
        from old: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        to new: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        inSection section: Int
    ) {
        self.init(
            _sectionItemsFrom: old._items.subtable(old._visiblePositions()),
            to: new._items.subtable(new._visiblePositions()), inSection: section, comparesContent: false
        ) { _, _ in true }
    }

    /// The item changes in one section of a view when its section snapshot changes from `old` to
    /// `new`, also reconfiguring the rows whose content changed: as ``init(from:to:inSection:)``,
    /// and as ``init(from:to:isContentEqual:)`` for each item visible in both.
    ///
    /// - Complexity: As ``init(from:to:inSection:)``, plus one call of `isContentEqual` per item
    ///   visible in both.
    @inlinable public init<ItemIdentifierType>(
        from old: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        to new: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        inSection section: Int,
        isContentEqual: (ItemIdentifierType, ItemIdentifierType) -> Bool
    ) {
        self.init(
            _sectionItemsFrom: old._items.subtable(old._visiblePositions()),
            to: new._items.subtable(new._visiblePositions()), inSection: section, comparesContent: true,
            isContentEqual: isContentEqual)
    }

    /// The one diff of a single section: the update between two snapshots that hold only that
    /// section, with items `old` and `new`, renumbered to section `section`. The data source's
    /// `apply(_:to:)` and the section snapshot diffs above share it, so they follow the full diff's
    /// rules exactly.
    ///
    /// - Complexity: O(n + m + k log k), as ``init(from:to:)``; no call to `hash(into:)`.
    @inlinable init<ItemIdentifierType: Hashable & Sendable>(
        _sectionItemsFrom old: _IdentifierTable<ItemIdentifierType>,
        to new: _IdentifierTable<ItemIdentifierType>,
        inSection section: Int, comparesContent: Bool,
        isContentEqual: (ItemIdentifierType, ItemIdentifierType) -> Bool
    ) {
        self.init(
            _from: DiffableDataSourceSnapshot(_onlySection: 0, items: old),
            to: DiffableDataSourceSnapshot(_onlySection: 0, items: new), comparesContent: comparesContent,
            isContentEqual: isContentEqual)
        if section != 0 {
            self = _renumbered(section: { _ in section }, indexPath: { _indexPath(section, $0.item) })
        }
    }
}

extension DiffableDataSourceSnapshot {
    /// A snapshot of one section holding the items of `items`, sharing its storage.
    ///
    /// - Complexity: O(n) for the n items' section indices; no call to `hash(into:)` but for the
    ///   section.
    @inlinable init(_onlySection section: SectionIdentifierType, items: _IdentifierTable<ItemIdentifierType>)
    {
        self.init()
        _sections = _IdentifierTable(elements: [section], hashes: [section.hashValue])
        _sectionStarts = [0, items.count]
        _items = items
        _itemSections = [Int32](repeating: 0, count: items.count)
    }
}

extension DiffableDataSourceSectionSnapshot {
    /// The positions of the visible items, in order: a collapsed item's subtree is skipped whole.
    ///
    /// - Complexity: O(v), where v is the number of visible items.
    @inlinable func _visiblePositions() -> [Int] {
        var positions: [Int] = []
        var position = 0
        let count = _items.count
        while position < count {
            positions.append(position)
            position = _expanded[position] ? position + 1 : Int(_subtreeEnds[position])
        }
        return positions
    }
}
