import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A delegate whose menu for an item is Favorite, a Sort submenu of one choice, and a group with a
/// disabled Share and a destructive Delete, which deletes the item from the data source.
@MainActor
private final class MenuDelegate: CollectionViewDelegate, TableViewDelegate {
    var performed: [String] = []
    var points: [CGPoint] = []
    var sortedBy = "Name"
    var delete: (IndexPath) -> Void = { _ in }

    func menu(for indexPath: IndexPath) -> Menu {
        let sort = ["Name", "Date"].map { key in
            Action(title: key, state: key == sortedBy ? .on : .off) { [weak self] _ in
                self?.sortedBy = key
                self?.performed.append("sort \(key)")
            }
        }
        return Menu(children: [
            Action(title: "Favorite", image: "♥") { [weak self] action in
                self?.performed.append("favorite \(indexPath.item)")
                #expect(action.sender != nil)
            },
            Menu(title: "Sort", options: .singleSelection, children: sort),
            Menu(
                options: .displayInline,
                children: [
                    Action(title: "Share", attributes: .disabled) { [weak self] _ in
                        self?.performed.append("share")
                    },
                    Action(title: "Delete", attributes: .destructive) { [weak self] _ in
                        self?.performed.append("delete \(indexPath.item)")
                        self?.delete(indexPath)
                    },
                ]),
        ])
    }

    func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        points.append(point)
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
@Suite("Context menus, in the terminal")
struct TerminalContextMenuTests {
    private typealias Fixture = (
        view: TerminalCollectionView, dataSource: CollectionViewDiffableDataSource<Int, String>,
        delegate: MenuDelegate
    )

    private func makeView() -> Fixture {
        let (view, dataSource) = makeListView(width: 30, height: 12)
        let delegate = MenuDelegate()
        view.delegate = delegate
        dataSource.apply(listSnapshot([["Apple", "Pear", "Plum"]]), animatingDifferences: false)
        delegate.delete = { path in
            var snapshot = dataSource.snapshot()
            if let item = dataSource.itemIdentifier(for: path) { snapshot.deleteItems([item]) }
            dataSource.apply(snapshot, animatingDifferences: false)
        }
        return (view, dataSource, delegate)
    }

    @Test func f10OpensTheFocusedItemsMenuUnderItAndTheKeysAreTheMenus() {
        let (view, _, delegate) = makeView()
        view.handle(.down)
        #expect(view.helpItems.contains("F10 menu"))
        #expect(view.handle(.function(10)))
        #expect(view.isShowingContextMenu)
        let screen = view.render().text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            screen.prefix(10).joined(separator: "\n") == """
                Section 0
                Apple
                Pear
                Pl╭──────────────╮
                  │   ♥ Favorite │
                  │   Sort  ›    │
                  ├──────────────┤
                  │   Share      │
                  │   Delete     │
                  ╰──────────────╯
                """, "below the focused row, over the rows after it")
        #expect(delegate.points.last == CGPoint(x: 2, y: 2), "at the focused row, in the view's coordinates")
        #expect(view.helpItems == ["↑↓ move", "⏎ choose", "esc close"])
        view.handle(.character("q"))
        #expect(view.isShowingContextMenu, "a key that means nothing in the menu is still the menu's")
        view.handle(.enter)
        #expect(!view.isShowingContextMenu && delegate.performed == ["favorite 1"])
    }

    @Test func aSubmenuOpensInPlaceAndASingleSelectionChoiceIsChecked() {
        let (view, _, delegate) = makeView()
        view.handle(.function(10))
        view.handle(.down)
        view.handle(.right)
        #expect(view.helpItems.contains("← back"))
        let submenu = view.render().text
        #expect(submenu.contains("‹ Sort") && submenu.contains("✓ Name") && !submenu.contains("Favorite"))
        view.handle(.down)
        view.handle(.enter)
        #expect(delegate.performed == ["sort Date"] && !view.isShowingContextMenu)
        view.handle(.function(10))
        view.handle(.character("s"))
        view.handle(.enter)
        #expect(view.render().text.contains("✓ Date"), "the menu is built again, from the delegate")
        view.handle(.left)
        #expect(view.render().text.contains("Favorite"))
        view.handle(.escape)
        #expect(!view.isShowingContextMenu)
    }

    @Test func aDisabledActionIsReadButNotChosenAndADestructiveOneDeletes() {
        let (view, dataSource, delegate) = makeView()
        view.handle(.function(10))
        view.handle(.up)  // wraps round to Delete
        view.handle(.up)  // Share
        view.handle(.enter)
        #expect(view.isShowingContextMenu && delegate.performed.isEmpty)
        view.handle(.down)
        view.handle(.enter)
        #expect(delegate.performed == ["delete 0"])
        #expect(dataSource.snapshot().itemIdentifiers == ["Pear", "Plum"])
        #expect(!view.render().text.contains("╭"))
    }

    @Test func theRightButtonOpensTheMenuWhereItIsPressedAndAClickOutsideClosesIt() {
        let (view, _, delegate) = makeView()
        #expect(view.handle(MouseEvent(.press(.right), x: 5, y: 3)))
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
        #expect(delegate.points.last == CGPoint(x: 5, y: 3))
        let screen = view.render().text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(screen[4].hasPrefix("     ╭"), "below the row pressed, from the column pressed")
        view.handle(MouseEvent(.press(.left), x: 8, y: 5))
        view.handle(MouseEvent(.release(.left), x: 8, y: 5))
        #expect(delegate.performed == ["favorite 2"] && !view.isShowingContextMenu)
        view.handle(MouseEvent(.press(.right), x: 5, y: 1))
        view.handle(MouseEvent(.press(.left), x: 0, y: 0))
        #expect(!view.isShowingContextMenu && delegate.performed.count == 1)
    }

    @Test func aTableAsksItsDelegateForTheRowsMenu() {
        let (table, _) = makeGroceryTable(style: .plain)
        let delegate = MenuDelegate()
        table.delegate = delegate
        #expect(table.helpItems.contains("F10 menu"))
        table.handle(.function(10))
        #expect(table.helpItems == ["↑↓ move", "⏎ choose", "esc close"])
        table.handle(.character("d"))  // jumps to Delete, does not delete the row with the key
        table.handle(.enter)
        #expect(delegate.performed == ["delete 0"])
    }

    @Test func noMenuWithoutADelegateOrWithNothingToShow() {
        let (view, dataSource) = makeListView()
        dataSource.apply(listSnapshot([["Apple"]]), animatingDifferences: false)
        #expect(!view.handle(.function(10)) && !view.helpItems.contains("F10 menu"))
    }
}
