import Diffable
import DiffableCells
import Foundation

/// The index: the data source's index titles (`indexTitles(for:)`; a table's section index
/// titles) in a column at the right edge, as UIKit's index bar, picked with `[` and `]` or a
/// click. The items are laid out in the columns left of it.
extension TerminalCollectionView {
    /// The columns the index takes: its widest title and a space before it, at most half the
    /// view; 0 without an index.
    var indexWidth: Int {
        guard !indexTitles.isEmpty else { return 0 }
        return min((indexTitles.map { displayWidth(of: $0) }.max() ?? 0) + 1, width / 2)
    }

    /// The columns the items are laid out in: the view's, less the index's.
    var contentWidth: Int { max(width - indexWidth, 1) }

    /// Asks the data source for the index titles again (after a reload and each update, as
    /// UIKit does), laying the items out again when the index's width changed.
    public func reloadIndexTitles() {
        let titles = dataSource?.indexTitles(for: self) ?? []
        guard titles != indexTitles else { return }
        let before = indexWidth
        indexTitles = titles
        if indexWidth != before { setNeedsLayout() }
        needsDisplay = true
    }

    /// The index title drawn on each row of the column: every title, centred, when they fit;
    /// otherwise as many as fit, spread evenly from the first to the last.
    var indexRows: [(row: Int, title: Int)] {
        let count = indexTitles.count
        guard count > 0 else { return [] }
        guard count > height else {
            let top = (height - count) / 2
            return (0..<count).map { (top + $0, $0) }
        }
        guard height > 1 else { return [(0, 0)] }
        return (0..<height).map { ($0, $0 * (count - 1) / (height - 1)) }
    }

    /// Where an index title leads, as the data source says, clamped to the content: an item, or
    /// the first place of a section without items. `nil` with no sections.
    func indexPath(forIndexTitle index: Int) -> IndexPath? {
        dataSource?.indexPath(forIndexTitleAt: index, of: indexTitles, in: self, counts: counts)
    }

    /// The index title of the part the focus is in: the last title leading at or before it.
    var currentIndexTitle: Int? {
        guard let focused = focusedIndexPath else { return nil }
        return indexTitles.indices.last { (indexPath(forIndexTitle: $0).map { $0 <= focused }) ?? false }
    }

    /// Draws the index column, the current title highlighted.
    func drawIndex(into buffer: inout ScreenBuffer) {
        let columns = indexWidth
        guard columns > 0 else { return }
        let x = width - columns
        buffer.fill(ScreenRect(x: x, y: 0, width: columns, height: height), with: " ")
        let current = currentIndexTitle
        for (row, title) in indexRows {
            let style = TextStyle(foreground: .cyan, bold: title == current, inverse: title == current)
            buffer.write(
                truncate(indexTitles[title], toWidth: columns - 1), x: x + 1, y: row, style: style,
                maxWidth: columns - 1)
        }
    }

    /// Scrolls to where an index title leads, as UIKit's index does: a section's start (its
    /// first item, or a section without items) puts the section, header first, at the top; any
    /// other item goes to the top itself. The item gets the focus.
    @discardableResult
    func jump(toIndexTitle index: Int) -> Bool {
        guard let path = indexPath(forIndexTitle: index) else { return false }
        layoutIfNeeded()
        if hasItem(at: path) { focusedIndexPath = path }
        if path.item == 0 {
            contentOffset = frames[path.section].top
            clampContentOffset()
        } else {
            scrollToItem(at: path, at: .top, animated: false)
        }
        needsDisplay = true
        return true
    }

    /// Jumps to the index title after (or before) the current one.
    func jumpInIndex(by step: Int) -> Bool {
        guard !indexTitles.isEmpty else { return false }
        let target = (currentIndexTitle ?? (step > 0 ? -1 : indexTitles.count)) + step
        guard indexTitles.indices.contains(target) else { return true }
        return jump(toIndexTitle: target)
    }

    /// The index title drawn at view row `y`, if any.
    func indexTitle(atRow y: Int) -> Int? {
        indexRows.first { $0.row == y }?.title
    }
}
