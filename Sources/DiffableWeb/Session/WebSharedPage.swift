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

    init(key: Key, page: WebPage) {
        self.key = key
        self.page = page
        for (name, view) in page.namedCollectionViews {
            view.outbound = { [weak self] patch in self?.broadcast(patch, view: name) }
        }
        for panel in page.panels {
            panel.outbound = { [weak self] text in self?.broadcast(text: text) }
        }
        page.pageOutbound = { [weak self] message in self?.broadcast(text: message.json.text) }
    }

    func add(_ session: WebSession) {
        watchers[session.id] = session
    }

    func remove(_ session: WebSession) {
        watchers[session.id] = nil
    }

    /// Hands a patch of one of the page's views to every session: written once, unless it is a
    /// reset, which carries each session's own number and identifier.
    ///
    /// - Complexity: O(w) for w sessions, and one writing of the patch.
    private func broadcast(_ patch: WebPatch, view name: String?) {
        var patch = patch
        patch.view = name
        guard !patch.isReset else {
            for watcher in watchers.values {
                var reset = patch
                watcher.deliver(&reset)
            }
            return
        }
        patch.sequence = 0
        let text = WebSession.text(of: patch)
        for watcher in watchers.values { watcher.deliver(patchText: text) }
    }

    private func broadcast(text: String) {
        for watcher in watchers.values { watcher.deliver(text: text) }
    }
}
