import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// What the accessories' handlers and the table's delegate were told, in order.
@MainActor
private final class AccessoryLog: TableViewDelegate {
    var events: [String] = []

    func tableView(_ tableView: any DiffableTableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        events.append("detail button \(indexPath.item)")
    }
}

/// A data source whose item "Locked" cannot be edited.
private final class LockingDataSource: CollectionViewDiffableDataSource<Int, String> {
    override func collectionView(
        _ collectionView: any DiffableCollectionView, canEditItemAt indexPath: IndexPath
    )
        -> Bool
    { itemIdentifier(for: indexPath) != "Locked" }
}

@MainActor
@Suite("Cell accessories, in the terminal")
struct TerminalCellAccessoryTests {
    /// A list whose rows have a delete accessory and a detail one with handlers, a multiselect
    /// one, and a label shown only when not editing.
    private func makeView(_ log: AccessoryLog) -> (TerminalCollectionView, LockingDataSource) {
        let view = TerminalCollectionView(
            layout: .list(using: .init(appearance: .plain)), width: 24, height: 4)
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> {
            cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
            cell.accessories = [
                .delete(actionHandler: { log.events.append("delete \(name)") }),
                .multiselect(),
                .detail(actionHandler: { log.events.append("detail \(name)") }),
                .label(text: "new", displayed: .whenNotEditing),
            ]
        }
        let dataSource = LockingDataSource(collectionView: view) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Apple", "Locked"])
        dataSource.apply(snapshot, animatingDifferences: false)
        return (view, dataSource)
    }

    @Test func editingShowsTheWhenEditingAccessoriesOfTheItemsThatMayBeEdited() {
        let log = AccessoryLog()
        let (view, dataSource) = makeView(log)
        #expect(view.screenText == "Apple              ⓘ new\nLocked             ⓘ new")
        view.isEditing = true
        #expect(
            view.screenText == "⊖ ○ Apple              ⓘ\nLocked             ⓘ new", "Locked cannot be edited"
        )
        _ = dataSource
    }

    @Test func aClickOnAnAccessoryRunsItsHandlerAndElsewhereSelects() {
        let log = AccessoryLog()
        let (view, dataSource) = makeView(log)
        view.isEditing = true
        view.handle(MouseEvent(.press(.left), x: 0, y: 0))
        view.handle(MouseEvent(.release(.left), x: 0, y: 0))
        view.handle(MouseEvent(.press(.left), x: 19, y: 1))  // Locked is not editing: ⓘ new
        view.handle(MouseEvent(.release(.left), x: 19, y: 1))
        #expect(log.events == ["delete Apple", "detail Locked"])
        #expect(view.selectedIndexPaths.isEmpty, "an accessory's click is not a tap on the item")
        view.handle(MouseEvent(.press(.left), x: 2, y: 0))
        view.handle(MouseEvent(.release(.left), x: 2, y: 0))
        #expect(view.selectedIndexPaths == [IndexPath(item: 0, section: 0)], "a multiselect accessory taps")
        #expect(view.screenText.hasPrefix("⊖ ● Apple"))
        _ = dataSource
    }

    @Test func keysPressTheFocusedItemsAccessoriesAsClicksDo() {
        let log = AccessoryLog()
        let (view, dataSource) = makeView(log)
        view.handle(.character("i"))  // the focus goes to Apple first
        #expect(view.helpItems.contains("i detail") && !view.helpItems.contains("⌫ delete"))
        #expect(!view.handle(.delete), "the delete accessory shows only while editing")
        view.isEditing = true
        #expect(view.helpItems.contains("⌫ delete"))
        view.handle(.backspace)
        view.handle(.down)
        #expect(!view.handle(.delete), "Locked cannot be edited: no delete accessory")
        #expect(log.events == ["detail Apple", "delete Apple"])
        _ = dataSource
    }

    @Test func aTablesDetailAccessoryWithoutAHandlerTellsTheDelegate() {
        let log = AccessoryLog()
        let table = TerminalTableView(style: .plain, width: 20, height: 4)
        table.animationFrameCount = 0
        table.delegate = log
        let registration = TerminalTableView.CellRegistration<TerminalListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
            cell.accessories = [.detail()]
        }
        let dataSource = TableViewDiffableDataSource<Int, String>(tableView: table) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Apple", "Pear"])
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(table.screenText == "Apple              ⓘ\nPear               ⓘ")
        table.click(x: 19, y: 1)
        #expect(log.events == ["detail button 1"], "\(table.screenText)")
    }

    @Test func optionsHideTintAndKeepWidth() {
        var state = CellConfigurationState()
        let hidden = CellAccessory.checkmark(options: .init(isHidden: true, reservedLayoutWidth: .custom(3)))
        #expect(!hidden.isShown(in: state))
        #expect(hidden.reservedWidth(in: state) == 3)
        #expect(
            CellAccessory.label(text: "abc", options: .init(isHidden: true, reservedLayoutWidth: .actual))
                .reservedWidth(in: state) == 0)
        #expect(CellAccessory.detail(options: .init(tintColor: .magenta)).glyphStyle.foreground == .magenta)
        #expect(!CellAccessory.outlineDisclosure().isShown(in: state), "no children, no disclosure")
        state.hasChildren = true
        #expect(CellAccessory.outlineDisclosure().isShown(in: state))
        #expect(!CellAccessory.reorder().isShown(in: state), "reorder shows while editing")
        state.isEditing = true
        #expect(CellAccessory.reorder().isShown(in: state))
    }
}

/// Records the primary actions performed.
@MainActor
private final class PrimaryActionLog: CollectionViewDelegate {
    var performed: [Int] = []

    func collectionView(
        _ collectionView: any DiffableCollectionView, performPrimaryActionForItemAt indexPath: IndexPath
    ) {
        performed.append(indexPath.item)
    }
}

@MainActor
@Suite("A terminal item's primary action")
struct TerminalPrimaryActionTests {
    @Test func enterAndAClickPerformIt() {
        let (view, dataSource) = makeListView(width: 30, height: 8)
        let log = PrimaryActionLog()
        view.delegate = log
        dataSource.apply(listSnapshot([["Apple", "Pear"]]), animatingDifferences: false)
        view.focusedIndexPath = IndexPath(item: 1, section: 0)
        view.handle(.enter)
        #expect(log.performed == [1])
        _ = view.render()
        view.handle(MouseEvent(.press(.left), x: 3, y: 1))
        view.handle(MouseEvent(.release(.left), x: 3, y: 1))
        #expect(log.performed == [1, 0])
    }
}
