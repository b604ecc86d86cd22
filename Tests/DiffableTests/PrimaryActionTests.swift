import DiffableTesting
import Foundation
import Testing

/// Records a tap's calls in order; refuses the primary action of item 2.
@MainActor
private final class TapLog: CollectionViewDelegate, TableViewDelegate {
    var events: [String] = []

    func collectionView(_ collectionView: any DiffableCollectionView, didHighlightItemAt indexPath: IndexPath)
    {
        events.append("highlight \(indexPath.item)")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, didUnhighlightItemAt indexPath: IndexPath
    ) {
        events.append("unhighlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("select \(indexPath.item)")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath
    ) -> Bool { indexPath.item != 2 }
    func collectionView(
        _ collectionView: any DiffableCollectionView, performPrimaryActionForItemAt indexPath: IndexPath
    ) {
        events.append("primary \(indexPath.item)")
    }
    func tableView(_ tableView: any DiffableTableView, didHighlightRowAt indexPath: IndexPath) {
        events.append("highlight \(indexPath.item)")
    }
    func tableView(_ tableView: any DiffableTableView, didUnhighlightRowAt indexPath: IndexPath) {
        events.append("unhighlight \(indexPath.item)")
    }
    func tableView(_ tableView: any DiffableTableView, didSelectRowAt indexPath: IndexPath) {
        events.append("select \(indexPath.item)")
    }
    func tableView(_ tableView: any DiffableTableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        events.append("primary \(indexPath.item)")
    }
}

@MainActor
@Suite("A tap's highlight and primary action (didHighlight, performPrimaryActionForItemAt)")
struct PrimaryActionTests {
    @Test func aTapHighlightsThenSelectsThenPerformsThePrimaryActionButNotWhileEditing() {
        let (view, dataSource) = makeDataSource()
        let log = TapLog()
        view.delegate = log
        dataSource.apply(snapshotOf(["A": [0, 1, 2]]))
        view.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(log.events == ["highlight 1", "unhighlight 1", "select 1", "primary 1"])
        log.events = []
        view.tapItem(at: IndexPath(item: 2, section: 0))
        #expect(log.events == ["highlight 2", "unhighlight 2", "select 2"], "the delegate refuses item 2's")
        log.events = []
        view.isEditing = true
        view.tapItem(at: IndexPath(item: 0, section: 0))
        #expect(log.events == ["highlight 0", "unhighlight 0", "select 0"], "not while editing")
    }

    @Test func aTableRowsTapDoesTheSame() {
        let (view, dataSource) = makeTableDataSource()
        let log = TapLog()
        view.delegate = log
        dataSource.apply(snapshotOf(["A": [0, 1]]))
        view.tapRow(at: IndexPath(item: 1, section: 0))
        #expect(log.events == ["highlight 1", "unhighlight 1", "select 1", "primary 1"])
    }
}
