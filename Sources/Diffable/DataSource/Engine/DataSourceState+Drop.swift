import Foundation

/// Where the person dropped a reordered item, by identity rather than position: the same drop can
/// then be made on states the view has not shown yet (applies still on their way to it).
struct _Drop<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    /// The item the person moved.
    let item: ItemIdentifierType
    /// The section it was dropped in.
    let section: SectionIdentifierType
    /// The row right below it after the drop, or `nil` at the end of the section.
    let before: ItemIdentifierType?
    /// The row right above it after the drop, or `nil` at the top of the section.
    let after: ItemIdentifierType?
}

extension _DataSourceState {
    typealias Drop = _Drop<SectionIdentifierType, ItemIdentifierType>

    /// The state with the drop made in it: the item goes right before ``_Drop/before``, or right
    /// after ``_Drop/after``, or to the top or the end of the section, whichever the state allows,
    /// in that order. A state without the item or the section is returned as it is. The
    /// snapshot's reload and reconfigure marks are kept.
    ///
    /// Where an outline is involved (the item's section or the drop's has a section snapshot), the
    /// item moves in the outline with its whole subtree (collapsed descendants and expansion state
    /// included) and becomes a sibling of the row it lands before (or after); dropped inside its own
    /// subtree, it stays where it was. The rows then follow the outline: an expanded parent's
    /// children move with it.
    ///
    /// - Complexity: O(d) for a move of d places between flat sections; O(n) with an outline, for
    ///   the n items.
    func applying(_ drop: Drop) -> Self {
        guard let from = snapshot.sectionIdentifier(containingItem: drop.item),
            snapshot.contains(section: drop.section)
        else { return self }
        var dropped = self
        if sectionSnapshots[from] == nil && sectionSnapshots[drop.section] == nil {
            dropped.snapshot._move(drop)
        } else {
            dropped.moveSubtree(drop, from: from)
        }
        // Some moves delete the rows and insert them again (into an empty section, an outline's
        // subtree), which drops their marks; a drop removes no item, so a reload or reconfigure
        // on its way to the view stays as it was.
        dropped.snapshot._reloadedItems = snapshot._reloadedItems
        dropped.snapshot._reconfiguredItems = snapshot._reconfiguredItems
        return dropped
    }

    /// ``applying(_:)`` with an outline: moves the item's subtree between section snapshots, then
    /// makes the rows of both sections the outlines' visible items.
    private mutating func moveSubtree(_ drop: Drop, from source: SectionIdentifierType) {
        let destination = drop.section
        var sourceOutline = sectionSnapshot(for: source)
        let subtree = sourceOutline.snapshot(of: drop.item, includingParent: true)
        var destinationOutline = source == destination ? sourceOutline : sectionSnapshot(for: destination)
        func isOutside(_ anchor: ItemIdentifierType?) -> ItemIdentifierType? {
            guard let anchor, destinationOutline.contains(anchor), !subtree.contains(anchor) else {
                return nil
            }
            return anchor
        }
        let before = isOutside(drop.before)
        let after = before == nil ? isOutside(drop.after) : nil
        if before == nil && after == nil && (drop.before.map(subtree.contains) ?? false) {
            return  // dropped inside its own subtree
        }
        if source == destination {
            destinationOutline.delete([drop.item])
        } else {
            sourceOutline.delete([drop.item])
        }
        if let before {
            destinationOutline.insert(subtree, before: before)
        } else if let after {
            destinationOutline.insert(subtree, after: after)
        } else if drop.after == nil, let first = destinationOutline.rootItems.first {
            destinationOutline.insert(subtree, before: first)
        } else {
            destinationOutline.append(subtree)
        }
        let moved = subtree.items.filter(snapshot.contains(item:))
        if source != destination {
            snapshot.deleteItems(moved)
            _ = snapshot._replaceItems(
                inSection: snapshot.indexOfSection(source)!, with: sourceOutline.visibleItems)
            store(sourceOutline, for: source)
        }
        guard
            snapshot._replaceItems(
                inSection: snapshot.indexOfSection(destination)!, with: destinationOutline.visibleItems)
        else { preconditionFailure("a dropped item is still in another section") }
        store(destinationOutline, for: destination)
    }

    /// Stores an outline for a section that had one, or that now has children; a flat section
    /// without one stays without.
    private mutating func store(_ outline: SectionSnapshot, for section: SectionIdentifierType) {
        if sectionSnapshots[section] != nil || outline.rootItems.count != outline.items.count {
            sectionSnapshots[section] = outline
        }
    }
}

extension DiffableDataSourceSnapshot {
    /// ``_DataSourceState/applying(_:)`` between flat sections: moves the item's row.
    ///
    /// - Complexity: O(d) for a move of d places, O(n) when the destination section is empty.
    mutating func _move(_ drop: _Drop<SectionIdentifierType, ItemIdentifierType>) {
        let section = drop.section
        func isInSection(_ anchor: ItemIdentifierType?) -> ItemIdentifierType? {
            guard let anchor, anchor != drop.item, sectionIdentifier(containingItem: anchor) == section else {
                return nil
            }
            return anchor
        }
        if let before = isInSection(drop.before) {
            moveItem(drop.item, beforeItem: before)
            return
        }
        if let after = isInSection(drop.after) {
            moveItem(drop.item, afterItem: after)
            return
        }
        let others = itemIdentifiers(inSection: section).filter { $0 != drop.item }
        if drop.after == nil, let first = others.first {
            moveItem(drop.item, beforeItem: first)
        } else if let last = others.last {
            moveItem(drop.item, afterItem: last)
        } else {
            deleteItems([drop.item])
            appendItems([drop.item], toSection: section)
        }
    }
}
