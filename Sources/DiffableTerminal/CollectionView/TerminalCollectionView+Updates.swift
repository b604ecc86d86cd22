import Diffable
import Foundation

/// A running batch-update animation: cells that leave, cells that travel, cells that arrive.
struct Animation {
    struct Departing {
        var cell: TerminalCell
        var rect: ScreenRect  // in content coordinates, old layout
        var state: CellConfigurationState
    }

    var frame = 0
    var frameCount: Int
    var departing: [Departing]
    /// New index path → where its cell was on screen before (screen coordinates).
    var travelling: [IndexPath: ScreenRect]
    var appearing: Set<IndexPath>
    /// How the cells that arrive and leave are drawn; cells that travel always travel.
    var rowAnimation: TableView.RowAnimation
    var completion: (@MainActor (Bool) -> Void)?

    var progress: Double { Double(frame) / Double(max(frameCount, 1)) }

    /// Whether the view draws the animation at its ``progress`` otherwise than at `earlier`, as
    /// `TerminalCollectionView.draw(into:)` places and dims its cells: sliding cells move every
    /// frame, fading ones change once (at half-way), and a travelling cell when its rounded place
    /// does.
    @MainActor func drawsDifferently(from earlier: Double, in view: TerminalCollectionView) -> Bool {
        if !appearing.isEmpty || !departing.isEmpty {
            switch rowAnimation.motion {
            case .slide: return true
            case .fade where (earlier < 0.5) != (progress < 0.5): return true
            case .fade, .none: break
            }
        }
        for (path, from) in travelling {
            guard let to = view.screenRect(for: path) else { return true }
            if Self.place(from: from, to: to, at: earlier) != Self.place(from: from, to: to, at: progress) {
                return true
            }
        }
        return false
    }

    /// Where a travelling cell is drawn at `progress`: on its way from its old place to its new
    /// one, rounded to whole cells.
    static func place(from: ScreenRect, to: ScreenRect, at progress: Double) -> ScreenRect {
        ScreenRect(
            x: from.x + Int((Double(to.x - from.x) * progress).rounded()),
            y: from.y + Int((Double(to.y - from.y) * progress).rounded()), width: to.width, height: to.height)
    }
}

/// How a terminal draws a row that comes or goes.
enum RowMotion: Equatable {
    /// Dimmed for the first half of the animation.
    case fade
    /// Sliding in from, or out to, one side: 1 the right, -1 the left.
    case slide(Int)
    /// At once.
    case none
}

extension TableView.RowAnimation {
    /// What the terminal draws for the animation: it has no vertical clipping within a row, so
    /// top, bottom and middle fade, as automatic does.
    var motion: RowMotion {
        switch self {
        case .right: .slide(1)
        case .left: .slide(-1)
        case .none: .none
        case .fade, .top, .bottom, .middle, .automatic: .fade
        }
    }
}

extension TerminalCollectionView {
    // MARK: DiffableCollectionView

    /// Discards every cell and counts again from the data source, the index titles included.
    public func reloadData() {
        updateCount += 1
        finishAnimations()
        let departed = indexed.reset()
        for (path, cell) in departed.departedCells { endDisplaying(cell, at: path) }
        for supplementary in departed.departedSupplementaries { endDisplaying(supplementary) }
        prefetchPlan.reset()
        counts = currentCounts()
        reloadIndexTitles()
        setNeedsLayout()
        layoutIfNeeded()
        clampFocus()
        if focusedIndexPath == nil { focusedIndexPath = firstItem() }
        scrollToFocus()
    }

    /// Applies a batch update: keeps the cells of items that survive (moving them to their new
    /// index paths), replaces reloaded ones, reconfigures others in place, and animates the change
    /// over ``animationFrameCount`` frames when asked.
    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        performBatchUpdates(
            update, animatingDifferences: animatingDifferences, rowAnimation: .fade, completion: completion)
    }

    /// Applies a batch update, drawing cells that come and go with `rowAnimation` (a table's).
    func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: TableView.RowAnimation,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        updateCount += 1
        finishAnimations()
        layoutIfNeeded()
        prefetchPlan.reset()  // its index paths name the old items
        let newCounts = currentCounts()
        let map = BatchUpdate.PositionMap(
            update, oldSectionCount: counts.count, newSectionCount: newCounts.count)
        let anchor = maintainsVisibleContentPosition ? visibleAnchor(for: update, map: map) : nil

        // Where each cell was on screen, taken before the remap moves the strips' offsets.
        var oldRects: [IndexPath: ScreenRect] = [:]
        for path in indexed.items.keys {
            oldRects[path] = contentRect(for: path, in: frames)?.offsetBy(rows: -contentOffset)
        }
        let remapped = indexed.remap(by: map, reloadedSections: Set(update.reloadedSections))
        for supplementary in remapped.departedSupplementaries { endDisplaying(supplementary) }
        var departing: [Animation.Departing] = []
        for (path, cell) in remapped.departedCells {
            if let rect = oldRects[path] {
                // Drawn as it leaves, then recycled when the animation ends.
                endDisplaying(cell, at: path, recycling: false)
                departing.append(.init(cell: cell, rect: rect, state: CellConfigurationState()))
            } else {
                endDisplaying(cell, at: path)
            }
        }
        var travelling: [IndexPath: ScreenRect] = [:]
        for (path, origin) in remapped.origins { travelling[path] = oldRects[origin] }
        counts = newCounts
        reloadIndexTitles()
        setNeedsLayout()
        layoutIfNeeded()
        clampFocus()
        if let anchor, let rect = contentRect(for: anchor.indexPath, in: frames) {
            contentOffset = rect.y - anchor.row
            clampContentOffset()
        }

        // Second pass, on final index paths: reloads get new cells, reconfigures keep theirs.
        if let dataSource {
            for path in update.reloadedItems {
                guard let old = indexed.items[path] else { continue }
                let new = cell(from: dataSource, at: path)
                indexed.items[path] = new
                willDisplay(new, at: path)
                endDisplaying(old, at: path)
            }
            for path in update.reconfiguredItems {
                guard let existing = indexed.items[path] else { continue }
                reuse.reconfiguring = (path, existing)
                let returned = cell(from: dataSource, at: path)
                reuse.reconfiguring = nil
                if returned !== existing {
                    indexed.items[path] = returned
                    willDisplay(returned, at: path)
                    endDisplaying(existing, at: path)
                }
            }
        }
        revealExpandedChildren()
        let before = Set(indexed.items.keys)
        updateVisibleCells()
        needsDisplay = true

        let appearing = Set(indexed.items.keys).subtracting(before).filter { travelling[$0] == nil }
        let onScreen = departing.contains { $0.rect.y < height && $0.rect.y + $0.rect.height > 0 }
        guard animatingDifferences, animationFrameCount > 0,
            onScreen || !appearing.isEmpty || !travelling.isEmpty
        else {
            for leaving in departing { recycle(leaving.cell) }
            completion?(true)
            return
        }
        // Cells that did not move on screen need no travel.
        for (path, rect) in travelling {
            if let now = contentRect(for: path, in: frames)?.offsetBy(rows: -contentOffset), now == rect {
                travelling[path] = nil
            }
        }
        animation = Animation(
            frameCount: animationFrameCount, departing: departing, travelling: travelling,
            appearing: appearing, rowAnimation: rowAnimation, completion: completion)
    }

    /// The item to keep on its screen row through `update` (its new index path, and the row), for
    /// ``maintainsVisibleContentPosition``: the topmost visible item that survives and neither it
    /// nor its section moves. `nil` at the top of the content, where the view stays.
    func visibleAnchor(for update: BatchUpdate, map: BatchUpdate.PositionMap) -> (
        indexPath: IndexPath, row: Int
    )? {
        guard contentOffset > 0 else { return nil }
        let movedItems = Set(update.movedItems.map(\.from))
        let movedSections = Set(update.movedSections.map(\.from))
        for path in visibleIndexPaths(in: frames, offset: contentOffset) {
            guard !movedItems.contains(path), !movedSections.contains(path.section),
                let rect = contentRect(for: path, in: frames), rect.y >= contentOffset,
                let newPath = map.newIndexPath(forOld: path)
            else { continue }
            return (newPath, rect.y - contentOffset)
        }
        return nil
    }

    /// Whether a batch-update animation is running.
    public var isAnimating: Bool { animation != nil }

    /// Advances the running animation by one frame; at the last frame it ends and its completion
    /// runs. A ``TerminalApplication`` calls this about 60 times a second.
    public func advanceAnimation() {
        guard var running = animation else { return }
        let before = running.progress
        running.frame += 1
        if running.frame >= running.frameCount {
            finishAnimations()
        } else {
            animation = running
            // A frame the animation draws as the last one was drawn (a fade past its half, a row
            // between two rounded places) is not drawn again: the loop composes every screen.
            if running.drawsDifferently(from: before, in: self) { needsDisplay = true }
        }
    }

    /// Ends the running animation at once and runs its completion.
    public func finishAnimations() {
        guard let running = animation else { return }
        animation = nil
        for leaving in running.departing { recycle(leaving.cell) }
        needsDisplay = true
        running.completion?(true)
    }

    func currentCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
    }
}

extension ScreenRect {
    func offsetBy(rows: Int, columns: Int = 0) -> ScreenRect {
        ScreenRect(x: x + columns, y: y + rows, width: width, height: height)
    }
}
