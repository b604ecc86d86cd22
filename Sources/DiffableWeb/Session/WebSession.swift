import Foundation

/// One page's session: the page and, while it is connected, its connection. A page that
/// reconnects (a network drop) names its session and gets it back with a reset; a page whose
/// session is gone (the server restarted) gets a new one, and a reset.
///
/// A session of a kind that shares idle pages starts by showing a page drawn for every session
/// like it (``sharedPage``), and gets a page of its own when its person first does something
/// (`WebSession+Fork.swift`).
@MainActor
final class WebSession {
    /// The session's identifier: 128 random bits, in hexadecimal.
    let id: String
    /// The page the session shows: its own, or the shared one while it watches.
    private(set) var page: WebPage
    /// The page the session shows while its person only watches, with the other sessions like it.
    var sharedPage: WebSharedPage?
    /// The session's own page while it is being made, and what the person did meanwhile.
    var fork: Fork?
    /// The connection, while the page is connected.
    private(set) var connection: WebConnection?
    /// The number of the last message sent on the current connection.
    private(set) var sequence = 0
    /// When the page last went away; sessions detached longer than the grace period end.
    private(set) var detachedAt: ContinuousClock.Instant?

    init(id: String, page: WebPage) {
        self.id = id
        self.page = page
        page.sessionID = id
        detachedAt = .now
    }

    /// A session that shows a shared page until its person does something.
    init(id: String, watching sharedPage: WebSharedPage) {
        self.id = id
        self.page = sharedPage.page
        detachedAt = .now
        watch(sharedPage)
    }

    /// Shows a shared page from now on; the caller sends what it shows.
    func watch(_ sharedPage: WebSharedPage) {
        page = sharedPage.page
        self.sharedPage = sharedPage
        sharedPage.add(self)
    }

    /// Connects the session to a page, and sends the page everything it shows: each collection
    /// view's reset, the main one's first (it describes the page and its regions), then each
    /// panel's content.
    func attach(_ connection: WebConnection) {
        self.connection = connection
        detachedAt = nil
        sequence = 0
        if sharedPage == nil { connectOwnPage() }
        for (name, view) in page.namedCollectionViews {
            var reset = view.resetPatch()
            reset.view = name
            deliver(&reset)
        }
        for panel in page.panels {
            deliver(text: panel.messageText)
        }
        if let split = page.splitMessage?.json.text {
            page.sentSplit = split
            deliver(text: split)
        }
    }

    /// Sends what the session's own page and its views and panels say to the connection.
    func connectOwnPage() {
        page.registry = connection?.registry
        page.pageOutbound = { [weak self] message in self?.deliver(text: message.json.text) }
        for (name, view) in page.namedCollectionViews {
            view.outbound = { [weak self] patch in
                var patch = patch
                patch.view = name
                self?.deliver(&patch)
            }
        }
        for panel in page.panels {
            panel.outbound = { [weak self] text in self?.deliver(text: text) }
        }
    }

    /// Shows `page` from now on, the session's own; the caller sends what the page shows.
    func show(_ page: WebPage) {
        self.page = page
        page.sessionID = id
        page.messagesSent = sequence
        if connection != nil { connectOwnPage() }
    }

    /// Disconnects the session; its page keeps its state for a reconnect.
    func detach() {
        connection = nil
        detachedAt = .now
        // A shared page goes on drawing for the sessions still connected.
        guard sharedPage == nil else { return }
        page.registry = nil
        page.pageOutbound = nil
        for (_, view) in page.namedCollectionViews { view.outbound = nil }
        for panel in page.panels { panel.outbound = nil }
    }

    /// What to write in place of everything the page missed: what ``attach(_:)`` sends, in one
    /// message (a batch, which the page applies in order, when there is more than one); drops
    /// what waits, since this carries it.
    func resync() -> String {
        ServerMessage.batch(texts: resyncMessages())
    }

    /// Sends the page everything it shows, in place of what waits for it: the page shows another
    /// page from now on.
    func sendResync() {
        for text in resyncMessages() { connection?.send(text) }
    }

    /// The messages of ``resync()``; drops what waits.
    private func resyncMessages() -> [String] {
        connection?.outbox.clearPending()
        var messages: [String] = []
        for (name, view) in page.namedCollectionViews {
            var reset = view.resetPatch()
            reset.view = name
            stamp(&reset)
            messages.append(ServerMessage.update(reset).json.text)
        }
        messages += page.panels.map(\.messageText)
        if let split = page.splitMessage { messages.append(split.json.text) }
        return messages
    }

    func deliver(_ patch: inout WebPatch) {
        guard let connection else { return }
        stamp(&patch)
        connection.send(Self.text(of: patch))
    }

    /// The last patch of each region any session wrote, and its text.
    private static var lastWritten = LastWritten<WebPatch>()

    /// A patch as text, written once for every page that sends an equal one.
    static func text(of patch: WebPatch) -> String {
        lastWritten.text(of: patch, named: patch.view) { $0.json.text }
    }

    /// Sends a message that is not a collection view's patch (a panel's content, the search
    /// text), already written as text.
    func deliver(text: String) {
        connection?.send(text)
    }

    /// Sends what a shared page sent in a turn, `patches` of them its views' patches, in one push;
    /// `releasing`, with whatever the page holds now.
    func deliver(turn texts: [String], patches: Int, releasing: Bool) {
        guard let connection else { return }
        sequence += patches
        connection.send(contentsOf: texts, releasing: releasing)
    }

    /// Counts a message, and gives a reset its number and the page's own state. A patch goes
    /// unnumbered (the page numbers it: the one after the last), so that pages whose views a
    /// change alters alike are sent the same text, whatever each was sent before.
    func stamp(_ patch: inout WebPatch) {
        sequence += 1
        patch.sequence = patch.isReset ? sequence : 0
        if sharedPage == nil { page.messagesSent = sequence }
        if patch.isReset && patch.view == nil {
            patch.page = .init(
                title: page.title,
                searchPlaceholder: page.searchHandler == nil ? nil : page.searchPlaceholder,
                sessionID: id, regions: page.regions.map(\.json), searchText: page.searchText)
        }
    }

    /// Routes a message from the page (after `hello`): an item's to the collection view that
    /// has its element, a region's or a panel's by name, the rest to the page.
    func handle(_ message: ClientMessage) {
        guard sharedPage == nil else {
            handleWhileShared(message)
            return
        }
        switch message {
        case .hello: break
        case .viewport(let viewport, let strips):
            let view = page.collectionView
            var offsets: [Int: Int] = [:]
            for (key, offset) in strips {
                if let section = view.state.sectionKeys.firstIndex(of: key) { offsets[section] = offset }
            }
            view.setViewport(viewport, stripOffsets: offsets)
            page.updateWindowWidth(viewport.windowWidth)
        case .region(let name, let viewport): page.collectionView(named: name)?.setViewport(viewport)
        case .panel(let name, let action, let values): page.panel(named: name)?.press(action, values: values)
        case .select(let key): page.collectionView(holding: key)?.selectItem(key: key)
        case .toggle(let key): page.collectionView(holding: key)?.toggleExpansion(key: key)
        case .move(let key, let section, let index):
            page.collectionView(holding: key)?.moveItem(key: key, toSectionKey: section, index: index)
        case .action(let key, let index):
            page.collectionView(holding: key)?.performAction(key: key, index: index)
        case .accessory(let key, let index):
            page.collectionView(holding: key)?.performAccessoryAction(key: key, index: index)
        case .menu(let key, let x, let y):
            page.collectionView(holding: key)?.openContextMenu(key: key, x: x, y: y)
        case .popUpMenu(let key, let x, let y):
            page.collectionView(holding: key)?.openPopUpMenu(key: key, x: x, y: y)
        case .choose(let key, let path):
            page.collectionView(holding: key)?.chooseInContextMenu(key: key, path: path)
        case .indexTitle(let key, let index): page.collectionView(holding: key)?.jump(toIndexTitle: index)
        case .back: page.splitViewController?.goBack()
        case .search(let text): page.searchHandler?(text)
        }
    }
}
