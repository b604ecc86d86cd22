import DiffableTesting
import Foundation
import Testing

/// A delegate whose context menu for an item is Favorite, a Sort submenu of one choice, an inline
/// group with a hidden, a disabled and a destructive action; each action records its title.
@MainActor
private final class MenuDelegate: CollectionViewDelegate, TableViewDelegate {
    var performed: [String] = []
    var askedPoints: [CGPoint] = []

    func menu(for indexPath: IndexPath) -> Menu {
        let record: ActionHandler = { [weak self] action in self?.performed.append(action.title) }
        let sort = ["Name", "Date"].map {
            Action(title: $0, state: $0 == "Name" ? .on : .off, handler: record)
        }
        return Menu(children: [
            Action(title: "Favorite \(indexPath.item)", image: "♥", handler: record),
            Menu(title: "Sort", options: .singleSelection, children: sort),
            Menu(
                options: .displayInline,
                children: [
                    Action(title: "Secret", attributes: .hidden, handler: record),
                    Action(title: "Share", attributes: .disabled, handler: record),
                    Action(title: "Delete", attributes: .destructive, handler: record),
                ]),
        ])
    }

    func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        askedPoints.append(point)
        guard indexPath.item != 2 else { return nil }
        return ContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            self.menu(for: indexPath)
        }
    }

    func tableView(
        _ tableView: any DiffableTableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        ContextMenuConfiguration(actionProvider: { _ in self.menu(for: indexPath) })
    }
}

@MainActor
@Suite struct ContextMenuTests {
    @Test func theMenuShowsItsChildrenInlineGroupsBetweenSeparatorsAndNoHiddenAction() {
        let delegate = MenuDelegate()
        let rows = delegate.menu(for: IndexPath(item: 0, section: 0)).rows()
        #expect(rows.map(\.title) == ["Favorite 0", "Sort", "Share", "Delete"])
        #expect(rows.map(\.kind) == [.action, .submenu, .action, .action])
        #expect(rows.map(\.startsGroup) == [false, false, true, false])
        #expect(rows.map(\.path) == [[0], [1], [2, 1], [2, 2]])
        #expect(rows[2].isDisabled && rows[3].isDestructive && rows[0].image == "♥")
        #expect(rows[1].children.map(\.title) == ["Name", "Date"])
        #expect(rows[1].children.map(\.state) == [.on, .off] && rows[1].children.allSatisfy(\.isRadio))
    }

    @Test func anEmptyOrHiddenMenuIsNoMenu() {
        let hidden = ContextMenuConfiguration(actionProvider: { _ in
            Menu(children: [Action(title: "Gone", attributes: .hidden) { _ in }, Menu(title: "Empty")])
        })
        #expect(hidden.makeMenu() == nil)
        #expect(ContextMenuConfiguration().makeMenu() == nil, "no action provider")
    }

    @Test func aPersonChoosesInTheItemsMenuButNotAHiddenOrDisabledAction() {
        let (view, dataSource) = makeDataSource()
        let delegate = MenuDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        let menu = view.contextMenu(forItemAt: IndexPath(item: 1, section: 0), point: CGPoint(x: 3, y: 4))
        #expect(menu?.children.first?.title == "Favorite 1")
        #expect(delegate.askedPoints == [CGPoint(x: 3, y: 4)])
        #expect(view.contextMenu(forItemAt: IndexPath(item: 2, section: 0)) == nil, "the delegate gives none")
        #expect(view.chooseContextMenuAction(titled: "Favorite 0", forItemAt: IndexPath(item: 0, section: 0)))
        #expect(view.chooseContextMenuAction(titled: "Delete", forItemAt: IndexPath(item: 0, section: 0)))
        #expect(!view.chooseContextMenuAction(titled: "Share", forItemAt: IndexPath(item: 0, section: 0)))
        #expect(!view.chooseContextMenuAction(titled: "Secret", forItemAt: IndexPath(item: 0, section: 0)))
        #expect(delegate.performed == ["Favorite 0", "Delete"])
        withKnownIssue { _ = view.contextMenu(forItemAt: IndexPath(item: 5, section: 0)) }
    }

    @Test func choosingInASingleSelectionMenuChecksOnlyTheChoice() {
        let delegate = MenuDelegate()
        let menu = delegate.menu(for: IndexPath(item: 0, section: 0))
        #expect(menu.choose(at: [1, 1], sender: nil) == false, "the menu closes")
        #expect(delegate.performed == ["Date"])
        let sort = menu.children[1] as? Menu
        #expect(sort?.children.compactMap { ($0 as? Action)?.state } == [.off, .on])
        #expect(menu.choose(at: [1], sender: nil) == nil, "a submenu is opened, not chosen")
        #expect(menu.choose(at: [2, 1], sender: nil) == nil, "disabled")
        #expect(menu.choose(at: [7], sender: nil) == nil)
    }

    @Test func aTableRowHasItsMenuAndAnActionKnowsWhoPerformedIt() {
        let (table, dataSource) = makeTableDataSource()
        let delegate = MenuDelegate()
        table.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        #expect(table.contextMenu(forRowAt: IndexPath(item: 1, section: 0))?.children.count == 3)
        #expect(table.chooseContextMenuAction(titled: "Date", forRowAt: IndexPath(item: 1, section: 0)))
        #expect(delegate.performed == ["Date"])
        let action = Action(title: "Direct", attributes: .disabled) { _ in }
        action.performWithSender(table, target: nil)
        #expect(action.sender as? ValidatingTableView === table, "code may perform a disabled action")
        action.performWithSender("a shortcut", target: nil)
        #expect(action.sender as? String == "a shortcut", "a value is kept")
        do {
            let view = ValidatingTableView()
            action.performWithSender(view, target: nil)
        }
        #expect(action.sender == nil, "an object is held weakly")
    }
}
