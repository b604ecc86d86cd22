import Foundation

/// Why an import file cannot be imported: the line, the field and what is wrong. Nothing of the
/// file is imported then.
public struct RecipeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The field, as a path: `recipes[3].prepMinutes`; `nil` for an error of the JSON itself.
    public var field: String?
    /// What is wrong.
    public var message: String

    /// An error at a line.
    public init(line: Int, field: String?, message: String) {
        self.line = line
        self.field = field
        self.message = message
    }

    /// `line 12: recipes[3].prepMinutes: must be a whole number`.
    public var description: String {
        "line \(line): " + (field.map { "\($0): " } ?? "") + message
    }
}

/// The import and export file: a JSON object whose `recipes` member lists recipes (a bare list of
/// recipes is read too).
///
/// ```json
/// { "recipes": [
///   { "title": "Pancakes", "emoji": "🥞", "prepMinutes": 10, "cookMinutes": 15, "servings": 4,
///     "ingredients": ["2 cups flour"], "directions": ["Whisk.", "Fry."],
///     "collections": ["Breakfast"], "isFavorite": false, "addedAt": "2024-05-01T08:00:00Z" } ] }
/// ```
///
/// `title`, `prepMinutes`, `cookMinutes` and `servings` are required; the rest may be left out.
/// Any other member is an error, so that a misspelt field is not lost in silence.
public enum RecipeFile {
    /// The members a recipe may have.
    public static let fields = [
        "title", "emoji", "prepMinutes", "cookMinutes", "servings", "ingredients", "directions",
        "collections", "isFavorite", "addedAt",
    ]

    /// Reads every recipe of a file, or the first error, naming its line and field.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - now: When recipes without `addedAt` were added.
    /// - Complexity: O(n) for n bytes.
    public static func recipes(from bytes: [UInt8], now: Date = Date()) throws(RecipeFileError) -> [Recipe] {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw RecipeFileError(
                line: error.line, field: nil, message: "not JSON: \(error.message) (column \(error.column))")
        }
        let list: [JSONNode]
        switch root.value {
        case .array(let elements):
            list = elements
        case .object(let members):
            for member in members where member.key != "recipes" {
                throw RecipeFileError(line: member.node.line, field: member.key, message: "unknown field")
            }
            guard let recipes = members.first(where: { $0.key == "recipes" })?.node else {
                throw RecipeFileError(line: root.line, field: "recipes", message: "is missing")
            }
            guard case .array(let elements) = recipes.value else {
                throw RecipeFileError(
                    line: recipes.line, field: "recipes",
                    message: "must be a list, not \(recipes.value.kindDescription)")
            }
            list = elements
        default:
            throw RecipeFileError(
                line: root.line, field: nil,
                message: "must be an object with a recipes list, not \(root.value.kindDescription)")
        }
        var recipes: [Recipe] = []
        recipes.reserveCapacity(list.count)
        for (index, node) in list.enumerated() {
            recipes.append(try recipe(from: node, path: "recipes[\(index)]", now: now))
        }
        return recipes
    }

    /// One recipe from its object, validated.
    static func recipe(from node: JSONNode, path: String, now: Date) throws(RecipeFileError) -> Recipe {
        guard case .object(let members) = node.value else {
            throw RecipeFileError(
                line: node.line, field: path, message: "must be an object, not \(node.value.kindDescription)")
        }
        var fields: [String: JSONNode] = [:]
        for member in members {
            guard Self.fields.contains(member.key) else {
                throw RecipeFileError(
                    line: member.node.line, field: "\(path).\(member.key)", message: "unknown field")
            }
            fields[member.key] = member.node
        }
        func required(_ name: String) throws(RecipeFileError) -> JSONNode {
            guard let node = fields[name] else {
                throw RecipeFileError(line: node.line, field: "\(path).\(name)", message: "is missing")
            }
            return node
        }
        func fail(_ name: String, _ node: JSONNode, _ message: String) -> RecipeFileError {
            RecipeFileError(line: node.line, field: "\(path).\(name)", message: message)
        }
        func string(_ name: String) throws(RecipeFileError) -> String? {
            guard let node = fields[name] else { return nil }
            guard case .string(let text) = node.value else {
                throw fail(name, node, "must be a string, not \(node.value.kindDescription)")
            }
            return text
        }
        func integer(_ name: String) throws(RecipeFileError) -> Int {
            let node = try required(name)
            guard case .number(let text) = node.value, let value = Int(text) else {
                throw fail(name, node, "must be a whole number, not \(describe(node.value))")
            }
            return value
        }
        func strings(_ name: String) throws(RecipeFileError) -> [String] {
            guard let node = fields[name] else { return [] }
            guard case .array(let elements) = node.value else {
                throw fail(name, node, "must be a list of strings, not \(node.value.kindDescription)")
            }
            var result: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element.value else {
                    throw RecipeFileError(
                        line: element.line, field: "\(path).\(name)[\(index)]",
                        message: "must be a string, not \(element.value.kindDescription)")
                }
                result.append(text)
            }
            return result
        }
        guard let title = try string("title") else {
            throw RecipeFileError(line: node.line, field: "\(path).title", message: "is missing")
        }
        var isFavorite = false
        if let node = fields["isFavorite"] {
            guard case .bool(let value) = node.value else {
                throw fail("isFavorite", node, "must be true or false, not \(node.value.kindDescription)")
            }
            isFavorite = value
        }
        var addedAt = now
        if let text = try string("addedAt") {
            guard let date = Self.date(from: text) else {
                throw fail("addedAt", fields["addedAt"]!, "must be a date like 2024-05-01T08:00:00Z")
            }
            addedAt = date
        }
        let recipe = Recipe(
            title: title, emoji: try string("emoji") ?? Recipe.defaultEmoji,
            prepMinutes: try integer("prepMinutes"),
            cookMinutes: try integer("cookMinutes"), servings: try integer("servings"),
            ingredients: try strings("ingredients"), directions: try strings("directions"),
            collections: try strings("collections"), isFavorite: isFavorite, addedAt: addedAt
        ).normalized()
        if let error = recipe.validationErrors().first {
            throw RecipeFileError(
                line: (fields[error.field] ?? node).line, field: "\(path).\(error.field)",
                message: error.message)
        }
        return recipe
    }

    /// `"oops"`, `1.5`, `null`: a value as a message quotes it.
    private static func describe(_ value: JSONNode.Value) -> String {
        switch value {
        case .number(let text): text
        case .string: "a string"
        default: value.kindDescription
        }
    }

    /// A date written `2024-05-01T08:00:00Z` (seconds may have a fraction, the zone may be an
    /// offset) from 1900 on. The shape is checked first: Foundation's parser also takes strings
    /// such as a year of forty digits, whose date it then cannot write back.
    private static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 35,
            [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18].allSatisfy({ (0x30...0x39).contains(bytes[$0]) }
            ),
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = Int(text.prefix(4)), year >= 1900
        else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    // MARK: Export

    /// The file for `recipes`: an object with a `recipes` list, one member per line, that
    /// ``recipes(from:now:)`` reads back as it was.
    public static func data(for recipes: [Recipe]) -> Data {
        var text = "{\n  \"recipes\": ["
        let formatter = ISO8601DateFormatter()
        for (index, recipe) in recipes.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            let members: [(String, String)] = [
                ("title", quoted(recipe.title)), ("emoji", quoted(recipe.emoji)),
                ("prepMinutes", String(recipe.prepMinutes)), ("cookMinutes", String(recipe.cookMinutes)),
                ("servings", String(recipe.servings)), ("ingredients", list(recipe.ingredients)),
                ("directions", list(recipe.directions)), ("collections", list(recipe.collections)),
                ("isFavorite", recipe.isFavorite ? "true" : "false"),
                ("addedAt", quoted(formatter.string(from: recipe.addedAt))),
            ]
            text +=
                "    {\n" + members.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
        }
        text += recipes.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Data(text.utf8)
    }

    /// A JSON list of strings on one line.
    public static func list(_ strings: [String]) -> String {
        "[" + strings.map(quoted).joined(separator: ", ") + "]"
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    public static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The strings of a JSON list written by ``list(_:)``; `[]` when it is not one.
    public static func strings(fromList text: String) -> [String] {
        guard let node = try? JSONParser.parse(Array(text.utf8)), case .array(let elements) = node.value
        else {
            return []
        }
        return elements.compactMap {
            if case .string(let string) = $0.value { return string }
            return nil
        }
    }
}
