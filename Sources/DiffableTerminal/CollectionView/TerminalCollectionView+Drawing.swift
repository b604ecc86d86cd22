import Diffable
import Foundation

extension TerminalCollectionView {
    /// Draws what the view shows into a new buffer of the view's size.
    ///
    /// - Complexity: O(s + v), where s is the number of sections and v the number of cells on
    ///   screen; independent of the number of items.
    public func render() -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        draw(into: &buffer)
        return buffer
    }

    /// Draws what the view shows into `buffer`, at its top-left corner.
    public func draw(into buffer: inout ScreenBuffer) {
        layoutIfNeeded()
        updateVisibleCells()
        needsDisplay = false
        let bottom = contentOffset + height
        let firstSection = section(atRow: contentOffset, in: frames) ?? frames.count
        var section = firstSection
        while section < frames.count && frames[section].top < bottom {
            drawSupplementaries(of: frames[section], into: &buffer)
            section += 1
        }
        let lastSection = section
        let progress = animation?.progress ?? 1
        for (path, cell) in indexed.cells {
            if animation?.travelling[path] != nil { continue }  // drawn on top, below
            guard let rect = screenRect(for: path) else { continue }
            var state = self.state(for: path)
            if progress < 0.5, animation?.appearing.contains(path) == true { state.isTransient = true }
            draw(cell, in: rect, state: state, into: &buffer)
        }
        // Scroll marks go over the cells at the edges of horizontal strips.
        for section in firstSection..<lastSection {
            if case .horizontal = frames[section].layout.kind {
                drawScrollMarks(of: frames[section], into: &buffer)
            }
        }
        if let animation {
            if progress < 0.5 {
                for leaving in animation.departing {
                    var state = leaving.state
                    state.isTransient = true
                    // Departing rows collapse: drawn at half height, then gone.
                    draw(leaving.cell, in: leaving.rect, state: state, into: &buffer)
                }
            }
            for (path, from) in animation.travelling {
                guard let cell = indexed.cells[path], let to = screenRect(for: path) else { continue }
                let y = from.y + Int((Double(to.y - from.y) * progress).rounded())
                let x = from.x + Int((Double(to.x - from.x) * progress).rounded())
                draw(
                    cell, in: ScreenRect(x: x, y: y, width: to.width, height: to.height),
                    state: state(for: path), into: &buffer)
            }
        }
    }

    /// Where an item is on screen now (in view coordinates), if it is laid out.
    func screenRect(for path: IndexPath) -> ScreenRect? {
        contentRect(for: displayPath(forActual: path), in: frames)?.offsetBy(rows: -contentOffset)
    }

    func state(for path: IndexPath) -> CellState {
        var state = CellState()
        state.isFocused = path == focusedIndexPath && indexed.reorder == nil
        state.isSelected = selectedIndexPaths.contains(path)
        state.isReordering = indexed.reorder?.source == path
        if let outline = dataSource?.collectionView(self, outlineStateOfItemAt: path) {
            state.outlineLevel = outline.level
            state.hasChildren = outline.hasChildren
            state.isExpanded = outline.isExpanded
        }
        if path.item == 0, path.section < frames.count,
            frames[path.section].layout.listConfiguration?.headerMode == .firstItemInSection
        {
            state.isSectionHeader = true
        }
        return state
    }

    /// Draws a cell clipped to the view: rows outside it are not drawn.
    func draw(_ cell: TerminalCell, in rect: ScreenRect, state: CellState, into buffer: inout ScreenBuffer) {
        let top = max(rect.y, 0)
        let bottom = min(rect.y + rect.height, height)
        guard top < bottom, rect.x < width, rect.x + rect.width > 0 else { return }
        if top == rect.y && bottom == rect.y + rect.height && rect.x >= 0 && rect.x + rect.width <= width {
            cell.draw(in: &buffer, frame: rect, state: state)
            return
        }
        // Partly outside: draw into a scratch buffer and copy the visible part.
        var scratch = ScreenBuffer(width: rect.width, height: rect.height)
        cell.draw(
            in: &scratch, frame: ScreenRect(x: 0, y: 0, width: rect.width, height: rect.height), state: state)
        buffer.copy(
            scratch, toX: rect.x, y: rect.y, clip: ScreenRect(x: 0, y: 0, width: width, height: height))
    }

    func drawSupplementaries(of frame: SectionFrame, into buffer: inout ScreenBuffer) {
        if frame.layout.hasSupplementaryHeader {
            let row = frame.top + frame.layout.gapBefore - contentOffset
            if row >= 0 && row < height {
                if indexed.headers[frame.section] == nil {
                    indexed.headers[frame.section] = supplementary(
                        kind: Self.elementKindSectionHeader, section: frame.section)
                }
                if let header = indexed.headers[frame.section] {
                    var state = CellState()
                    state.isSectionHeader = true
                    draw(
                        header, in: ScreenRect(x: 0, y: row, width: width, height: 1), state: state,
                        into: &buffer)
                }
            }
        }
        if frame.layout.hasSupplementaryFooter {
            let row = frame.bottom - 1 - contentOffset
            if row >= 0 && row < height {
                if indexed.footers[frame.section] == nil {
                    indexed.footers[frame.section] = supplementary(
                        kind: Self.elementKindSectionFooter, section: frame.section)
                }
                if let footer = indexed.footers[frame.section] {
                    draw(
                        footer, in: ScreenRect(x: 0, y: row, width: width, height: 1), state: CellState(),
                        into: &buffer)
                }
            }
        }
    }

    /// `‹` and `›` at the edges of a horizontal strip with items out of view.
    func drawScrollMarks(of frame: SectionFrame, into buffer: inout ScreenBuffer) {
        let row = frame.itemsTop - contentOffset
        guard row >= 0 && row < height, frame.itemCount > 0 else { return }
        let first = indexed.horizontalOffsets[frame.section] ?? 0
        let shown = width / frame.itemWidth
        if first + shown < frame.itemCount {
            buffer.write("›", x: width - 1, y: row, style: TextStyle(bold: true))
        }
        if first > 0 {
            buffer.write("‹", x: 0, y: row, style: TextStyle(bold: true))
        }
    }
}

extension ScreenBuffer {
    /// Copies `source` so that its top-left corner lands at (`x`, `y`), writing only inside `clip`.
    mutating func copy(_ source: ScreenBuffer, toX x: Int, y: Int, clip: ScreenRect) {
        for row in 0..<source.height {
            let targetY = y + row
            guard targetY >= clip.y, targetY < clip.y + clip.height else { continue }
            for column in 0..<source.width {
                let targetX = x + column
                guard targetX >= clip.x, targetX < clip.x + clip.width else { continue }
                let cell = source[x: column, y: row]
                if cell.isContinuation { continue }
                write(
                    cell.grapheme, x: targetX, y: targetY, style: cell.style,
                    maxWidth: clip.x + clip.width - targetX)
            }
        }
    }
}
