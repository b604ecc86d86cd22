import Diffable
import DiffableTerminal
import Foundation

/// A delegate for the terminal views' tests: records the selections and displays it is told of,
/// and answers a table's swipe actions and editing styles as it is set up to.
@MainActor
final class TestDelegate: CollectionViewDelegate, TableViewDelegate {
    var selected: [IndexPath] = []
    var deselected: [IndexPath] = []
    var displayed: [IndexPath] = []
    var endedDisplaying: [IndexPath] = []
    var leadingActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    var trailingActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    var editingStyles: [IndexPath: TableViewCellEditingStyle] = [:]
    var dropRedirects: [IndexPath: IndexPath] = [:]

    func collectionView(_ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
    func collectionView(_ collectionView: any DiffableCollectionView, didDeselectItemAt indexPath: IndexPath)
    {
        deselected.append(indexPath)
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplay cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {
        displayed.append(indexPath)
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplaying cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {
        endedDisplaying.append(indexPath)
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { dropRedirects[proposedIndexPath] ?? proposedIndexPath }

    func tableView(_ tableView: any DiffableTableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
    func tableView(_ tableView: any DiffableTableView, didDeselectRowAt indexPath: IndexPath) {
        deselected.append(indexPath)
    }
    func tableView(
        _ tableView: any DiffableTableView, willDisplay cell: AnyObject, forRowAt indexPath: IndexPath
    ) {
        displayed.append(indexPath)
    }
    func tableView(
        _ tableView: any DiffableTableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { leadingActions?(indexPath) }
    func tableView(
        _ tableView: any DiffableTableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { trailingActions?(indexPath) }
    func tableView(_ tableView: any DiffableTableView, editingStyleForRowAt indexPath: IndexPath)
        -> TableViewCellEditingStyle
    { editingStyles[indexPath] ?? .delete }
    func tableView(
        _ tableView: any DiffableTableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { dropRedirects[proposedDestinationIndexPath] ?? proposedDestinationIndexPath }
}
