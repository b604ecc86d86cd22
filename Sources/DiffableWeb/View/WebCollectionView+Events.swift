import Diffable
import Foundation

extension WebCollectionView {
    // MARK: What the person does on the page

    /// Selects the item whose element has `key` and tells the delegate, as a tap does.
    func selectItem(key: Int) {
        guard let path = indexPath(forKey: key) else { return }
        state.selected = [path]
        var patch = WebPatch()
        updateWindow(&patch)
        send(&patch)
        didSelectItemAt?(path)
    }

    /// Selects an item, as `selectItem(at:animated:scrollPosition:)`; `nil` clears the selection.
    public func selectItem(at indexPath: IndexPath?) {
        state.selected = indexPath.map { [$0] } ?? []
        var patch = WebPatch()
        updateWindow(&patch)
        send(&patch)
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
        actions[index].handler { _ in }
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
        let places = counts[section] + (section == source.section ? 0 : 1)
        let destination = IndexPath(item: index, section: section)
        guard index < places, destination != source, dataSource.collectionView(self, canMoveItemAt: source)
        else {
            return
        }
        let move = BatchUpdate(movedItems: [.init(from: source, to: destination)])
        let remapped = state.remap(
            by: BatchUpdate.PositionMap(move, oldSectionCount: counts.count, newSectionCount: counts.count),
            reloadedSections: [])
        assert(remapped.departedItems.isEmpty, "a move keeps every element")
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
