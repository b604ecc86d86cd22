// Compares Diffable's snapshot build and diff with a Dictionary build (the cost of looking every
// identifier up once: the floor), a lookup of every new identifier in a prebuilt Dictionary of the
// old ones (the least a hash-based match can do), and the standard library's CollectionDifference,
// in one process, so every figure can be read as a ratio that holds on a noisy machine.
//
//   swift run -c release --package-path Benchmarks diffable-compare [--scenario NAME] [--runs N]
//       [--profile-diff | --profile-build]   (loop one Int diff or build, for `perf record`)

import ArgumentParser
import BenchmarkScenarios
import Diffable
import DiffableTesting
import Foundation

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-compare",
        abstract: "Snapshot build and diff against a Dictionary, a lookup and CollectionDifference.")

    @Option(help: "Only this scenario: \(Scenario.names.joined(separator: ", ")).")
    var scenario: String?

    @Option(help: "Runs per figure (by default, as many as the scenario's size calls for).")
    var runs: Int?

    @Flag(help: "Loop the Int diff of the first scenario, for `perf record`.")
    var profileDiff = false

    @Flag(help: "Loop the Int build of the first scenario, for `perf record`.")
    var profileBuild = false

    func validate() throws {
        if let scenario, !Scenario.names.contains(scenario) {
            throw ValidationError(
                "no scenario '\(scenario)'; there are \(Scenario.names.joined(separator: ", "))")
        }
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
        if profileDiff && profileBuild {
            throw ValidationError("--profile-diff or --profile-build, not both")
        }
    }
}

let options = Options.parseOrExit()
let selected = options.scenario.map { [$0] } ?? Scenario.names
let runs = options.runs
let profileDiff = options.profileDiff
let profileBuild = options.profileBuild

func format(_ value: Double) -> String { String(format: "%.3f", value) }

struct Row {
    var scenario: String
    var ids: String
    var n: Int
    var build: Double
    var diff: Double
    var dict: Double
    var lookup: Double
    var stdlib: Double?
    var moves: Int
    var minimalMoves: Int
}

func measure<ID: BenchmarkIdentifier>(_ scenario: Scenario, _: ID.Type, runs: Int?) -> Row {
    let (oldSections, newSections) = scenario.identifiers(ID.self)
    let n = scenario.itemCount
    let count = runs ?? (n >= 1_000_000 ? 3 : n >= 100_000 ? 7 : 15)
    let old = Scenario.snapshot(oldSections)
    var new = Scenario.snapshot(newSections)
    let newIDs = new.itemIdentifiers
    let oldIDs = old.itemIdentifiers

    let build = median(runs: count) { new = Scenario.snapshot(newSections) }
    var update = BatchUpdate()
    let diff = median(runs: count) { update = BatchUpdate(from: old, to: new) }
    let dict = median(runs: count) {
        consume(Dictionary(uniqueKeysWithValues: zip(newIDs, newIDs.indices)))
    }
    let oldIndex = Dictionary(uniqueKeysWithValues: zip(oldIDs, oldIDs.indices))
    let lookup = median(runs: count) {
        var found = 0
        for id in newIDs where oldIndex[id] != nil { found &+= 1 }
        consume(found)
    }
    var stdlib: Double?
    if n <= 10_000 {
        stdlib = median(runs: count) { consume(newIDs.difference(from: oldIDs).inferringMoves()) }
    }
    let moves = update.movedItems.count + update.movedSections.count
    let minimal = minimalItemMoveCount(from: old, to: new) + minimalSectionMoveCount(from: old, to: new)
    return Row(
        scenario: scenario.name, ids: ID.label, n: n, build: build, diff: diff, dict: dict, lookup: lookup,
        stdlib: stdlib, moves: moves, minimalMoves: minimal)
}

/// A field of /proc/self/status in bytes (Linux), such as VmRSS or VmHWM.
func processMemory(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { $0 * 1024 }
    }
    return nil
}

/// Memory of a 1,000,000-item Int snapshot, per item: growth of the resident set and of its
/// high-water mark while building it. Run first, before anything else has raised the mark.
func snapshotMemoryPerItem() -> (resident: Double, peak: Double)? {
    let items = Array(0..<1_000_000)
    guard let residentBefore = processMemory("VmRSS"), let peakBefore = processMemory("VmHWM") else {
        return nil
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    guard let residentAfter = processMemory("VmRSS"), let peakAfter = processMemory("VmHWM") else {
        return nil
    }
    consume(snapshot)
    return (
        Double(residentAfter - residentBefore) / 1e6,
        Double(peakAfter - max(peakBefore, residentBefore)) / 1e6
    )
}

// Measured first, before anything else has raised the high-water mark; this also leaves the heap
// as warm (the allocator's mmap threshold raised) as every later measurement, profiles included.
let memory = snapshotMemoryPerItem()
if profileDiff {
    let (oldSections, newSections) = Scenario.named(selected[0]).identifiers(Int.self)
    let old = Scenario.snapshot(oldSections)
    let new = Scenario.snapshot(newSections)
    var times: [Double] = []
    for _ in 0..<(runs ?? 200) { times.append(median(runs: 1) { consume(BatchUpdate(from: old, to: new)) }) }
    times.sort()
    print("diff: min \(format(times[0])) ms, median \(format(times[times.count / 2])) ms")
    exit(0)
}
if profileBuild {
    let (_, newSections) = Scenario.named(selected[0]).identifiers(Int.self)
    var times: [Double] = []
    for _ in 0..<(runs ?? 200) { times.append(median(runs: 1) { consume(Scenario.snapshot(newSections)) }) }
    times.sort()
    print("build: min \(format(times[0])) ms, median \(format(times[times.count / 2])) ms")
    exit(0)
}
var rows: [Row] = []
for name in selected {
    let scenario = Scenario.named(name)
    rows.append(measure(scenario, Int.self, runs: runs))
    rows.append(measure(scenario, String.self, runs: runs))
    rows.append(measure(scenario, UUID.self, runs: runs))
}

print(
    "| scenario | ids | n | build ms | diff ms | dict ms | lookup ms | stdlib ms | diff/dict | (build+diff)/dict | diff/lookup | moves | minimal |"
)
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for row in rows {
    print(
        "| \(row.scenario) | \(row.ids) | \(row.n) | \(format(row.build)) | \(format(row.diff)) | \(format(row.dict)) | \(format(row.lookup)) | \(row.stdlib.map(format) ?? "skipped") | \(String(format: "%.2f", row.diff / row.dict)) | \(String(format: "%.2f", (row.build + row.diff) / row.dict)) | \(String(format: "%.2f", row.diff / row.lookup)) | \(row.moves) | \(row.minimalMoves) |"
    )
}
if let memory {
    print(
        "\nmemory: a 1,000,000-item Int snapshot: \(String(format: "%.1f", memory.resident)) resident bytes per item, peak \(String(format: "%.1f", memory.peak)) bytes per item while building"
    )
}
print("")
for row in rows {
    print(
        "scenario=\(row.scenario) ids=\(row.ids) n=\(row.n) build_ms=\(format(row.build)) diff_ms=\(format(row.diff)) dict_ms=\(format(row.dict)) stdlib_ms=\(row.stdlib.map(format) ?? "skipped") moves=\(row.moves) minimal_moves=\(row.minimalMoves)"
    )
}
