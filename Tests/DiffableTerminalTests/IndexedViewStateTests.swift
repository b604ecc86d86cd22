import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A state holding something of every kind: cells at 0-0, 0-1 and 1-0, headers of sections 0
/// and 1, a footer of section 1, 0-1 selected, the focus on 0-0, strip 1 scrolled by 3, an item
/// held and one pressed, and a reveal pending for 0-1.
@MainActor
private func fullState() -> (
    IndexedViewState, cells: [IndexPath: TerminalCell], supplementaries: [TerminalCell]
) {
    var state = IndexedViewState()
    let paths = [
        IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1),
    ]
    for path in paths { state.items[path] = TerminalListCell() }
    state.headers = [0: TerminalListCell(), 1: TerminalListCell()]
    state.footers = [1: TerminalListCell()]
    state.selected = [IndexPath(item: 1, section: 0)]
    state.focused = IndexPath(item: 0, section: 0)
    state.stripOffsets = [1: 3]
    state.gesture = .reordering(
        ReorderState(source: IndexPath(item: 0, section: 0), target: IndexPath(item: 1, section: 0)),
        heldByMouse: true)
    state.pendingReveal = IndexPath(item: 1, section: 0)
    let supplementaries = [state.headers[0]!, state.headers[1]!, state.footers[1]!]
    return (state, state.items, supplementaries)
}

@MainActor
@Suite("IndexedViewState")
struct IndexedViewStateTests {
    @Test func aRemapMovesEverythingWithItsItemOrSectionAndReturnsWhatLeft() {
        var (state, cells, supplementaries) = fullState()
        // A section inserted at 0, item 0-0 deleted, section 1 reloaded.
        let update = BatchUpdate(
            insertedSections: [0], reloadedSections: [1], deletedItems: [IndexPath(item: 0, section: 0)])
        let map = BatchUpdate.PositionMap(update, oldSectionCount: 2, newSectionCount: 3)
        let remapped = state.remap(by: map, reloadedSections: [1])

        let moved = IndexPath(item: 0, section: 1)
        #expect(state.items.count == 1)
        #expect(state.items[moved] === cells[IndexPath(item: 1, section: 0)])
        #expect(remapped.origins == [moved: IndexPath(item: 1, section: 0)])
        #expect(
            Set(remapped.departedCells.keys) == [
                IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1),
            ])
        #expect(
            remapped.departedCells[IndexPath(item: 0, section: 1)] === cells[IndexPath(item: 0, section: 1)])

        #expect(
            state.headers.count == 1 && state.headers[1] === supplementaries[0],
            "header 0 follows its section")
        #expect(state.footers.isEmpty)
        let departed = Set(remapped.departedSupplementaries.map { ObjectIdentifier($0.cell) })
        #expect(
            departed == Set(supplementaries[1...].map(ObjectIdentifier.init)),
            "a reloaded section's are replaced")
        #expect(
            Set(remapped.departedSupplementaries.map(\.place.section)) == [1],
            "named by their old section")

        #expect(state.selected == [moved])
        #expect(
            state.focused == IndexPath(item: 0, section: 0),
            "a deleted item's focus stays, for the view to clamp")
        #expect(state.stripOffsets == [2: 3], "a strip keeps its offset through a reload of its section")
        #expect(state.pendingReveal == moved, "the reveal follows its parent")
        #expect(
            state.gesture == .idle, "gestures are let go")
    }

    @Test func aResetReturnsEveryCellAndKeepsOnlyPositions() {
        var (state, cells, supplementaries) = fullState()
        let reset = state.reset()
        let departed = Set(
            reset.departedCells.values.map(ObjectIdentifier.init)
                + reset.departedSupplementaries.map { ObjectIdentifier($0.cell) })
        #expect(departed == Set((Array(cells.values) + supplementaries).map(ObjectIdentifier.init)))
        #expect(state.items.isEmpty && state.headers.isEmpty && state.footers.isEmpty)
        #expect(state.selected.isEmpty)
        #expect(state.pendingReveal == nil, "the reload replaced the expansion's update")
        #expect(state.gesture == .idle)
        #expect(state.focused == IndexPath(item: 0, section: 0), "kept, for the view to clamp")
        #expect(state.stripOffsets == [1: 3], "kept, as a reload keeps the content offset")
    }
}
