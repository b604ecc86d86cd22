import Foundation

/// What a view keeps by index path or by section: a value for each item it shows (its cell, or
/// what it made for it), the headers and footers, the selection, and how far each horizontal
/// strip has scrolled. An index path names an item only until the items change, so all of it
/// moves together: ``remap(by:reloadedSections:)`` carries it across a batch update and
/// ``reset()`` across a reload. The terminal and browser views keep their state on one, so
/// neither can forget a piece of it in one of the two.
package struct IndexPathState<Item, Supplementary> {
    /// The value of each item the view shows, by index path.
    package var items: [IndexPath: Item] = [:]
    /// The section headers the view holds, by section.
    package var headers: [Int: Supplementary] = [:]
    /// The section footers the view holds, by section.
    package var footers: [Int: Supplementary] = [:]
    /// The selected items.
    package var selected: Set<IndexPath> = []
    /// How far each horizontal strip has scrolled (in the view's own units), by section; a strip
    /// not listed shows its first item first.
    package var stripOffsets: [Int: Int] = [:]

    package init() {}

    /// What a remap or a reset took out of the state, and where the items it kept came from.
    package struct Remapped {
        /// The values of items that left (deleted, or in a deleted or reloaded section), by their
        /// old index paths.
        package var items: [IndexPath: Item] = [:]
        /// The headers of sections that left or were reloaded, by their old sections.
        package var headers: [Int: Supplementary] = [:]
        /// The footers of sections that left or were reloaded, by their old sections.
        package var footers: [Int: Supplementary] = [:]
        /// The old index path of each item kept, by its new index path.
        package var origins: [IndexPath: IndexPath] = [:]
    }

    /// Moves everything to the index paths and sections `map` gives, as a batch update does:
    /// items and the selection follow their items and leave with them; headers, footers and strip
    /// offsets follow their sections.
    ///
    /// - Parameters:
    ///   - map: Where the update puts each old section and item.
    ///   - reloadedSections: The old sections the update reloads, whose headers and footers are
    ///     replaced.
    /// - Returns: What left, for the view to recycle or animate out, and where kept items were.
    /// - Complexity: O(c log k) for the c items, selected items and supplementaries held, and the
    ///   k operations of the update.
    package mutating func remap(by map: BatchUpdate.PositionMap, reloadedSections: Set<Int> = []) -> Remapped
    {
        let moved = map.remap(items)
        items = moved.kept
        let (keptHeaders, leftHeaders) = map.remapSections(headers, replacing: reloadedSections)
        let (keptFooters, leftFooters) = map.remapSections(footers, replacing: reloadedSections)
        headers = keptHeaders
        footers = keptFooters
        stripOffsets = map.remapSections(stripOffsets).kept
        selected = Set(selected.compactMap { map.newIndexPath(forOld: $0) })
        return Remapped(
            items: moved.departed, headers: leftHeaders, footers: leftFooters, origins: moved.origins)
    }

    /// Forgets everything tied to the old items, as a reload does, and returns what it held. Strip
    /// offsets are kept as positions, as a reload keeps the scroll position.
    ///
    /// - Complexity: O(1), and O(c) to free the c values held.
    package mutating func reset() -> Remapped {
        defer {
            items = [:]
            headers = [:]
            footers = [:]
            selected = []
        }
        return Remapped(items: items, headers: headers, footers: footers)
    }
}
