import Diffable
import Foundation

extension WebCollectionView {
    // MARK: What the person does on the page

    /// The person tapped the item whose element has `key`: a header-style outline item expands
    /// or collapses and an item with a pop-up menu accessory is left to its menu (neither is
    /// ever selected); otherwise the selection changes as UIKit's rules and
    /// the delegate decide, and the delegate hears of it once the page has.
    func selectItem(key: Int) {
        guard let path = indexPath(forKey: key) else { return }
        if let cell = state.items[path]?.cell as? WebListCell {
            let cellState = configurationState(at: path)
            // A pop-up's tap opens its menu, which the page asks for itself.
            if cell.accessories.shownPopUpMenu(in: cellState) != nil { return }
            if cell.accessories.tapTogglesExpansion(in: cellState) { return toggleExpansion(key: key) }
        }
        guard allowsSelection,
            let tap = SelectionTap(
                collectionView: self, delegate: delegate, at: path, selected: state.selected,
                allowsMultipleSelection: allowsMultipleSelection, isEditing: isEditing)
        else { return }
        var selected = state.selected.subtracting(tap.deselected)
        if let path = tap.selected { selected.insert(path) }
        setSelection(selected)
        tap.report(to: delegate, in: self)
    }

    /// The selected items, in order: `indexPathsForSelectedItems`.
    public var indexPathsForSelectedItems: [IndexPath]? { state.selected.sorted() }

    /// Selects an item, telling no delegate; `nil` deselects every item. With single selection,
    /// the item selected before is deselected; a scroll position other than `[]` scrolls the
    /// item into view. Nothing happens when selection is not allowed.
    public func selectItem(
        at indexPath: IndexPath?, animated: Bool, scrollPosition: CollectionView.ScrollPosition
    ) {
        guard let indexPath else { return setSelection([]) }
        guard allowsSelection, hasItem(at: indexPath) else { return }
        setSelection(allowsMultipleSelection ? state.selected.union([indexPath]) : [indexPath])
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item, telling no delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        setSelection(state.selected.subtracting([indexPath]))
    }

    /// Shows a new selection on the page.
    func setSelection(_ selected: Set<IndexPath>) {
        guard selected != state.selected else { return }
        let changed = selected.symmetricDifference(state.selected)
        state.selected = selected
        var patch = WebPatch()
        // A cell whose configuration update handler styles the selection is sent again.
        resendContent(of: changed, into: &patch)
        updateWindow(&patch)
        send(&patch)
    }

    /// Updates the cells of items with elements for their state, and adds to `patch` those whose
    /// content changed.
    func resendContent(of paths: some Sequence<IndexPath>, into patch: inout WebPatch) {
        for path in paths.sorted() {
            guard let item = state.items[path] else { continue }
            let content = content(of: item.cell, at: path)
            guard content != item.content else { continue }
            item.content = content
            patch.reconfiguredItems.append(item.key)
            patch.cells[item.key] = content
        }
    }

    /// Runs the action handler of the accessory at `index` among those the item whose element
    /// has `key` shows (what the page was sent). A click on an accessory without one is the
    /// page's (an outline disclosure toggles, a delete reveals the swipe actions).
    func performAccessoryAction(key: Int, index: Int) {
        guard let path = indexPath(forKey: key), let item = state.items[path] else { return }
        let accessories =
            (item.cell as? WebListCell)?.accessories ?? (item.cell as? WebGridCell)?.accessories ?? []
        let shown = accessories.shown(in: item.cell.configurationState)
        guard shown.indices.contains(index), let handler = shown[index].clickHandler else { return }
        handler()
    }

    /// Asks the data source to expand or collapse the outline item whose element has `key`.
    func toggleExpansion(key: Int) {
        guard let path = indexPath(forKey: key), let dataSource,
            let outline = dataSource.collectionView(self, outlineStateOfItemAt: path),
            outline.hasChildren || outline.isExpanded
        else { return }
        dataSource.collectionView(self, toggleExpansionOfItemAt: path)
    }

    /// Performs the swipe action at `index` of the item whose element has `key`.
    func performAction(key: Int, index: Int) {
        guard let path = indexPath(forKey: key) else { return }
        let actions = swipeActions(at: path)
        guard index < actions.count else { return }
        actions[index].perform(from: state.items[path]?.cell ?? self) { _ in }
    }

    /// Moves the item whose element has `key` to `index` of the section whose key is
    /// `sectionKey`, as a drop does: the view moves the element (one message to the page), then
    /// reports the move to its data source, as UIKit does.
    ///
    /// Ignored unless both sections are lists, the index is a place the item can take, and the
    /// data source lets the item move.
    func moveItem(key: Int, toSectionKey sectionKey: Int, index: Int) {
        guard let source = indexPath(forKey: key), let section = state.sectionKeys.firstIndex(of: sectionKey),
            let dataSource, layouts[section].listConfiguration != nil,
            layouts[source.section].listConfiguration != nil
        else { return }
        let proposed = IndexPath(item: index, section: section)
        guard proposed.isDropPlace(forItemAt: source, counts: counts), proposed != source,
            dataSource.collectionView(self, canMoveItemAt: source)
        else {
            return
        }
        // The delegate may redirect the drop, to a place the item can take in a list.
        let destination =
            delegate?.collectionView(
                self, targetIndexPathForMoveOfItemFromOriginalIndexPath: source, atCurrentIndexPath: source,
                toProposedIndexPath: proposed) ?? proposed
        guard destination.isDropPlace(forItemAt: source, counts: counts),
            layouts[destination.section].listConfiguration != nil, destination != source
        else { return }
        let move = BatchUpdate(movedItems: [.init(from: source, to: destination)])
        let remapped = state.remap(
            by: BatchUpdate.PositionMap(move, oldSectionCount: counts.count, newSectionCount: counts.count),
            reloadedSections: [])
        assert(remapped.items.isEmpty, "a move keeps every element")
        counts[source.section] -= 1
        counts[section] += 1
        layoutSections()
        var patch = WebPatch()
        patch.isAnimated = true
        if let moved = state.items[destination]?.key { patch.movedItems = [moved] }
        updateWindow(&patch)
        send(&patch)
        dataSource.collectionView(self, moveItemAt: source, to: destination)
        // The data source now agrees (or updated the view from within); if it does not, start
        // over from what it has.
        if currentCounts() != counts { reloadData() }
    }
}
