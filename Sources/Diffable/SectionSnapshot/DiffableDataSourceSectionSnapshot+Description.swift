extension DiffableDataSourceSectionSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
    /// An ASCII picture of the outline, for the debugger console.
    ///
    /// The first line names the type and the item count; then comes one line per item in
    /// ``items`` order: two spaces per level, `+` if the item is expanded or `-` if not, `*` if it
    /// is visible or a space if not, a space, and the item's description. A last line closes the
    /// picture with `>`.
    ///
    ///     var outline = DiffableDataSourceSectionSnapshot<String>()
    ///     outline.append(["Food", "Drinks"])
    ///     outline.append(["Apple"], to: "Food")
    ///     outline.append(["Tea"], to: "Drinks")
    ///     outline.expand(["Drinks"])
    ///     print(outline.visualDescription())
    ///     // <DiffableDataSourceSectionSnapshot: 4 items
    ///     // -* Food
    ///     //   -  Apple
    ///     // +* Drinks
    ///     //   -* Tea
    ///     // >
    ///
    /// Unlike UIKit's, the header carries no address: a section snapshot is a value.
    ///
    /// - Complexity: O(n + total description length), where n is the number of items.
    public func visualDescription() -> String {
        _visualDescription(typeName: "DiffableDataSourceSectionSnapshot") { String(describing: $0) }
    }

    /// The same text as ``visualDescription()``.
    ///
    /// - Complexity: O(n + total description length), where n is the number of items.
    public var description: String { visualDescription() }

    /// The ``visualDescription()`` layout, with the generic argument in the header and each item
    /// shown as `String(reflecting:)` shows it (so strings are quoted).
    ///
    /// - Complexity: O(n + total description length), where n is the number of items.
    public var debugDescription: String {
        _visualDescription(typeName: "DiffableDataSourceSectionSnapshot<\(ItemIdentifierType.self)>") {
            String(reflecting: $0)
        }
    }

    private func _visualDescription(
        typeName: String, describe: (ItemIdentifierType) -> String
    ) -> String {
        let count = _items.count
        var text = "<\(typeName): \(count) \(count == 1 ? "item" : "items")\n"
        // hidden[depth]: whether the item at that depth on the current path hides its children.
        var hidden: [Bool] = []
        for position in 0..<count {
            let level = Int(_levels[position])
            hidden.removeLast(hidden.count - level)
            let isVisible = hidden.last != true
            let isExpanded = _expanded[position]
            hidden.append(!isVisible || !isExpanded)
            text += String(repeating: "  ", count: level)
            text += isExpanded ? "+" : "-"
            text += isVisible ? "* " : "  "
            text += describe(_items.elements[position])
            text += "\n"
        }
        text += ">"
        return text
    }
}
