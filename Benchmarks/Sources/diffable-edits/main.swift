// Times runs of single edits on a snapshot — what an app does when it deletes, inserts or moves
// one item at a time — next to the same edits on a plain `Array` of the identifiers, which keeps
// no index (so finding an item is a linear search) and sets the yardstick: a snapshot's edit also
// keeps its O(1) lookups current, yet should cost about what moving the array's elements does.
//
//   swift run -c release --package-path Benchmarks diffable-edits [--runs N]

import ArgumentParser
import BenchmarkScenarios
import Diffable
import Foundation

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-edits",
        abstract: "Single edits on a snapshot, beside the same edits on an Array.")

    @Option(help: "Runs per figure.")
    var runs = 5

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }
}

let runs = Options.parseOrExit().runs

/// `count` items in `sections` sections of equal size, identified 0..<count.
func snapshot(count: Int, sections: Int) -> DiffableDataSourceSnapshot<Int, Int> {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections(Array(0..<sections))
    let size = count / sections
    for section in 0..<sections {
        snapshot.appendItems(Array((section * size)..<((section + 1) * size)), toSection: section)
    }
    return snapshot
}

struct Case {
    var name: String
    var items: Int
    var snapshot: (inout DiffableDataSourceSnapshot<Int, Int>) -> Void
    var array: (inout [Int]) -> Void
}

let n = 100_000
let large = 1_000_000
let cases = [
    Case(
        name: "1,000 deletes near the end", items: n,
        snapshot: { s in for i in (n - 1000)..<n { s.deleteItems([i]) } },
        array: { a in for i in (n - 1000)..<n { a.remove(at: a.lastIndex(of: i)!) } }),
    Case(
        name: "1,000 deletes spread out", items: n,
        snapshot: { s in for i in stride(from: 0, to: n, by: 100) { s.deleteItems([i]) } },
        array: { a in for i in stride(from: 0, to: n, by: 100) { a.remove(at: a.firstIndex(of: i)!) } }),
    Case(
        name: "1,000 inserts before the middle", items: n,
        snapshot: { s in for i in 0..<1000 { s.insertItems([n + i], beforeItem: n / 2) } },
        array: { a in for i in 0..<1000 { a.insert(n + i, at: a.firstIndex(of: n / 2)!) } }),
    Case(
        name: "1,000 moves of 15 places", items: n,
        snapshot: { s in for i in 0..<1000 { s.moveItem(i * 90, afterItem: i * 90 + 15) } },
        array: { a in
            for i in 0..<1000 {
                let moved = a.remove(at: a.firstIndex(of: i * 90)!)
                a.insert(moved, at: a.firstIndex(of: i * 90 + 15)! + 1)
            }
        }),
    Case(
        name: "1,000 moves across the whole list", items: n,
        snapshot: { s in for i in 0..<1000 { s.moveItem(i, afterItem: n - 1 - i) } },
        array: { a in
            for i in 0..<1000 {
                let moved = a.remove(at: a.firstIndex(of: i)!)
                a.insert(moved, at: a.firstIndex(of: n - 1 - i)! + 1)
            }
        }),
    Case(
        name: "100 deletes spread out", items: large,
        snapshot: { s in for i in stride(from: 0, to: large, by: 10_000) { s.deleteItems([i]) } },
        array: { a in for i in stride(from: 0, to: large, by: 10_000) { a.remove(at: a.firstIndex(of: i)!) } }
    ),
    // Two items of two sections near the front at once, as deleting a recipe and its favorite.
    Case(
        name: "100 deletes of 2 items near the front", items: large,
        snapshot: { s in for i in 0..<100 { s.deleteItems([i, 100_000 + i]) } },
        array: { a in
            for i in 0..<100 {
                a.remove(at: a.firstIndex(of: 100_000 + i)!)
                a.remove(at: a.firstIndex(of: i)!)
            }
        }),
]

print("| edits | items | snapshot ms | Array ms | snapshot/Array |")
print("|---|---:|---:|---:|---:|")
for edit in cases {
    let base = snapshot(count: edit.items, sections: 10)
    let identifiers = base.itemIdentifiers
    let snapshotMs = median(runs: runs) {
        var copy = base
        edit.snapshot(&copy)
        consume(copy)
    }
    let arrayMs = median(runs: runs) {
        var copy = identifiers
        edit.array(&copy)
        consume(copy)
    }
    print(
        "| \(edit.name) | \(edit.items.formatted()) | \(String(format: "%.2f", snapshotMs)) | "
            + "\(String(format: "%.2f", arrayMs)) | \(String(format: "%.2f", snapshotMs / arrayMs)) |")
}
