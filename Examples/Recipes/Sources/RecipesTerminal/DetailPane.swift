import DiffableTerminal
import RecipeKit

/// The detail pane: everything about the selected recipe, wrapped to the pane's width, scrolled
/// with the arrows when it has the focus. Every text a recipe holds goes through
/// ``displaySafe(_:)`` first.
@MainActor
final class DetailPane {
    /// The first line shown.
    private(set) var scrollOffset = 0
    /// The lines laid out last, for scrolling.
    private var lineCount = 0
    /// The row the favorite toggle was drawn on, for the mouse.
    private(set) var favoriteRow: Int?

    /// A line of the pane and its style.
    struct Line {
        var text: String
        var style: TextStyle = .plain
        var isFavoriteToggle = false
    }

    /// The pane's lines for a recipe at a width.
    static func lines(for recipe: Recipe?, width: Int, loading: Bool = false) -> [Line] {
        guard let recipe else {
            return [Line(text: loading ? "Loading…" : "No recipe selected.", style: TextStyle(dim: true))]
        }
        var lines: [Line] = []
        let title = displaySafe(recipe.title)
        let emoji = truncate(displaySafe(recipe.emoji), toWidth: 2, ellipsis: "")
        for (index, text) in wrap(title, width: width, first: emoji + " ", indent: "   ").enumerated() {
            lines.append(Line(text: text, style: TextStyle(bold: true)))
            if index == 5 {
                lines[lines.count - 1].text = truncate(text + " …", toWidth: width)
                break
            }
        }
        let heart = recipe.isFavorite ? "♥ Favorite" : "♡ Not a favorite"
        lines.append(
            Line(
                text: heart + "  (f)",
                style: TextStyle(foreground: recipe.isFavorite ? .red : nil, dim: !recipe.isFavorite),
                isFavoriteToggle: true))
        lines.append(Line(text: ""))
        lines.append(
            Line(
                text:
                    "Prep \(Recipe.duration(recipe.prepMinutes)) · Cook \(Recipe.duration(recipe.cookMinutes))"
            ))
        lines.append(Line(text: "Serves \(recipe.servings)"))
        if !recipe.collections.isEmpty {
            for text in wrap(
                recipe.collections.map(displaySafe).joined(separator: ", "), width: width, first: "In ")
            {
                lines.append(Line(text: text, style: TextStyle(foreground: .cyan)))
            }
        }
        lines.append(Line(text: ""))
        lines.append(Line(text: "INGREDIENTS", style: TextStyle(foreground: .brightBlack, bold: true)))
        if recipe.ingredients.isEmpty {
            lines.append(Line(text: "None listed.", style: TextStyle(dim: true)))
        }
        for ingredient in recipe.ingredients {
            lines += wrap(displaySafe(ingredient), width: width, first: "• ", indent: "  ").map {
                Line(text: $0)
            }
        }
        lines.append(Line(text: ""))
        lines.append(Line(text: "DIRECTIONS", style: TextStyle(foreground: .brightBlack, bold: true)))
        if recipe.directions.isEmpty { lines.append(Line(text: "None listed.", style: TextStyle(dim: true))) }
        for (number, step) in recipe.directions.enumerated() {
            let label = "\(number + 1). "
            lines += wrap(
                displaySafe(step), width: width, first: label,
                indent: String(repeating: " ", count: label.count)
            ).map { Line(text: $0) }
        }
        return lines
    }

    /// Draws the recipe into `frame` of `buffer`, from the scroll offset, with a `↓` when more
    /// lines follow.
    func draw(_ recipe: Recipe?, loading: Bool = false, into buffer: inout ScreenBuffer, frame: ScreenRect) {
        let lines = Self.lines(for: recipe, width: frame.width - 1, loading: loading)
        lineCount = lines.count
        scrollOffset = min(scrollOffset, max(lines.count - frame.height, 0))
        favoriteRow = nil
        for row in 0..<frame.height {
            let index = scrollOffset + row
            guard index < lines.count else { break }
            let line = lines[index]
            buffer.write(
                line.text, x: frame.x + 1, y: frame.y + row, style: line.style, maxWidth: frame.width - 1)
            if line.isFavoriteToggle { favoriteRow = row }
        }
        if scrollOffset + frame.height < lines.count {
            buffer.write(
                "↓", x: frame.x + frame.width - 1, y: frame.y + frame.height - 1, style: TextStyle(dim: true))
        }
        if scrollOffset > 0 {
            buffer.write("↑", x: frame.x + frame.width - 1, y: frame.y, style: TextStyle(dim: true))
        }
    }

    /// Scrolls by `rows` (up when negative).
    func scroll(by rows: Int) {
        scrollOffset = max(min(scrollOffset + rows, max(lineCount - 1, 0)), 0)
    }

    /// Back to the top, for another recipe.
    func scrollToTop() {
        scrollOffset = 0
    }
}
