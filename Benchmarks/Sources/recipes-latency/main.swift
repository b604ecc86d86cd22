// The Recipes app's latency, from a key to the frame that shows what it did, on a headless
// terminal (100×30) in a release build, at 100,000 and 1,000,000 recipes:
//
// - favorite: `f` on a recipe of All Recipes, until the frame with its row reconfigured;
// - delete: `y` in the confirmation, until the frame after the row left the list;
// - add: Enter in a filled form, until the frame whose list holds the new recipe, selected;
// - sidebar: Enter on All Recipes or Favorites (both fetched before), until the frame that shows
//   the other list;
// - search: one more letter typed in the search field, until the frame that shows its results.
//
// The frame is what the app draws, passed through the ScreenDiffRenderer a real terminal's
// output goes through (the write to the tty is the only step left out). Between steps the loop
// sleeps 0.2 ms, so that the database's queues run; a real terminal's loop polls every 8–16 ms.
//
//   swift run -c release --package-path Benchmarks recipes-latency [--runs N] [--sizes 100000,1000000]
//       [--actions favorite,delete,add,sidebar,search]

import ArgumentParser
import BenchmarkOptions
import DiffableTerminal
import Foundation
import RecipeStore
import RecipesCore
import RecipesTerminal

/// A terminal that keeps only the last frame, rendered as a real one would be.
final class BenchmarkTerminal: TerminalDevice {
    let size = TerminalSize(width: 100, height: 30)
    var didResize: Bool { false }
    private(set) var screen = ScreenBuffer(width: 100, height: 30)
    private(set) var frameCount = 0
    private var renderer = ScreenDiffRenderer()
    var outputBytes = 0

    func readKeys(timeout: Duration?) -> [Key] { [] }

    /// When the last frame was presented.
    private(set) var lastPresent = ContinuousClock.now

    func present(_ frame: ScreenBuffer) {
        lastPresent = .now
        screen = frame
        frameCount += 1
        outputBytes += renderer.render(frame).utf8.count
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
}

/// A database of `count` made-up recipes: generated once into a cache folder, copied for each run.
func database(count: Int) throws -> RecipeDatabase {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-latency")
    let base = folder.appendingPathComponent("base-\(count).sqlite").path
    if !FileManager.default.fileExists(atPath: base) {
        print("generating \(count.formatted()) recipes (once; kept in \(folder.path))…")
        let start = ContinuousClock.now
        let made = try RecipeDatabase(path: base + ".tmp", seeding: false)
        try made.generate(count: count)
        _ = try made.pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try made.pool.close()
        try FileManager.default.moveItem(atPath: base + ".tmp", toPath: base)
        print("generated in \(String(format: "%.1f", (ContinuousClock.now - start).milliseconds / 1000)) s")
    }
    let work = folder.appendingPathComponent("work-\(count).sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: work + suffix) }
    try FileManager.default.copyItem(atPath: base, toPath: work)
    return try RecipeDatabase(path: work, seeding: false)
}

@MainActor
final class Bench {
    let app: RecipesApp
    let terminal: BenchmarkTerminal

    init(app: RecipesApp, terminal: BenchmarkTerminal) {
        self.app = app
        self.terminal = terminal
    }

    /// Steps the app until `done` holds after a step; the milliseconds from the key to the last
    /// frame drawn by then (the one that shows the change, or, when the change showed nothing
    /// new, the last one that did).
    func time(_ keys: [Key], until done: () -> Bool) async -> Double {
        let start = ContinuousClock.now
        app.application.step(keys: keys)
        while true {
            if done() && terminal.lastPresent > start { return (terminal.lastPresent - start).milliseconds }
            try? await Task.sleep(for: .microseconds(200))
            app.application.step(keys: [])
            if (ContinuousClock.now - start) > .seconds(60) {
                print("timed out waiting after \(keys)")
                return (ContinuousClock.now - start).milliseconds
            }
        }
    }

    /// Steps until nothing is on its way and animations are over.
    func settle() async {
        for _ in 0..<3 {
            while app.listView.hasPendingUpdates || app.listView.isAnimating || app.sidebarView.isAnimating {
                try? await Task.sleep(for: .milliseconds(1))
                app.application.step(keys: [])
            }
            try? await Task.sleep(for: .milliseconds(5))
            app.application.step(keys: [])
        }
    }

    var shownCount: Int { app.listView.numberOfSections > 0 ? app.listView.numberOfItems(inSection: 0) : 0 }

    /// Focuses the list pane and the recipe at `item` of All Recipes.
    func focusList(item: Int) async {
        while app.screen.focusedPane != .list { app.application.step(keys: [.tab]) }
        app.listView.scrollToItem(at: IndexPath(item: item, section: 0), at: [], animated: false)
        app.focusMoved()
        app.application.step(keys: [])
        await settle()
    }

    /// Chooses a sidebar list and waits for it.
    func choose(_ list: RecipeList) async -> Double {
        while app.screen.focusedPane != .sidebar { app.application.step(keys: [.tab]) }
        let row: Int
        switch list {
        case .all: row = 0
        case .favorites: row = 1
        case .recents: row = 2
        default: row = 0
        }
        app.sidebarView.scrollToItem(at: IndexPath(item: row, section: 0), at: [], animated: false)
        let elapsed = await time([.enter]) {
            guard app.session.shownList == list, let entry = app.session.library.loaded(list) else {
                return false
            }
            return !app.listView.hasPendingUpdates && shownCount == entry.controller.snapshot.numberOfItems
        }
        await settle()
        return elapsed
    }
}

func statistics(_ samples: [Double]) -> (median: Double, worst: Double) {
    let sorted = samples.sorted()
    return (sorted[sorted.count / 2], sorted.last ?? 0)
}

func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

@MainActor
func measure(count: Int, runs: Int, actions: [String]) async throws -> [String] {
    let database = try database(count: count)
    let terminal = BenchmarkTerminal()
    let app = RecipesApp(device: terminal, database: database)
    let bench = Bench(app: app, terminal: terminal)
    let loadStart = ContinuousClock.now
    await app.start()
    await bench.settle()
    print("recipes=\(count): first list in \(format((ContinuousClock.now - loadStart).milliseconds)) ms")
    // Every list the runs visit, fetched once: a switch measures showing a kept list.
    for list in [RecipeList.favorites, .recents, .all] {
        let start = ContinuousClock.now
        _ = await bench.choose(list)
        print("  \(list) fetched and shown in \(format((ContinuousClock.now - start).milliseconds)) ms")
    }
    var results: [String: [Double]] = [:]

    // favorite: f on recipes spread over the list; the frame with the row's heart changed.
    for run in 0..<runs where actions.contains("favorite") {
        await bench.focusList(item: (run * 7919) % (bench.shownCount - 1))
        guard let id = app.session.selectedID, let before = app.session.selectedRecipe?.isFavorite else {
            continue
        }
        let path = app.session.listDataSource.indexPath(for: id)!
        let elapsed = await bench.time([.character("f")]) {
            guard let cell = app.listView.cellForItem(at: path) as? TerminalListCell else { return false }
            return cell.accessories.isEmpty == before && !app.listView.hasPendingUpdates
        }
        results["favorite", default: []].append(elapsed)
        await bench.settle()
    }

    // delete: d, then y; the frame after the row left.
    for run in 0..<runs where actions.contains("delete") {
        await bench.focusList(item: (run * 6007 + 11) % (bench.shownCount - 1))
        guard let id = app.session.selectedID else { continue }
        app.application.step(keys: [.character("d")])
        let elapsed = await bench.time([.character("y")]) {
            app.session.listDataSource.indexPath(for: id) == nil && !app.listView.hasPendingUpdates
        }
        results["delete", default: []].append(elapsed)
        await bench.settle()
    }

    // add: a, a title, Enter; the frame whose list holds the new recipe, selected.
    for run in 0..<runs where actions.contains("add") {
        app.application.step(keys: [.character("a")])
        let title = "Benchmark Bake \(run) \(UUID().uuidString.prefix(6))"
        app.application.step(keys: title.map { Key.character($0) })
        let before = app.session.selectedID
        let elapsed = await bench.time([.enter]) {
            guard let id = app.session.selectedID, id != before,
                let path = app.session.listDataSource.indexPath(for: id)
            else {
                return false
            }
            return app.listView.focusedIndexPath == path && !app.listView.hasPendingUpdates
        }
        results["add", default: []].append(elapsed)
        await bench.settle()
    }

    // sidebar: All Recipes and Favorites in turn.
    for run in 0..<runs where actions.contains("sidebar") {
        results["sidebar", default: []].append(await bench.choose(run % 2 == 0 ? .favorites : .all))
    }

    // search: words typed a letter at a time; each letter, the frame with its results.
    let words = ["smoky", "chick", "curry", "lemon", "tacos", "pasta"]
    var typed = 0
    for word in words where typed < runs * 2 && actions.contains("search") {
        app.application.step(keys: [.character("/")])
        var text = ""
        for letter in word {
            text.append(letter)
            let query = text
            let elapsed = await bench.time([.character(letter)]) {
                guard app.session.shownList == .search(query),
                    let entry = app.session.library.loaded(.search(query))
                else {
                    return false
                }
                return !app.listView.hasPendingUpdates
                    && app.session.listDataSource.snapshot().numberOfItems
                        == entry.controller.snapshot.numberOfItems
            }
            results["search", default: []].append(elapsed)
            typed += 1
        }
        app.application.step(keys: [.escape])
        await bench.settle()
    }
    app.stop()

    return actions.map { action in
        let (median, worst) = statistics(results[action] ?? [0])
        return
            "latency action=\(action) recipes=\(count) median_ms=\(format(median)) worst_ms=\(format(worst))"
    }
}

struct Options: ParsableCommand {
    static let actions = ["favorite", "delete", "add", "sidebar", "search"]
    static let configuration = CommandConfiguration(
        commandName: "recipes-latency",
        abstract: "The Recipes app's latency, from a key to the frame that shows it.")

    @Option(help: "Runs per action.")
    var runs = 15

    @Option(help: "The numbers of recipes, separated by commas.")
    var sizes = CommaSeparatedCounts([100_000, 1_000_000])

    @Option(
        help: "The actions, separated by commas: \(Options.actions.joined(separator: ", ")).",
        transform: { text in
            let actions = text.split(separator: ",").map(String.init)
            if let unknown = actions.first(where: { !Options.actions.contains($0) }) {
                throw ValidationError(
                    "no action '\(unknown)'; there are \(Options.actions.joined(separator: ", "))")
            }
            return actions
        })
    var actions = Options.actions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }
}

let options = Options.parseOrExit()
let runs = options.runs
let sizes = options.sizes.values
let actions = options.actions
var lines: [String] = []
for size in sizes { lines += try await measure(count: size, runs: runs, actions: actions) }
for line in lines { print(line) }
