import Diffable
import DiffableCells
import Foundation

/// What a person does with the view (tap an item or a disclosure, drag an item), and selection
/// in code.
extension ValidatingCollectionView {
    /// Taps an item, as a person would, under UIKit's rules: an item with a pop-up menu accessory
    /// opens its menu (``ValidatingView/popUpMenu(at:)``, chosen in with
    /// ``ValidatingView/choosePopUpMenuElement(titled:at:)``) and an item whose outline disclosure
    /// has the `.header` style (`.automatic` on a section's header item) expands or collapses;
    /// neither is selected. Otherwise nothing if selection is not allowed or the delegate refuses the
    /// highlight; with multiple selection, a selected item is deselected (if the delegate allows);
    /// else the item is selected (if the delegate allows), any other selected item deselected
    /// where only one may be, and the delegate told of each.
    ///
    /// - Returns: Whether the tap changed what is selected, selected the item again, opened a
    ///   menu, or expanded or collapsed the item.
    @discardableResult
    public func tapItem(at indexPath: IndexPath) -> Bool {
        // It opens its menu: popUpMenu(at:).
        if shownAccessory(.popUpMenu, at: indexPath)?.menu != nil { return true }
        if let slot = slot(at: indexPath),
            slot.cell.accessories.tapTogglesExpansion(in: configurationState(of: slot, at: indexPath))
        {
            guard let outline = outlineState(at: indexPath), outline.hasChildren || outline.isExpanded
            else { return false }
            tapDisclosure(at: indexPath)
            return true
        }
        guard slot(at: indexPath) != nil, allowsSelection,
            let tap = SelectionTap(
                collectionView: self, delegate: delegate, at: indexPath, selected: selectedIndexPaths,
                allowsMultipleSelection: allowsMultipleSelection, isEditing: isEditing)
        else { return false }
        apply(tap)
        tap.report(to: delegate, in: self)
        return true
    }

    /// The index paths of the selected items, in order: `UICollectionView`'s
    /// `indexPathsForSelectedItems`.
    public var indexPathsForSelectedItems: [IndexPath]? { selectedIndexPaths.sorted() }

    /// The index paths of the cells displayed, in order: `UICollectionView`'s
    /// `indexPathsForVisibleItems` (every item until the first ``ValidatingView/scroll(showing:)``).
    public var indexPathsForVisibleItems: [IndexPath] { displayedIndexPaths }

    /// Selects an item in code, telling no delegate; `nil` deselects every item. With single
    /// selection, the item selected before is deselected. Nothing happens when selection is not
    /// allowed. It never scrolls.
    public func selectItem(
        at indexPath: IndexPath?, animated: Bool, scrollPosition: CollectionView.ScrollPosition
    ) {
        guard let indexPath else { return deselectAll() }
        select(at: indexPath)
    }

    /// Scrolls to an item in code: `UICollectionView.scrollToItem(at:at:animated:)`. This view has
    /// no screen, so it keeps the request (``lastScrollToItem``) for the test to check; an index
    /// path the view does not have is a failure, as UIKit raises an exception for it.
    public func scrollToItem(
        at indexPath: IndexPath, at scrollPosition: CollectionView.ScrollPosition, animated: Bool
    ) {
        guard slot(at: indexPath) != nil else {
            return fail("scrollToItem(at:at:animated:): the view has no item at \(indexPath)")
        }
        lastScrollToItem = (indexPath, scrollPosition)
    }

    /// Deselects an item in code, telling no delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        mark(false, at: indexPath)
    }

    /// Taps the outline disclosure of an item: the data source expands or collapses it.
    public func tapDisclosure(at indexPath: IndexPath) {
        guard slot(at: indexPath) != nil else { return }
        dataSource?.collectionView(self, toggleExpansionOfItemAt: indexPath)
    }

    /// The index the data source gives the view (`indexTitles(for:)`), or `nil` for none.
    public var indexTitles: [String]? {
        dataSource.flatMap { $0.indexTitles(for: self) }
    }

    /// Picks a title of the index, as a tap on it would: the index path the data source says to
    /// scroll to (`collectionView(_:indexPathForIndexTitle:at:)`), which the view keeps as
    /// ``lastScrollToItem`` at the top, or `nil` when there is no index or no such title. An
    /// index path the view does not have is a failure.
    @discardableResult
    public func selectIndexTitle(at index: Int) -> IndexPath? {
        guard let dataSource, let titles = indexTitles, titles.indices.contains(index) else { return nil }
        let path = dataSource.collectionView(self, indexPathForIndexTitle: titles[index], at: index)
        scrollToItem(at: path, at: .top, animated: true)
        return path
    }

    /// The outline state of an item, as the data source reports it.
    public func outlineState(at indexPath: IndexPath) -> OutlineItemState? {
        dataSource?.collectionView(self, outlineStateOfItemAt: indexPath)
    }

    /// Drags an item to a final index path and drops it, as a person would: the view asks the
    /// delegate where it lands (`targetIndexPathForMoveOfItemFromOriginalIndexPath`), moves the
    /// cell there, then tells the data source, then checks that the data source agrees.
    ///
    /// - Returns: `false` if the data source does not allow moving the item.
    @discardableResult
    public func dragItem(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard let dataSource, slot(at: source) != nil else { return false }
        guard dataSource.collectionView(self, canMoveItemAt: source) else { return false }
        let destination =
            delegate?.collectionView(
                self, targetIndexPathForMoveOfItemFromOriginalIndexPath: source, atCurrentIndexPath: source,
                toProposedIndexPath: destination) ?? destination
        guard moveSlot(from: source, to: destination) else { return false }
        dataSource.collectionView(self, moveItemAt: source, to: destination)
        checkAfterMove(from: source, to: destination)
        return true
    }

    /// The actions a swipe from an edge of an item shows, as a list layout gets them: from its
    /// ``listConfiguration``'s provider for that edge; `nil` without a list configuration.
    public func swipeActionsConfiguration(forItemAt indexPath: IndexPath, leading: Bool = false)
        -> SwipeActionsConfiguration?
    {
        guard slot(at: indexPath) != nil, let listConfiguration else { return nil }
        let provider =
            leading
            ? listConfiguration.leadingSwipeActionsConfigurationProvider
            : listConfiguration.trailingSwipeActionsConfigurationProvider
        return provider?(indexPath)
    }

    /// Swipes an item of a list from an edge and performs one of its actions, as a person would:
    /// the action at `actionIndex`, or with `fullSwipe`, the first action when the configuration
    /// performs it on a full swipe.
    ///
    /// - Returns: What the action's handler passed to its completion (whether it performed the
    ///   action); `nil` when there was no such action, or the handler has not called it yet.
    @discardableResult
    public func swipeItem(
        at indexPath: IndexPath, leading: Bool = false, performing actionIndex: Int = 0,
        fullSwipe: Bool = false
    ) -> Bool? {
        swipeActionsConfiguration(forItemAt: indexPath, leading: leading)?.perform(
            actionIndex, fullSwipe: fullSwipe, from: slot(at: indexPath)?.cell ?? self)
    }
}
