import DiffableStore
import DiffableTerminal
import Foundation
import RecipeKit
import RecipeStore
import RecipesCore
import RecipesTerminal
import Testing

/// A folder of its own for a test's database, removed when the value goes away.
final class TemporaryFolder: Sendable {
    let url: URL
    var databasePath: String { url.appendingPathComponent("recipes.sqlite").path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recipes-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The moment the tests live in, so that Recents and the screens do not depend on the clock.
let testNow = Date(timeIntervalSince1970: 1_735_732_800)  // 2025-01-01 12:00 UTC

/// The app on a headless terminal and a seeded database, animations off.
@MainActor
final class AppHarness {
    let folder: TemporaryFolder
    let database: RecipeDatabase
    let terminal: HeadlessTerminal
    let app: RecipesApp

    init(width: Int = 100, height: Int = 30, seeding: Bool = true) async throws {
        folder = try TemporaryFolder()
        database = try RecipeDatabase(path: folder.databasePath, seeding: seeding, now: testNow)
        terminal = HeadlessTerminal(width: width, height: height)
        app = RecipesApp(device: terminal, database: database, clock: ManualWallClock(now: testNow))
        app.listView.animationFrameCount = 0
        app.sidebarView.animationFrameCount = 0
        await app.start()
        await settle()
    }

    deinit {
        MainActor.assumeIsolated { app.stop() }
    }

    /// Sends keys, one step each, then lets the app settle.
    func press(_ keys: Key...) async {
        for key in keys {
            app.application.step(keys: [key])
            await settle()
        }
    }

    /// Types text, a key per character.
    func type(_ text: String) async {
        for character in text { await press(.character(character)) }
    }

    /// Steps until the database's work has reached the screen: nothing on its way to the views
    /// for a few steps in a row.
    func settle() async {
        var quiet = 0
        for _ in 0..<2_000 where quiet < 8 {
            try? await Task.sleep(for: .milliseconds(2))
            app.application.step(keys: [])
            let busy =
                app.listView.hasPendingUpdates || app.sidebarView.hasPendingUpdates || app.session.isLoading
                || app.session.pendingWrites > 0 || app.session.pendingDetailReads > 0
                || (app.session.shownEntry?.records.readsInFlight ?? 0) > 0
            quiet = busy ? 0 : quiet + 1
        }
    }

    /// Steps until `condition` holds; fails the test after a few seconds.
    func eventually(
        _ comment: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () -> Bool
    ) async {
        for _ in 0..<2_500 {
            if condition() { return }
            try? await Task.sleep(for: .milliseconds(2))
            app.application.step(keys: [])
        }
        Issue.record("\(comment())\n\(terminal.screen.text)", sourceLocation: sourceLocation)
    }

    var screen: String { terminal.screen.text }

    /// The rows of the list pane's text.
    var listCount: Int { app.session.listDataSource.snapshot().numberOfItems }
}

/// The folder holding the golden screens, found from this file's path.
let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

/// Compares a screen with `Golden/<name>.txt`; `RECIPES_RECORD_GOLDEN=1` writes it instead.
func expectScreen(_ text: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = goldenFolder.appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["RECIPES_RECORD_GOLDEN"] == "1" {
        try? Data((text + "\n").utf8).write(to: file)
        return
    }
    let golden = (try? String(contentsOf: file, encoding: .utf8)).map { String($0.dropLast()) }
    #expect(
        golden == text, "the screen differs from Golden/\(name).txt (RECIPES_RECORD_GOLDEN=1 records it)",
        sourceLocation: sourceLocation)
}

/// The path of the `recipes` executable built beside the tests.
var recipesExecutable: String {
    let executable =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("recipes").path),
        directory.pathComponents.count > 1
    {
        directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("recipes").path
}

/// Runs `recipes` with arguments in another process; its status and what it printed.
func runRecipes(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: recipesExecutable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
