// A table written as a UIKit app writes one, ported by deleting the `UI` prefix and naming the
// view classes (`PortTableView`, `PortTableCell`, `PortHeaderView`, which the validating and
// terminal test targets point at their own in `ListPort+<View>.swift`): a data source subclass
// that edits, a custom header view from the delegate, swipe actions and scrolling to a row. The
// browser has no table view; the list port (ListPort.swift) covers it.

import Diffable
import DiffableCells
import Foundation
import Testing

@MainActor
final class TablePortViewController: TableViewDelegate {
    /// The data source, as a UIKit app subclasses it to let rows be deleted.
    final class DataSource: TableViewDiffableDataSource<String, String> {
        override func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath) -> Bool
        {
            true
        }

        override func tableView(
            _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
            forRowAt indexPath: IndexPath
        ) {
            guard editingStyle == .delete, let name = itemIdentifier(for: indexPath) else { return }
            var snapshot = snapshot()
            snapshot.deleteItems([name])
            apply(snapshot, animatingDifferences: true)
        }
    }

    var tableView: PortTableView! = nil
    var dataSource: DataSource! = nil
    private(set) var events: [String] = []

    func viewDidLoad() {
        tableView = makePortTableView()
        tableView.delegate = self
        dataSource = DataSource(tableView: tableView) { tableView, indexPath, name in
            let cell = PortTableCell()
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
            return cell
        }
        dataSource.defaultRowAnimation = .fade
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Favorites", "Others"])
        snapshot.appendItems(["Apple", "Pear"], toSection: "Favorites")
        snapshot.appendItems(["Lemon"], toSection: "Others")
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func tableView(_ tableView: any DiffableTableView, viewForHeaderInSection section: Int) -> AnyObject? {
        let header = PortHeaderView()
        var content = header.defaultContentConfiguration()
        content.text = section == 0 ? "★ Favorites" : "Others"
        header.contentConfiguration = content
        return header
    }

    func tableView(_ tableView: any DiffableTableView, didSelectRowAt indexPath: IndexPath) {
        events.append("selected \(dataSource.itemIdentifier(for: indexPath) ?? "?")")
    }

    func tableView(
        _ tableView: any DiffableTableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? {
        guard let name = dataSource.itemIdentifier(for: indexPath) else { return nil }
        let share = ContextualAction(style: .normal, title: "Share") { [weak self] _, _, completion in
            self?.events.append("shared \(name)")
            completion(true)
        }
        share.backgroundColor = .blue
        return SwipeActionsConfiguration(actions: [share])
    }
}

@MainActor
@Suite("A UIKit table, ported (Tests/Port/TablePort.swift)")
struct TablePortTests {
    @Test func itBehavesAsTheUIKitTableDoes() {
        let controller = TablePortViewController()
        controller.viewDidLoad()
        let person = PortTablePerson(controller.tableView)
        #expect(person.headerText(inSection: 0) == "★ Favorites", "the delegate's header view")
        #expect(person.texts(inSection: 0) == ["Apple", "Pear"])
        person.tap(IndexPath(item: 1, section: 0))
        #expect(person.swipe("Share", at: IndexPath(item: 0, section: 1)))
        #expect(controller.events == ["selected Pear", "shared Lemon"])
        controller.tableView.setEditing(true, animated: false)
        person.deleteRow(at: IndexPath(item: 0, section: 0))
        #expect(person.texts(inSection: 0) == ["Pear"], "the subclass committed the delete")
        controller.tableView.scrollToRow(at: IndexPath(item: 0, section: 1), at: .middle, animated: true)
        #expect(person.scrolledTo == IndexPath(item: 0, section: 1))
    }
}
