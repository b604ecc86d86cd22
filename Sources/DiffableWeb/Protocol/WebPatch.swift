import Diffable
import DiffableCells

/// What the data source and the layout add to an item's cell on the page.
struct ItemExtras: Hashable {
    /// The item's place in its section's outline, if the section has one.
    var outline: OutlineItemState?
    /// The swipe actions: leading ones first, then trailing ones.
    var actions: [ActionSummary] = []
    /// Whether the person may drag the item to another place.
    var isMovable = false
    /// Whether the item is drawn as its section's header (`headerMode = .firstItemInSection`).
    var isSectionHeader = false
    /// Whether the delegate gives the item a context menu: the page then keeps the browser's own
    /// menu for it, and tells assistive technology it has one.
    var hasContextMenu = false
    /// Whether the item's cell shows a pop-up menu accessory: a tap asks for its menu.
    var hasPopUpMenu = false
    /// The line below the row when it is not the list's plain one: hidden, or its colour and
    /// insets (`itemSeparatorHandler`).
    var separator: SeparatorSummary?

    /// The line below a row, as the page draws it.
    struct SeparatorSummary: Hashable {
        var isHidden: Bool
        /// Leading and trailing insets, in CSS pixels.
        var leading: Int
        var trailing: Int
        /// A colour as CSS (``TerminalColor/css``), or `nil` for the list's.
        var color: String?
    }

    /// A swipe action as the page shows it; the page names it back by its index.
    struct ActionSummary: Hashable {
        var title: String
        var isDestructive: Bool
        var key: Character?
        /// Whether a swipe toward the trailing edge reveals it (a leading action), rather than one
        /// toward the leading edge.
        var isLeading = false
        /// Whether a full swipe performs it: the first of its side, where the configuration's
        /// `performsFirstActionWithFullSwipe` says so.
        var performsOnFullSwipe = false
    }

    var json: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let outline {
            members.append(
                ("o", .ints([outline.level, outline.hasChildren ? 1 : 0, outline.isExpanded ? 1 : 0])))
        }
        if !actions.isEmpty {
            members.append(
                (
                    "x",
                    .array(
                        actions.map {
                            .object(
                                [
                                    ("title", .string($0.title)), ("destructive", .bool($0.isDestructive)),
                                    ("shortcut", .string($0.key.map { String($0) } ?? "")),
                                ] + ($0.isLeading ? [("lead", .bool(true))] : [])
                                    + ($0.performsOnFullSwipe ? [("full", .bool(true))] : []))
                        })
                ))
        }
        if isMovable { members.append(("movable", .bool(true))) }
        if isSectionHeader { members.append(("h", .bool(true))) }
        if hasContextMenu { members.append(("menu", .bool(true))) }
        if hasPopUpMenu { members.append(("pop", .bool(true))) }
        if let separator {
            members.append(
                (
                    "sep",
                    .object([
                        ("hidden", .bool(separator.isHidden)), ("leading", .int(separator.leading)),
                        ("trailing", .int(separator.trailing)), ("color", .string(separator.color ?? "")),
                    ])
                ))
        }
        return members
    }
}

/// One message to the page: a batch update, a change of what is on screen, or (``isReset``)
/// everything the page shows.
///
/// The page holds an element per section and per item on screen, each under a key. A patch lists
/// the operations of the update that touch those elements — the page performs exactly these as
/// DOM operations, one each — and then, for every section, the keys the section shows in order,
/// which also says where elements that scrolled in go.
struct WebPatch: Equatable {
    /// One section as the page lays it out after the patch.
    struct Section: Equatable {
        var key: Int
        var kind: String
        var appearance: String
        /// The list's background colour, as CSS; `nil` for the page's.
        var background: String? = nil
        var frame: WebSectionFrame
        /// The index of the first item with an element.
        var start: Int
        /// The keys of the items with elements, in order.
        var keys: [Int]
        /// The header's content, when it is new or changed.
        var header: WebCellContent?
        /// The footer's content, when it is new or changed.
        var footer: WebCellContent?
    }

    /// A reload, or an element replaced by another: the old key and the new one.
    struct Replacement: Equatable {
        var old: Int
        var new: Int
    }

    /// A reset's number on its connection (the page numbers each patch after it, one more than
    /// the last); 0 for a patch.
    var sequence = 0
    /// Whether the page discards everything and builds what the patch describes.
    var isReset = false
    /// Whether the page animates the changes.
    var isAnimated = false

    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var movedSections: [Int] = []
    var reloadedSections: [Replacement] = []
    var deletedItems: [Int] = []
    var insertedItems: [Int] = []
    var movedItems: [Int] = []
    var reloadedItems: [Replacement] = []
    var reconfiguredItems: [Int] = []
    /// Items whose elements leave because they scrolled out of the page's window: not operations
    /// of the update.
    var evictedItems: [Int] = []

    /// Every section, in order; `nil` when the patch leaves them as the page has them.
    var sections: [Section]? = []
    /// The content of every element the page must make or update, by key.
    var cells: [Int: WebCellContent] = [:]
    /// What changed about items besides their cells, by key (all of it for new elements).
    var extras: [Int: ItemExtras] = [:]
    /// The keys of the selected items that have elements.
    var selected: [Int] = []
    /// Page-level state sent with a reset: its title and whether it has a search field.
    var page: PageState?
    /// The name of the collection view the patch is for, when it is not the page's main one.
    var view: String?
    /// An item the page scrolls to show, from ``WebCollectionView/scrollToItem(at:at:animated:)``.
    var scrollTarget: ScrollTarget?
    /// The context menu the page asked for, or shows and must redraw; no lines: none to show.
    var contextMenu: ContextMenu?
    /// The collection's index titles, when they changed (empty: the index goes); a reset always
    /// carries them.
    var indexTitles: [String]?

    /// An item's context menu: the item's key and the menu's lines.
    struct ContextMenu: Equatable {
        var key: Int
        var rows: [MenuRow]
    }

    /// Where an item lies in the collection, in pixels from its top, and where the page puts it.
    struct ScrollTarget: Equatable {
        /// Where in the visible part the item goes; the raw value is what the page reads.
        enum Alignment: Int {
            /// The least scrolling that shows the item (none when it is on screen).
            case nearest = 0
            case top = 1
            case center = 2
            case bottom = 3
        }
        var top: Int
        var height: Int
        var alignment = Alignment.nearest
        var animated = false
    }

    /// The page's state sent with a reset.
    struct PageState: Equatable {
        var title: String
        var searchPlaceholder: String?
        var sessionID: String
        /// The page's other regions, described (see `WebPage+Regions.swift`).
        var regions: [JSONValue] = []
        /// The search field's text, when the server set it.
        var searchText: String?
    }

    /// The number of DOM operations the page performs for the update's operations: one per
    /// section or item operation that touches an element.
    var operationCount: Int {
        deletedSections.count + insertedSections.count + movedSections.count + reloadedSections.count
            + deletedItems.count + insertedItems.count + movedItems.count + reloadedItems.count
            + reconfiguredItems.count
    }

    /// Whether the patch changes nothing on the page.
    var isEmpty: Bool {
        !isReset && operationCount == 0 && evictedItems.isEmpty && cells.isEmpty && extras.isEmpty
            && contextMenu == nil
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("t", .string(isReset ? "reset" : "patch"))]
        if isReset { members.append(("seq", .int(sequence))) }
        if let view { members.append(("region", .string(view))) }
        if isAnimated { members.append(("anim", .bool(true))) }
        members.append(("n", .int(operationCount)))
        if let page {
            var state: [(String, JSONValue)] = [
                ("title", .string(page.title)), ("session", .string(page.sessionID)),
            ]
            if let placeholder = page.searchPlaceholder { state.append(("search", .string(placeholder))) }
            if !page.regions.isEmpty { state.append(("regions", .array(page.regions))) }
            if let text = page.searchText { state.append(("q", .string(text))) }
            members.append(("page", .object(state)))
        }
        var operations: [(String, JSONValue)] = []
        func add(_ name: String, _ keys: [Int]) {
            if !keys.isEmpty { operations.append((name, .ints(keys))) }
        }
        func add(_ name: String, _ pairs: [Replacement]) {
            if !pairs.isEmpty { operations.append((name, .array(pairs.map { .ints([$0.old, $0.new]) }))) }
        }
        add("sd", deletedSections)
        add("si", insertedSections)
        add("sm", movedSections)
        add("sr", reloadedSections)
        add("d", deletedItems)
        add("i", insertedItems)
        add("m", movedItems)
        add("r", reloadedItems)
        add("c", reconfiguredItems)
        add("e", evictedItems)
        if !operations.isEmpty { members.append(("ops", .object(operations))) }
        if let sections { members.append(("secs", .array(sections.map(\.json)))) }
        let keys = Set(cells.keys).union(extras.keys).sorted()
        if !keys.isEmpty {
            members.append(
                (
                    "cells",
                    .object(
                        keys.map { key in
                            var cell: [(String, JSONValue)] = []
                            if let content = cells[key] { cell.append(("c", content.json)) }
                            // Extras go whole; with none on, `e` says so (what is left out is off).
                            if let extras = extras[key] {
                                cell += extras.json.isEmpty ? [("e", .int(1))] : extras.json
                            }
                            return (String(key), .object(cell))
                        })
                ))
        }
        members.append(("sel", .ints(selected)))
        if let target = scrollTarget {
            members.append(
                (
                    "scroll",
                    .ints([target.top, target.height, target.alignment.rawValue, target.animated ? 1 : 0])
                ))
        }
        if let indexTitles { members.append(("ix", .array(indexTitles.map(JSONValue.string)))) }
        if let contextMenu {
            members.append(
                (
                    "menu",
                    .object([("k", .int(contextMenu.key)), ("items", .array(contextMenu.rows.map(\.json)))])
                ))
        }
        return .object(members)
    }
}

extension MenuRow {
    /// The line as the page reads it: its kind, texts, state, look and path; a submenu's lines
    /// under `items`. Members that are off are left out.
    var json: JSONValue {
        let kindName =
            switch kind {
            case .action: "action"
            case .submenu: "submenu"
            case .title: "title"
            }
        var members: [(String, JSONValue)] = [
            ("kind", .string(kindName)), ("title", .string(title)), ("path", .ints(path)),
        ]
        if let subtitle { members.append(("subtitle", .string(subtitle))) }
        if let image { members.append(("image", .string(image))) }
        switch state {
        case .on: members.append(("state", .string("on")))
        case .mixed: members.append(("state", .string("mixed")))
        case .off: break
        }
        if isDestructive { members.append(("destructive", .bool(true))) }
        if isDisabled { members.append(("disabled", .bool(true))) }
        if isRadio { members.append(("radio", .bool(true))) }
        if keepsMenuPresented { members.append(("keeps", .bool(true))) }
        if startsGroup { members.append(("group", .bool(true))) }
        if kind == .submenu { members.append(("items", .array(children.map(\.json)))) }
        return .object(members)
    }
}

extension WebPatch.Section {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("k", .int(key)), ("kind", .string(kind)), ("look", .string(appearance)),
            ("gap", .int(frame.gap)), ("hh", .int(frame.headerHeight)), ("fh", .int(frame.footerHeight)),
            ("ih", .int(frame.itemHeight)), ("iw", .int(frame.itemWidth)), ("cols", .int(frame.columns)),
            ("count", .int(frame.itemCount)), ("height", .int(frame.itemsHeight)), ("start", .int(start)),
            ("keys", .ints(keys)),
        ]
        if let background { members.append(("bg", .string(background))) }
        if let header { members.append(("header", header.json)) }
        if let footer { members.append(("footer", footer.json)) }
        return .object(members)
    }
}
