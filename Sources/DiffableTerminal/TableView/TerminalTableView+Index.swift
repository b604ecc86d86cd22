import Diffable
import Foundation

/// The section index: the data source's index titles in a column at the right edge, as
/// `UITableView` shows them, picked with `[` and `]` or a click.
extension TerminalTableView {
    /// The columns the section index takes: its widest title and a space before it; 0 without
    /// an index.
    var indexWidth: Int {
        guard !sectionIndexTitles.isEmpty else { return 0 }
        return min((sectionIndexTitles.map { displayWidth(of: $0) }.max() ?? 0) + 1, width / 2)
    }

    /// Asks the data source for the index titles again and gives the rows the rest of the width.
    func layoutIndex() {
        sectionIndexTitles = dataSource?.sectionIndexTitles(for: self) ?? []
        rows.resize(width: max(width - indexWidth, 1), height: height)
        indexNeedsDisplay = true
    }

    /// The index title drawn on each row of the column: every title, centred, when they fit;
    /// otherwise as many as fit, spread evenly from the first to the last.
    var indexRows: [(row: Int, title: Int)] {
        let count = sectionIndexTitles.count
        guard count > 0 else { return [] }
        guard count > height else {
            let top = (height - count) / 2
            return (0..<count).map { (top + $0, $0) }
        }
        guard height > 1 else { return [(0, 0)] }
        return (0..<height).map { ($0, $0 * (count - 1) / (height - 1)) }
    }

    /// The section an index title leads to, as the data source says, clamped to the sections.
    func section(forIndexTitle index: Int) -> Int? {
        guard let dataSource, sectionIndexTitles.indices.contains(index), rows.numberOfSections > 0 else {
            return nil
        }
        let section = dataSource.tableView(
            self, sectionForSectionIndexTitle: sectionIndexTitles[index], at: index)
        return min(max(section, 0), rows.numberOfSections - 1)
    }

    /// The index title of the section the focus is in: the last title whose section starts at or
    /// before it.
    var currentIndexTitle: Int? {
        guard let focused = rows.focusedIndexPath else { return nil }
        return sectionIndexTitles.indices.last { (section(forIndexTitle: $0) ?? .max) <= focused.section }
    }

    /// Draws the index column, the current section's title highlighted.
    func drawIndex(into buffer: inout ScreenBuffer) {
        let columns = indexWidth
        guard columns > 0 else { return }
        let x = width - columns
        buffer.fill(ScreenRect(x: x, y: 0, width: columns, height: height), with: " ")
        let current = currentIndexTitle
        for (row, title) in indexRows {
            let style = TextStyle(foreground: .cyan, bold: title == current, inverse: title == current)
            buffer.write(
                truncate(sectionIndexTitles[title], toWidth: columns - 1), x: x + 1, y: row, style: style,
                maxWidth: columns - 1)
        }
    }

    /// Scrolls to the section of an index title: its first row gets the focus (its header comes
    /// into view with it), or, for a section without rows, its header goes to the top.
    @discardableResult
    func jump(toIndexTitle index: Int) -> Bool {
        guard let section = section(forIndexTitle: index) else { return false }
        if rows.numberOfItems(inSection: section) > 0 {
            rows.scrollToItem(at: IndexPath(item: 0, section: section), at: [], animated: false)
        } else {
            rows.layoutIfNeeded()
            rows.contentOffset = rows.frames[section].top
            rows.clampContentOffset()
        }
        rows.needsDisplay = true
        indexNeedsDisplay = true
        return true
    }

    /// Jumps to the index title after (or before) the current one.
    func jumpInIndex(by step: Int) -> Bool {
        guard !sectionIndexTitles.isEmpty else { return false }
        let target = (currentIndexTitle ?? (step > 0 ? -1 : sectionIndexTitles.count)) + step
        guard sectionIndexTitles.indices.contains(target) else { return true }
        return jump(toIndexTitle: target)
    }

    /// The index title drawn at view row `y`, if any.
    func indexTitle(atRow y: Int) -> Int? {
        indexRows.first { $0.row == y }?.title
    }
}
