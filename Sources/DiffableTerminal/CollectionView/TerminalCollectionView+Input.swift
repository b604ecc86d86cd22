import Diffable
import Foundation

extension TerminalCollectionView {
    // MARK: Keys

    /// Handles a key the way a person at the terminal expects; returns whether the view used it.
    ///
    /// Arrows or `h`/`j`/`k`/`l` move the focus (in an outline, left and right collapse and
    /// expand), Tab and Shift-Tab jump between sections, Page Up/Down and Home/End (`g`/`G`)
    /// jump, Enter or Space selects (or expands and
    /// collapses an outline parent), `m` picks the focused item up to reorder it (arrows move it,
    /// Enter drops, Escape puts it back), the keys of the focused item's swipe actions perform
    /// them, `i`, `+` and Delete (or Backspace) press its detail, insert and delete accessories,
    /// F10 (or Shift-F10, or the menu key) opens its context menu, which then has the keys until
    /// it closes, and `[` and `]` jump along the index (``indexTitles``).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        layoutIfNeeded()
        dropRevealIfNothingPending()
        if contextMenu != nil { return handleContextMenu(key) }
        if indexed.reorder != nil { return handleReorder(key) }
        if focusedIndexPath == nil, let first = firstItem() {
            focusedIndexPath = first
        }
        switch key {
        case .up, .character("k"): moveFocusVertically(by: -1)
        case .down, .character("j"): moveFocusVertically(by: 1)
        case .left, .character("h"): moveFocusHorizontally(by: -1)
        case .right, .character("l"): moveFocusHorizontally(by: 1)
        case .pageUp, .control("b"): for _ in 0..<max(height - 1, 1) { moveFocusVertically(by: -1) }
        case .pageDown, .control("f"): for _ in 0..<max(height - 1, 1) { moveFocusVertically(by: 1) }
        case .tab: focusSection(by: 1)
        case .backTab: focusSection(by: -1)
        case .home, .character("g"): focusedIndexPath = firstItem()
        case .end, .character("G"): focusedIndexPath = lastItem()
        case .enter, .character(" "): activateFocusedItem()
        case .character("m"): return beginReordering()
        case .function(10), .function(16): return openContextMenuOfFocusedItem()
        case .character("[") where !indexTitles.isEmpty: return jumpInIndex(by: -1)
        case .character("]") where !indexTitles.isEmpty: return jumpInIndex(by: 1)
        case .delete, .backspace: return performAccessoryKey(.delete)
        case .character(let character):
            guard let action = swipeActionsForFocusedItem().first(where: { $0.key == character }),
                let focused = focusedIndexPath
            else {
                // No swipe action has the key: it may be an accessory's.
                if character == "i" { return performAccessoryKey(.detail) }
                if character == "+" { return performAccessoryKey(.insert) }
                return false
            }
            // A key is the whole swipe: the host hears it begin, and end when the action does.
            host?.willBeginSwipe(at: focused)
            action.perform(from: indexed.items[focused] ?? self) { [weak self] _ in
                self?.host?.didEndSwipe(at: focused)
            }
        default:
            return false
        }
        scrollToFocus()
        needsDisplay = true
        return true
    }

    /// The keys of the accessories with an action of their own, as a click on each: `i` a detail
    /// accessory, `+` an insert accessory, Delete or Backspace a delete accessory (its handler;
    /// without one, the row's swipe actions are its keys already). A swipe action bound to the
    /// same letter comes first.
    func performAccessoryKey(_ kind: CellAccessory.Kind) -> Bool {
        guard let accessory = focusedActionableAccessory(kind), let focused = focusedIndexPath else {
            return false
        }
        guard performAction(of: accessory, at: focused) else { return false }
        needsDisplay = true
        return true
    }

    /// The help items of the focused item's accessories that have keys.
    var accessoryHelpItems: [String] {
        [(CellAccessory.Kind.detail, "i detail"), (.insert, "+ insert"), (.delete, "⌫ delete")].compactMap {
            kind, item in
            guard let accessory = focusedActionableAccessory(kind) else { return nil }
            return accessory.clickHandler != nil || kind != .delete ? item : nil
        }
    }

    /// The swipe actions the list configuration offers for the focused item, each bound to a key:
    /// the leading ones, then the trailing ones.
    public func swipeActionsForFocusedItem() -> [ContextualAction] {
        layoutIfNeeded()
        guard let focused = focusedIndexPath, focused.section < frames.count,
            let configuration = frames[focused.section].layout.listConfiguration
        else { return [] }
        let providers = [
            configuration.leadingSwipeActionsConfigurationProvider,
            configuration.trailingSwipeActionsConfigurationProvider,
        ]
        return providers.flatMap { $0?(focused)?.actions ?? [] }
    }

    /// Whether an item is being moved.
    public var isReordering: Bool { indexed.reorder != nil }

    /// The keys the view offers now, for a help line: moving, sections, selecting, the focused
    /// item's swipe actions, reordering and the index; while an item is being moved, moving,
    /// dropping and cancelling.
    public var helpItems: [String] {
        if isShowingContextMenu { return contextMenuHelpItems }
        if isReordering { return ["↑↓ move", "⏎ drop", "esc cancel"] }
        let swipes = swipeActionsForFocusedItem().compactMap(\.helpItem)
        let menu = focusedItemHasContextMenu ? ["F10 menu"] : []
        let index = indexTitles.isEmpty ? [] : ["[ ] index"]
        return ["↑↓←→ move", "tab section", "⏎ select"] + swipes + accessoryHelpItems + menu + ["m reorder"]
            + index
    }

    func firstItem() -> IndexPath? {
        counts.indices.first { counts[$0] > 0 }.map { IndexPath(item: 0, section: $0) }
    }

    func lastItem() -> IndexPath? {
        counts.indices.last { counts[$0] > 0 }.map { IndexPath(item: counts[$0] - 1, section: $0) }
    }

    /// Moves the focus to the first item of the next (or previous) section that has items.
    func focusSection(by step: Int) {
        guard let focused = focusedIndexPath else { return }
        var section = focused.section + step
        while section >= 0 && section < counts.count && counts[section] == 0 { section += step }
        guard section >= 0 && section < counts.count else { return }
        focusedIndexPath = IndexPath(item: 0, section: section)
    }

    /// Keeps the focus on an existing item after the counts changed.
    func clampFocus() {
        guard let focused = focusedIndexPath else { return }
        if focused.section < counts.count, focused.item < counts[focused.section] { return }
        if focused.section < counts.count, counts[focused.section] > 0 {
            focusedIndexPath = IndexPath(item: counts[focused.section] - 1, section: focused.section)
            return
        }
        let after = (focused.section..<counts.count).first { counts[$0] > 0 }
        let before = (0..<min(focused.section, counts.count)).last { counts[$0] > 0 }
        if let section = after {
            focusedIndexPath = IndexPath(item: 0, section: section)
        } else if let section = before {
            focusedIndexPath = IndexPath(item: counts[section] - 1, section: section)
        } else {
            focusedIndexPath = nil
        }
    }

    func moveFocusVertically(by step: Int) {
        guard let focused = focusedIndexPath else { return }
        let frame = frames[focused.section]
        var item = focused.item
        switch frame.layout.kind {
        case .list: item += step
        case .grid: item += step * frame.columns
        case .horizontal: item = step < 0 ? -1 : frame.itemCount
        }
        if item >= 0 && item < frame.itemCount {
            focusedIndexPath = IndexPath(item: item, section: focused.section)
            return
        }
        // Into the next or previous section that has items.
        var section = focused.section + step
        while section >= 0 && section < counts.count && counts[section] == 0 { section += step }
        guard section >= 0 && section < counts.count else { return }
        let target = frames[section]
        if step > 0 {
            focusedIndexPath = IndexPath(item: 0, section: section)
        } else if case .grid = target.layout.kind {
            let column = min(focused.item % max(frame.columns, 1), target.columns - 1)
            let lastRowStart = (target.itemCount - 1) / target.columns * target.columns
            focusedIndexPath = IndexPath(
                item: min(lastRowStart + column, target.itemCount - 1), section: section)
        } else if case .horizontal = target.layout.kind {
            focusedIndexPath = IndexPath(
                item: min(indexed.stripOffsets[section] ?? 0, target.itemCount - 1), section: section)
        } else {
            focusedIndexPath = IndexPath(item: target.itemCount - 1, section: section)
        }
    }

    func moveFocusHorizontally(by step: Int) {
        guard let focused = focusedIndexPath else { return }
        let frame = frames[focused.section]
        switch frame.layout.kind {
        case .grid, .horizontal:
            let item = min(max(focused.item + step, 0), frame.itemCount - 1)
            focusedIndexPath = IndexPath(item: item, section: focused.section)
        case .list:
            guard let outline = dataSource?.collectionView(self, outlineStateOfItemAt: focused) else {
                return
            }
            if step > 0 && outline.hasChildren && !outline.isExpanded
                || step < 0 && outline.isExpanded
            {
                toggleExpansion(ofItemAt: focused, expanding: step > 0)
            } else if step < 0 && outline.level > 0 {
                // To the parent: the nearest item above with a smaller level.
                var item = focused.item - 1
                while item >= 0 {
                    let path = IndexPath(item: item, section: focused.section)
                    if let above = dataSource?.collectionView(self, outlineStateOfItemAt: path),
                        above.level < outline.level
                    {
                        focusedIndexPath = path
                        break
                    }
                    item -= 1
                }
            }
        }
    }

    /// Enter, Space or a click on the focused item: an item with a pop-up menu accessory opens
    /// its menu; a header-style outline item (its disclosure's style, as UIKit's) expands or
    /// collapses; neither is selected. Any other item is tapped.
    func activateFocusedItem() {
        guard let focused = focusedIndexPath else { return }
        let accessories = (indexed.items[focused] as? TerminalListCell)?.accessories ?? []
        let cellState = state(for: focused)
        if let popUp = accessories.shownPopUpMenu(in: cellState) {
            return openPopUpMenu(popUp, at: focused)
        }
        if accessories.tapTogglesExpansion(in: cellState) {
            if let outline = dataSource?.collectionView(self, outlineStateOfItemAt: focused),
                outline.hasChildren || outline.isExpanded
            {
                toggleExpansion(ofItemAt: focused, expanding: !outline.isExpanded)
            }
            return
        }
        if let tap = selectionTap(at: focused) { perform(tap) }
    }

    /// Scrolls an item to a place in the view and moves the keyboard focus to it:
    /// `UICollectionView.scrollToItem(at:at:animated:)`. `.top`, `.centeredVertically` and
    /// `.bottom` put the item's row there, `.left`, `.centeredHorizontally` and `.right` put a
    /// horizontal section's item there in its strip, as far as the content goes; with no position
    /// for an axis (`[]`), the view scrolls as little as shows the item (and, for a section's first
    /// item, the section's header). An index path out of range is ignored; `animated` changes
    /// nothing, since a terminal shows the new place at once.
    public func scrollToItem(
        at indexPath: IndexPath, at scrollPosition: CollectionView.ScrollPosition, animated: Bool
    ) {
        guard hasItem(at: indexPath) else { return }
        focusedIndexPath = indexPath
        scrollToFocus()
        guard let rect = contentRect(for: displayPath(forActual: indexPath), in: frames) else { return }
        let frame = frames[indexPath.section]
        if frame.layout.kind.isHorizontal {
            let shown = max(contentWidth / frame.itemWidth, 1)
            if let first = scrollPosition.offset(
                placing: indexPath.item, length: 1, in: shown, horizontally: true)
            {
                indexed.stripOffsets[indexPath.section] = min(max(first, 0), max(frame.itemCount - shown, 0))
            }
        }
        if let offset = scrollPosition.offset(
            placing: rect.y, length: rect.height, in: height, horizontally: false)
        {
            contentOffset = offset
            clampContentOffset()
        }
        needsDisplay = true
    }

    /// Scrolls so the focused item (and, for a section's first item, its header) is on screen.
    public func scrollToFocus() {
        layoutIfNeeded()
        guard let focused = focusedIndexPath,
            let rect = contentRect(for: displayPath(forActual: focused), in: frames)
        else { return }
        let frame = frames[focused.section]
        if case .horizontal = frame.layout.kind {
            let shown = max(contentWidth / frame.itemWidth, 1)
            var first = indexed.stripOffsets[focused.section] ?? 0
            if focused.item < first { first = focused.item }
            if focused.item >= first + shown { first = focused.item - shown + 1 }
            indexed.stripOffsets[focused.section] = first
        }
        var top = rect.y
        if focused.item < frame.columns || frame.layout.kind.isHorizontal { top = frame.top }
        if top < contentOffset {
            contentOffset = top
        } else if rect.y + rect.height > contentOffset + height {
            contentOffset = rect.y + rect.height - height
        }
        clampContentOffset()
        needsDisplay = true
    }
}

extension TerminalLayoutSection.Kind {
    var isHorizontal: Bool {
        if case .horizontal = self { return true }
        return false
    }
}
