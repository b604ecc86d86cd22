import Diffable
import DiffableTerminal
import Foundation
import RecipeKit
import RecipeStore
import RecipesCore
import RecipesTerminal
import Testing

@MainActor
@Suite("The Recipes app, headless", .serialized)
struct RecipesAppTests {
    @Test func theFirstScreen() async throws {
        let harness = try await AppHarness()
        #expect(harness.listCount == 40)
        #expect(harness.app.session.listTitle == "All Recipes · 40")
        #expect(harness.app.session.selectedRecipe?.title == "Apple Pie")
        expectScreen(harness.screen, matches: "recipes-initial-100x30")
    }

    @Test func theCurrentRowsDetailsAreNotDimmed() async throws {
        let harness = try await AppHarness()
        let app = harness.app
        await harness.press(.down)
        let id = try #require(app.session.selectedID)
        let selected = try #require(app.session.listDataSource.indexPath(for: id))
        let style = { (item: Int) in
            ((app.listView.cellForItem(at: IndexPath(item: item, section: 0)) as? TerminalListCell)?
                .contentConfiguration as? ListContentConfiguration)?.secondaryTextStyle.dim
        }
        #expect(style(selected.item) == false, "the configuration update handler styles the focused row")
        #expect(style(selected.item + 1) == true)
    }

    @Test func aFavoriteReconfiguresOnlyItsRow() async throws {
        let harness = try await AppHarness()
        let app = harness.app
        await harness.press(.down, .down)
        let id = try #require(app.session.selectedID)
        let path = try #require(app.session.listDataSource.indexPath(for: id))
        let cells = Dictionary(
            uniqueKeysWithValues: (0..<10).compactMap { item in
                app.listView.cellForItem(at: IndexPath(item: item, section: 0)).map { (item, $0) }
            })
        let configured = cells.mapValues(\.configurationCount)
        await harness.press(.character("f"))
        await harness.eventually("the row shows the heart") {
            (app.listView.cellForItem(at: path) as? TerminalListCell)?.accessories.isEmpty == false
        }
        for (item, cell) in cells {
            #expect(
                app.listView.cellForItem(at: IndexPath(item: item, section: 0)) === cell, "cells are kept")
            #expect(
                cell.configurationCount == configured[item]! + (item == path.item ? 1 : 0),
                "only the favorite's row is configured again (row \(item))")
        }
        #expect(app.session.counts.favorites == 6)
    }

    @Test func inFavoritesAnUnfavoritedRecipeLeavesAndComesBackSelected() async throws {
        let harness = try await AppHarness()
        let app = harness.app
        app.choose(.favorites)
        await harness.eventually("Favorites shows") {
            app.session.shownList == .favorites && harness.listCount == 5
        }
        await harness.press(.down)
        let id = try #require(app.session.selectedID)
        await harness.press(.character("f"))
        await harness.eventually("the row leaves") { harness.listCount == 4 }
        #expect(app.session.selectedID == id, "the detail keeps the recipe")
        #expect(app.session.selectedRecipe?.isFavorite == false)
        await harness.press(.character("f"))
        await harness.eventually("the row comes back") { harness.listCount == 5 }
        await harness.settle()
        #expect(
            app.listView.focusedIndexPath == app.session.listDataSource.indexPath(for: id),
            "and is selected again")
    }

    @Test func theSidebarChoosesTheListAndCountsFollow() async throws {
        let harness = try await AppHarness()
        let app = harness.app
        await harness.press(.backTab)  // to the sidebar
        #expect(app.screen.focusedPane == .sidebar)
        await harness.press(.home, .down, .down, .enter)
        await harness.eventually("Recents shows") { app.session.shownList == .recents }
        #expect(harness.listCount == 4, "one seed every two days: four this week")
        #expect(harness.screen.contains("Recents · 4"))
        await harness.press(.down, .down, .enter)  // Collections ▸ Baking
        await harness.eventually("Baking shows") { app.session.shownList == .collection("Baking") }
        #expect(harness.listCount == 8)
    }

    @Test func searchGroupsTheResultsByCollection() async throws {
        let harness = try await AppHarness()
        await harness.press(.character("/"))
        await harness.type("chi")
        await harness.eventually("the results show") { harness.app.session.shownList == .search("chi") }
        #expect(harness.listCount == 4)
        #expect(
            harness.app.session.listDataSource.snapshot().sectionIdentifiers == ["Dessert", "Dinner", "Soup"])
        expectScreen(harness.screen, matches: "recipes-search-chi-100x30")
        await harness.press(.escape)
        await harness.eventually("escape shows all again") {
            harness.app.session.shownList == .all && harness.listCount == 40
        }
    }

    @Test func theGrid() async throws {
        let harness = try await AppHarness()
        await harness.press(.character("v"))
        #expect(harness.app.isGrid)
        expectScreen(harness.screen, matches: "recipes-grid-100x30")
    }

    @Test func theFormChecksEveryFieldThenAdds() async throws {
        let harness = try await AppHarness()
        let app = harness.app
        await harness.press(.character("a"))
        await harness.press(.tab, .tab, .control("u"))
        await harness.type("ten")
        await harness.press(.enter)
        #expect(harness.screen.contains("↳ title must not be empty"))
        #expect(harness.screen.contains("↳ prep (min) must be a number of minutes"))
        expectScreen(harness.screen, matches: "recipes-form-errors-100x30")
        #expect(harness.screen.contains("New recipe"), "the form stays, on the first wrong field: the title")
        await harness.type("Zucchini Fritters")
        await harness.press(.tab, .tab, .control("u"))
        await harness.type("5")
        await harness.press(.enter)
        await harness.eventually("the new recipe is listed and selected") {
            app.session.selectedRecipe?.title == "Zucchini Fritters" && harness.listCount == 41
                && app.listView.focusedIndexPath
                    == app.session.selectedID.flatMap(app.session.listDataSource.indexPath(for:))
        }
        #expect(app.session.selectedRecipe?.prepMinutes == 5)
        #expect(app.session.counts.all == 41)
    }

    @Test func theListsContextMenuFavoritesEditsAndDeletes() async throws {
        let harness = try await AppHarness()
        let app = harness.app
        await harness.press(.down)
        let title = try #require(app.session.selectedRecipe?.title)
        await harness.press(.function(10))
        #expect(
            harness.screen.contains("♥ Favorite") && harness.screen.contains("⌫ Delete"), "\(harness.screen)")
        #expect(
            harness.screen.contains("↑↓ move · ⏎ choose · esc close") && !harness.screen.contains("q quit"),
            "the help line is the menu's alone")
        await harness.press(.down, .enter)
        await harness.eventually("Edit opens the form on the recipe") {
            harness.screen.contains("Edit recipe") && harness.screen.contains(title)
        }
        await harness.press(.escape)
        await harness.press(.function(10), .end, .enter)
        await harness.eventually("Delete asks first") { harness.screen.contains("Delete “\(title)”?") }
        await harness.press(.character("n"))
        #expect(harness.listCount == 40)
        await harness.press(.function(10), .enter)
        await harness.eventually("Favorite makes it one") { app.session.counts.favorites == 6 }
        await harness.press(.function(10))
        #expect(harness.screen.contains("✓ ♥ Favorite"), "checked now")
        await harness.press(.escape)
        #expect(!app.listView.isShowingContextMenu)
    }

    @Test func deleteAsksFirst() async throws {
        let harness = try await AppHarness()
        let app = harness.app
        let title = try #require(app.session.selectedRecipe?.title)
        await harness.press(.character("d"))
        #expect(harness.screen.contains("Delete “\(title)”?"))
        await harness.press(.character("n"))
        #expect(harness.listCount == 40)
        await harness.press(.character("d"), .character("y"))
        await harness.eventually("the recipe is gone") { harness.listCount == 39 }
        #expect(harness.screen.contains("Deleted \(title) │"), "the help line says so")
        #expect(
            !harness.screen.split(separator: "\n").dropLast().contains { $0.contains(title) }, "it is gone")
        #expect(app.session.counts.all == 39)
    }

    @Test func hostileTitlesShowSafely() async throws {
        let harness = try await AppHarness()
        let escape = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mRed Tea"
        let long = String(repeating: "Very long title ", count: 125)  // 2,000 characters
        for title in [escape, long, "Tab\there\u{0}nul\u{202E}txet"] {
            try await harness.database.add(Recipe(title: title, prepMinutes: 1, cookMinutes: 1, servings: 1))
        }
        await harness.eventually("the three are listed") { harness.listCount == 43 }
        await harness.press(.end)  // the long title, in the detail pane
        await harness.settle()
        #expect(harness.screen.contains("Very long title …"))
        await harness.press(.home)  // the escapes, first in the list
        await harness.settle()
        let output = harness.terminal.lastFrameOutput
        #expect(!output.contains("\u{1B}]"), "no operating-system command reaches the terminal")
        #expect(!output.contains("\u{07}") && !output.contains("\u{0}"))
        #expect(!output.contains("\u{1B}[2J"), "no clear-screen from the title")
        #expect(harness.screen.contains("␛]0;pwned␇␛[2J␛[31mRed Tea"))
        for row in 0..<harness.terminal.screen.height {
            #expect(displayWidth(of: harness.terminal.screen.line(row)) <= 100)
        }
        expectScreen(harness.screen, matches: "recipes-hostile-100x30")
    }

    @Test func aNarrowTerminalShowsOnePaneAtATime() async throws {
        let harness = try await AppHarness()
        harness.terminal.resize(width: 60, height: 20)
        await harness.settle()
        let screen = try #require(harness.app.screen)
        #expect(screen.split.isCollapsed && screen.visiblePanes == [.list], "the list first")
        #expect(harness.screen.contains(" ‹ Recipes · All Recipes · 40"), "\(harness.screen)")
        await harness.press(.down, .enter)
        #expect(screen.visiblePanes == [.detail], "Enter on a recipe shows its detail")
        #expect(harness.screen.contains("‹ All Recipes · 40 · Recipe"))
        await harness.press(.escape)
        #expect(screen.visiblePanes == [.list] && harness.app.session.selectedRecipe != nil)
        await harness.press(.escape)
        #expect(screen.visiblePanes == [.sidebar])
        harness.terminal.resize(width: 100, height: 30)
        await harness.settle()
        #expect(screen.visiblePanes == [.sidebar, .list, .detail] && screen.focusedPane == .sidebar)
        let title = harness.terminal.screen.line(1)
        #expect(
            title.contains(" Recipes") && title.contains("All Recipes · 40") && title.hasSuffix("#6"),
            "three panes again, the recipe chosen while collapsed still shown: \(title)")
    }

    @Test func resizingLaysThePanesOutAgain() async throws {
        let harness = try await AppHarness()
        harness.terminal.resize(width: 72, height: 20)
        await harness.settle()
        expectScreen(harness.screen, matches: "recipes-resized-72x20")
    }

    @Test func anImportFromAnotherProcessShowsLive() async throws {
        let harness = try await AppHarness()
        let file = harness.folder.url.appendingPathComponent("more.json").path
        try Data(RecipeFileTests.good.utf8).write(to: URL(fileURLWithPath: file))
        let result = try runRecipes(["--database", harness.database.path, "import", file])
        #expect(result.status == 0, "\(result.output)")
        await harness.eventually("the imported recipes are listed") { harness.listCount == 42 }
        await harness.eventually("and counted") {
            harness.app.session.counts.all == 42 && harness.app.session.counts.favorites == 6
        }
    }

    @Test func aBadCommandLineIsAUsageErrorThatTouchesNoDatabase() throws {
        let folder = try TemporaryFolder()
        let database = ["--database", folder.databasePath]
        for (arguments, message) in [
            (database + ["serve", "--port", "99999"], "--port needs a port number"),
            (database + ["serve", "--port", "eighty"], "--port"),
            (database + ["generate", "--", "-5"], "cannot be negative"),
            (["--postgres", "mysql://db/recipes", "check"], "postgres://"),
            (database + ["--postgres", "postgres://db/recipes", "check"], "not both"),
            (database + ["frobnicate"], "Unexpected argument 'frobnicate'"),
        ] {
            let result = try runRecipes(arguments)
            #expect(result.status == 64, "\(arguments): exit status \(result.status)")
            #expect(result.output.contains(message), "\(arguments): \(result.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.databasePath), "no database was made")
        let help = try runRecipes(["serve", "--help"])
        #expect(help.status == 0 && help.output.contains("--port <port>"), "\(help.output)")
    }

    @Test func aBadImportFromTheCommandLineSaysWhereAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("bad.json").path
        try Data(
            "[\n {\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": \"x\", \"servings\": 1}\n]".utf8
        ).write(
            to: URL(fileURLWithPath: file))
        let result = try runRecipes(["--database", folder.databasePath, "import", file])
        #expect(result.status == 1)
        #expect(result.output.contains("line 2: recipes[0].cookMinutes: must be a whole number"))
        #expect(result.output.contains("nothing was imported"))
        let check = try runRecipes(["--database", folder.databasePath, "check"])
        #expect(check.output.contains("integrity_check: ok"))
        #expect(check.output.contains("recipes: 40"))
    }

    @Test func aGenerateKilledMidwayLeavesTheDatabaseWhole() async throws {
        let folder = try TemporaryFolder()
        _ = try runRecipes(["--database", folder.databasePath, "check"])  // made and seeded
        let process = Process()
        process.executableURL = URL(fileURLWithPath: recipesExecutable)
        process.arguments = ["--database", folder.databasePath, "generate", "500000"]
        let progress = Pipe()
        process.standardError = progress
        try process.run()
        // Killed once it says it is under way (its first 10,000 are in the open transaction),
        // not after a guess at how long that takes.
        var said = ""
        while !said.contains(" of 500,000") {
            let data = progress.fileHandleForReading.availableData
            if data.isEmpty { break }  // it exited: the expectation below says so
            said += String(decoding: data, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let database = try RecipeDatabase(path: folder.databasePath)
        #expect(try database.integrityCheck() == ["ok"])
        #expect(try await database.counts().all == 40, "the killed transaction left nothing")
    }
}
