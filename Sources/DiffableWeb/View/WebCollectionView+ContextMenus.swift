import Diffable
import Foundation

extension WebCollectionView {
    /// The delegate's context menu configuration for an item.
    func contextMenuConfiguration(at path: IndexPath, point: CGPoint) -> ContextMenuConfiguration? {
        delegate?.collectionView(self, contextMenuConfigurationForItemsAt: [path], point: point)
    }

    /// The person asked for the context menu of the item whose element has `key`, at a point of
    /// the view: the menu the delegate gives goes to the page, which shows it where it was asked
    /// for; an empty one when there is none (the page then gives up its request).
    func openContextMenu(key: Int, x: Int, y: Int) {
        guard let path = indexPath(forKey: key) else { return }
        let menu = contextMenuConfiguration(at: path, point: CGPoint(x: x, y: y))?.makeMenu()
        shownContextMenu = menu.map { (key, $0) }
        var patch = WebPatch()
        updateWindow(&patch)
        patch.contextMenu = .init(key: key, rows: menu?.rows() ?? [])
        send(&patch)
    }

    /// The person chose the element at `path` in the open context menu of the item whose element
    /// has `key`. A choice that names another item's menu, or nothing that may be chosen (the
    /// page is behind, or the message is made up), is ignored. A menu that stays open
    /// (`.keepsMenuPresented`) is sent again, as choosing may have changed it.
    func chooseInContextMenu(key: Int, path: [Int]) {
        guard let open = shownContextMenu, open.key == key else { return }
        let keepsOpen =
            (open.menu.element(at: path) as? Action)?.attributes.contains(.keepsMenuPresented) == true
        if !keepsOpen { shownContextMenu = nil }
        guard open.menu.choose(at: path, sender: self) != nil, keepsOpen else { return }
        var patch = WebPatch()
        updateWindow(&patch)
        patch.contextMenu = .init(key: key, rows: open.menu.rows())
        send(&patch)
    }
}
