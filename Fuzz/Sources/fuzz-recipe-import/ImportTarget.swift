// Fuzz target: the Recipes import file. Any bytes either fail with an error that names a line of
// the file, or read as recipes that pass validation, export, and read back the same; and no title
// shown through `displaySafe` holds a control character.

import Foundation
import FuzzSupport
import RecipeKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecipeImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let lines = bytes.count { $0 == 0x0A } + 1
    let recipes: [Recipe]
    do {
        recipes = try RecipeFile.recipes(from: bytes, now: now)
    } catch {
        fuzzCheck(
            (1...lines).contains(error.line), "error at line \(error.line) of a \(lines)-line file: \(error)")
        fuzzCheck(!error.message.isEmpty, "an error without a message")
        return 0
    }
    for recipe in recipes {
        fuzzCheck(recipe.validationErrors().isEmpty, "an invalid recipe was read: \(recipe)")
        fuzzCheck(recipe == recipe.normalized(), "a recipe was read without being normalized: \(recipe)")
        let shown = displaySafe(recipe.title)
        fuzzCheck(
            !shown.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "displaySafe left a control character in \(shown.debugDescription)")
    }
    let exported = RecipeFile.data(for: recipes)
    let again: [Recipe]
    do {
        again = try RecipeFile.recipes(from: Array(exported), now: now)
    } catch {
        fuzzFailure("an export does not read back: \(error)\n\(String(decoding: exported, as: UTF8.self))")
    }
    fuzzCheck(again.count == recipes.count, "the export read back \(again.count) of \(recipes.count) recipes")
    for (old, new) in zip(recipes, again) {
        var new = new
        // The file keeps whole seconds.
        fuzzCheck(abs(new.addedAt.timeIntervalSince(old.addedAt)) < 1, "addedAt changed: \(old) \(new)")
        new.addedAt = old.addedAt
        fuzzCheck(old == new, "a recipe changed through export and import:\n\(old)\n\(new)")
    }
    return 0
}
