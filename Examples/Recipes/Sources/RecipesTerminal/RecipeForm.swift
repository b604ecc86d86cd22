import DiffableTerminal
import Foundation
import RecipeKit

/// The form that adds or edits a recipe: one line per field, lists separated by `;`. Enter
/// checks every field and saves, or shows what is wrong under each field that is; Escape closes
/// it without saving.
@MainActor
final class RecipeForm: Overlay {
    /// A field of the form.
    struct Field {
        var label: String
        /// The recipe field it fills, as ``RecipeFieldError/field`` names it.
        var key: String
        var text: String
        var error: String?
    }

    /// The recipe edited (`id` 0 for a new one): fields not on the form come from it.
    let original: Recipe
    private(set) var fields: [Field]
    /// The field the keys go to.
    private(set) var focusedField = 0
    /// Called with a recipe that passed the checks; returns the errors the save met, if any.
    let onSave: @MainActor (Recipe) -> Void
    let onCancel: @MainActor () -> Void

    init(
        editing recipe: Recipe?, onSave: @escaping @MainActor (Recipe) -> Void,
        onCancel: @escaping @MainActor () -> Void
    ) {
        let recipe = recipe ?? Recipe(title: "", emoji: "", prepMinutes: 10, cookMinutes: 20, servings: 4)
        original = recipe
        fields = [
            Field(label: "Title", key: "title", text: recipe.title),
            Field(label: "Emoji", key: "emoji", text: recipe.emoji),
            Field(label: "Prep (min)", key: "prepMinutes", text: String(recipe.prepMinutes)),
            Field(label: "Cook (min)", key: "cookMinutes", text: String(recipe.cookMinutes)),
            Field(label: "Servings", key: "servings", text: String(recipe.servings)),
            Field(label: "Collections", key: "collections", text: recipe.collections.joined(separator: "; ")),
            Field(label: "Ingredients", key: "ingredients", text: recipe.ingredients.joined(separator: "; ")),
            Field(label: "Directions", key: "directions", text: recipe.directions.joined(separator: "; ")),
        ]
        self.onSave = onSave
        self.onCancel = onCancel
    }

    var isNew: Bool { original.id == 0 }

    var helpItems: [String] { ["tab next field", "⏎ save", "esc cancel", "lists: a; b; c"] }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .tab, .down: focusedField = (focusedField + 1) % fields.count
        case .backTab, .up: focusedField = (focusedField + fields.count - 1) % fields.count
        case .escape: onCancel()
        case .enter: submit()
        case .backspace, .delete:
            if !fields[focusedField].text.isEmpty { fields[focusedField].text.removeLast() }
        case .control("u"): fields[focusedField].text = ""
        case .character(let character): fields[focusedField].text.append(character)
        default: return false
        }
        return true
    }

    /// The recipe the fields describe, or the fields' errors.
    func recipe() -> Result<Recipe, FormErrors> {
        var errors: [String: String] = [:]
        func number(_ key: String, _ message: String) -> Int {
            let text = fields.first { $0.key == key }!.text.trimmingCharacters(in: .whitespaces)
            guard let value = Int(text) else {
                errors[key] = message
                return 0
            }
            return value
        }
        func list(_ key: String) -> [String] {
            fields.first { $0.key == key }!.text.split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
        var recipe = original
        recipe.title = fields[0].text
        recipe.emoji = fields[1].text
        recipe.prepMinutes = number("prepMinutes", "must be a number of minutes")
        recipe.cookMinutes = number("cookMinutes", "must be a number of minutes")
        recipe.servings = number("servings", "must be a number")
        recipe.collections = list("collections")
        recipe.ingredients = list("ingredients")
        recipe.directions = list("directions")
        recipe = recipe.normalized()
        for error in recipe.validationErrors() where errors[error.field] == nil {
            errors[error.field] = error.message
        }
        return errors.isEmpty ? .success(recipe) : .failure(FormErrors(messages: errors))
    }

    /// The messages by field.
    struct FormErrors: Error {
        var messages: [String: String]
    }

    /// Checks the fields; saves, or shows the errors and moves to the first wrong field.
    func submit() {
        switch recipe() {
        case .success(let recipe):
            for index in fields.indices { fields[index].error = nil }
            onSave(recipe)
        case .failure(let errors):
            for index in fields.indices { fields[index].error = errors.messages[fields[index].key] }
            if let first = fields.firstIndex(where: { $0.error != nil }) { focusedField = first }
        }
    }

    func draw(into buffer: inout ScreenBuffer) {
        let errorRows = fields.filter { $0.error != nil }.count
        let width = min(72, buffer.width - 2)
        let inside = buffer.drawBox(
            width: width, height: fields.count + errorRows + 4, title: isNew ? "New recipe" : "Edit recipe")
        let labelWidth = 12
        var y = inside.y + 1
        for (index, field) in fields.enumerated() {
            let focused = index == focusedField
            buffer.write(
                pad(field.label, toWidth: labelWidth), x: inside.x, y: y,
                style: TextStyle(foreground: field.error == nil ? nil : .red, bold: focused))
            let available = inside.width - labelWidth - 1
            // The end of the text, where typing goes, stays in view.
            var shown = displaySafe(field.text)
            while displayWidth(of: shown) > available - 1, !shown.isEmpty { shown.removeFirst() }
            let column = inside.x + labelWidth
            buffer.fill(
                ScreenRect(x: column, y: y, width: available, height: 1),
                style: TextStyle(dim: !focused, underline: true))
            let used = buffer.write(
                shown, x: column, y: y, style: TextStyle(underline: true), maxWidth: available)
            if focused { buffer.write("▏", x: column + used, y: y, style: TextStyle(foreground: .yellow)) }
            y += 1
            if let error = field.error {
                buffer.write(
                    "↳ " + field.label.lowercased() + " " + error, x: column, y: y,
                    style: TextStyle(foreground: .red),
                    maxWidth: available)
                y += 1
            }
        }
    }
}
