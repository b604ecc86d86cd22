import DiffableTesting
import Foundation

// The port (ListPort.swift) on the validating view.

typealias PortCollectionView = ValidatingCollectionView
typealias PortListCell = ValidatingCollectionView.Cell

/// The view as the port's `configureHierarchy()` makes it, where UIKit writes
/// `UICollectionView(frame:collectionViewLayout: .list(using: configuration))`.
@MainActor
func makePortCollectionView(listConfiguration: CollectionLayoutListConfiguration) -> PortCollectionView {
    let view = ValidatingCollectionView()
    view.listConfiguration = listConfiguration
    return view
}

extension ValidatingView {
    /// The texts of the list content of the cells shown in a section, in order.
    func texts(inSection section: Int) -> [String] {
        visibleCells[section].compactMap { ($0.contentConfiguration as? ListContentConfiguration)?.text }
    }
}

/// The index of the action titled `title` among a configuration's.
@MainActor
func index(of title: String, in configuration: SwipeActionsConfiguration?) -> Int? {
    configuration?.actions.firstIndex { $0.title == title }
}

/// A person using the validating view: its simulated taps, swipes and menus.
@MainActor
struct PortPerson {
    let view: ValidatingCollectionView

    init(_ view: ValidatingCollectionView) { self.view = view }

    func texts(inSection section: Int) -> [String] { view.texts(inSection: section) }
    func headerText(inSection section: Int) -> String? {
        let header = view.supplementaryView(
            ofKind: ValidatingCollectionView.elementKindSectionHeader,
            at: IndexPath(item: 0, section: section))
        return (header?.contentConfiguration as? ListContentConfiguration)?.text
    }
    var summary: String? {
        (view.cell(at: IndexPath(item: 0, section: 0))?.contentConfiguration as? CountConfiguration).map {
            "\($0.title) \($0.count)"
        }
    }
    func tap(_ indexPath: IndexPath) { view.tapItem(at: indexPath) }
    func backgroundColor(at indexPath: IndexPath) -> TerminalColor? {
        view.cell(at: indexPath)?.backgroundConfiguration?.backgroundColor
    }
    func swipe(_ title: String, at indexPath: IndexPath) -> Bool {
        guard let index = index(of: title, in: view.swipeActionsConfiguration(forItemAt: indexPath)) else {
            return false
        }
        return view.swipeItem(at: indexPath, performing: index) == true
    }
    func chooseInContextMenu(_ title: String, at indexPath: IndexPath) -> Bool {
        view.chooseContextMenuAction(titled: title, forItemAt: indexPath)
    }
    func showsAccessory(_ kind: CellAccessory.Kind, at indexPath: IndexPath) -> Bool {
        guard let cell = view.cell(at: indexPath) else { return false }
        return cell.accessories.contains { $0.kind == kind && $0.isShown(in: cell.configurationState) }
    }
    var scrolledTo: IndexPath? { view.lastScrollToItem?.indexPath }
}

// The table port (TablePort.swift) on the validating table view.

typealias PortTableView = ValidatingTableView
typealias PortTableCell = ValidatingTableView.Cell
typealias PortHeaderView = ValidatingTableView.Cell

/// The table as the port makes it, where UIKit writes `UITableView(frame:style:)`.
@MainActor
func makePortTableView() -> PortTableView { ValidatingTableView() }

/// A person using the validating table.
@MainActor
struct PortTablePerson {
    let view: ValidatingTableView

    init(_ view: ValidatingTableView) { self.view = view }

    func texts(inSection section: Int) -> [String] { view.texts(inSection: section) }
    func headerText(inSection section: Int) -> String? {
        (view.headerView(forSection: section)?.contentConfiguration as? ListContentConfiguration)?.text
    }
    func tap(_ indexPath: IndexPath) { view.tapRow(at: indexPath) }
    func swipe(_ title: String, at indexPath: IndexPath) -> Bool {
        guard let index = index(of: title, in: view.swipeActionsConfiguration(forRowAt: indexPath)) else {
            return false
        }
        return view.swipeRow(at: indexPath, performing: index) == true
    }
    func deleteRow(at indexPath: IndexPath) { view.tapDeleteControl(at: indexPath) }
    var scrolledTo: IndexPath? { view.lastScrollToRow?.indexPath }
}
