import DiffableCells
import Foundation

/// Where a page shows a region: a column beside its collection view, a bar over it, or a dialog
/// over everything.
public enum WebRegionPlacement: String, Hashable, Sendable {
    /// A column before the page's collection view (a sidebar); it scrolls on its own.
    case leading
    /// A column after the page's collection view (a detail pane); it scrolls on its own.
    case trailing
    /// Above the page's collection view, in its column (a list's title and buttons).
    case header
    /// A dialog over the page, shown while the panel has content.
    case dialog
}

/// A region of a page besides its main collection view.
struct WebRegion {
    enum Content {
        case collection(WebCollectionView)
        case panel(WebPanel)
    }

    var name: String
    var placement: WebRegionPlacement
    /// A column's width, in pixels; `nil` for the page's choice.
    var width: Int?
    // Stored as two optionals, not as a `Content`: an enum of two class references keeps its case
    // in the reference's spare bits, which LeakSanitizer cannot follow, so it reported the panel
    // of every page still alive at exit as leaked.
    private let view: WebCollectionView?
    private let panel: WebPanel?

    var content: Content {
        if let view { .collection(view) } else { .panel(panel!) }
    }

    init(name: String, placement: WebRegionPlacement, width: Int?, content: Content) {
        self.name = name
        self.placement = placement
        self.width = width
        switch content {
        case .collection(let view): (self.view, panel) = (view, nil)
        case .panel(let panel): (view, self.panel) = (nil, panel)
        }
    }

    /// The region as the page's reset describes it.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("at", .string(placement.rawValue)),
        ]
        switch content {
        case .collection: members.append(("kind", .string("view")))
        case .panel: members.append(("kind", .string("panel")))
        }
        if let width { members.append(("w", .int(width))) }
        return .object(members)
    }
}

/// The keys of a page's elements, shared by its collection views, so that a key the page sends
/// back names one element of one view.
@MainActor
final class WebKeyCounter {
    private var next = 1

    /// A key never handed out before.
    func make() -> Int {
        defer { next += 1 }
        return next
    }

    /// Hands out keys past every key `other` handed out, as well as its own.
    func advance(past other: WebKeyCounter) {
        next = max(next, other.next)
    }
}

extension WebPage {
    /// Adds a collection view in a region of its own, named `name`: a sidebar beside the page's
    /// main ``collectionView``, say. It works as the main one does — its own data source,
    /// selection, outline and scrolling — and the page's messages reach it by its elements' keys.
    ///
    /// ```swift
    /// let sidebar = page.addCollectionView(named: "sidebar", placement: .leading, width: 240,
    ///                                      layout: .list(using: .init(appearance: .sidebar)))
    /// ```
    ///
    /// - Parameters:
    ///   - name: Lowercase letters, digits and `-`; unique on the page.
    ///   - placement: Where the page shows it (not ``WebRegionPlacement/dialog``).
    ///   - width: A column's width in pixels; `nil` for the page's choice.
    ///   - layout: The layout of its sections: a sidebar list by default.
    public func addCollectionView(
        named name: String, placement: WebRegionPlacement = .leading, width: Int? = nil,
        layout: WebLayout = .list(using: .init(appearance: .sidebar))
    ) -> WebCollectionView {
        checkRegionName(name)
        precondition(placement != .dialog, "WebPage: a collection view cannot be a dialog")
        let view = WebCollectionView(layout: layout)
        view.sharedKeys = keys
        regions.append(WebRegion(name: name, placement: placement, width: width, content: .collection(view)))
        return view
    }

    /// Adds a panel: a region whose content the server describes (a detail pane, a form, a
    /// dialog).
    ///
    /// - Parameters:
    ///   - name: Lowercase letters, digits and `-`; unique on the page.
    ///   - placement: Where the page shows it.
    ///   - width: A column's width (or a dialog's largest width) in pixels; `nil` for the page's
    ///     choice.
    public func addPanel(named name: String, placement: WebRegionPlacement, width: Int? = nil) -> WebPanel {
        checkRegionName(name)
        let panel = WebPanel(name: name, placement: placement)
        regions.append(WebRegion(name: name, placement: placement, width: width, content: .panel(panel)))
        return panel
    }

    /// The collection view added under `name`.
    public func collectionView(named name: String) -> WebCollectionView? {
        for region in regions where region.name == name {
            if case .collection(let view) = region.content { return view }
        }
        return nil
    }

    /// The panel added under `name`.
    public func panel(named name: String) -> WebPanel? {
        for region in regions where region.name == name {
            if case .panel(let panel) = region.content { return panel }
        }
        return nil
    }

    /// Sets the text of the page's search field (clears it, for a new choice in a sidebar); the
    /// ``searchHandler`` is not called.
    public func setSearchText(_ text: String) {
        searchText = text
        pageOutbound?(.searchText(text))
    }

    /// The collection views of the page: the main one (named `nil`), then the others, by name.
    var namedCollectionViews: [(name: String?, view: WebCollectionView)] {
        var views: [(String?, WebCollectionView)] = [(nil, collectionView)]
        for region in regions {
            if case .collection(let view) = region.content { views.append((region.name, view)) }
        }
        return views
    }

    /// The panels of the page.
    var panels: [WebPanel] {
        regions.compactMap { region in
            if case .panel(let panel) = region.content { return panel }
            return nil
        }
    }

    /// The collection view that has an item element with `key`.
    ///
    /// - Complexity: O(c) expected for the page's c collection views (each looks the key up in its
    ///   index of elements).
    func collectionView(holding key: Int) -> WebCollectionView? {
        namedCollectionViews.lazy.map(\.view).first { $0.indexPath(forKey: key) != nil }
    }

    private func checkRegionName(_ name: String) {
        precondition(
            !name.isEmpty && name.count <= 32
                && name.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                },
            "WebPage: a region's name is 1 to 32 lowercase letters, digits or '-', not '\(name)'")
        precondition(!regions.contains { $0.name == name }, "WebPage: two regions named '\(name)'")
    }
}
