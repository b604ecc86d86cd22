import Foundation

extension WebCollectionView {
    /// Scrolls the page so that an item is on screen, as `scrollToItem(at:at:animated:)` with
    /// the nearest position: the view first makes the elements of the items around it, then the
    /// page scrolls as little as it can to show it.
    ///
    /// - Complexity: O(s + w) for s sections and the w items that come into the window.
    public func scrollToItem(at indexPath: IndexPath) {
        guard indexPath.section < frames.count, indexPath.item < counts[indexPath.section] else { return }
        let frame = frames[indexPath.section]
        let row = frame.isHorizontal ? 0 : indexPath.item / max(frame.columns, 1)
        let top = frame.itemsTop + row * frame.itemHeight
        if top < viewport.top || top + frame.itemHeight > viewport.top + viewport.height {
            // Where the page will be once it scrolled the least: the item at the top or the bottom.
            let target = top < viewport.top ? top : max(top + frame.itemHeight - viewport.height, 0)
            viewport = WebViewport(top: target, height: viewport.height, width: viewport.width)
        }
        var patch = WebPatch()
        updateWindow(&patch)
        patch.scrollTarget = .init(top: top, height: frame.itemHeight)
        send(&patch)
    }
}
