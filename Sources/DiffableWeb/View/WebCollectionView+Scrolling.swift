import Diffable
import Foundation

extension WebCollectionView {
    /// Scrolls the page so that an item is at a place in the view:
    /// `UICollectionView.scrollToItem(at:at:animated:)`. `.top`, `.centeredVertically` and
    /// `.bottom` put the item there, as far as the page goes; with no vertical position the page
    /// scrolls as little as shows it. The view first makes the elements of the items around where
    /// the page will be, then the page scrolls (smoothly when `animated` and the person's settings
    /// allow motion). An index path out of range is ignored.
    ///
    /// - Complexity: O(s + w) for s sections and the w items that come into the window.
    public func scrollToItem(
        at indexPath: IndexPath, at scrollPosition: CollectionView.ScrollPosition, animated: Bool
    ) {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < frames.count,
            indexPath.item >= 0, indexPath.item < counts[indexPath.section]
        else { return }
        let frame = frames[indexPath.section]
        let row = frame.isHorizontal ? 0 : indexPath.item / max(frame.columns, 1)
        let top = frame.itemsTop + row * frame.itemHeight
        let alignment = WebPatch.ScrollTarget.Alignment(scrollPosition)
        // Where the page will be once it scrolled, so that the window of elements is made there.
        let target: Int? =
            switch alignment {
            case .top: top
            case .center: top - (viewport.height - frame.itemHeight) / 2
            case .bottom: top + frame.itemHeight - viewport.height
            case .nearest:
                top < viewport.top
                    ? top
                    : top + frame.itemHeight > viewport.top + viewport.height
                        ? top + frame.itemHeight - viewport.height : nil
            }
        if let target {
            viewport = WebViewport(top: max(target, 0), height: viewport.height, width: viewport.width)
        }
        var patch = WebPatch()
        updateWindow(&patch)
        patch.scrollTarget = .init(
            top: top, height: frame.itemHeight, alignment: alignment, animated: animated)
        send(&patch)
    }
}

extension WebPatch.ScrollTarget.Alignment {
    /// The vertical part of a collection view's scroll position (a page scrolls vertically).
    init(_ position: CollectionView.ScrollPosition) {
        self =
            position.contains(.top)
            ? .top
            : position.contains(.centeredVertically)
                ? .center : position.contains(.bottom) ? .bottom : .nearest
    }
}
