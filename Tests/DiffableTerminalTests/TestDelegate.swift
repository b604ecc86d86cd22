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
    /// Headers and footers shown and hidden, as "+header 0" and "-footer 2", in order.
    var supplementaryEvents: [String] = []
    var leadingActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    var trailingActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    var editingStyles: [IndexPath: TableViewCell.EditingStyle] = [:]
    var dropRedirects: [IndexPath: IndexPath] = [:]
    /// Rows a swipe began and ended editing, as "+0.1" and "-0.1" ("-nil" for a row gone).
    var swipeEditing: [String] = []

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
        _ collectionView: any DiffableCollectionView, willDisplaySupplementaryView view: AnyObject,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {
        supplementaryEvents.append("+\(Self.name(elementKind)) \(indexPath.section)")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplayingSupplementaryView view: AnyObject,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {
        supplementaryEvents.append("-\(Self.name(elementKind)) \(indexPath.section)")
    }
    private static func name(_ kind: String) -> String {
        kind == TerminalCollectionView.elementKindSectionHeader ? "header" : "footer"
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { dropRedirects[proposedIndexPath] ?? proposedIndexPath }

    func tableView(_ tableView: any DiffableTableView, willBeginEditingRowAt indexPath: IndexPath) {
        swipeEditing.append("+\(indexPath.section).\(indexPath.item)")
    }
    func tableView(_ tableView: any DiffableTableView, didEndEditingRowAt indexPath: IndexPath?) {
        swipeEditing.append(indexPath.map { "-\($0.section).\($0.item)" } ?? "-nil")
    }
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
        _ tableView: any DiffableTableView, willDisplayHeaderView view: AnyObject, forSection section: Int
    ) {
        supplementaryEvents.append("+header \(section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, willDisplayFooterView view: AnyObject, forSection section: Int
    ) {
        supplementaryEvents.append("+footer \(section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingHeaderView view: AnyObject,
        forSection section: Int
    ) {
        supplementaryEvents.append("-header \(section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingFooterView view: AnyObject,
        forSection section: Int
    ) {
        supplementaryEvents.append("-footer \(section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { leadingActions?(indexPath) }
    func tableView(
        _ tableView: any DiffableTableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { trailingActions?(indexPath) }
    func tableView(_ tableView: any DiffableTableView, editingStyleForRowAt indexPath: IndexPath)
        -> TableViewCell.EditingStyle
    { editingStyles[indexPath] ?? .delete }
    func tableView(
        _ tableView: any DiffableTableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { dropRedirects[proposedDestinationIndexPath] ?? proposedDestinationIndexPath }
}
