/// A representation of the items of one section at a point in time, optionally as an outline
/// (a tree of parent and child items that can be expanded and collapsed).
///
/// This is UIKit's `NSDiffableDataSourceSectionSnapshot` without the prefix, with the same members,
/// labels and semantics:
///
///     var snapshot = DiffableDataSourceSectionSnapshot<String>()
///     snapshot.append(["Food", "Drinks"])
///     snapshot.append(["Apple", "Pear"], to: "Food")
///     snapshot.expand(["Food"])
///     snapshot.items         // ["Food", "Apple", "Pear", "Drinks"]
///     snapshot.visibleItems  // ["Food", "Apple", "Pear", "Drinks"]
///     snapshot.level(of: "Pear")  // 1
///
/// # The outline
///
/// ``items`` lists every item depth first (pre-order): a parent comes before its children, and a
/// subtree is contiguous. ``index(of:)`` is a position in that list. An item is *visible* when all
/// its ancestors are expanded; ``visibleItems`` is what a list shows for the section. New items
/// start collapsed, and the expansion state of every item is part of the value (it takes part in
/// `==` and is kept by ``snapshot(of:includingParent:)`` and by inserting one section snapshot
/// into another).
///
/// # Unique identifiers
///
/// Item identifiers must be unique within the section snapshot. Unlike
/// `DiffableDataSourceSnapshot`, which moves an item that is added again, adding an identifier
/// that is already present (or passing one twice) is an error: the Apple-named members trap with a
/// message naming the call and the identifier, and their `checked` twins
/// (`checkedAppend(_:to:)`, `checkedInsert(_:before:)`, …) throw a ``SectionSnapshotError`` and
/// leave the value unchanged. ``appendDroppingDuplicates(_:to:)`` skips such identifiers instead.
///
/// # Performance
///
/// Each identifier is hashed exactly once, when it is added; its hash value is stored beside it and
/// reused by every later mutation, by `==` and `hash(into:)`, by inserting one section snapshot
/// into another, and by the diff engine. Lookups (`contains`, `index(of:)`, `level(of:)`,
/// `parent(of:)`, `isExpanded`) hash the argument once and are O(1) expected. Adding k items costs
/// O(k + m) amortized, where m is the number of items after the insertion point (they move):
/// appending at the end is O(k), and building an outline parents first, the usual way
/// (`append(children, to: parent)` for each parent in turn), moves only the parents still to come,
/// not the whole outline. Other mutations are O(n) in the number of items, n.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// Every item in pre-order, with its stored hash value and the index from item to position.
    @usableFromInline var _items: _IdentifierTable<ItemIdentifierType>
    /// `_parents[i]` is the position of the parent of the item at position `i`, or -1 for a root
    /// item. A parent always precedes its children.
    @usableFromInline var _parents: [Int32]
    /// `_levels[i]` is the depth of the item at position `i`: 0 for a root item.
    @usableFromInline var _levels: [Int32]
    /// `_subtreeEnds[i]` is one past the last position of the subtree of the item at position `i`
    /// (`i + 1` for a leaf), so its descendants are `i + 1 ..< _subtreeEnds[i]`.
    @usableFromInline var _subtreeEnds: [Int32]
    /// `_expanded[i]` is whether the item at position `i` is expanded.
    @usableFromInline var _expanded: [Bool]

    /// Creates an empty section snapshot.
    ///
    /// - Complexity: O(1).
    @inlinable public init() {
        _items = _IdentifierTable()
        _parents = []
        _levels = []
        _subtreeEnds = []
        _expanded = []
    }

    /// Creates a section snapshot with the same items, hierarchy and expansion state as `snapshot`.
    ///
    /// - Parameter snapshot: The section snapshot to copy.
    /// - Complexity: O(1); the storage is shared until one of the two is mutated.
    @inlinable public init(_ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        self = snapshot
    }
}

// MARK: - Queries

extension DiffableDataSourceSectionSnapshot {
    /// All items, depth first: every parent precedes its children, and siblings keep their order.
    ///
    /// - Complexity: O(1).
    @inlinable public var items: [ItemIdentifierType] { _items.elements }

    /// The items at level 0 (those without a parent), in order.
    ///
    /// - Complexity: O(r), where r is the number of root items.
    @inlinable public var rootItems: [ItemIdentifierType] {
        var roots: [ItemIdentifierType] = []
        var position = 0
        while position < _subtreeEnds.count {
            roots.append(_items.elements[position])
            position = Int(_subtreeEnds[position])
        }
        return roots
    }

    /// The items whose ancestors are all expanded, in the order of ``items``: what a list shows
    /// for this section. Root items are always visible.
    ///
    /// - Complexity: O(v), where v is the number of visible items.
    @inlinable public var visibleItems: [ItemIdentifierType] {
        var visible: [ItemIdentifierType] = []
        var position = 0
        while position < _subtreeEnds.count {
            visible.append(_items.elements[position])
            position = _expanded[position] ? position + 1 : Int(_subtreeEnds[position])
        }
        return visible
    }

    /// The items marked expanded, in the order of ``items``, whether or not they are visible or
    /// have children.
    ///
    /// - Complexity: O(n), where n is the number of items.
    @inlinable public var expandedItems: [ItemIdentifierType] {
        var expanded: [ItemIdentifierType] = []
        for position in _expanded.indices where _expanded[position] {
            expanded.append(_items.elements[position])
        }
        return expanded
    }

    /// Whether the section snapshot contains `item`.
    ///
    /// - Complexity: O(1) expected; hashes `item` once.
    @inlinable public func contains(_ item: ItemIdentifierType) -> Bool {
        _items.contains(item)
    }

    /// The position of `item` in ``items`` (depth first), or `nil` if the section snapshot does not
    /// contain it.
    ///
    /// - Complexity: O(1) expected; hashes `item` once.
    @inlinable public func index(of item: ItemIdentifierType) -> Int? {
        _items.index(of: item)
    }

    /// The depth of `item` in the outline: 0 for a root item, 1 for its children, and so on.
    ///
    /// - Precondition: The section snapshot contains `item`.
    /// - Complexity: O(1) expected; hashes `item` once.
    @inlinable public func level(of item: ItemIdentifierType) -> Int {
        let position = _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try _position(of: item, call: "level(of:)")
        }
        return Int(_levels[position])
    }

    /// The parent of `item`, or `nil` if `item` is a root item.
    ///
    /// - Precondition: The section snapshot contains `item`.
    /// - Complexity: O(1) expected; hashes `item` once.
    @inlinable public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? {
        let position = _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try _position(of: item, call: "parent(of:)")
        }
        let parent = _parents[position]
        return parent < 0 ? nil : _items.elements[Int(parent)]
    }

    /// Whether `item` is marked expanded. New items start collapsed.
    ///
    /// - Precondition: The section snapshot contains `item`.
    /// - Complexity: O(1) expected; hashes `item` once.
    @inlinable public func isExpanded(_ item: ItemIdentifierType) -> Bool {
        let position = _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try _position(of: item, call: "isExpanded(_:)")
        }
        return _expanded[position]
    }

    /// Whether every ancestor of `item` is expanded, so a list shows it. Root items are always
    /// visible. (This says nothing about whether the row is on screen.)
    ///
    /// - Precondition: The section snapshot contains `item`.
    /// - Complexity: O(d) expected, where d is the level of `item`; hashes `item` once.
    @inlinable public func isVisible(_ item: ItemIdentifierType) -> Bool {
        let position = _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            try _position(of: item, call: "isVisible(_:)")
        }
        var ancestor = _parents[position]
        while ancestor >= 0 {
            if !_expanded[Int(ancestor)] { return false }
            ancestor = _parents[Int(ancestor)]
        }
        return true
    }

    /// A new section snapshot holding the descendants of `parent`, with their hierarchy and
    /// expansion state; the children of `parent` become its root items. With `includingParent`,
    /// `parent` itself is the single root item instead.
    ///
    ///     var outline = DiffableDataSourceSectionSnapshot<String>()
    ///     outline.append(["Food"])
    ///     outline.append(["Apple", "Pear"], to: "Food")
    ///     outline.snapshot(of: "Food").items                         // ["Apple", "Pear"]
    ///     outline.snapshot(of: "Food", includingParent: true).items  // ["Food", "Apple", "Pear"]
    ///     outline.snapshot(of: "Pear").items                         // []
    ///
    /// - Parameters:
    ///   - parent: An item of this section snapshot.
    ///   - includingParent: Whether the result contains `parent` as its root.
    /// - Precondition: The section snapshot contains `parent`.
    /// - Complexity: O(m) where m is the number of descendants of `parent`; hashes `parent` once
    ///   and no other item.
    @inlinable public func snapshot(
        of parent: ItemIdentifierType, includingParent: Bool = false
    ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        let position = _trapOnError { () throws(SectionSnapshotError<ItemIdentifierType>) in
            guard let position = _items.index(of: parent) else {
                throw .parentNotFound(parent, call: "snapshot(of:includingParent:)")
            }
            return position
        }
        let start = includingParent ? position : position + 1
        return _subtree(start..<Int(_subtreeEnds[position]))
    }

    /// The position of `item`, or the error ``SectionSnapshotError/itemNotFound(_:call:)``.
    @inlinable func _position(
        of item: ItemIdentifierType, call: String
    ) throws(SectionSnapshotError<ItemIdentifierType>) -> Int {
        guard let position = _items.index(of: item) else { throw .itemNotFound(item, call: call) }
        return position
    }
}
