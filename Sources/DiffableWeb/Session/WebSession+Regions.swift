/// A session's work for pages with several regions: every collection view and panel of the page
/// is connected, reset and routed to, as the main collection view is.
extension WebSession {
    /// Connects the page's other views and panels, and sends what each shows (after the main
    /// view's reset, which describes the regions).
    func attachRegions() {
        page.pageOutbound = { [weak self] message in self?.deliver(message) }
        for (name, view) in page.namedCollectionViews {
            guard let name else { continue }
            view.outbound = { [weak self] patch in
                var patch = patch
                patch.view = name
                self?.deliver(&patch)
            }
            var reset = view.resetPatch()
            reset.view = name
            deliver(&reset)
        }
        for panel in page.panels {
            panel.outbound = { [weak self] text in self?.deliver(text: text) }
            deliver(text: panel.messageText)
        }
    }

    /// Disconnects them.
    func detachRegions() {
        page.pageOutbound = nil
        for (name, view) in page.namedCollectionViews where name != nil { view.outbound = nil }
        for panel in page.panels { panel.outbound = nil }
    }

    /// The messages of a resync, for a page with regions: the main view's reset, then every other
    /// view's and panel's, in one message (the page applies them in order).
    func regionsResync(_ reset: WebPatch) -> String {
        var messages = [reset.json]
        for (name, view) in page.namedCollectionViews {
            guard let name else { continue }
            var patch = view.resetPatch()
            patch.view = name
            stamp(&patch)
            messages.append(patch.json)
        }
        messages += page.panels.map(\.message)
        return JSONValue.object([("t", .string("batch")), ("m", .array(messages))]).text
    }

    /// Sends a message that is not a collection view's patch (a panel's content, the search text).
    func deliver(_ message: JSONValue) {
        deliver(text: message.text)
    }

    /// Sends a message already written as text.
    func deliver(text: String) {
        connection?.outbox.push(text)
    }

    /// Routes the messages that name a region, and the item messages of a page with several
    /// collection views (to the view that has the element); `false` for the main view's own.
    func handleRegionMessage(_ message: ClientMessage) -> Bool {
        switch message {
        case .region(let name, let viewport):
            page.collectionView(named: name)?.setViewport(viewport)
        case .panel(let name, let action, let values):
            page.panel(named: name)?.press(action, values: values)
        case .select(let key) where !page.regions.isEmpty:
            page.collectionView(holding: key)?.selectItem(key: key)
        case .toggle(let key) where !page.regions.isEmpty:
            page.collectionView(holding: key)?.toggleExpansion(key: key)
        case .action(let key, let index) where !page.regions.isEmpty:
            page.collectionView(holding: key)?.performAction(key: key, index: index)
        case .move(let key, let section, let index) where !page.regions.isEmpty:
            page.collectionView(holding: key)?.moveItem(key: key, toSectionKey: section, index: index)
        default:
            return false
        }
        return true
    }
}
