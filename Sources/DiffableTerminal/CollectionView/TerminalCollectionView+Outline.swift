import Diffable
import Foundation

extension TerminalCollectionView {
    // MARK: Expanding and revealing

    /// Asks the data source to expand or collapse an outline parent; an expansion scrolls the
    /// parent's children into view when its update lands.
    ///
    /// The reveal belongs to the update the expansion causes and to no other, or a later,
    /// unrelated update would scroll the person away from what they are reading. The view cannot
    /// name that update, but the data source delivers updates in order and says whether any is
    /// on its way, so:
    /// - when the toggle returns with nothing on its way, the update landed during the call (and
    ///   used the reveal) or none will come (the data source refused, or nothing visible
    ///   changed): the reveal is dropped;
    /// - otherwise the update is queued (behind an animation) or being diffed, and the reveal
    ///   waits for the next batch update, remapped to wherever each update puts the parent;
    /// - a reload drops it (the reload replaced the update), and so does the next input if
    ///   nothing is then on its way (the update never came).
    ///
    /// An update queued before the expansion would land first and use the reveal while the
    /// parent is still collapsed: the reveal is then lost, never misdirected. The application
    /// holds input while updates are on their way, so a person does not meet that case.
    func toggleExpansion(ofItemAt indexPath: IndexPath, expanding: Bool) {
        guard let dataSource else { return }
        if expanding { indexed.pendingReveal = indexPath }
        dataSource.collectionView(self, toggleExpansionOfItemAt: indexPath)
        dropRevealIfNothingPending()
    }

    /// Drops a pending reveal when no update is on its way to the view: the expansion's update
    /// has landed, or will not come.
    func dropRevealIfNothingPending() {
        if indexed.pendingReveal != nil && dataSource?.hasPendingUpdates != true {
            indexed.pendingReveal = nil
        }
    }

    /// Scrolls down just enough to show the children of a parent that was just expanded, keeping
    /// the parent on screen; called by the batch update that carries the expansion.
    func revealExpandedChildren() {
        guard let parent = indexed.pendingReveal else { return }
        indexed.pendingReveal = nil
        guard let dataSource, let state = dataSource.collectionView(self, outlineStateOfItemAt: parent),
            state.isExpanded, let parentRect = contentRect(for: parent, in: frames)
        else { return }
        var last = parent.item
        while last + 1 < counts[parent.section] && last - parent.item < height - 1,
            let child = dataSource.collectionView(
                self, outlineStateOfItemAt: IndexPath(item: last + 1, section: parent.section)),
            child.level > state.level
        {
            last += 1
        }
        let lastRect =
            contentRect(for: IndexPath(item: last, section: parent.section), in: frames) ?? parentRect
        let bottom = lastRect.y + lastRect.height
        if bottom > contentOffset + height {
            contentOffset = min(bottom - height, parentRect.y)
            clampContentOffset()
        }
    }
}
