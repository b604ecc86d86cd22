import DiffableStore
import DiffableTerminal
import Foundation
import RecipeKit
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
        let library = RecipeLibrary(database: database, clock: ManualWallClock(now: testNow))
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

    /// Three terminal apps on one library of a new database (the folder keeps it).
    static func threeApps() throws -> (TemporaryFolder, RecipeDatabase, [RecipesApp]) {
        let folder = try TemporaryFolder()
        let database = try RecipeDatabase(path: folder.databasePath, now: testNow)
        let library = RecipeLibrary(database: database, clock: ManualWallClock(now: testNow))
        let apps = (0..<3).map { _ in
            RecipesApp(device: HeadlessTerminal(width: 100, height: 30), library: library)
        }
        return (folder, database, apps)
    }

    /// The session that wrote hears the change first and shows it at once (a web page sends its
    /// frame), before the other sessions draw it; a change nobody here wrote shows no one ahead.
    @Test func theSessionThatWroteHearsItsChangeFirstAndShowsItAtOnce() async throws {
        let (folder, database, apps) = try Self.threeApps()
        defer { withExtendedLifetime(folder) {} }
        for app in apps { await app.start() }
        final class Shown { var sessions: [(session: Int, favorites: [Int])] = [] }
        let shown = Shown()
        for (index, app) in apps.enumerated() {
            app.session.onOwnChangeDrawn = {
                shown.sessions.append((index, apps.map { $0.session.counts.favorites }))
            }
        }
        let writer = apps[1].session
        for _ in 0..<2_500 where writer.listDataSource.snapshot().numberOfItems == 0 {
            try await Task.sleep(for: .milliseconds(2))
        }
        let id = try #require(writer.listDataSource.snapshot().itemIdentifiers.first)
        writer.select(id)
        for _ in 0..<2_500 where writer.selectedRecipe?.id != id {
            try await Task.sleep(for: .milliseconds(2))
        }
        let before = apps.map { $0.session.counts.favorites }
        writer.toggleFavorite()
        for _ in 0..<2_500 where apps.contains(where: { $0.session.counts.favorites == before[0] }) {
            try await Task.sleep(for: .milliseconds(2))
        }
        let after = apps.map { $0.session.counts.favorites }
        #expect(after.allSatisfy { $0 != before[0] }, "every session counts the new favorite")
        #expect(shown.sessions.map(\.session) == [1], "the writer alone is shown ahead")
        #expect(
            shown.sessions.first?.favorites == [before[0], after[1], before[2]],
            "shown before the others heard of the change")
        // A write through the database, not a session: no session wrote it.
        try await database.setFavorite(false, id: id)
        for _ in 0..<2_500 where apps.contains(where: { $0.session.counts.favorites == after[0] }) {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(apps.allSatisfy { $0.session.counts.favorites != after[0] })
        #expect(shown.sessions.count == 1)
        for app in apps { app.stop() }
    }

    /// Regression: the library kept a recipe read as missing, and SQLite gives a recipe added
    /// after the last one was deleted that one's id: a session that selected the new recipe
    /// before the add's news arrived was told it did not exist (and the browser's keyboard add lost
    /// the new recipe's selection).
    @Test func aDeletedRecipesIdThatComesBackIsReadAnew() async throws {
        let folder = try TemporaryFolder()
        let database = try RecipeDatabase(path: folder.databasePath, now: testNow)
        let library = RecipeLibrary(database: database, clock: ManualWallClock(now: testNow))
        await library.start()
        let last = try await database.add(Recipe(title: "Last", prepMinutes: 1, cookMinutes: 1, servings: 1))
        // Read (and kept) once the add's news has come: a read it overtakes is not kept.
        for _ in 0..<2_500 where library.keptRecipe(id: last) == nil {
            #expect(try await library.recipe(id: last)?.title == "Last")
            try await Task.sleep(for: .milliseconds(2))
        }
        try await database.delete(id: last)
        for _ in 0..<2_500 where library.keptRecipe(id: last) != .some(nil) {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(library.keptRecipe(id: last) == .some(nil), "the library heard of the delete")
        #expect(try await library.recipe(id: last) == nil)
        let again = try await database.add(
            Recipe(title: "Again", prepMinutes: 1, cookMinutes: 1, servings: 1))
        #expect(again == last, "SQLite gave the new recipe the deleted one's id")
        // Asked before the add's news arrives (nothing waits between the two).
        #expect(try await library.recipe(id: again)?.title == "Again")
    }

    /// Regression: the library's `start()` returned at once to every session but the first,
    /// while the first was still reading the counts, so sessions that started together (the
    /// pages of a server that has just started) showed zero counts and no collections until the
    /// database next changed.
    @Test func sessionsStartedTogetherEachShowTheCounts() async throws {
        let (folder, _, apps) = try Self.threeApps()
        defer { withExtendedLifetime(folder) {} }
        async let first: Void = apps[0].start()
        async let second: Void = apps[1].start()
        async let third: Void = apps[2].start()
        _ = await (first, second, third)
        for app in apps {
            #expect(app.session.counts.all == 40, "every session has the counts once started")
            #expect(!app.session.counts.collections.isEmpty, "and the collections")
        }
        for app in apps { app.stop() }
    }

    /// Regression: a session's start showed All Recipes once the library had started, over a
    /// search typed meanwhile (a page may search as soon as it connects); the page's search sent
    /// again was the same text and changed nothing, so the page stayed on All Recipes.
    @Test func aSearchTypedWhileTheSessionStartsIsShown() async throws {
        let folder = try TemporaryFolder()
        let database = try RecipeDatabase(path: folder.databasePath, now: testNow)
        let library = RecipeLibrary(database: database, clock: ManualWallClock(now: testNow))
        let app = RecipesApp(device: HeadlessTerminal(width: 100, height: 30), library: library)
        async let started: Void = app.start()
        app.session.search("pancakes")
        await started
        for _ in 0..<2_500 where app.session.shownList != .search("pancakes") {
            try? await Task.sleep(for: .milliseconds(2))
        }
        #expect(app.session.shownList == .search("pancakes"), "the search, not All Recipes")
        app.stop()
    }
}
