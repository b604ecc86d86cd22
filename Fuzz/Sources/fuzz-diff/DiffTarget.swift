// Fuzz target 4: two snapshots from the fuzzer's bytes; the batch update between them passes
// UIKit's rules, replays to the new snapshot, and has the fewest item and section moves.

import Diffable
import DiffableTesting
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let (sections, items) = (12, 48)
    let oldLayout = input.layout(
        maximumSections: 6, maximumItems: 10, sectionUniverse: sections, itemUniverse: items)
    let newLayout =
        input.bool()
        ? input.layout(maximumSections: 6, maximumItems: 10, sectionUniverse: sections, itemUniverse: items)
        : input.edited(oldLayout, sectionUniverse: sections, itemUniverse: items)
    let old = oldLayout.snapshot
    var new = newLayout.snapshot
    input.marks(on: newLayout).apply(to: &new)
    // Items whose content changes, for the content-aware diff.
    let changed = Set(newLayout.items.filter { _ in input.int(below: 4) == 0 })

    let plain = BatchUpdate(from: old, to: new)
    let aware = BatchUpdate(from: old, to: new) { a, _ in !changed.contains(a) }
    for (name, update) in [("BatchUpdate(from:to:)", plain), ("BatchUpdate(from:to:isContentEqual:)", aware)]
    {
        let context = "\(name)\nold: \(oldLayout)\nnew: \(newLayout)\n\(update)"
        do {
            let replayed = try replay(update, on: old, insertingFrom: new)
            fuzzCheck(replayed == new, "the replay is not the new snapshot: \(replayed)\n\(context)")
        } catch {
            fuzzFailure("UIKit would reject the update: [\(error.rule)] \(error)\n\(context)")
        }
        let itemMoves = minimalItemMoveCount(from: old, to: new)
        fuzzCheck(
            update.movedItems.count == itemMoves,
            "\(update.movedItems.count) item moves, but \(itemMoves) suffice\n\(context)")
        let sectionMoves = minimalSectionMoveCount(from: old, to: new)
        fuzzCheck(
            update.movedSections.count == sectionMoves,
            "\(update.movedSections.count) section moves, but \(sectionMoves) suffice\n\(context)")
    }
    fuzzCheck(
        aware.deletedItems == plain.deletedItems && aware.insertedItems == plain.insertedItems
            && aware.movedItems == plain.movedItems && aware.deletedSections == plain.deletedSections
            && aware.insertedSections == plain.insertedSections && aware.movedSections == plain.movedSections,
        "comparing content changes the structure of the update\n\(plain)\n\(aware)")
    return 0
}
