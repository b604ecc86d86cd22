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
        present(
            contextMenuConfiguration(at: path, point: CGPoint(x: x, y: y))?.makeMenu(), popUp: nil, key: key)
    }

    /// Sends the page a menu for the item whose element has `key` (no lines: none to show) and
    /// keeps it as the open one, a pop-up menu accessory's when `popUp` is given.
    private func present(_ menu: Menu?, popUp: CellAccessory?, key: Int) {
        shownContextMenu = menu.map { (key, $0, popUp) }
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
        let performed =
            open.popUp.map { $0.choosePopUpElement(at: path, sender: self) }
            ?? (open.menu.choose(at: path, sender: self) != nil)
        // A pop-up's accessory shows the new selection: its item's content goes again.
        let changedItem = open.popUp == nil ? nil : indexPath(forKey: key)
        guard performed, keepsOpen || changedItem != nil else { return }
        var patch = WebPatch()
        updateWindow(&patch)
        if let changedItem { resendContent(of: [changedItem], into: &patch) }
        if keepsOpen { patch.contextMenu = .init(key: key, rows: open.menu.rows()) }
        send(&patch)
    }

    /// The pop-up menu accessory the cell of the item at `path` shows, if any.
    func popUpMenu(of cell: WebCell, at path: IndexPath) -> CellAccessory? {
        popUpMenu(of: cell, in: configurationState(at: path))
    }

    /// The pop-up menu accessory a cell shows in an item's configuration state, if any.
    func popUpMenu(of cell: WebCell, in state: @autoclosure () -> CellConfigurationState) -> CellAccessory? {
        (cell as? WebListCell)?.accessories.shownPopUpMenu(in: state())
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
        present(popUp?.menu.flatMap { $0.hasVisibleElements ? $0 : nil }, popUp: popUp, key: key)
    }
}
