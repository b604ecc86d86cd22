import Foundation
import RecipeKit
import RecipeStore
import Testing

@Suite("The import file")
struct RecipeFileTests {
    static let good = """
        { "recipes": [
          { "title": "Toast", "prepMinutes": 1, "cookMinutes": 3, "servings": 1 },
          { "title": "Tea", "emoji": "🍵", "prepMinutes": 1, "cookMinutes": 4, "servings": 2,
            "collections": ["Quick", "Breakfast"], "isFavorite": true }
        ] }
        """

    @Test func aGoodFileReadsEveryRecipe() throws {
        let recipes = try RecipeFile.recipes(from: Array(Self.good.utf8), now: testNow)
        #expect(recipes.map(\.title) == ["Toast", "Tea"])
        #expect(recipes[0].emoji == Recipe.defaultEmoji)
        #expect(recipes[1].collections == ["Quick", "Breakfast"])
        #expect(recipes[1].isFavorite)
        #expect(recipes[0].addedAt == testNow)
    }

    @Test(
        arguments: [
            (
                "{ \"recipes\": [\n {\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 1, \"servings\": 1},\n"
                    + " {\"title\": \"B\", \"prepMinutes\": \"ten\", \"cookMinutes\": 1, \"servings\": 1}\n] }",
                "line 3: recipes[1].prepMinutes: must be a whole number, not a string"
            ),
            (
                "[\n {\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 1,\n  \"servings\": 0}\n]",
                "line 3: recipes[0].servings: must be between 1 and 1000"
            ),
            (
                "[\n {\"title\": \"  \", \"prepMinutes\": 1, \"cookMinutes\": 1, \"servings\": 1}\n]",
                "line 2: recipes[0].title: must not be empty"
            ),
            (
                "[\n {\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 99999, \"servings\": 1}\n]",
                "line 2: recipes[0].cookMinutes: must be between 0 and 10080 minutes"
            ),
            (
                "[\n {\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 1, \"servings\": 1,\n   \"serving\": 2}]",
                "line 3: recipes[0].serving: unknown field"
            ),
            (
                "[\n {\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 1}\n]",
                "line 2: recipes[0].servings: is missing"
            ),
            (
                "[\n {\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 1, \"servings\": 1,\n \"collections\": [\"ok\", 3]}]",
                "line 3: recipes[0].collections[1]: must be a string, not a number"
            ),
            (
                "{ \"recipes\": [\n {\"title\": \"A\",\n",
                "line 3: not JSON: expected a key in quotes (column 1)"
            ),
            ("[1,\n 2,,]", "line 2: not JSON: unexpected character (column 4)"),
            // Found by fuzz-recipe-import: Foundation's parser took this for a date it could not
            // write back.
            (
                "[{\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 1, \"servings\": 1,\n"
                    + " \"addedAt\": \"2025E0000000004-05-01T08:00:00Z\"}]",
                "line 2: recipes[0].addedAt: must be a date like 2024-05-01T08:00:00Z"
            ),
            (
                "[{\"title\": \"A\", \"prepMinutes\": 1, \"cookMinutes\": 1, \"servings\": 1,\n"
                    + " \"addedAt\": \"0001-04-29T08:00:00Z\"}]",
                "line 2: recipes[0].addedAt: must be a date like 2024-05-01T08:00:00Z"
            ),
        ])
    func aBadFileNamesTheLineAndTheField(file: String, message: String) {
        #expect(throws: RecipeFileError.self) { try RecipeFile.recipes(from: Array(file.utf8)) }
        do {
            _ = try RecipeFile.recipes(from: Array(file.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aPartlyInvalidImportChangesNothing() throws {
        let folder = try TemporaryFolder()
        let database = try RecipeDatabase(path: folder.databasePath, now: testNow)
        let before = try database.counts(now: testNow)
        let file = """
            [ {"title": "Fine", "prepMinutes": 1, "cookMinutes": 1, "servings": 1, "collections": ["New"]},
              {"title": "Broken", "prepMinutes": 1, "cookMinutes": -5, "servings": 1} ]
            """
        #expect(throws: RecipeFileError.self) { try database.importFile(Array(file.utf8)) }
        #expect(try database.counts(now: testNow) == before, "nothing of the file was imported")
    }

    @Test func anExportImportsBackAsItWas() async throws {
        let folder = try TemporaryFolder()
        let database = try RecipeDatabase(path: folder.databasePath, now: testNow)
        let exportPath = folder.url.appendingPathComponent("export.json").path
        #expect(FileManager.default.createFile(atPath: exportPath, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: exportPath))
        try await database.export(to: handle)
        try handle.close()
        let exported = try RecipeFile.recipes(
            from: Array(try Data(contentsOf: URL(fileURLWithPath: exportPath))))
        var seeds = Recipe.seedRecipes(now: testNow)
        for index in seeds.indices { seeds[index].id = 0 }
        #expect(exported.count == 40)
        #expect(exported.map(\.title) == seeds.map(\.title))
        #expect(exported.map(\.ingredients) == seeds.map(\.ingredients))
        #expect(exported.map(\.collections) == seeds.map(\.collections))
        #expect(exported.map(\.addedAt) == seeds.map(\.addedAt))
    }

    @Test func hostileTextRoundTripsThroughTheFile() throws {
        let title = "\u{1B}[2J\u{1B}]0;pwned\u{07}Tea \"quoted\" \\ \u{202E}txet"
        let recipe = Recipe(title: title, prepMinutes: 1, cookMinutes: 2, servings: 1, ingredients: ["a\nb"])
        let read = try RecipeFile.recipes(from: Array(RecipeFile.data(for: [recipe])), now: recipe.addedAt)
        #expect(read.first?.title == title)
        #expect(read.first?.ingredients == ["a\nb"])
    }

    @Test func displaySafeShowsControlCharactersAndDropsNone() {
        #expect(displaySafe("Tea") == "Tea")
        #expect(displaySafe("\u{1B}[31mred\u{07}") == "␛[31mred␇")
        #expect(displaySafe("a\u{202E}b\u{9B}c\u{7F}") == "a\u{FFFD}b\u{FFFD}c␡")
    }

    @Test func syntheticRecipesAreTheSameEveryTimeAndValid() {
        let generator = SyntheticRecipes(now: testNow)
        #expect(generator.recipe(42) == generator.recipe(42))
        for number in 1...500 {
            #expect(generator.recipe(number).validationErrors().isEmpty)
        }
    }
}
