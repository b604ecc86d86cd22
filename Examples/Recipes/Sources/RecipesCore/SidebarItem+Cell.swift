public import DiffableCells
import RecipeKit
public import RecipeStore

/// What a sidebar row shows, in both front ends: the terminal's and the browser's list cells
/// share the content configuration vocabulary.
extension SidebarItem {
    /// The row's glyph, title and count (red heart for Favorites).
    @MainActor public func contentConfiguration(counts: RecipeCounts?) -> ListContentConfiguration {
        var content = ListContentConfiguration.valueCell()
        content.text = displaySafe(title)
        content.image = symbol.isEmpty ? nil : symbol
        if kind == .favorites { content.imageStyle = TextStyle(foreground: .red) }
        if let counts, let count = count(in: counts) { content.secondaryText = CountText.text(count) }
        return content
    }

    /// The row's accessories: the Collections row expands and collapses.
    public var accessories: [CellAccessory] { kind == .collectionsHeader ? [.outlineDisclosure()] : [] }
}
