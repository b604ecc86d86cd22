import Foundation

/// One page the server draws for every session whose person only watches: the sessions of a kind
/// that shares idle pages (``WebServer/addPage(_:title:sharingIdlePages:_:)``) open at the same
/// location with the same viewport show it, and each change is drawn once, its messages written
/// once, and handed to each of them. A session gets a page of its own when its person does
/// anything, and takes the shared page's keys when its page shows the same (see
/// ``WebSession``'s fork).
@MainActor
final class WebSharedPage {
    /// What the sessions that share a page have in common: where they opened, and what their
    /// window shows of the main collection view and of the others, by region.
    struct Key: Hashable {
        var location: String
        var viewport: WebViewport
        var regions: [String: WebViewport] = [:]
    }

    let key: Key
    let page: WebPage
    /// The sessions that show the page, by identifier.
    private(set) var watchers: [String: WebSession] = [:]
    /// What the page sent in this turn, `patches` of them its views' patches: handed to every
    /// watcher at once, a push each (``deliverTurn(releasing:)``), rather than a push a message.
    private var turn: (texts: [String], patches: Int) = ([], 0)
    private weak var registry: WebSessionRegistry?

    init(key: Key, page: WebPage, registry: WebSessionRegistry) {
        self.key = key
        self.page = page
        self.registry = registry
        for (name, view) in page.namedCollectionViews {
            view.outbound = { [weak self] patch in self?.broadcast(patch, view: name) }
        }
        for panel in page.panels {
            panel.outbound = { [weak self] text in self?.send(text, isPatch: false) }
        }
        page.pageOutbound = { [weak self] message in self?.send(message.json.text, isPatch: false) }
    }

    /// Adds a watcher; what the page sent before in this turn goes to those who watched then.
    func add(_ session: WebSession) {
        deliverTurn(releasing: false)
        watchers[session.id] = session
    }

    /// Removes a watcher, who gets what the page sent in this turn while it watched.
    func remove(_ session: WebSession) {
        deliverTurn(releasing: false)
        watchers[session.id] = nil
    }

    /// Hands what the page sent in this turn to every watcher; `releasing` at the turn's end,
    /// held with the rest of the turn's before the watchers change.
    ///
    /// - Complexity: O(w) for w watchers.
    func deliverTurn(releasing: Bool) {
        guard !turn.texts.isEmpty else { return }
        let (texts, patches) = turn
        turn = ([], 0)
        for watcher in watchers.values {
            watcher.deliver(turn: texts, patches: patches, releasing: releasing)
        }
    }

    /// Adds a message to the turn's.
    private func send(_ text: String, isPatch: Bool) {
        if turn.texts.isEmpty { registry?.deliverAtEndOfTurn(self) }
        turn.texts.append(text)
        if isPatch { turn.patches += 1 }
    }

    /// Hands a patch of one of the page's views to every session: written once, unless it is a
    /// reset, which carries each session's own number and identifier.
    ///
    /// - Complexity: O(1), and one writing of the patch; a reset O(w) for w sessions.
    private func broadcast(_ patch: WebPatch, view name: String?) {
        var patch = patch
        patch.view = name
        guard !patch.isReset else {
            deliverTurn(releasing: false)
            for watcher in watchers.values {
                var reset = patch
                watcher.deliver(&reset)
            }
            return
        }
        patch.sequence = 0
        send(WebSession.text(of: patch), isPatch: true)
    }
}
