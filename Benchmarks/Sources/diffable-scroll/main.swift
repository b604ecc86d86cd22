// Scrolls a 1,000,000-item list in the terminal collection view, headless, and reports the time
// to handle a key and draw a frame, and the bytes the diff renderer writes for it, for a
// one-row scroll and a one-page scroll; then the memory the view takes for 10,000 and for
// 1,000,000 items beyond their snapshots.
//
//   swift run -c release --package-path Benchmarks diffable-scroll

import Diffable
import DiffableTerminal
import Foundation

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

@MainActor
func makeApp(items: Int, width: Int, height: Int) -> (TerminalApplication, HeadlessTerminal, Int) {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<items))
    let afterSnapshot = residentBytes()
    let terminal = HeadlessTerminal(width: width, height: height)
    let view = TerminalCollectionView(
        layout: .list(using: .init(appearance: .plain)), width: width, height: height)
    let registration = TerminalCollectionView.CellRegistration<TerminalListCell, Int> { cell, _, number in
        var content = ListContentConfiguration.valueCell()
        content.text = "Row \(number)"
        content.secondaryText = "#\(String(number, radix: 16))"
        cell.contentConfiguration = content
        cell.accessories = [.disclosureIndicator()]
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
        view, indexPath, number in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: number)
    }
    dataSource.applySnapshotUsingReloadData(snapshot, completion: nil)
    let app = TerminalApplication(device: terminal, collectionView: view)
    app.step(keys: [])
    keepAlive(dataSource)
    return (app, terminal, residentBytes() - afterSnapshot)
}

/// Objects kept alive for the rest of the run (data sources hold their views weakly, and views
/// hold their data sources weakly, as in UIKit).
var retained: [AnyObject] = []  // main.swift globals belong to the main actor

@MainActor func keepAlive(_ object: AnyObject) { retained.append(object) }

@MainActor
func measureScroll(key: Key, frames: Int) -> (frameMs: Double, bytes: Int, fullBytes: Int) {
    let (app, terminal, _) = makeApp(items: 1_000_000, width: 100, height: 40)
    let fullBytes = terminal.lastFrameOutput.utf8.count
    // Put the focus at the bottom so every key scrolls.
    for _ in 0..<39 { app.step(keys: [.down]) }
    var times: [Double] = []
    var bytes: [Int] = []
    for _ in 0..<frames {
        let start = ContinuousClock.now
        app.step(keys: [key])
        times.append((ContinuousClock.now - start).milliseconds)
        bytes.append(terminal.lastFrameOutput.utf8.count)
    }
    times.sort()
    bytes.sort()
    return (times[times.count / 2], bytes[bytes.count / 2], fullBytes)
}

print("| scroll | frame ms (median) | bytes written | full repaint bytes |")
print("|---|---:|---:|---:|")
for (name, key) in [("one row", Key.down), ("one page", Key.pageDown)] {
    let result = await MainActor.run { measureScroll(key: key, frames: 200) }
    print("| \(name) | \(String(format: "%.3f", result.frameMs)) | \(result.bytes) | \(result.fullBytes) |")
}
let small = await MainActor.run { makeApp(items: 10_000, width: 100, height: 40).2 }
let large = await MainActor.run { makeApp(items: 1_000_000, width: 100, height: 40).2 }
print(
    "\nmemory of the view beyond its snapshot: 10,000 items \(small / 1024) KiB, 1,000,000 items \(large / 1024) KiB"
)
