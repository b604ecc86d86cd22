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
        shownContextMenu = menu.map { (key, $0, nil) }
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
        if let popUp = open.popUp {
            // The accessory shows the new selection: its item's content goes again.
            guard popUp.choosePopUpElement(at: path, sender: self), let item = indexPath(forKey: key) else {
                return
            }
            var patch = WebPatch()
            updateWindow(&patch)
            resendContent(of: [item], into: &patch)
            if keepsOpen { patch.contextMenu = .init(key: key, rows: open.menu.rows()) }
            send(&patch)
            return
        }
        guard open.menu.choose(at: path, sender: self) != nil, keepsOpen else { return }
        var patch = WebPatch()
        updateWindow(&patch)
        patch.contextMenu = .init(key: key, rows: open.menu.rows())
        send(&patch)
    }

    /// The pop-up menu accessory the cell of the item at `path` shows, if any.
    func popUpMenu(of cell: WebCell, at path: IndexPath) -> CellAccessory? {
        (cell as? WebListCell)?.accessories.shownPopUpMenu(in: configurationState(at: path))
    }

    /// The pop-up menu accessory the item's cell shows, if it is on the page.
    func popUpMenu(at path: IndexPath) -> CellAccessory? {
        state.items[path].flatMap { popUpMenu(of: $0.cell, at: path) }
    }

    /// The person tapped the item whose element has `key`, whose cell shows a pop-up menu
    /// accessory: its menu goes to the page, which shows it where the tap was (and an empty one
    /// when the cell has no pop-up now, so the page gives up its request).
    func openPopUpMenu(key: Int, x: Int, y: Int) {
        guard let path = indexPath(forKey: key) else { return }
        let popUp = popUpMenu(at: path)
        let menu = popUp?.menu.flatMap { $0.hasVisibleElements ? $0 : nil }
        shownContextMenu = menu.map { (key, $0, popUp) }
        var patch = WebPatch()
        updateWindow(&patch)
        patch.contextMenu = .init(key: key, rows: menu?.rows() ?? [])
        send(&patch)
    }
}
