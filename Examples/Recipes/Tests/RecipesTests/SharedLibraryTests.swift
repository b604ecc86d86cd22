import DiffableTerminal
import Foundation
import RecipeStore
import RecipesCore
import RecipesTerminal
import Testing

/// Several sessions on one library, as the pages of `recipes serve` are: one controller per list
/// between them, one snapshot, and every session hears another process's write.
@MainActor
@Suite("Sessions sharing a library")
struct SharedLibraryTests {
    @Test func sessionsShareTheirListsAndEachHearsAnotherProcessesWrite() async throws {
        let folder = try TemporaryFolder()
        let database = try RecipeDatabase(path: folder.databasePath, now: testNow)
        let library = RecipeLibrary(database: database, now: { testNow })
        var terminals: [HeadlessTerminal] = []
        var apps: [RecipesApp] = []
        for _ in 0..<3 {
            let terminal = HeadlessTerminal(width: 100, height: 30)
            terminals.append(terminal)
            apps.append(RecipesApp(device: terminal, library: library))
        }
        for app in apps {
            app.listView.animationFrameCount = 0
            await app.start()
        }
        func eventually(_ comment: Comment, _ condition: () -> Bool) async {
            for _ in 0..<2_500 {
                if condition() { return }
                try? await Task.sleep(for: .milliseconds(2))
                for app in apps { app.application.step(keys: []) }
            }
            Issue.record(comment)
        }
        await eventually("every session shows All Recipes") {
            apps.allSatisfy { $0.session.listDataSource.snapshot().numberOfItems == 40 }
        }
        let all = try #require(library.loaded(.all))
        for app in apps { #expect(app.session.shownEntry === all, "one live list for every session") }

        let file = folder.url.appendingPathComponent("more.json").path
        try Data(RecipeFileTests.good.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try runRecipes(["--database", database.path, "import", file]).status == 0)
        await eventually("every session lists and counts the imported recipes") {
            apps.allSatisfy {
                $0.session.listDataSource.snapshot().numberOfItems == 42 && $0.session.counts.all == 42
            }
        }
        #expect(all.controller.statistics.wholeReads == 1, "the import was read as its two rows")
        for app in apps { app.stop() }
    }
}
