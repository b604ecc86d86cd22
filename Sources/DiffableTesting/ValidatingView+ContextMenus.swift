import DiffableCells
import Foundation

/// Context menus as a person opens them (a long press, a right-click) and chooses in them.
extension ValidatingView {
    /// The menu built from the delegate's configuration, or `nil` when the index path has no item
    /// (a failure) or the delegate gives no menu a person could see.
    func contextMenu(
        at indexPath: IndexPath, configuration: (IndexPath) -> ContextMenuConfiguration?
    ) -> Menu? {
        guard slot(at: indexPath) != nil else { return nil }
        return configuration(indexPath)?.makeMenu()
    }

    /// Chooses the action titled `title` in `menu`, looking through submenus and inline groups.
    func choose(_ title: String, in menu: Menu?) -> Bool {
        guard let menu, let path = Self.path(of: title, in: menu.rows()) else { return false }
        return menu.choose(at: path, sender: self) != nil
    }

    /// The menu a tap on the cell at `indexPath` opens: its pop-up menu accessory's, or `nil`
    /// when it shows none. An index path the view does not have is a failure.
    public func popUpMenu(at indexPath: IndexPath) -> Menu? {
        shownAccessory(.popUpMenu, at: indexPath)?.menu
    }

    /// Taps the cell at `indexPath` and chooses the action titled `title` in its pop-up menu, as a
    /// person does: the action becomes the menu's selected element and is performed, and the
    /// accessory's `selectedElementDidChangeHandler` hears of a changed selection; a hidden or
    /// disabled action cannot be chosen.
    ///
    /// - Returns: Whether an action was performed.
    @discardableResult
    public func choosePopUpMenuElement(titled title: String, at indexPath: IndexPath) -> Bool {
        guard let popUp = shownAccessory(.popUpMenu, at: indexPath), let menu = popUp.menu,
            let path = Self.path(of: title, in: menu.rows())
        else { return false }
        return popUp.choosePopUpElement(at: path, sender: self)
    }

    private static func path(of title: String, in rows: [MenuRow]) -> [Int]? {
        for row in rows {
            if row.kind == .action && row.title == title { return row.path }
            if let path = path(of: title, in: row.children) { return path }
        }
        return nil
    }
}

extension ValidatingCollectionView {
    /// Opens an item's context menu, as a long press or a right-click at `point` does: the menu
    /// built from the delegate's `contextMenuConfigurationForItemsAt` (for this one item), or
    /// `nil` when it gives none. An index path the view does not have is a failure.
    public func contextMenu(forItemAt indexPath: IndexPath, point: CGPoint = .zero) -> Menu? {
        contextMenu(at: indexPath) {
            delegate?.collectionView(self, contextMenuConfigurationForItemsAt: [$0], point: point)
        }
    }

    /// Opens an item's context menu and chooses the action titled `title`, in a submenu or an
    /// inline group if need be, as a person does: a hidden or disabled action cannot be chosen;
    /// in a `.singleSelection` menu the action chosen becomes the one checked.
    ///
    /// - Returns: Whether an action was performed.
    @discardableResult
    public func chooseContextMenuAction(titled title: String, forItemAt indexPath: IndexPath) -> Bool {
        choose(title, in: contextMenu(forItemAt: indexPath))
    }
}

extension ValidatingTableView {
    /// Opens a row's context menu, as a long press or a right-click at `point` does: the menu
    /// built from the delegate's `contextMenuConfigurationForRowAt`, or `nil` when it gives none.
    /// An index path the view does not have is a failure.
    public func contextMenu(forRowAt indexPath: IndexPath, point: CGPoint = .zero) -> Menu? {
        contextMenu(at: indexPath) {
            delegate?.tableView(self, contextMenuConfigurationForRowAt: $0, point: point)
        }
    }

    /// Opens a row's context menu and chooses the action titled `title`, as
    /// ``ValidatingCollectionView/chooseContextMenuAction(titled:forItemAt:)`` does for an item.
    ///
    /// - Returns: Whether an action was performed.
    @discardableResult
    public func chooseContextMenuAction(titled title: String, forRowAt indexPath: IndexPath) -> Bool {
        choose(title, in: contextMenu(forRowAt: indexPath))
    }
}
