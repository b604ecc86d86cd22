import Diffable
import Foundation

/// What a collection view tells and asks the object that manages it: `UICollectionViewDelegate`,
/// minus the prefix. Every member is optional (a default implementation does what UIKit does
/// when the delegate does not implement it), and a view holds its delegate weakly.
///
/// The view calls the selection members for the person's own actions only: selecting or
/// deselecting in code (`selectItem(at:animated:scrollPosition:)`, `deselectItem(at:animated:)`)
/// and an update that deletes a selected item change the selection without telling the delegate,
/// as in UIKit. `willDisplay` and `didEndDisplaying` come as cells appear and disappear, not once
/// for every item of a section.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// Whether the item may be highlighted as the person touches it; `true` by default. An item
    /// that may not be highlighted cannot be selected by the person either.
    func collectionView(
        _ collectionView: any DiffableCollectionView, shouldHighlightItemAt indexPath: IndexPath
    )
        -> Bool
    /// The person's tap highlighted the item (before the selection changes).
    func collectionView(_ collectionView: any DiffableCollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The highlight of the person's tap ended (before the selection changes).
    func collectionView(
        _ collectionView: any DiffableCollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether a tap on the item performs its primary action; `true` by default.
    func collectionView(
        _ collectionView: any DiffableCollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath
    ) -> Bool
    /// The person's tap performed the item's primary action (after the selection changed; not
    /// while the view is editing).
    func collectionView(
        _ collectionView: any DiffableCollectionView, performPrimaryActionForItemAt indexPath: IndexPath)
    /// Whether the person may select the item; `true` by default.
    func collectionView(_ collectionView: any DiffableCollectionView, shouldSelectItemAt indexPath: IndexPath)
        -> Bool
    /// The person selected the item.
    func collectionView(_ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether the person may deselect the item (with multiple selection); `true` by default.
    func collectionView(
        _ collectionView: any DiffableCollectionView, shouldDeselectItemAt indexPath: IndexPath
    )
        -> Bool
    /// The person deselected the item, or selected another where only one may be selected.
    func collectionView(_ collectionView: any DiffableCollectionView, didDeselectItemAt indexPath: IndexPath)
    /// A cell is about to be shown for the item.
    func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplay cell: AnyObject,
        forItemAt indexPath: IndexPath)
    /// A cell stopped being shown; `indexPath` is where its item was.
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplaying cell: AnyObject,
        forItemAt indexPath: IndexPath)
    /// A header, footer or other supplementary view is about to be shown.
    func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplaySupplementaryView view: AnyObject,
        forElementKind elementKind: String, at indexPath: IndexPath)
    /// A supplementary view stopped being shown.
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplayingSupplementaryView view: AnyObject,
        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// Where an item the person drags would land, asked as the drag goes on: the proposed index
    /// path by default; another redirects the drop.
    func collectionView(
        _ collectionView: any DiffableCollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    /// The context menu for the items the person opened one on (a long press, a right-click, the
    /// menu key), where they did, in the view's coordinates; `nil` for none. By default, for one
    /// item, what ``collectionView(_:contextMenuConfigurationForItemAt:point:)`` returns.
    func collectionView(
        _ collectionView: any DiffableCollectionView,
        contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> ContextMenuConfiguration?
    /// The context menu for one item: UIKit's form before iOS 16, which the form for several
    /// items calls by default; `nil` (the default) for none.
    func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration?
}

extension CollectionViewDelegate {
    /// Nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didHighlightItemAt indexPath: IndexPath
    ) {}
    /// Nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didUnhighlightItemAt indexPath: IndexPath
    ) {}
    /// `true` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// Nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, performPrimaryActionForItemAt indexPath: IndexPath
    ) {}
    /// `true` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, shouldHighlightItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// `true` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, shouldSelectItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath
    ) {}
    /// `true` by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, shouldDeselectItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didDeselectItemAt indexPath: IndexPath
    ) {}
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplay cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {}
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplaying cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {}
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplaySupplementaryView view: AnyObject,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    /// Does nothing by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplayingSupplementaryView view: AnyObject,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}
    /// The proposed index path by default.
    public func collectionView(
        _ collectionView: any DiffableCollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
    /// For one item, the one-item form's configuration; `nil` for several or none.
    public func collectionView(
        _ collectionView: any DiffableCollectionView,
        contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> ContextMenuConfiguration? {
        guard indexPaths.count == 1 else { return nil }
        return self.collectionView(
            collectionView, contextMenuConfigurationForItemAt: indexPaths[0], point: point)
    }
    /// `nil` by default: no context menu.
    public func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? { nil }
}
