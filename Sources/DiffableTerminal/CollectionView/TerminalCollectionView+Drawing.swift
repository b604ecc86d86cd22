import Diffable
import Foundation

extension TerminalCollectionView {
    /// Draws what the view shows into a new buffer of the view's size.
    ///
    /// - Complexity: O(s + v + t), where s is the number of sections, v the number of cells on
    ///   screen and t the number of index titles; independent of the number of items.
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
            drawBackground(of: frames[section], into: &buffer)
            drawSupplementaries(of: frames[section], into: &buffer)
            section += 1
        }
        let lastSection = section
        for section in firstSection..<lastSection where frames[section].layout.listConfiguration != nil {
            drawListDecorations(of: frames[section], into: &buffer)
        }
        let progress = animation?.progress ?? 1
        let motion = animation?.rowAnimation.motion ?? .fade
        for (path, cell) in indexed.items {
            if animation?.travelling[path] != nil { continue }  // drawn on top, below
            guard var rect = screenRect(for: path) else { continue }
            var state = self.state(for: path)
            if animation?.appearing.contains(path) == true {
                switch motion {
                case .fade: state.isTransient = progress < 0.5
                case .slide(let direction):
                    rect = rect.offsetBy(rows: 0, columns: slide(direction, 1 - progress))
                case .none: break
                }
            }
            draw(cell, in: rect, state: state, into: &buffer)
        }
        // Scroll marks go over the cells at the edges of horizontal strips.
        for section in firstSection..<lastSection {
            if case .horizontal = frames[section].layout.kind {
                drawScrollMarks(of: frames[section], into: &buffer)
            }
        }
        if let animation {
            for leaving in animation.departing {
                var state = leaving.state
                switch motion {
                case .fade where progress < 0.5:
                    // Departing rows dim, then are gone.
                    state.isTransient = true
                    draw(leaving.cell, in: leaving.rect, state: state, into: &buffer)
                case .slide(let direction):
                    let rect = leaving.rect.offsetBy(rows: 0, columns: slide(direction, progress))
                    draw(leaving.cell, in: rect, state: state, into: &buffer)
                case .fade, .none:
                    break
                }
            }
            for (path, from) in animation.travelling {
                guard let cell = indexed.items[path], let to = screenRect(for: path) else { continue }
                draw(
                    cell, in: Animation.place(from: from, to: to, at: progress), state: state(for: path),
                    into: &buffer)
            }
        }
        drawIndex(into: &buffer)
        drawContextMenu(into: &buffer)
    }

    /// The columns a sliding row is off its place: `fraction` of the view's width, towards
    /// `direction` (1 right, -1 left).
    private func slide(_ direction: Int, _ fraction: Double) -> Int {
        direction * Int((Double(contentWidth) * fraction).rounded())
    }

    /// Where an item is on screen now (in view coordinates), if it is laid out.
    func screenRect(for path: IndexPath) -> ScreenRect? {
        contentRect(for: displayPath(forActual: path), in: frames)?.offsetBy(rows: -contentOffset)
    }

    func state(for path: IndexPath) -> CellConfigurationState {
        var state = CellConfigurationState()
        state.isFocused = path == focusedIndexPath && indexed.reorder == nil
        state.isSelected = selectedIndexPaths.contains(path)
        state.isReordering = indexed.reorder?.source == path
        state.isHighlighted = indexed.gesture == .pressed(path)
        state.isDisabled = !allowsSelection
        state.isEditing = isEditing && dataSource?.collectionView(self, canEditItemAt: path) != false
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
        host?.decorate(&state, at: path)
        return state
    }

    /// Draws a cell clipped to the view: rows outside it are not drawn.
    func draw(
        _ cell: TerminalCell, in rect: ScreenRect, state: CellConfigurationState,
        into buffer: inout ScreenBuffer
    ) {
        cell.updateConfigurationIfNeeded(for: state)
        let top = max(rect.y, 0)
        let bottom = min(rect.y + rect.height, height)
        guard top < bottom, rect.x < contentWidth, rect.x + rect.width > 0 else { return }
        if top == rect.y && bottom == rect.y + rect.height && rect.x >= 0
            && rect.x + rect.width <= contentWidth
        {
            cell.draw(in: &buffer, frame: rect, state: state)
            return
        }
        // Partly outside: draw into a scratch buffer and copy the visible part.
        var scratch = ScreenBuffer(width: rect.width, height: rect.height)
        cell.draw(
            in: &scratch, frame: ScreenRect(x: 0, y: 0, width: rect.width, height: rect.height), state: state)
        buffer.copy(
            scratch, toX: rect.x, y: rect.y, clip: ScreenRect(x: 0, y: 0, width: contentWidth, height: height)
        )
    }

    /// The header and footer of a section as its layout places them: kind and content row.
    func supplementaryRows(of frame: SectionFrame) -> [(kind: String, row: Int)] {
        var rows: [(kind: String, row: Int)] = []
        if frame.layout.hasSupplementaryHeader {
            rows.append((Self.elementKindSectionHeader, frame.top + frame.layout.gapBefore))
        }
        if frame.layout.hasSupplementaryFooter {
            rows.append((Self.elementKindSectionFooter, frame.bottom - 1))
        }
        return rows
    }

    /// Draws the section's header and footer, where they are on screen.
    func drawSupplementaries(of frame: SectionFrame, into buffer: inout ScreenBuffer) {
        let inset = frame.layout.horizontalInset
        for (kind, contentRow) in supplementaryRows(of: frame) {
            guard let view = indexed[.init(kind: kind, section: frame.section)] else { continue }
            var state = CellConfigurationState()
            state.isSectionHeader = kind == Self.elementKindSectionHeader
            let rect = ScreenRect(
                x: inset, y: contentRow - contentOffset, width: max(contentWidth - 2 * inset, 1), height: 1)
            draw(view, in: rect, state: state, into: &buffer)
        }
    }

    /// A list section's `backgroundColor`, behind everything the section draws.
    func drawBackground(of frame: SectionFrame, into buffer: inout ScreenBuffer) {
        guard let color = frame.layout.listConfiguration?.backgroundColor else { return }
        let top = max(frame.top - contentOffset, 0)
        let bottom = min(frame.bottom - contentOffset, height)
        guard top < bottom else { return }
        buffer.fill(
            ScreenRect(x: 0, y: top, width: contentWidth, height: bottom - top),
            style: TextStyle(background: color))
    }

    /// The box around an inset section's items and the lines between a list's rows, where they
    /// are on screen.
    func drawListDecorations(of frame: SectionFrame, into buffer: inout ScreenBuffer) {
        guard frame.itemCount > 0, frame.layout.isInset || frame.separatorRows > 0 else { return }
        let line = TextStyle(dim: true)
        let inset = frame.layout.isInset
        let right = contentWidth - 1
        func horizontal(
            atContentRow row: Int, _ left: Character, _ rightEnd: Character, leading: Int = 0,
            trailing: Int = 0,
            style: TextStyle = line
        ) {
            let y = row - contentOffset
            guard y >= 0 && y < height else { return }
            buffer.write(
                String(repeating: "─", count: max(contentWidth - leading - trailing, 0)), x: leading, y: y,
                style: style)
            if inset {
                buffer.write(String(left), x: 0, y: y, style: line)
                buffer.write(String(rightEnd), x: right, y: y, style: line)
            }
        }
        if inset {
            horizontal(atContentRow: frame.itemsTop - 1, "╭", "╮")
            horizontal(atContentRow: frame.itemsTop + frame.itemRows, "╰", "╯")
            let first = max(frame.itemsTop, contentOffset)
            let last = min(frame.itemsTop + frame.itemRows, contentOffset + height)
            for row in first..<max(first, last) {
                buffer.write("│", x: 0, y: row - contentOffset, style: line)
                buffer.write("│", x: right, y: row - contentOffset, style: line)
            }
        }
        guard frame.separatorRows > 0 else { return }
        let firstItem = max(contentOffset - frame.itemsTop, 0) / frame.itemStride
        let lastItem = min(
            (contentOffset + height - frame.itemsTop) / frame.itemStride + 1, frame.itemCount - 1)
        guard let list = frame.layout.listConfiguration, firstItem < lastItem else { return }
        var below = list.separatorConfiguration(forItemAt: IndexPath(item: firstItem, section: frame.section))
        for item in firstItem..<lastItem {
            // The line below `item` is its bottom separator and the next row's top one.
            let above = below
            below = list.separatorConfiguration(forItemAt: IndexPath(item: item + 1, section: frame.section))
            let row = frame.row(ofItem: item) + frame.itemHeight
            // A hidden line leaves the row blank (an inset box's sides are drawn above).
            guard above.drawsLine(above: below) else { continue }
            let insets = above.bottomSeparatorInsets
            horizontal(
                atContentRow: row, "├", "┤", leading: max(Int(insets.leading.rounded()), 0),
                trailing: max(Int(insets.trailing.rounded()), 0),
                style: above.color.map { TextStyle(foreground: $0) } ?? line)
        }
    }

    /// `‹` and `›` at the edges of a horizontal strip with items out of view.
    func drawScrollMarks(of frame: SectionFrame, into buffer: inout ScreenBuffer) {
        let row = frame.itemsTop - contentOffset
        guard row >= 0 && row < height, frame.itemCount > 0 else { return }
        let first = indexed.stripOffsets[frame.section] ?? 0
        let shown = contentWidth / frame.itemWidth
        if first + shown < frame.itemCount {
            buffer.write("›", x: contentWidth - 1, y: row, style: TextStyle(bold: true))
        }
        if first > 0 {
            buffer.write("‹", x: 0, y: row, style: TextStyle(bold: true))
        }
    }
}

extension ScreenBuffer {
    /// Copies `source` so that its top-left corner lands at (`x`, `y`), writing only inside `clip`:
    /// how a screen of several views puts each one's ``TerminalContentView/render()`` in place.
    ///
    /// - Complexity: O(w × h) for the size of `source`.
    public mutating func copy(_ source: ScreenBuffer, toX x: Int, y: Int, clip: ScreenRect) {
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
