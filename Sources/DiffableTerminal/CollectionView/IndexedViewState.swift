import Diffable
import Foundation

/// Everything a ``TerminalCollectionView`` keeps by index path or by section: what every view
/// keeps (the cells of the items on screen, the headers and footers on screen, the selection, how
/// far each horizontal strip has scrolled, in an `IndexPathState`), and the terminal's own: the
/// focus, the gesture, and the parent whose children are to be scrolled into view.
///
/// An index path names an item only until the items change, so all of this moves together, in
/// one place: ``remap(by:reloadedSections:)`` carries it across a batch update and
/// ``reset()`` across a reload. State added here cannot be forgotten by either.
@dynamicMemberLookup
struct IndexedViewState {
    /// The cells (of the items on screen, and until the next redraw of items that just left it),
    /// headers, footers, selection and strip offsets, kept as every view keeps them.
    var shared = IndexPathState<TerminalCell, TerminalCell>()

    subscript<Value>(
        dynamicMember keyPath: WritableKeyPath<IndexPathState<TerminalCell, TerminalCell>, Value>
    )
        -> Value
    {
        get { shared[keyPath: keyPath] }
        // In place: `indexed.items[path] = cell` must not copy the dictionary.
        _modify { yield &shared[keyPath: keyPath] }
    }

    /// The item the keyboard focus is on.
    var focused: IndexPath?
    /// What the person's hand is doing with an item: one phase at a time.
    enum Gesture: Equatable {
        /// Nothing.
        case idle
        /// The left button went down on the item and has not come up or left it.
        case pressed(IndexPath)
        /// An item is being moved, with the keys or held by the mouse (then it drops where the
        /// button comes up).
        case reordering(ReorderState, heldByMouse: Bool)
    }

    /// What the person's hand is doing.
    var gesture = Gesture.idle

    /// The item being moved, and where it would drop, however it is held; setting it keeps how.
    var reorder: ReorderState? {
        get {
            guard case .reordering(let moving, _) = gesture else { return nil }
            return moving
        }
        set {
            guard let newValue else {
                gesture = .idle
                return
            }
            gesture = .reordering(newValue, heldByMouse: isReorderHeldByMouse)
        }
    }

    /// Whether the mouse holds the item being moved.
    var isReorderHeldByMouse: Bool {
        guard case .reordering(_, let heldByMouse) = gesture else { return false }
        return heldByMouse
    }
    /// A parent the person just expanded: when the expansion's update lands, its children are
    /// scrolled into view.
    var pendingReveal: IndexPath?

    /// Where a header or footer is: its kind and its section.
    struct SupplementaryPlace: Hashable {
        var kind: String
        var section: Int
    }

    /// A header or footer and where it is.
    struct Supplementary {
        var cell: TerminalCell
        var place: SupplementaryPlace
    }

    /// The header or footer at a place, if the view holds one.
    subscript(place: SupplementaryPlace) -> TerminalCell? {
        get {
            place.kind == TerminalCollectionView.elementKindSectionHeader
                ? shared.headers[place.section] : shared.footers[place.section]
        }
        set {
            if place.kind == TerminalCollectionView.elementKindSectionHeader {
                shared.headers[place.section] = newValue
            } else {
                shared.footers[place.section] = newValue
            }
        }
    }

    /// The headers and footers held.
    var supplementaries: [Supplementary] {
        Self.supplementaries(headers: shared.headers, footers: shared.footers)
    }

    /// What a remap or a reset took out of the state, and where the cells it kept came from.
    struct Remapped {
        /// The cells of items that left (deleted, or in a deleted or reloaded section), by their
        /// old index paths.
        var departedCells: [IndexPath: TerminalCell] = [:]
        /// The headers and footers of sections that left or were reloaded, by their old sections.
        var departedSupplementaries: [Supplementary] = []
        /// The old index path of each cell kept, by its new index path.
        var origins: [IndexPath: IndexPath] = [:]

        init(_ left: IndexPathState<TerminalCell, TerminalCell>.Remapped) {
            departedCells = left.items
            departedSupplementaries = IndexedViewState.supplementaries(
                headers: left.headers, footers: left.footers)
            origins = left.origins
        }
    }

    /// Moves everything to the index paths and sections `map` gives, as a batch update does.
    ///
    /// Cells, the selection and the pending reveal follow their items, and leave with them. The
    /// focus follows its item, or stays where it was when the item left (the view then clamps it
    /// to an item that exists). Headers, footers and strip offsets follow their sections. An item
    /// being moved or pressed is let go: the items changed under the person's hand, and UIKit
    /// cancels touches in the same way.
    ///
    /// - Parameters:
    ///   - map: Where the update puts each old section and item.
    ///   - reloadedSections: The old sections the update reloads, whose headers and footers are
    ///     replaced.
    /// - Returns: What left, for the view to recycle or animate out, and where kept cells were.
    /// - Complexity: O(c log k) for the c cells, selected items and supplementaries held, and the
    ///   k operations of the update.
    mutating func remap(by map: BatchUpdate.PositionMap, reloadedSections: Set<Int> = []) -> Remapped {
        let left = shared.remap(by: map, reloadedSections: reloadedSections)
        focused = focused.map { map.newIndexPath(forOld: $0) ?? $0 }
        pendingReveal = pendingReveal.flatMap { map.newIndexPath(forOld: $0) }
        cancelGestures()
        return Remapped(left)
    }

    /// Forgets everything tied to the old items, as a reload does, and returns the cells, headers
    /// and footers made for them.
    ///
    /// The focus and the strips' offsets are kept as positions, as a reload keeps the content
    /// offset: the view clamps them to what the data source now holds.
    mutating func reset() -> Remapped {
        pendingReveal = nil
        cancelGestures()
        return Remapped(shared.reset())
    }

    /// Headers and footers by section, as one list.
    static func supplementaries(headers: [Int: TerminalCell], footers: [Int: TerminalCell]) -> [Supplementary]
    {
        let header = TerminalCollectionView.elementKindSectionHeader
        let footer = TerminalCollectionView.elementKindSectionFooter
        return headers.map { Supplementary(cell: $1, place: .init(kind: header, section: $0)) }
            + footers.map { Supplementary(cell: $1, place: .init(kind: footer, section: $0)) }
    }

    /// Lets go of the item being moved or pressed.
    mutating func cancelGestures() {
        gesture = .idle
    }
}
