import Diffable
import Foundation

extension WebCollectionView {
    // MARK: DiffableCollectionView

    /// Discards every element and counts again from the data source; the page rebuilds from a
    /// reset.
    public func reloadData() {
        endDisplaying(state.reset())
        prefetchPlan.reset()
        counts = currentCounts()
        indexTitles = dataSource?.indexTitles(for: self) ?? []
        layoutSections()
        state.sectionKeys = counts.map { _ in makeKey() }
        var patch = WebPatch()
        updateWindow(&patch)
        defer { didPerformUpdates?() }
        guard outbound != nil else { return }
        var reset = resetPatch()
        send(&reset)
    }

    /// Applies a batch update: keeps the elements of items that survive (under their keys, at their
    /// new index paths), and sends the page one patch whose operations are the update's
    /// operations on the elements the page has.
    ///
    /// - Complexity: O(s + v log k + k) for s sections, v items with elements and k operations;
    ///   independent of the number of items.
    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        var patch = WebPatch()
        patch.isAnimated = animatingDifferences
        // An update that only reconfigures or reloads items moves nothing: every element keeps
        // its index path, and only the items it names are looked at again.
        let movesNothing =
            update.deletedSections.isEmpty && update.insertedSections.isEmpty && update.movedSections.isEmpty
            && update.reloadedSections.isEmpty && update.deletedItems.isEmpty && update.insertedItems.isEmpty
            && update.movedItems.isEmpty
        if !movesNothing {
            prefetchPlan.reset()  // its index paths name the old items
            let newCounts = currentCounts()
            let map = BatchUpdate.PositionMap(
                update, oldSectionCount: counts.count, newSectionCount: newCounts.count)
            remapSections(update, map: map, newSectionCount: newCounts.count, into: &patch)

            let reloadedSections = Set(update.reloadedSections)
            let remapped = state.remap(by: map, reloadedSections: reloadedSections)
            endDisplaying(remapped)
            let deleted = Set(update.deletedItems)
            // Items of deleted and reloaded sections leave with their section's element.
            for (path, item) in remapped.items where deleted.contains(path) {
                patch.deletedItems.append(item.key)
            }
            for move in update.movedItems where remapped.origins[move.to] == move.from {
                if let key = state.items[move.to]?.key { patch.movedItems.append(key) }
            }
            counts = newCounts
            layoutSections()
        }

        // Second pass, on final index paths: reloads get new elements, reconfigures keep theirs.
        // A reconfigured item's state is made once, for its content and then its extras.
        var reconfiguredStates: [IndexPath: ItemState] = [:]
        if let dataSource {
            for path in update.reloadedItems {
                guard let old = state.items[path] else { continue }
                let item = materialize(path, from: dataSource)
                state.items[path] = item
                willDisplay(item.cell, at: path)
                endDisplaying(old.cell, at: path)
                patch.reloadedItems.append(.init(old: old.key, new: item.key))
                // A reloaded item that also moved moves under its new key.
                if let moved = patch.movedItems.firstIndex(of: old.key) { patch.movedItems[moved] = item.key }
                patch.cells[item.key] = item.content
                patch.extras[item.key] = item.extras
            }
            for path in update.reconfiguredItems {
                guard let item = state.items[path] else { continue }
                reuse.reconfiguring = (path, item.cell)
                let returned = cell(from: dataSource, at: path)
                reuse.reconfiguring = nil
                if returned !== item.cell {
                    willDisplay(returned, at: path)
                    endDisplaying(item.cell, at: path)
                    item.cell = returned
                }
                let itemState = itemState(at: path)
                reconfiguredStates[path] = itemState
                item.content = content(of: returned, in: itemState.configuration)
                patch.reconfiguredItems.append(item.key)
                patch.cells[item.key] = item.content
            }
        }
        updateWindow(
            &patch, inserted: Set(update.insertedItems),
            touched: movesNothing ? Set(update.reloadedItems + update.reconfiguredItems) : nil,
            known: reconfiguredStates)
        let titles = dataSource?.indexTitles(for: self) ?? []
        if titles != indexTitles {
            indexTitles = titles
            patch.indexTitles = titles
        }
        send(&patch)
        didPerformUpdates?()
        completion?(true)
    }

    /// Gives the sections after the update their keys, and lists the section operations.
    private func remapSections(
        _ update: BatchUpdate, map: BatchUpdate.PositionMap, newSectionCount: Int, into patch: inout WebPatch
    ) {
        let oldKeys = state.sectionKeys
        var newKeys = [Int?](repeating: nil, count: newSectionCount)
        let reloaded = Set(update.reloadedSections)
        for (section, key) in oldKeys.enumerated() {
            guard let target = map.newSection(forOld: section), target < newSectionCount else {
                patch.deletedSections.append(key)
                continue
            }
            if reloaded.contains(section) {
                let replacement = makeKey()
                newKeys[target] = replacement
                patch.reloadedSections.append(.init(old: key, new: replacement))
            } else {
                newKeys[target] = key
            }
        }
        for move in update.movedSections where move.from < oldKeys.count {
            patch.movedSections.append(oldKeys[move.from])
        }
        for section in update.insertedSections where section < newSectionCount {
            let key = makeKey()
            newKeys[section] = key
            patch.insertedSections.append(key)
        }
        state.sectionKeys = newKeys.map { $0 ?? makeKey() }
    }

    /// Makes sure exactly the items in the window have elements: drops the others (evicted) and
    /// asks the data source for the cells of the new ones (inserted by the update if listed in
    /// `inserted`, else scrolled in). Then describes every section for the page, and what changed
    /// about the items it keeps: all of them, or, when `touched` names the only items that
    /// changed (an update that moved nothing), those. `known` holds states the update has made
    /// already.
    func updateWindow(
        _ patch: inout WebPatch, inserted: Set<IndexPath> = [], touched: Set<IndexPath>? = nil,
        known: [IndexPath: ItemState] = [:]
    ) {
        let ranges = window()
        // Nothing moved, reloaded or scrolled since the sections were described: the page's
        // sections and elements stand (under their keys), and only the touched items may have
        // new extras.
        if let touched, !patch.isReset, patch.reloadedItems.isEmpty, ranges == describedWindow {
            for path in touched {
                if let existing = state.items[path] {
                    sendExtras(of: existing, at: path, state: known[path], into: &patch)
                }
            }
            patch.sections = nil
            patch.selected = selectedKeys
            return
        }
        for (path, item) in state.items
        where !(ranges[path.section]?.contains(path.item) ?? false) {
            state.items[path] = nil
            endDisplaying(item.cell, at: path)
            patch.evictedItems.append(item.key)
            // An element moved out of the window, or reloaded there, is simply gone.
            patch.movedItems.removeAll { $0 == item.key }
            patch.reconfiguredItems.removeAll { $0 == item.key }
            patch.cells[item.key] = nil
            if let index = patch.reloadedItems.firstIndex(where: { $0.new == item.key }) {
                patch.evictedItems[patch.evictedItems.count - 1] = patch.reloadedItems[index].old
                patch.reloadedItems.remove(at: index)
                patch.extras[item.key] = nil
            }
        }
        let newSections = Set(patch.insertedSections + patch.reloadedSections.map(\.new))
        var sections: [WebPatch.Section] = []
        for (section, frame) in frames.enumerated() {
            let key = state.sectionKeys[section]
            let isNew = newSections.contains(key) || patch.isReset
            let range = ranges[section] ?? 0..<0
            var keys: [Int] = []
            keys.reserveCapacity(range.count)
            for item in range {
                let path = IndexPath(item: item, section: section)
                if let existing = state.items[path] {
                    keys.append(existing.key)
                    if let touched, !touched.contains(path) { continue }
                    sendExtras(of: existing, at: path, state: known[path], into: &patch)
                    if patch.isReset { patch.cells[existing.key] = existing.content }
                } else if let dataSource {
                    let made = materialize(path, from: dataSource)
                    state.items[path] = made
                    willDisplay(made.cell, at: path)
                    keys.append(made.key)
                    patch.cells[made.key] = made.content
                    patch.extras[made.key] = made.extras
                    if !isNew && inserted.contains(path) { patch.insertedItems.append(made.key) }
                }
            }
            var described = WebPatch.Section(
                key: key, kind: layouts[section].kindName, appearance: layouts[section].appearanceName,
                background: layouts[section].listConfiguration?.backgroundColor?.css, frame: frame,
                start: range.lowerBound, keys: keys)
            described.header = supplementaryContent(
                \.headers, section: section, shown: layouts[section].hasSupplementaryHeader,
                kind: Self.elementKindSectionHeader, resend: isNew)
            described.footer = supplementaryContent(
                \.footers, section: section, shown: layouts[section].hasSupplementaryFooter,
                kind: Self.elementKindSectionFooter, resend: isNew)
            sections.append(described)
        }
        patch.sections = sections
        patch.selected = selectedKeys
        if patch.isReset { patch.evictedItems = [] }
        describedWindow = dataSource == nil ? nil : ranges
        prefetch(ahead: ranges)
    }

    /// Puts an item's extras in the patch when they changed (in a reset, always), and keeps them.
    private func sendExtras(
        of item: MaterializedItem, at path: IndexPath, state: ItemState?, into patch: inout WebPatch
    ) {
        let extras = extras(for: path, cell: item.cell, itemState: state ?? itemState(at: path))
        guard extras != item.extras || patch.isReset else { return }
        item.extras = extras
        patch.extras[item.key] = extras
    }

    /// The keys of the selected items that have elements, in order.
    private var selectedKeys: [Int] { state.selected.compactMap { state.items[$0]?.key }.sorted() }

    /// Tells the prefetching data source of the items a window beyond `window` in the direction
    /// of scrolling, and of those asked for before that the person turned back from.
    private func prefetch(ahead window: [Int: Range<Int>]) {
        guard isPrefetchingEnabled, let prefetchDataSource,
            let section = window.keys.filter({ !window[$0]!.isEmpty }).min(),
            prefetchPlan.mayChange(first: IndexPath(item: window[section]!.lowerBound, section: section))
        else { return }
        let shown = window.keys.sorted().flatMap { section in
            window[section]!.map { IndexPath(item: $0, section: section) }
        }
        prefetchDataSource.tell(prefetchPlan.step(shown: shown, counts: counts), in: self)
    }

    /// The content to send for a section's header or footer: made (and sent) the first time the
    /// section shows it, sent again for a section the page builds anew.
    ///
    /// The state is not held open while the data source makes the view or the delegate hears of
    /// it: either may ask the view what it shows.
    private func supplementaryContent(
        _ place: WritableKeyPath<WebViewState.Shared, [Int: MaterializedSupplementary]>, section: Int,
        shown: Bool, kind: String, resend: Bool
    ) -> WebCellContent? {
        let existing = state[dynamicMember: place][section]
        guard shown else {
            if let existing {
                state[dynamicMember: place][section] = nil
                endDisplaying(existing.cell, ofKind: kind, section: section)
            }
            return nil
        }
        if let existing { return resend ? existing.content : nil }
        guard let made = supplementary(kind: kind, section: section) else { return nil }
        state[dynamicMember: place][section] = made
        delegate?.collectionView(
            self, willDisplaySupplementaryView: made.cell, forElementKind: kind,
            at: IndexPath(item: 0, section: section))
        return made.content
    }

    /// Tells the delegate of the items, headers and footers that lost their elements, and
    /// returns their cells to their pools.
    private func endDisplaying(_ departed: WebViewState.Remapped) {
        for (path, item) in departed.items { endDisplaying(item.cell, at: path) }
        for (section, header) in departed.headers {
            endDisplaying(header.cell, ofKind: Self.elementKindSectionHeader, section: section)
        }
        for (section, footer) in departed.footers {
            endDisplaying(footer.cell, ofKind: Self.elementKindSectionFooter, section: section)
        }
    }

    /// A header or footer lost its element: tells the delegate, then returns the cell to its pool.
    private func endDisplaying(_ cell: WebCell, ofKind kind: String, section: Int) {
        delegate?.collectionView(
            self, didEndDisplayingSupplementaryView: cell, forElementOfKind: kind,
            at: IndexPath(item: 0, section: section))
        recycle(cell)
    }

    /// Everything the page shows, for a page that connects or has to start over.
    func resetPatch() -> WebPatch {
        var patch = WebPatch()
        patch.isReset = true
        patch.indexTitles = indexTitles
        updateWindow(&patch)
        return patch
    }

    /// Hands a patch to the connected page.
    func send(_ patch: inout WebPatch) {
        outbound?(patch)
    }
}
