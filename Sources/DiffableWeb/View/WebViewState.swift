import Diffable
import Foundation

/// One item the page has an element for: the element's key, the cell that was configured for it,
/// and what was last sent for it.
///
/// A class: every update looks up each item on the page by index path, and a lookup of a struct
/// this size copied it whole (a retain for each of its strings).
final class MaterializedItem {
    /// The page's key for the element; it follows the item through moves and is never reused
    /// (a page that takes over from a shared one takes that one's keys, which its page holds).
    var key: Int
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

/// Everything a ``WebCollectionView`` keeps by index path or by section: what every view keeps
/// (the items the page has elements for, headers and footers, the selection, how far each strip
/// has scrolled, in an `IndexPathState`), and the page's own: the sections' keys, and the items
/// by element key.
///
/// As in the terminal view, everything named by an index path moves in one place:
/// ``remap(by:reloadedSections:)`` carries it across a batch update and ``reset()`` across a
/// reload, so no piece of state can be forgotten by either.
@dynamicMemberLookup
struct WebViewState {
    typealias Shared = IndexPathState<MaterializedItem, MaterializedSupplementary>
    /// What was left by a remap or a reset: items, headers and footers by their old places.
    typealias Remapped = Shared.Remapped

    /// The items with elements on the page (by index path), headers, footers, selection and strip
    /// offsets (in pixels), kept as every view keeps them.
    private(set) var shared = Shared() {
        didSet { pathsByKey = nil }
    }
    /// The index paths of the items by element key, made when first asked for after a change.
    private var pathsByKey: [Int: IndexPath]?
    /// Each section's key, by section index.
    var sectionKeys: [Int] = []

    subscript<Value>(dynamicMember keyPath: WritableKeyPath<Shared, Value>) -> Value {
        get { shared[keyPath: keyPath] }
        // In place: `state.items[path] = item` must not copy the dictionary.
        _modify { yield &shared[keyPath: keyPath] }
    }

    /// The index path of the item whose element has `key`, if it has one.
    ///
    /// - Complexity: O(1) expected, once the index is made: O(v) for the v items with elements,
    ///   the first time after they change (a person's action, not every update).
    mutating func indexPath(forKey key: Int) -> IndexPath? {
        if pathsByKey == nil {
            pathsByKey = Dictionary(uniqueKeysWithValues: shared.items.lazy.map { ($0.value.key, $0.key) })
        }
        return pathsByKey![key]
    }

    /// Moves everything to the index paths and sections `map` gives. The caller gives the new
    /// sections their keys.
    ///
    /// - Complexity: O(c log k) for the c items, selected items and supplementaries held, and the
    ///   k operations of the update.
    mutating func remap(by map: BatchUpdate.PositionMap, reloadedSections: Set<Int>) -> Remapped {
        shared.remap(by: map, reloadedSections: reloadedSections)
    }

    /// Forgets everything tied to the old items, as a reload does, and returns what it held.
    /// Strip offsets are kept as positions, as a reload keeps the scroll position.
    mutating func reset() -> Remapped {
        sectionKeys = []
        return shared.reset()
    }
}
