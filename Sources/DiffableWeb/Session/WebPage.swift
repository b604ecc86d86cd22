import Foundation

/// One page a person has open: its collection view, its title and search field, and whatever the
/// app keeps alive for it (the data source, a store's controller). A server makes one for every
/// page that connects, with the function registered for the page's path, and drops it some time
/// after the page goes away.
///
/// ```swift
/// server.addPage("/names", title: "Names") { page in
///     let registration = WebCollectionView.CellRegistration<WebListCell, String> { cell, _, name in
///         var content = cell.defaultContentConfiguration()
///         content.text = name
///         cell.contentConfiguration = content
///     }
///     let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: page.collectionView) {
///         view, indexPath, name in
///         view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
///     }
///     var snapshot = DiffableDataSourceSnapshot<Int, String>()
///     snapshot.appendSections([0])
///     snapshot.appendItems(["Ada", "Grace"])
///     dataSource.apply(snapshot, animatingDifferences: false)
///     page.keep(dataSource)
/// }
/// ```
@MainActor
public final class WebPage {
    /// The path the page was opened at, such as `/names`.
    public let path: String
    /// The page's query parameters, such as `seed` in `/names?seed=3`.
    public let parameters: [String: String]
    /// The page's title.
    public var title: String
    /// The page's collection view.
    public let collectionView: WebCollectionView
    /// The search field's placeholder; the page shows a search field when ``searchHandler`` is
    /// set.
    public var searchPlaceholder = "Search"
    /// Called with the search field's text as the person types.
    public var searchHandler: (@MainActor (String) -> Void)?
    /// The page's session, which survives reconnects: an identifier the app can key per-page
    /// state by, set before the page's kind sets it up. Empty for a page shared by the sessions
    /// whose people only watch (`sharingIdlePages`).
    public internal(set) var sessionID = ""
    /// The number of messages sent on the page's current connection (the sequence number of the
    /// last one); the page's script reports the number of the last it applied.
    public internal(set) var messagesSent = 0
    private var kept: [AnyObject] = []
    /// The page's other regions, in the order they were added (see `WebPage+Regions.swift`).
    var regions: [WebRegion] = []
    /// The keys of the elements of every collection view of the page.
    let keys: WebKeyCounter
    /// The search field's text, as last set by ``setSearchText(_:)``; sent with a reset.
    var searchText: String?
    /// Called when the server ends the page's session (its page has been gone longer than the
    /// grace period): where an app stops what it started for the page.
    public var didClose: (@MainActor () -> Void)?
    /// Where page-level messages go while a page is connected.
    var pageOutbound: (@MainActor (ServerMessage) -> Void)?
    /// The split view the page lays its regions out by (``setSplitViewController(_:regions:)``).
    public private(set) var splitViewController: SplitViewController?
    /// The region of each of the split view's columns (`""`: the main collection).
    var splitRegions: [SplitViewController.Column: String] = [:]
    /// The split message last sent, so that a change that shows nothing new sends nothing.
    var sentSplit: String?
    /// Called once after ``setNeedsUpdateProperties()``, at the end of the turn of the main actor
    /// (before what the turn sent the page goes): where an app draws what depends on several
    /// changes of one turn — a header that counts the list, the selected item's panel — once.
    /// UIKit's `updateProperties()`.
    public var updatePropertiesHandler: (@MainActor () -> Void)?
    /// Whether ``updatePropertiesHandler`` is due.
    public private(set) var needsUpdateProperties = false
    /// The registry of the connected page's server, which runs the update before it releases the
    /// turn's messages; `nil` while no page is connected.
    weak var registry: WebSessionRegistry?

    /// A page at a path, with query parameters.
    public convenience init(path: String, parameters: [String: String] = [:], title: String) {
        self.init(path: path, parameters: parameters, title: title, keys: WebKeyCounter())
    }

    /// A page whose elements' keys come from `keys`, which other pages may draw from too: the
    /// pages a server shares, whose keys never name an element of another.
    init(path: String, parameters: [String: String], title: String, keys: WebKeyCounter) {
        self.path = path
        self.parameters = parameters
        self.title = title
        self.keys = keys
        collectionView = WebCollectionView()
        collectionView.sharedKeys = keys
    }

    /// Keeps an object alive as long as the page: the data source, which the view holds weakly,
    /// and anything else the page's cells and handlers need.
    public func keep(_ object: AnyObject) {
        kept.append(object)
    }

    /// Asks for ``updatePropertiesHandler`` at the end of this turn of the main actor, once
    /// however many times it is asked: UIKit's `setNeedsUpdateProperties()`.
    public func setNeedsUpdateProperties() {
        guard !needsUpdateProperties else { return }
        needsUpdateProperties = true
        if let registry {
            registry.updatePropertiesAtEndOfTurn(self)
        } else {
            // No page connected: nothing waits to be sent, but a page that connects gets what
            // the page shows, so it is drawn as soon as the turn ends.
            Task { @MainActor [weak self] in self?.updatePropertiesIfNeeded() }
        }
    }

    /// Sends what this page holds for the end of the turn now, as one frame, its properties
    /// updated first: what a person just did reaches their page before the turn's other pages
    /// are drawn and sent, as `CATransaction.flush()` commits a transaction before the run loop
    /// ends. What the page is sent later in the turn goes in the turn's frame, as before.
    ///
    /// - Complexity: O(1) besides ``updatePropertiesHandler``.
    public func flush() {
        registry?.flush(self)
    }

    /// Calls ``updatePropertiesHandler`` now if an update is due.
    public func updatePropertiesIfNeeded() {
        guard needsUpdateProperties else { return }
        needsUpdateProperties = false
        updatePropertiesHandler?()
    }

    /// Splits `/path?a=1&b=2` into the path and its parameters (percent-decoded).
    static func split(_ location: String) -> (path: String, parameters: [String: String]) {
        guard let question = location.firstIndex(of: "?") else { return (location, [:]) }
        var parameters: [String: String] = [:]
        for pair in location[location.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let name = parts.first?.removingPercentEncoding else { continue }
            parameters[name] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? "") : ""
        }
        return (String(location[..<question]), parameters)
    }
}

extension WebPage {
    /// Lays the page's regions out by a split view's columns, as `UISplitViewController` lays
    /// out its view controllers: each column is a region (`""` names the main collection; a
    /// header region goes with it). The split view follows the window's width, which the page
    /// reports; collapsed, the page shows the one column on top, full width, with a back control
    /// titled by the column before it; the regions of hidden columns keep their state.
    ///
    /// ```swift
    /// let split = SplitViewController(style: .tripleColumn)
    /// page.setSplitViewController(split, regions: [.primary: "sidebar", .supplementary: "", .secondary: "detail"])
    /// ```
    public func setSplitViewController(
        _ split: SplitViewController, regions: [SplitViewController.Column: String]
    ) {
        splitViewController = split
        splitRegions = regions
        split.didChange = { [weak self] in self?.sendSplit() }
        if let width = collectionView.viewport.windowWidth {
            split.updateWidth(Double(width))  // which sends the layout
        } else {
            sendSplit()
        }
    }

    /// The regions the split view shows now, and its back control, as the page's message.
    var splitMessage: ServerMessage? {
        guard let split = splitViewController else { return nil }
        return .split(
            shown: split.visibleColumns.compactMap { splitRegions[$0] }, isCollapsed: split.isCollapsed,
            back: split.backColumn.map { split.title(for: $0) ?? "" })
    }

    /// Sends the split view's layout, if it changed since last sent.
    func sendSplit() {
        guard let message = splitMessage else { return }
        let text = message.json.text
        guard text != sentSplit else { return }
        sentSplit = text
        pageOutbound?(message)
    }

    /// The window's width, from the page's report: the split view follows it.
    func updateWindowWidth(_ width: Int?) {
        guard let width, let split = splitViewController, Double(width) != split.width else { return }
        split.updateWidth(Double(width))
    }
}
