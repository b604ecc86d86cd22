import Diffable
import DiffableCells
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
        guard hasItem(at: indexPath) else { return }
        let frame = frames[indexPath.section]
        let row = frame.isHorizontal ? 0 : indexPath.item / max(frame.columns, 1)
        let top = frame.itemsTop + row * frame.itemHeight
        let bottom = top + frame.itemHeight
        // Where the page will be once it scrolled, so that the window of elements is made there;
        // with no vertical position, the least scrolling that shows the item.
        let nearest: Int? =
            top < viewport.top
            ? top : bottom > viewport.top + viewport.height ? bottom - viewport.height : nil
        let target =
            scrollPosition.offset(
                placing: top, length: frame.itemHeight, in: viewport.height, horizontally: false)
            ?? nearest
        if let target {
            viewport = WebViewport(top: max(target, 0), height: viewport.height, width: viewport.width)
        }
        var patch = WebPatch()
        updateWindow(&patch)
        patch.scrollTarget = .init(
            top: top, height: frame.itemHeight, alignment: .init(scrollPosition), animated: animated)
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

extension WebCollectionView {
    /// Whether the view has an item at the index path, as last counted from the data source.
    func hasItem(at indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && counts.indices.contains(indexPath.section)
            && (0..<counts[indexPath.section]).contains(indexPath.item)
    }
}

extension WebCollectionView {
    /// The person picked the index title at `index`: the page scrolls where the data source says
    /// it leads (`collectionView(_:indexPathForIndexTitle:at:)`, clamped to the content), as UIKit's
    /// index does: a section's start (its first item, or a section without items) with its header
    /// at the top, any other item at the top. A title the view does not have is ignored.
    func jump(toIndexTitle index: Int) {
        guard
            let path = dataSource?.indexPath(
                forIndexTitleAt: index, of: indexTitles, in: self, counts: counts)
        else { return }
        guard path.item > 0 else { return scrollToSectionStart(path.section) }
        scrollToItem(at: path, at: .top, animated: true)
    }

    /// Scrolls the page so that a section's start, its header first, is at the top.
    private func scrollToSectionStart(_ section: Int) {
        let frame = frames[section]
        viewport = WebViewport(top: frame.top, height: viewport.height, width: viewport.width)
        var patch = WebPatch()
        updateWindow(&patch)
        patch.scrollTarget = .init(
            top: frame.top, height: frame.itemsTop - frame.top + frame.itemHeight, alignment: .top,
            animated: true)
        send(&patch)
    }
}
