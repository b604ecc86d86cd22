import Foundation

extension WebCollectionView {
    /// Whether the page would show what `other` shows: the same sections, laid out alike, the
    /// same items with elements, each with the same content and extras, the same selection, index
    /// titles, headers and footers; only the keys may differ.
    ///
    /// A page that watched a shared page (``WebSessionRegistry``'s idle pages) and gets a page of
    /// its own takes the shared page's keys when its views match the shared one's, so the
    /// browser's elements, made from the shared page's messages, go on naming the right items.
    ///
    /// - Complexity: O(s + v) for s sections and v items with elements.
    func matches(_ other: WebCollectionView) -> Bool {
        guard counts == other.counts, frames == other.frames, viewport == other.viewport,
            indexTitles == other.indexTitles, isEditing == other.isEditing,
            allowsSelection == other.allowsSelection, shownContextMenu == nil, other.shownContextMenu == nil,
            state.selected == other.state.selected, state.stripOffsets == other.state.stripOffsets,
            state.sectionKeys.count == other.state.sectionKeys.count,
            state.items.count == other.state.items.count,
            layouts.map(\.description) == other.layouts.map(\.description)
        else { return false }
        for (path, item) in state.items {
            guard let theirs = other.state.items[path], item.content == theirs.content,
                item.extras == theirs.extras
            else { return false }
        }
        return state.headers.mapValues(\.content) == other.state.headers.mapValues(\.content)
            && state.footers.mapValues(\.content) == other.state.footers.mapValues(\.content)
    }

    /// Takes `other`'s keys for the same items and sections (see ``matches(_:)``, which must hold).
    ///
    /// - Complexity: O(s + v) for s sections and v items with elements.
    func adoptKeys(of other: WebCollectionView) {
        for (path, item) in other.state.items { state.items[path]?.key = item.key }
        state.sectionKeys = other.state.sectionKeys
        describedWindow = other.describedWindow
        nextKey = max(nextKey, other.nextKey)
    }
}

extension WebPage {
    /// Whether the page shows what `other` shows: the same title, search text and columns, the
    /// same regions, each collection view matching (``WebCollectionView/matches(_:)``) and each
    /// panel with the same content.
    ///
    /// - Complexity: O(r + v) for r regions and v items with elements.
    func matches(_ other: WebPage) -> Bool {
        guard title == other.title, searchText == other.searchText, sentSplit == other.sentSplit,
            regions.map(\.json) == other.regions.map(\.json)
        else { return false }
        let views = zip(namedCollectionViews.map(\.view), other.namedCollectionViews.map(\.view))
        return views.allSatisfy { $0.matches($1) }
            && zip(panels, other.panels).allSatisfy { $0.content == $1.content }
    }

    /// Takes `other`'s keys (see ``matches(_:)``, which must hold), and hands out keys past every
    /// key it handed out.
    ///
    /// - Complexity: O(r + v) for r regions and v items with elements.
    func adoptKeys(of other: WebPage) {
        for (view, theirs) in zip(namedCollectionViews.map(\.view), other.namedCollectionViews.map(\.view)) {
            view.adoptKeys(of: theirs)
        }
        keys.advance(past: other.keys)
    }
}

extension WebLayoutSection {
    /// What the page is told of a section's layout, besides its frame.
    fileprivate var description: [String?] {
        [kindName, appearanceName, listConfiguration?.backgroundColor?.css]
    }
}
