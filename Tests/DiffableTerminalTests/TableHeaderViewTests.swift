import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A delegate with a header view of its own for the first section.
@MainActor
private final class HeaderDelegate: TableViewDelegate {
    var asked = 0

    func tableView(_ tableView: any DiffableTableView, viewForHeaderInSection section: Int) -> AnyObject? {
        asked += 1
        guard section == 0 else { return nil }
        let header = TerminalListCell()
        var content = ListContentConfiguration.header()
        content.text = "★ Fresh fruit"
        header.contentConfiguration = content
        return header
    }
}

@MainActor
@Suite("A terminal table's header views (viewForHeaderInSection)")
struct TerminalTableHeaderViewTests {
    @Test func theDelegatesViewReplacesTheTitleAndOthersKeepTheirs() {
        let (table, dataSource) = makeGroceryTable()
        let delegate = HeaderDelegate()
        table.delegate = delegate
        table.reloadData()
        let lines = table.screenText.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("★ Fresh fruit") == true, "\(table.screenText)")
        #expect(lines.contains { $0.hasPrefix("Vegetables") })
        #expect(delegate.asked > 0)
        // A row moved by the person makes the table show its titles again: not over the view.
        table.refreshTitles()
        #expect(table.screenText.hasPrefix("★ Fresh fruit"))
        _ = dataSource
    }
}
