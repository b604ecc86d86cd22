/// One line of a menu as the terminal and the browser show it: an action, a submenu (with its own
/// lines), or the title of an inline group. A view names a line back by its ``path``.
package struct MenuRow: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// An action: choosing it performs it.
        case action
        /// A submenu: choosing it opens ``MenuRow/children``.
        case submenu
        /// The title of an inline group: not chosen, only read.
        case title
    }

    package var kind: Kind
    package var title: String
    package var subtitle: String?
    package var image: String?
    package var state: MenuElement.State = .off
    package var isDestructive = false
    package var isDisabled = false
    /// Whether choosing it checks it and unchecks the others of its group (`.singleSelection`).
    package var isRadio = false
    /// Whether choosing it leaves the menu open (`.keepsMenuPresented`).
    package var keepsMenuPresented = false
    /// Whether a separator comes before the line: it starts an inline group, or follows one.
    package var startsGroup = false
    /// The element's place: the index among its menu's children of each menu on the way from the
    /// root, then its own.
    package var path: [Int]
    /// A submenu's lines.
    package var children: [MenuRow] = []
}

extension Menu {
    /// The lines the menu shows: its children in order, each inline menu's in its place between
    /// separators, a submenu as one line holding its own; hidden actions and empty menus left out.
    ///
    /// - Complexity: O(n) in the number of elements.
    package func rows() -> [MenuRow] { rows(under: []) }

    private func rows(under path: [Int]) -> [MenuRow] {
        var rows: [MenuRow] = []
        var afterGroup = false
        for (index, child) in children.enumerated() {
            let childPath = path + [index]
            if let action = child as? Action {
                guard !action.attributes.contains(.hidden) else { continue }
                rows.append(
                    MenuRow(
                        kind: .action, title: action.title, subtitle: action.subtitle, image: action.image,
                        state: action.state, isDestructive: action.attributes.contains(.destructive),
                        isDisabled: action.attributes.contains(.disabled),
                        isRadio: options.contains(.singleSelection),
                        keepsMenuPresented: action.attributes.contains(.keepsMenuPresented),
                        startsGroup: afterGroup && !rows.isEmpty, path: childPath))
                afterGroup = false
            } else if let menu = child as? Menu {
                let lines = menu.rows(under: childPath)
                guard !lines.isEmpty else { continue }
                if menu.options.isDisjoint(with: [.displayInline, .displayAsPalette]) {
                    rows.append(
                        MenuRow(
                            kind: .submenu, title: menu.title, subtitle: menu.subtitle, image: menu.image,
                            isDestructive: menu.options.contains(.destructive),
                            startsGroup: afterGroup && !rows.isEmpty, path: childPath, children: lines))
                    afterGroup = false
                    continue
                }
                var group = lines
                if !menu.title.isEmpty {
                    group.insert(
                        MenuRow(
                            kind: .title, title: menu.title, subtitle: menu.subtitle, image: menu.image,
                            isDestructive: menu.options.contains(.destructive), path: childPath), at: 0)
                }
                group[0].startsGroup = !rows.isEmpty
                rows += group
                afterGroup = true
            }
        }
        return rows
    }

    /// Whether a person would see anything in the menu.
    package var hasVisibleElements: Bool { !rows().isEmpty }

    /// The element at `path` (see ``MenuRow/path``), or `nil`.
    package func element(at path: [Int]) -> MenuElement? {
        var menu = self
        for (depth, index) in path.enumerated() {
            guard menu.children.indices.contains(index) else { return nil }
            let child = menu.children[index]
            if depth == path.count - 1 { return child }
            guard let submenu = child as? Menu else { return nil }
            menu = submenu
        }
        return nil
    }

    /// Chooses the action at `path` as a person does: in a `.singleSelection` menu it becomes the
    /// one checked, then it is performed with `sender`.
    ///
    /// - Returns: Whether the menu stays open (`.keepsMenuPresented`); `nil` when nothing at
    ///   `path` may be chosen (a hidden or disabled action, a submenu, nothing), and nothing was
    ///   done.
    package func choose(at path: [Int], sender: Any?) -> Bool? {
        guard let action = element(at: path) as? Action,
            action.attributes.isDisjoint(with: [.hidden, .disabled]),
            let parent = path.count == 1 ? self : element(at: Array(path.dropLast())) as? Menu
        else { return nil }
        if parent.options.contains(.singleSelection) {
            for case let sibling as Action in parent.children {
                sibling.state = sibling === action ? .on : .off
            }
        }
        action.performWithSender(sender, target: nil)
        return action.attributes.contains(.keepsMenuPresented)
    }

    /// Chooses the action at `path` as a pop-up menu does: it becomes the one selected element
    /// (state `.on`, every other action `.off`, whatever the menus' options), then it is performed
    /// with `sender`.
    ///
    /// - Returns: Whether the selection changed; `nil` when nothing at `path` may be chosen, and
    ///   nothing was done.
    package func chooseAsPopUp(at path: [Int], sender: Any?) -> Bool? {
        guard let action = element(at: path) as? Action,
            action.attributes.isDisjoint(with: [.hidden, .disabled])
        else { return nil }
        let changed = selectedElements.map(ObjectIdentifier.init) != [ObjectIdentifier(action)]
        for other in actions { other.state = other === action ? .on : .off }
        action.performWithSender(sender, target: nil)
        return changed
    }

    /// Every action, through inline groups and submenus.
    private var actions: [Action] {
        children.flatMap { child -> [Action] in
            if let menu = child as? Menu { return menu.actions }
            return (child as? Action).map { [$0] } ?? []
        }
    }
}
