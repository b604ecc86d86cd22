// diffable-web-bench: the server side of the browser benchmark. It serves one page, /bench, a
// plain list of numbered rows with every row in the page (no virtualization, as in the
// js-framework-benchmark), and an endpoint that applies one of the benchmark's changes to a
// page's data source and answers with the rows after it and the moves of its batch update, so
// that the page's hand-written and re-render baselines can perform the same change.
//
//   Benchmarks/web/run.sh       # builds this in release, runs it, drives Chromium, prints the table
//
// /_bench/apply?session=ID&op=create|swap|move|replace|append answers
// {"seq": message number, "n": the update's operations, "rows": the fewest row operations,
// "items": [ids after], "moved": [ids moved]}.
import ArgumentParser
import Diffable
import DiffableTesting
import DiffableWeb
import Foundation

/// The benchmark's pages and the changes it applies to them.
@MainActor
final class Bench {
    struct Page {
        let page: WebPage
        let dataSource: CollectionViewDiffableDataSource<Int, Int>
        var random: SeededRandom
    }

    private var pages: [String: Page] = [:]
    private var nextID = 1

    /// `count` identifiers never used before.
    private func fresh(_ count: Int) -> [Int] {
        defer { nextID += count }
        return Array(nextID..<nextID + count)
    }

    func make(_ page: WebPage) {
        // Every row has an element, whatever the viewport: the benchmark measures DOM updates.
        page.collectionView.overscan = 1_000_000_000
        let registration = WebCollectionView.CellRegistration<WebListCell, Int> { cell, _, row in
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(row)"
            cell.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: page.collectionView) {
            view, indexPath, row in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: row)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        dataSource.apply(snapshot, animatingDifferences: false)
        pages[page.sessionID] = Page(page: page, dataSource: dataSource, random: SeededRandom(seed: 2026))
        page.keep(dataSource)
    }

    /// The rows after `op`, from `rows`.
    private func change(_ rows: [Int], _ op: String, _ random: inout SeededRandom) -> [Int]? {
        switch op {
        case "create":
            return fresh(1000)
        case "swap":
            // The js-framework-benchmark's "swap rows": the second and the second to last.
            guard rows.count > 998 else { return nil }
            var rows = rows
            rows.swapAt(1, 998)
            return rows
        case "move":
            // A tenth of the rows, every tenth one, each to a random place.
            var kept = rows.enumerated().filter { $0.offset % 10 != 0 }.map(\.element)
            for row in stride(from: 0, to: rows.count, by: 10).map({ rows[$0] }) {
                kept.insert(row, at: Int.random(in: 0...kept.count, using: &random))
            }
            return kept
        case "replace":
            return fresh(rows.count)
        case "append":
            return rows + fresh(1000)
        default:
            return nil
        }
    }

    /// Applies a change to a page, without animation, and describes it.
    func apply(_ parameters: [String: String]) -> String {
        guard let id = parameters["session"], var page = pages[id], let op = parameters["op"] else {
            return #"{"error":"usage: session=ID&op=create|swap|move|replace|append"}"#
        }
        let old = page.dataSource.snapshot()
        guard let rows = change(old.itemIdentifiers, op, &page.random) else {
            return #"{"error":"no such op"}"#
        }
        pages[id] = page
        var new = DiffableDataSourceSnapshot<Int, Int>()
        new.appendSections([0])
        new.appendItems(rows)
        let update = BatchUpdate(from: old, to: new)
        let moved = update.movedItems.map { old.itemIdentifiers[$0.from.item] }
        // The fewest row elements any page could insert, remove or move for this change: the
        // update's, with a reloaded section (all rows replaced) as its old rows and its new.
        let rowOperations =
            update.deletedItems.count + update.insertedItems.count + update.movedItems.count
            + (update.reloadedSections.isEmpty ? 0 : old.numberOfItems + new.numberOfItems)
        page.dataSource.apply(new, animatingDifferences: false)
        let list = { (ids: [Int]) in ids.map(String.init).joined(separator: ",") }
        return #"{"seq":\#(page.page.messagesSent),"n":\#(update.operationCount),"rows":\#(rowOperations),"#
            + #""items":[\#(list(rows))],"moved":[\#(list(moved))]}"#
    }
}

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-web-bench",
        abstract: "The server of the browser benchmark (Benchmarks/web/run.sh).")

    @Option(help: "The port to listen on, on loopback.")
    var port = 8090

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535") }
    }
}

@MainActor
func main(port: Int) async throws {
    let server = WebServer(configuration: WebServerConfiguration(host: "127.0.0.1", port: port))
    let bench = Bench()
    server.addPage("/bench", title: "Benchmark") { bench.make($0) }
    server.addEndpoint("/_bench/apply") { bench.apply($0) }
    try await server.run {
        FileHandle.standardOutput.write(Data("Serving http://127.0.0.1:\(port)/bench\n".utf8))
    }
}

try await main(port: Options.parseOrExit().port)
