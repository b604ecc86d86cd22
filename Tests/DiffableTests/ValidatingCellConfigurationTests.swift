import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite struct ValidatingCellConfigurationTests {
    /// The validating views call a cell's update handler as UIKit does: once configured, then on
    /// each change of its state (selected, editing, selection allowed).
    @Test func theUpdateHandlerSeesSelectionEditingAndDisabling() {
        let table = ValidatingTableView()
        var seen: [String] = []
        let registration = CellRegistration<ValidatingTableView.Cell, Int> { cell, _, item in
            cell.configurationUpdateHandler = { cell, state in
                var flags: [String] = []
                if state.isSelected { flags.append("selected") }
                if state.isEditing { flags.append("editing") }
                if state.isDisabled { flags.append("disabled") }
                seen.append("\(item): \(flags.joined(separator: ","))")
                var content = ListContentConfiguration.cell()
                content.text = state.isSelected ? "✓ \(item)" : "\(item)"
                cell.contentConfiguration = content
            }
        }
        let dataSource = TableViewDiffableDataSource<String, Int>(tableView: table) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        #expect(seen == ["1: ", "2: "])
        table.tapRow(at: IndexPath(item: 1, section: 0))
        #expect(seen.last == "2: selected")
        let cell = table.cell(at: IndexPath(item: 1, section: 0))
        #expect((cell?.contentConfiguration as? ListContentConfiguration)?.text == "✓ 2")
        #expect(cell?.configurationState.isSelected == true)
        table.setEditing(true, animated: false)
        #expect(Set(seen.suffix(2)) == ["1: editing", "2: selected,editing"])
        seen.removeAll()
        table.allowsSelection = false
        #expect(Set(seen) == ["1: editing,disabled", "2: editing,disabled"], "deselected too")
    }
}
