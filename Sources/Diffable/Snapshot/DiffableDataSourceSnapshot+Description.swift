extension DiffableDataSourceSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
    /// A readable summary: each section with its items (the first few of a long section), and the
    /// reload and reconfigure marks.
    ///
    /// ```
    /// DiffableDataSourceSnapshot(2 sections, 3 items)
    ///   "Fruit" (2): "apple", "pear" [reconfigure]
    ///   "Vegetables" (1): "leek" [reload]
    /// ```
    public var description: String { _describe(itemLimit: 10) }

    /// Like ``description``, with every item listed.
    public var debugDescription: String { _describe(itemLimit: .max) }

    func _describe(itemLimit: Int) -> String {
        let sectionWord = _sections.count == 1 ? "section" : "sections"
        let itemWord = _items.count == 1 ? "item" : "items"
        var lines = [
            "DiffableDataSourceSnapshot(\(_sections.count) \(sectionWord), \(_items.count) \(itemWord))"
        ]
        for (section, identifier) in _sections.elements.enumerated() {
            let range = _sectionStarts[section]..<_sectionStarts[section + 1]
            var line = "  \(_quoted(identifier)) (\(range.count))"
            if _reloadedSections.contains(identifier) { line += " [reload]" }
            if !range.isEmpty {
                let shown = range.prefix(itemLimit).map { flat -> String in
                    let item = _items.elements[flat]
                    var text = _quoted(item)
                    if _reloadedItems.contains(item) { text += " [reload]" }
                    if _reconfiguredItems.contains(item) { text += " [reconfigure]" }
                    return text
                }
                line += ": " + shown.joined(separator: ", ")
                if range.count > itemLimit { line += ", … \(range.count - itemLimit) more" }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
