import DiffableTesting
import Foundation
import Testing

/// What accessory handlers, the delegate and the data source were told, in order.
@MainActor
private final class AccessoryLog: TableViewDelegate {
    var events: [String] = []

    func tableView(_ tableView: any DiffableTableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        events.append("detail button \(indexPath.item)")
    }
}

/// A collection data source that lets every item but 0 be edited.
private final class EditingDataSource: CollectionViewDiffableDataSource<String, Int> {
    override func collectionView(
        _ collectionView: any DiffableCollectionView, canEditItemAt indexPath: IndexPath
    )
        -> Bool
    { itemIdentifier(for: indexPath) != 0 }
}

/// A table data source that records the inserts committed.
private final class InsertingDataSource: TableViewDiffableDataSource<String, Int> {
    var commits: [String] = []

    override func tableView(
        _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        commits.append("\(editingStyle) \(indexPath.item)")
    }
}

@MainActor
@Suite("Cell accessories (UICellAccessory)")
struct CellAccessoryTests {
    @Test func theFactoriesHaveUIKitsShapesAndDefaults() {
        // As a UIKit list writes them, with the prefix deleted.
        let accessories: [CellAccessory] = [
            .delete(
                displayed: .whenEditing, options: .init(isHidden: false, tintColor: .red), actionHandler: {}),
            .insert(),
            .reorder(options: .init(showsVerticalSeparator: false)),
            .multiselect(),
            .outlineDisclosure(options: .init(style: .header)) {},
            .disclosureIndicator(),
            .checkmark(displayed: .whenNotEditing),
            .label(text: "3"),
            .detail(),
            .customView(configuration: .init(customView: "★", placement: .trailing(displayed: .always))),
        ]
        #expect(
            accessories.map(\.displayed) == [
                .whenEditing, .whenEditing, .whenEditing, .whenEditing, .always, .always, .whenNotEditing,
                .always,
                .always, .always,
            ])
        #expect(
            accessories[0] == .delete(options: .init(isHidden: false, tintColor: .red), actionHandler: {}))
        #expect(
            accessories[0] != .delete(options: .init(isHidden: false, tintColor: .red)), "a handler or none")
    }

    @Test func aCollectionViewInEditingModeShowsWhenEditingAccessoriesOfItemsItMayEdit() {
        let log = AccessoryLog()
        let view = ValidatingCollectionView()
        let registration = CellRegistration<ValidatingCollectionView.Cell, Int> { cell, _, item in
            cell.text = "item \(item)"
            cell.accessories = [
                .delete(actionHandler: { log.events.append("delete \(item)") }), .multiselect(),
                .outlineDisclosure(), .detail(),
            ]
        }
        let dataSource = EditingDataSource(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        dataSource.apply(snapshotOf(["A": [0, 1, 2]]))
        let first = IndexPath(item: 0, section: 0)
        let second = IndexPath(item: 1, section: 0)
        #expect(!view.tapAccessory(.delete, forItemAt: second), "shown only while editing")
        #expect(!view.tapAccessory(.outlineDisclosure, forItemAt: second), "no children")
        #expect(view.tapAccessory(.detail, forItemAt: second))
        view.isEditing = true
        #expect(!view.tapAccessory(.delete, forItemAt: first), "item 0 cannot be edited")
        #expect(view.tapAccessory(.delete, forItemAt: second))
        #expect(log.events == ["delete 1"])
        #expect(view.tapAccessory(.multiselect, forItemAt: second))
        #expect(view.selectedIndexPaths == [second], "a multiselect accessory taps the item")
        #expect(view.violations.isEmpty)
    }

    @Test func theOutlineDisclosuresStyleDecidesWhatATapOnTheCellDoes() {
        for (style, headerMode) in [
            (CellAccessory.OutlineDisclosureStyle.header, CollectionLayoutListConfiguration.HeaderMode.none),
            (.cell, .firstItemInSection), (.automatic, .firstItemInSection), (.automatic, .none),
        ] {
            let view = ValidatingCollectionView()
            view.listConfiguration = CollectionLayoutListConfiguration(appearance: .sidebar)
            view.listConfiguration?.headerMode = headerMode
            let registration = CellRegistration<ValidatingCollectionView.Cell, String> { cell, _, item in
                cell.text = item
                cell.accessories = [.outlineDisclosure(options: .init(style: style))]
            }
            let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
                view, indexPath, item in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
            }
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["Soups"])
            outline.append(["Leek soup"], to: "Soups")
            dataSource.apply(outline, to: 0, animatingDifferences: false)
            let soups = IndexPath(item: 0, section: 0)
            let togglesOnTap = style == .header || style == .automatic && headerMode == .firstItemInSection
            #expect(view.tapItem(at: soups))
            #expect(
                view.selectedIndexPaths.isEmpty == togglesOnTap,
                "\(style), \(headerMode): a header is not selected")
            #expect(view.outlineState(at: soups)?.isExpanded == togglesOnTap, "\(style), \(headerMode)")
            #expect(view.tapAccessory(.outlineDisclosure, forItemAt: soups), "the disclosure always toggles")
            #expect(view.outlineState(at: soups)?.isExpanded == !togglesOnTap)
            if togglesOnTap { view.tapAccessory(.outlineDisclosure, forItemAt: soups) }
            let leaf = IndexPath(item: 1, section: 0)
            #expect(view.tapItem(at: leaf))
            #expect(view.selectedIndexPaths.contains(leaf), "a leaf hides its disclosure and is selected")
        }
    }

    @Test func aTableRowsDetailTellsTheDelegateAndItsInsertCommits() {
        let log = AccessoryLog()
        let view = ValidatingTableView()
        view.delegate = log
        let registration = CellRegistration<ValidatingTableView.Cell, Int> { cell, _, item in
            cell.accessories = [.detail(), .insert()]
        }
        let dataSource = InsertingDataSource(tableView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        dataSource.apply(snapshotOf(["A": [0, 1]]))
        let second = IndexPath(item: 1, section: 0)
        #expect(view.tapAccessory(.detail, forRowAt: second))
        #expect(log.events == ["detail button 1"])
        #expect(!view.tapAccessory(.insert, forRowAt: second))
        view.setEditing(true, animated: false)
        #expect(view.tapAccessory(.insert, forRowAt: second))
        #expect(dataSource.commits == ["insert 1"])
    }
}

/// A delegate with a header view of its own for section 0.
@MainActor
private final class HeaderDelegate: TableViewDelegate {
    func tableView(_ tableView: any DiffableTableView, viewForHeaderInSection section: Int) -> AnyObject? {
        guard section == 0 else { return nil }
        let header = ValidatingTableView.Cell()
        header.text = "★ Favorites"
        return header
    }
}

@MainActor
@Suite("Table header views (viewForHeaderInSection)")
struct TableHeaderViewTests {
    @Test func theDelegatesViewReplacesTheTitleAndTheOthersKeepTheirs() {
        let (view, dataSource) = makeTableDataSource {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        let delegate = HeaderDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1], "B": [2]]))
        #expect(view.headerView(forSection: 0)?.text == "★ Favorites")
        #expect(view.headerView(forSection: 1)?.text == "B")
        #expect(view.footerView(forSection: 1)?.text == "1 players")
    }
}
