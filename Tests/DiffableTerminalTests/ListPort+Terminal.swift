import Diffable
import Foundation

@testable import DiffableTerminal

// The port (ListPort.swift) on the terminal collection view.

typealias PortCollectionView = TerminalCollectionView
typealias PortListCell = TerminalListCell

/// The view as the port's `configureHierarchy()` makes it, where UIKit writes
/// `UICollectionView(frame:collectionViewLayout: .list(using: configuration))`.
@MainActor
func makePortCollectionView(listConfiguration: CollectionLayoutListConfiguration) -> PortCollectionView {
    let view = TerminalCollectionView(layout: .list(using: listConfiguration), width: 40, height: 24)
    view.animationFrameCount = 0
    return view
}

/// A custom content configuration drawn in the terminal: the title, and the count after it.
extension CountConfiguration: TerminalContentConfiguration {
    func makeContentView() -> any TerminalCellContentView { CountContentView(configuration: self) }
}

/// Draws a ``CountConfiguration`` into a terminal cell.
@MainActor
final class CountContentView: TerminalCellContentView {
    var configuration: any ContentConfiguration

    init(configuration: any ContentConfiguration) { self.configuration = configuration }

    func draw(in buffer: inout ScreenBuffer, frame: ScreenRect, style: TextStyle) {
        guard let count = configuration as? CountConfiguration else { return }
        var number = style
        number.bold = count.isEmphasized
        buffer.write(count.title, x: frame.x, y: frame.y, style: style, maxWidth: frame.width)
        let text = "\(count.count)"
        buffer.write(
            text, x: frame.x + frame.width - text.count, y: frame.y, style: number, maxWidth: text.count)
    }
}

/// A person at the terminal: arrows, Enter, keys, F10, reading the screen's cells.
@MainActor
struct PortPerson {
    let view: TerminalCollectionView

    init(_ view: TerminalCollectionView) { self.view = view }

    private func cell(at indexPath: IndexPath) -> TerminalCell? {
        _ = view.render()
        return view.cellForItem(at: indexPath)
    }
    func texts(inSection section: Int) -> [String] {
        (0..<view.numberOfItems(inSection: section)).compactMap {
            (cell(at: IndexPath(item: $0, section: section))?.contentConfiguration
                as? ListContentConfiguration)?.text
        }
    }
    func headerText(inSection section: Int) -> String? {
        _ = view.render()
        return (view.indexed.headers[section]?.contentConfiguration as? ListContentConfiguration)?.text
    }
    var summary: String? {
        guard view.screenText.contains("Fruits") else { return nil }
        return (cell(at: IndexPath(item: 0, section: 0))?.contentConfiguration as? CountConfiguration).map {
            "\($0.title) \($0.count)"
        }
    }
    func tap(_ indexPath: IndexPath) {
        view.scrollToItem(at: indexPath, at: [], animated: false)
        view.handle(.enter)
    }
    func backgroundColor(at indexPath: IndexPath) -> TerminalColor? {
        cell(at: indexPath)?.backgroundConfiguration?.backgroundColor
    }
    func swipe(_ title: String, at indexPath: IndexPath) -> Bool {
        view.scrollToItem(at: indexPath, at: [], animated: false)
        guard let key = view.swipeActionsForFocusedItem().first(where: { $0.title == title })?.key else {
            return false
        }
        return view.handle(.character(key))
    }
    func chooseInContextMenu(_ title: String, at indexPath: IndexPath) -> Bool {
        view.scrollToItem(at: indexPath, at: [], animated: false)
        guard view.handle(.function(10)), let letter = title.lowercased().first else { return false }
        view.handle(.character(letter))
        view.handle(.enter)
        return !view.isShowingContextMenu
    }
    func showsAccessory(_ kind: CellAccessory.Kind, at indexPath: IndexPath) -> Bool {
        guard let cell = cell(at: indexPath) as? TerminalListCell else { return false }
        return cell.accessories.contains { $0.kind == kind && $0.isShown(in: cell.configurationState) }
    }
    var scrolledTo: IndexPath? { view.focusedIndexPath }
}

// The table port (TablePort.swift) on the terminal table view.

typealias PortTableView = TerminalTableView
typealias PortTableCell = TerminalListCell
typealias PortHeaderView = TerminalListCell

/// The table as the port makes it, where UIKit writes `UITableView(frame:style:)`.
@MainActor
func makePortTableView() -> PortTableView {
    let view = TerminalTableView(style: .plain, width: 40, height: 12)
    view.animationFrameCount = 0
    return view
}

/// A person at the terminal, using the table.
@MainActor
struct PortTablePerson {
    let view: TerminalTableView

    init(_ view: TerminalTableView) { self.view = view }

    func texts(inSection section: Int) -> [String] {
        _ = view.render()
        return (0..<view.numberOfRows(inSection: section)).compactMap {
            ((view.cellForRow(at: IndexPath(item: $0, section: section)) as? TerminalListCell)?
                .contentConfiguration
                as? ListContentConfiguration)?.text
        }
    }
    func headerText(inSection section: Int) -> String? {
        _ = view.render()
        return (view.rows.indexed.headers[section]?.contentConfiguration as? ListContentConfiguration)?.text
    }
    func tap(_ indexPath: IndexPath) {
        view.scrollToRow(at: indexPath, at: .none, animated: false)
        view.handle(.enter)
    }
    func swipe(_ title: String, at indexPath: IndexPath) -> Bool {
        view.scrollToRow(at: indexPath, at: .none, animated: false)
        guard let key = view.rows.swipeActionsForFocusedItem().first(where: { $0.title == title })?.key else {
            return false
        }
        return view.handle(.character(key))
    }
    func deleteRow(at indexPath: IndexPath) {
        view.scrollToRow(at: indexPath, at: .none, animated: false)
        view.handle(.delete)
    }
    var scrolledTo: IndexPath? { view.focusedIndexPath }
}
