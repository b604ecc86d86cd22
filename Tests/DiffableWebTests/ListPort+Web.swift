import Diffable
import Foundation

@testable import DiffableWeb

// The port (ListPort.swift) on the browser's collection view, driven by the messages a page
// sends.

typealias PortCollectionView = WebCollectionView
typealias PortListCell = WebListCell

/// The view as the port's `configureHierarchy()` makes it, where UIKit writes
/// `UICollectionView(frame:collectionViewLayout: .list(using: configuration))`, on a page.
@MainActor
func makePortCollectionView(listConfiguration: CollectionLayoutListConfiguration) -> PortCollectionView {
    let view = WebCollectionView(layout: .list(using: listConfiguration))
    view.setViewport(WebViewport(top: 0, height: 2_000, width: 800))
    view.outbound = { patch in
        if let target = patch.scrollTarget { portScrollTargetTop = target.top }
    }
    return view
}

/// Where the page was last told to scroll to: the top of an item, in pixels.
@MainActor private var portScrollTargetTop: Int?

/// A custom content configuration as the page shows it: the title, and the count as secondary
/// text, bold while selected.
extension CountConfiguration: WebContentConfiguration {
    func webContent() -> WebCellContent {
        var content = WebCellContent(style: .list)
        content.text = title
        content.secondaryText = "\(count)"
        content.secondaryTextPlacement = .trailing
        content.secondaryTextStyle = TextStyle(bold: isEmphasized)
        return content
    }
}

/// A person on the page: the messages a click, a swipe and a menu send.
@MainActor
struct PortPerson {
    let view: WebCollectionView

    init(_ view: WebCollectionView) { self.view = view }

    private func key(_ indexPath: IndexPath) -> Int? { view.state.items[indexPath]?.key }
    func texts(inSection section: Int) -> [String] {
        view.state.items.filter { $0.key.section == section }.sorted { $0.key < $1.key }.compactMap {
            $0.value.content.text
        }
    }
    func headerText(inSection section: Int) -> String? { view.state.headers[section]?.content.text }
    var summary: String? {
        view.state.items[IndexPath(item: 0, section: 0)].map {
            "\($0.content.text ?? "") \($0.content.secondaryText ?? "")"
        }
    }
    func tap(_ indexPath: IndexPath) {
        if let key = key(indexPath) { view.selectItem(key: key) }
    }
    func backgroundColor(at indexPath: IndexPath) -> TerminalColor? {
        view.state.items[indexPath]?.content.backgroundColor
    }
    func swipe(_ title: String, at indexPath: IndexPath) -> Bool {
        guard let key = key(indexPath),
            let index = view.swipeActions(at: indexPath).firstIndex(where: { $0.title == title })
        else { return false }
        view.performAction(key: key, index: index)
        return true
    }
    func chooseInContextMenu(_ title: String, at indexPath: IndexPath) -> Bool {
        guard let key = key(indexPath) else { return false }
        view.openContextMenu(key: key, x: 0, y: 0)
        guard let row = view.shownContextMenu?.menu.rows().first(where: { $0.title == title }) else {
            return false
        }
        view.chooseInContextMenu(key: key, path: row.path)
        return true
    }
    func showsAccessory(_ kind: CellAccessory.Kind, at indexPath: IndexPath) -> Bool {
        view.state.items[indexPath]?.content.accessories.contains {
            $0.kind == kind && $0.options.isHidden != true
        }
            ?? false
    }
    /// The item at the top the page was last told to scroll to.
    var scrolledTo: IndexPath? {
        guard let top = portScrollTargetTop,
            let section = view.frames.indices.last(where: { view.frames[$0].itemsTop <= top })
        else { return nil }
        let frame = view.frames[section]
        let item = (top - frame.itemsTop) / frame.itemHeight
        return frame.itemsTop + item * frame.itemHeight == top ? IndexPath(item: item, section: section) : nil
    }
}
