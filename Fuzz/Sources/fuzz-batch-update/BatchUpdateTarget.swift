// Fuzz target 3: random batch updates given to `validate` and `replay`. Each is rejected with a
// violation, the same by both, or replays to a snapshot whose counts are the new ones; neither
// ever traps.

import Diffable
import DiffableTesting
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchUpdate(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    if input.bool() {
        arbitraryUpdate(&input)
    } else {
        alteredDiff(&input)
    }
    return 0
}

/// Arbitrary counts and an arbitrary update, with identifiers in `new` that `old` does not have,
/// so the replay cannot put one identifier twice.
private func arbitraryUpdate(_ input: inout FuzzInput) {
    let oldCounts = input.array(upTo: 5) { $0.int(in: 0...5) }
    let newCounts = input.array(upTo: 5) { $0.int(in: 0...5) }
    var update = BatchUpdate()
    for _ in 0..<input.int(in: 0...12) { change(&update, &input) }
    var old = DiffableDataSourceSnapshot<Int, Int>()
    var new = old
    for (section, count) in oldCounts.enumerated() {
        old.appendSections([section])
        old.appendItems(Array(section * 10..<section * 10 + count))
    }
    for (section, count) in newCounts.enumerated() {
        new.appendSections([100 + section])
        new.appendItems(Array(1000 + section * 10..<1000 + section * 10 + count))
    }
    check(update, old, new, freshIdentifiers: true)
}

/// The diff between two byte-chosen snapshots, then changed a little: an index off by one, an
/// operation dropped, repeated or added.
private func alteredDiff(_ input: inout FuzzInput) {
    let oldLayout = input.layout(maximumSections: 4, maximumItems: 6, sectionUniverse: 8, itemUniverse: 24)
    let newLayout = input.edited(oldLayout, sectionUniverse: 8, itemUniverse: 24)
    let old = oldLayout.snapshot
    var new = newLayout.snapshot
    input.marks(on: newLayout).apply(to: &new)
    var update = BatchUpdate(from: old, to: new)
    for _ in 0..<input.int(in: 1...4) { change(&update, &input) }
    check(update, old, new, freshIdentifiers: false)
}

/// Validates and replays `update`, checking that they agree and that a replay adds up.
private func check(
    _ update: BatchUpdate, _ old: DiffableDataSourceSnapshot<Int, Int>,
    _ new: DiffableDataSourceSnapshot<Int, Int>,
    freshIdentifiers: Bool
) {
    let oldCounts = (0..<old.numberOfSections).map { old.numberOfItems(inSectionAt: $0) }
    let newCounts = (0..<new.numberOfSections).map { new.numberOfItems(inSectionAt: $0) }
    let context = "old counts \(oldCounts), new counts \(newCounts)\n\(update)"
    var rejection: BatchUpdateViolation?
    do {
        try validate(update, oldItemCounts: oldCounts, newItemCounts: newCounts)
    } catch {
        rejection = error
        fuzzCheck(!error.message.isEmpty, "a violation without a message: [\(error.rule)]\n\(context)")
    }
    do {
        let result = try replay(update, on: old, insertingFrom: new)
        fuzzCheck(rejection == nil, "replay accepts what validate rejects: \(rejection!)\n\(context)")
        result._checkInvariants()
        let counts = (0..<result.numberOfSections).map { result.numberOfItems(inSectionAt: $0) }
        fuzzCheck(counts == newCounts, "the replay has counts \(counts)\n\(context)")
        // Every item comes from the old snapshot or is inserted from the new one.
        for item in result.itemIdentifiers where !old.contains(item: item) {
            fuzzCheck(new.contains(item: item), "the replay invents item \(item)\n\(context)")
        }
    } catch {
        if let rejection {
            fuzzCheck(
                error == rejection, "validate rejects with \(rejection), replay with \(error)\n\(context)")
        } else {
            let secondPass: Set<BatchUpdateViolation.Rule> = [
                .reloadOfNonSurvivingItem, .duplicateIdentifierInResult,
            ]
            fuzzCheck(
                secondPass.contains(error.rule),
                "replay rejects what validate accepts, with [\(error.rule)] \(error)\n\(context)")
            fuzzCheck(
                !(freshIdentifiers && error.rule == .duplicateIdentifierInResult),
                "a replay from distinct identifiers puts one twice: \(error)\n\(context)")
        }
    }
}

/// One byte-chosen change to `update`: an operation added, dropped, repeated, or one index
/// nudged; indices range a little past the counts, and now and then an index path is malformed.
private func change(_ update: inout BatchUpdate, _ input: inout FuzzInput) {
    func index(_ input: inout FuzzInput) -> Int { input.int(in: -1...6) }
    func path(_ input: inout FuzzInput) -> IndexPath {
        switch input.int(below: 16) {
        case 0: IndexPath(indexes: [index(&input)])
        case 1: IndexPath(indexes: [index(&input), index(&input), index(&input)])
        default: IndexPath(item: index(&input), section: index(&input))
        }
    }
    func edit<Element>(
        _ list: inout [Element], _ input: inout FuzzInput, _ make: (inout FuzzInput) -> Element
    ) {
        switch input.int(below: 4) {
        case 0: list.append(make(&input))
        case 1 where !list.isEmpty: list.remove(at: input.int(below: min(list.count, 256)))
        case 2 where !list.isEmpty: list.append(list[input.int(below: min(list.count, 256))])
        case 3 where !list.isEmpty: list[input.int(below: min(list.count, 256))] = make(&input)
        default: list.append(make(&input))
        }
    }
    switch input.int(below: 9) {
    case 0: edit(&update.deletedSections, &input, index)
    case 1: edit(&update.insertedSections, &input, index)
    case 2: edit(&update.movedSections, &input) { .init(from: index(&$0), to: index(&$0)) }
    case 3: edit(&update.reloadedSections, &input, index)
    case 4: edit(&update.deletedItems, &input, path)
    case 5: edit(&update.insertedItems, &input, path)
    case 6: edit(&update.movedItems, &input) { .init(from: path(&$0), to: path(&$0)) }
    case 7: edit(&update.reloadedItems, &input, path)
    default: edit(&update.reconfiguredItems, &input, path)
    }
}
