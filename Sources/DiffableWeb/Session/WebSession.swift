import Foundation

/// One page's session: the page and, while it is connected, its connection. A page that
/// reconnects (a network drop) names its session and gets it back with a reset; a page whose
/// session is gone (the server restarted) gets a new one, and a reset.
@MainActor
final class WebSession {
    /// The session's identifier: 128 random bits, in hexadecimal.
    let id: String
    /// The page.
    let page: WebPage
    /// The connection, while the page is connected.
    private(set) var connection: WebConnection?
    /// The number of the last message sent on the current connection.
    private var sequence = 0
    /// When the page last went away; sessions detached longer than the grace period end.
    private(set) var detachedAt: ContinuousClock.Instant?

    init(id: String, page: WebPage) {
        self.id = id
        self.page = page
        page.sessionID = id
        detachedAt = .now
    }

    /// Connects the session to a page, and sends the page everything it shows.
    func attach(_ connection: WebConnection) {
        self.connection = connection
        detachedAt = nil
        sequence = 0
        let view = page.collectionView
        view.outbound = { [weak self] patch in self?.deliver(patch) }
        var reset = view.resetPatch()
        deliver(&reset)
        attachRegions()
    }

    /// Disconnects the session; its page keeps its state for a reconnect.
    func detach() {
        connection = nil
        page.collectionView.outbound = nil
        detachRegions()
        detachedAt = .now
    }

    /// A reset to write in place of everything the page missed; drops what waits, since the reset
    /// carries it.
    func resync() -> String {
        connection?.outbox.clearPending()
        var reset = page.collectionView.resetPatch()
        stamp(&reset)
        if !page.regions.isEmpty || page.searchText != nil { return regionsResync(reset) }
        return reset.json.text
    }

    private func deliver(_ patch: WebPatch) {
        var patch = patch
        deliver(&patch)
    }

    func deliver(_ patch: inout WebPatch) {
        guard let connection else { return }
        stamp(&patch)
        connection.outbox.push(patch.json.text)
    }

    /// Numbers a message, and gives a reset the page's own state.
    func stamp(_ patch: inout WebPatch) {
        sequence += 1
        patch.sequence = sequence
        page.messagesSent = sequence
        if patch.isReset && patch.view == nil {
            patch.page = .init(
                title: page.title,
                searchPlaceholder: page.searchHandler == nil ? nil : page.searchPlaceholder,
                sessionID: id, regions: page.regions.map(\.json), searchText: page.searchText)
        }
    }

    /// Routes a message from the page (after `hello`) to the view or the page.
    func handle(_ message: ClientMessage) {
        if handleRegionMessage(message) { return }
        let view = page.collectionView
        switch message {
        case .hello: break
        case .viewport(let viewport, let strips):
            var offsets: [Int: Int] = [:]
            for (key, offset) in strips {
                if let section = view.state.sectionKeys.firstIndex(of: key) { offsets[section] = offset }
            }
            view.setViewport(viewport, stripOffsets: offsets)
        case .select(let key): view.selectItem(key: key)
        case .toggle(let key): view.toggleExpansion(key: key)
        case .move(let key, let section, let index):
            view.moveItem(key: key, toSectionKey: section, index: index)
        case .action(let key, let index): view.performAction(key: key, index: index)
        case .search(let text): page.searchHandler?(text)
        case .region, .panel: break  // handled above
        }
    }
}
