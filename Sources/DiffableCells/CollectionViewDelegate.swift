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
}

extension CollectionViewDelegate {
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
}
