// The replay oracle on a million seeded random snapshot pairs, in release mode: for each pair,
// the batch update between the two snapshots must pass UIKit's rules, replay to the new snapshot
// and have the fewest item and section moves.
//
//   swift run -c release --package-path Fuzz --scratch-path .build-replay diffable-replay [pairs]
//
// The base seed is printed; DIFFABLE_SEED=<seed> runs from it, and a failing pair's own seed,
// given as DIFFABLE_SEED, makes it the first pair run.

import Diffable
import DiffableTesting
import Foundation
import FuzzSupport

let pairCount = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
let baseSeed = SeededRandom.baseSeed()
print(
    "diffable-replay: \(pairCount) pairs from seed \(baseSeed) (0x\(String(baseSeed, radix: 16)); set DIFFABLE_SEED to change it)"
)

/// What is wrong with the update between `old` and `new`; empty when it is right.
func problems<S, I>(_ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>)
    -> [String]
{
    let update = BatchUpdate(from: old, to: new)
    var problems: [String] = []
    do {
        let replayed = try replay(update, on: old, insertingFrom: new)
        if replayed != new { problems.append("the replay is not the new snapshot") }
    } catch {
        problems.append("UIKit would reject the update: [\(error.rule)] \(error)")
    }
    let itemMoves = minimalItemMoveCount(from: old, to: new)
    if update.movedItems.count != itemMoves {
        problems.append("\(update.movedItems.count) item moves, but \(itemMoves) suffice")
    }
    let sectionMoves = minimalSectionMoveCount(from: old, to: new)
    if update.movedSections.count != sectionMoves {
        problems.append("\(update.movedSections.count) section moves, but \(sectionMoves) suffice")
    }
    if !problems.isEmpty && old.numberOfItems + new.numberOfItems <= 80 {
        problems.append("old: \(old)\nnew: \(new)\n\(update)")
    }
    return problems
}

var seeds = SeededRandom(seed: baseSeed)
var failures = 0
var items = 0
var largest = 0
let clock = ContinuousClock()
let start = clock.now
for index in 0..<pairCount {
    let seed = index == 0 ? baseSeed : seeds.next()
    let (oldLayout, newLayout, marks) = RandomPairs.pair(seed: seed)
    let old = oldLayout.snapshot
    var new = newLayout.snapshot
    marks.apply(to: &new)
    var found = problems(old, new)
    // Every sixteenth pair again with string identifiers, which hash and compare differently.
    if index % 16 == 0 {
        let section = { (id: Int) in "S\(id)" }
        let item = { (id: Int) in "i\(id)" }
        var newStrings = newLayout.snapshot(section: section, item: item)
        marks.apply(to: &newStrings, section: section, item: item)
        found += problems(oldLayout.snapshot(section: section, item: item), newStrings)
    }
    items += old.numberOfItems + new.numberOfItems
    largest = max(largest, old.numberOfItems, new.numberOfItems)
    guard !found.isEmpty else { continue }
    failures += 1
    if failures <= 5 {
        print("FAIL DIFFABLE_SEED=\(seed) (pair \(index)):\n" + found.joined(separator: "\n"))
    }
}
let seconds = (clock.now - start) / .seconds(1)
print(
    "diffable-replay: \(pairCount) pairs, \(items) items in all, the largest snapshot \(largest) items, in \(String(format: "%.1f", seconds)) s"
)
print("\(pairCount - failures) passed, \(failures) failed")
exit(failures == 0 ? 0 : 1)
