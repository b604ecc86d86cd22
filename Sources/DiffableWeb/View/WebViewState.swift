import Diffable
import Foundation

/// One item the page has an element for: the element's key, the cell that was configured for it,
/// and what was last sent for it.
///
/// A class: every update looks up each item on the page by index path, and a lookup of a struct
/// this size copied it whole (a retain for each of its strings).
final class MaterializedItem {
    /// The page's key for the element; it follows the item through moves and is never reused.
    let key: Int
    var cell: WebCell
    var content: WebCellContent
    /// What the data source and the layout add to the cell: outline place, swipe actions, and
    /// whether the item may be moved; sent again when it changes.
    var extras: ItemExtras

    init(key: Int, cell: WebCell, content: WebCellContent, extras: ItemExtras) {
        self.key = key
        self.cell = cell
        self.content = content
        self.extras = extras
    }
}

/// One header or footer: the cell, and what was sent for it.
struct MaterializedSupplementary {
    var cell: WebCell
    var content: WebCellContent
}

/// Everything a ``WebCollectionView`` keeps by index path or by section: the items the page has
/// elements for, the sections' keys, headers and footers, the selection, how far each strip has
/// scrolled.
///
/// As in the terminal view, everything named by an index path moves in one place:
/// ``remap(by:reloadedSections:)`` carries it across a batch update and ``reset()`` across a
/// reload, so no piece of state can be forgotten by either.
struct WebViewState {
    /// The items with elements on the page, by index path.
    var items: [IndexPath: MaterializedItem] = [:] {
        didSet { pathsByKey = nil }
    }
    /// The index paths of ``items`` by element key, made when first asked for after a change.
    private var pathsByKey: [Int: IndexPath]?
    /// Each section's key, by section index.
    var sectionKeys: [Int] = []
    /// The headers made so far, by section.
    var headers: [Int: MaterializedSupplementary] = [:]
    /// The footers made so far, by section.
    var footers: [Int: MaterializedSupplementary] = [:]
    /// The selected items.
    var selected: Set<IndexPath> = []
    /// How far each horizontal strip is scrolled, in pixels, by section.
    var stripOffsets: [Int: Int] = [:]

    /// The index path of the item whose element has `key`, if it has one.
    ///
    /// - Complexity: O(1) expected, once the index is made: O(v) for the v items with elements,
    ///   the first time after they change (a person's action, not every update).
    mutating func indexPath(forKey key: Int) -> IndexPath? {
        if pathsByKey == nil {
            pathsByKey = Dictionary(uniqueKeysWithValues: items.lazy.map { ($0.value.key, $0.key) })
        }
        return pathsByKey![key]
    }

    /// What a remap took out of the state, and where the items it kept came from.
    struct Remapped {
        /// Items that left (deleted, or in a deleted or reloaded section), by old index path.
        var departedItems: [IndexPath: MaterializedItem] = [:]
        /// Headers of sections that left or were reloaded, by old section.
        var departedHeaders: [Int: MaterializedSupplementary] = [:]
        /// Footers of sections that left or were reloaded, by old section.
        var departedFooters: [Int: MaterializedSupplementary] = [:]
        /// The old index path of each item kept, by its new index path.
        var origins: [IndexPath: IndexPath] = [:]
    }

    /// Moves everything to the index paths and sections `map` gives. The caller gives the new
    /// sections their keys.
    ///
    /// - Complexity: O(c log k) for the c items, selected items and supplementaries held, and the
    ///   k operations of the update.
    mutating func remap(by map: BatchUpdate.PositionMap, reloadedSections: Set<Int>) -> Remapped {
        let movedItems = map.remap(items)
        items = movedItems.kept
        let (keptHeaders, leftHeaders) = map.remapSections(headers, replacing: reloadedSections)
        let (keptFooters, leftFooters) = map.remapSections(footers, replacing: reloadedSections)
        headers = keptHeaders
        footers = keptFooters
        stripOffsets = map.remapSections(stripOffsets).kept
        selected = Set(selected.compactMap { map.newIndexPath(forOld: $0) })
        return Remapped(
            departedItems: movedItems.departed, departedHeaders: leftHeaders, departedFooters: leftFooters,
            origins: movedItems.origins)
    }

    /// Forgets everything tied to the old items, as a reload does, and returns what it held.
    /// Strip offsets are kept as positions, as a reload keeps the scroll position.
    mutating func reset() -> Remapped {
        let departed = Remapped(departedItems: items, departedHeaders: headers, departedFooters: footers)
        items = [:]
        headers = [:]
        footers = [:]
        selected = []
        sectionKeys = []
        return departed
    }
}
