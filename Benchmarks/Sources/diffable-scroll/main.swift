// Scrolls a 1,000,000-item list in the terminal collection view, headless, and reports the time
// to handle a key and draw a frame, and the bytes the diff renderer writes for it, for a
// one-row scroll and a one-page scroll; the same for the terminal table view and for a list of
// two-row (subtitle) cells, with their frame times against the one-row list's; then the memory
// the view takes for 10,000 and for 1,000,000 items beyond their snapshots.
//
//   swift run -c release --package-path Benchmarks diffable-scroll

import ArgumentParser
import Diffable
import DiffableTerminal
import Foundation

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-scroll",
        abstract: "Frame time and bytes of the terminal views scrolling a million items, and their memory.")
}

_ = Options.parseOrExit()

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}

func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
    }
    return 0
}

/// What is scrolled: the one-row list (the baseline), the table view, or a list of two-row cells.
enum Variant: CaseIterable {
    case list, table, twoRowList

    /// The row label's prefix; the list's rows keep their original names.
    var label: String {
        switch self {
        case .list: ""
        case .table: "table view, "
        case .twoRowList: "two-row cells, "
        }
    }
}

@MainActor
func configure(_ cell: TerminalListCell, number: Int, twoRows: Bool) {
    var content = twoRows ? ListContentConfiguration.subtitleCell() : ListContentConfiguration.valueCell()
    content.text = "Row \(number)"
    content.secondaryText = "#\(String(number, radix: 16))"
    cell.contentConfiguration = content
    cell.accessories = [.disclosureIndicator()]
}

@MainActor
func makeApp(_ variant: Variant = .list, items: Int, width: Int, height: Int)
    -> (TerminalApplication, HeadlessTerminal, Int)
{
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<items))
    let afterSnapshot = residentBytes()
    let terminal = HeadlessTerminal(width: width, height: height)
    let app: TerminalApplication
    switch variant {
    case .list, .twoRowList:
        let twoRows = variant == .twoRowList
        let configuration = CollectionLayoutListConfiguration(appearance: .plain)
        let view = TerminalCollectionView(
            layout: .list(using: configuration, rowHeight: twoRows ? 2 : 1), width: width, height: height)
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, Int> { cell, _, number in
            configure(cell, number: number, twoRows: twoRows)
        }
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
            view, indexPath, number in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: number)
        }
        dataSource.applySnapshotUsingReloadData(snapshot, completion: nil)
        keepAlive(dataSource)
        app = TerminalApplication(device: terminal, collectionView: view)
    case .table:
        let view = TerminalTableView(style: .plain, width: width, height: height)
        let registration = TerminalTableView.CellRegistration<TerminalListCell, Int> { cell, _, number in
            configure(cell, number: number, twoRows: false)
        }
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: view) { view, indexPath, number in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: number)
        }
        dataSource.applySnapshotUsingReloadData(snapshot, completion: nil)
        keepAlive(dataSource)
        app = TerminalApplication(device: terminal, tableView: view)
    }
    app.step(keys: [])
    return (app, terminal, residentBytes() - afterSnapshot)
}

/// Objects kept alive for the rest of the run (data sources hold their views weakly, and views
/// hold their data sources weakly, as in UIKit).
var retained: [AnyObject] = []  // main.swift globals belong to the main actor

@MainActor func keepAlive(_ object: AnyObject) { retained.append(object) }

struct Scroll {
    var frameMs: Double
    var bytes: Int
    var fullBytes: Int
}

/// Scrolls every variant by `key`, one frame of each in turn, so that the ratios against the
/// one-row list compare frames drawn under the same load on the machine.
@MainActor
func measureScroll(key: Key, frames: Int) -> [Variant: Scroll] {
    let apps = Variant.allCases.map { makeApp($0, items: 1_000_000, width: 100, height: 40) }
    let fullBytes = apps.map { $0.1.lastFrameOutput.utf8.count }
    // Put the focus at the bottom so every key scrolls.
    for (app, _, _) in apps { for _ in 0..<39 { app.step(keys: [.down]) } }
    var times = Array(repeating: [Double](), count: apps.count)
    var bytes = Array(repeating: [Int](), count: apps.count)
    for _ in 0..<frames {
        for (index, (app, terminal, _)) in apps.enumerated() {
            let start = ContinuousClock.now
            app.step(keys: [key])
            times[index].append((ContinuousClock.now - start).milliseconds)
            bytes[index].append(terminal.lastFrameOutput.utf8.count)
        }
    }
    var results: [Variant: Scroll] = [:]
    for (index, variant) in Variant.allCases.enumerated() {
        let sortedTimes = times[index].sorted()
        let sortedBytes = bytes[index].sorted()
        results[variant] = Scroll(
            frameMs: sortedTimes[sortedTimes.count / 2], bytes: sortedBytes[sortedBytes.count / 2],
            fullBytes: fullBytes[index])
    }
    return results
}

let scrolls = [("one row", Key.down), ("one page", Key.pageDown)]
var measured: [String: [Variant: Scroll]] = [:]
for (name, key) in scrolls {
    measured[name] = await MainActor.run { measureScroll(key: key, frames: 200) }
}
print("| scroll | frame ms (median) | bytes written | full repaint bytes |")
print("|---|---:|---:|---:|")
for variant in Variant.allCases {
    for (name, _) in scrolls {
        let result = measured[name]![variant]!
        print(
            "| \(variant.label)\(name) | \(String(format: "%.3f", result.frameMs)) | \(result.bytes) | \(result.fullBytes) |"
        )
    }
}
// The table view and two-row cells must stay within 1.2× the one-row list's frame time.
print("\nframe time against the one-row list's, same run (bound 1.2×):")
for variant in Variant.allCases where variant != .list {
    let ratios = scrolls.map { name, _ in
        let ratio = measured[name]![variant]!.frameMs / measured[name]![.list]!.frameMs
        return "\(name) \(String(format: "%.2f", ratio))×\(ratio > 1.2 ? " OVER" : "")"
    }
    print("  \(variant.label.dropLast(2)): \(ratios.joined(separator: ", "))")
}
let small = await MainActor.run { makeApp(items: 10_000, width: 100, height: 40).2 }
let large = await MainActor.run { makeApp(items: 1_000_000, width: 100, height: 40).2 }
print(
    "\nmemory of the view beyond its snapshot: 10,000 items \(small / 1024) KiB, 1,000,000 items \(large / 1024) KiB"
)
