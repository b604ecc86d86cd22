import Foundation

/// How a session that watches a shared page gets a page of its own.
///
/// Its person's first message that changes anything (a click, a key, a search, a scroll) starts
/// the session's own page, made as the page's kind makes every page; the person's messages wait
/// for it, and the shared page's go on reaching the browser meanwhile. At the end of every turn
/// of the main actor the registry compares the two: once the session's page shows what the
/// shared page shows, it takes the shared page's keys — the browser's elements were made from the
/// shared page's messages — and from then on the session sends its own page's, with nothing
/// sent again. A page that does not show the same within the registry's `forkDeadline` (its
/// kind's drawing depends on something besides the location and the shared data) is sent a
/// reset instead, and the messages that waited name its items by where they are.
extension WebSession {
    /// The session's own page while it is made, and the person's messages that wait for it.
    struct Fork {
        let page: WebPage
        var messages: [ClientMessage]
    }

    /// A message from a page that shows the shared page: one that leaves it as it is (a
    /// viewport it has already) is dropped; the size of a view at its top moves the session to
    /// the page shared by the sessions with that size, with a reset; any other starts the
    /// session's own page, or waits for it.
    func handleWhileShared(_ message: ClientMessage) {
        guard let sharedPage else { return }
        if fork != nil {
            fork?.messages.append(message)
            return
        }
        guard !Self.leavesAsIs(sharedPage.page, message), let connection else { return }
        if let key = Self.key(showing: message, from: sharedPage) {
            connection.registry.move(self, to: key)
            sendResync()
        } else {
            connection.registry.startFork(of: self, with: message)
        }
    }

    /// The key of the shared pages that show what `message` asks for when it only reports the
    /// size of a view at its top — a page that loaded (its regions report their own sizes), a
    /// window that changed size — and `nil` for any other message.
    private static func key(showing message: ClientMessage, from shared: WebSharedPage) -> WebSharedPage.Key?
    {
        var key = shared.key
        switch message {
        case .viewport(let viewport, let strips) where strips.isEmpty && viewport.top == 0:
            key.viewport = viewport
        case .region(let name, let viewport)
        where viewport.top == 0 && shared.page.collectionView(named: name) != nil:
            key.regions[name] = viewport
        default:
            return nil
        }
        return key
    }

    /// Whether `message` asks `page` for nothing it does not show already.
    private static func leavesAsIs(_ page: WebPage, _ message: ClientMessage) -> Bool {
        switch message {
        case .hello: true
        case .viewport(let viewport, let strips): strips.isEmpty && viewport == page.collectionView.viewport
        case .region(let name, let viewport): page.collectionView(named: name)?.viewport == viewport
        default: false
        }
    }

    /// Shows the session's own page from now on, under the shared page's keys when it shows the
    /// same (`adoptingKeys`), else with a reset; then handles the messages that waited for it.
    func finishFork(adoptingKeys: Bool) {
        guard let fork, let shared = sharedPage?.page else { return }
        self.fork = nil
        sharedPage = nil
        if adoptingKeys { fork.page.adoptKeys(of: shared) }
        show(fork.page)
        if !adoptingKeys { sendResync() }
        for message in fork.messages {
            let translated = adoptingKeys ? message : Self.translate(message, from: shared, to: fork.page)
            if let translated { handle(translated) }
        }
    }

    /// `message`, with the keys of `old`'s elements replaced by those of the elements of `new` at
    /// the same places; `nil` when an item it names has no element on `new`.
    static func translate(_ message: ClientMessage, from old: WebPage, to new: WebPage) -> ClientMessage? {
        let views = zip(old.namedCollectionViews.map(\.view), new.namedCollectionViews.map(\.view))
        func item(_ key: Int) -> Int? {
            for (oldView, newView) in views {
                if let path = oldView.indexPath(forKey: key) { return newView.state.items[path]?.key }
            }
            return nil
        }
        func section(_ key: Int) -> Int? {
            for (oldView, newView) in views {
                if let index = oldView.state.sectionKeys.firstIndex(of: key) {
                    return newView.state.sectionKeys.indices.contains(index)
                        ? newView.state.sectionKeys[index] : nil
                }
            }
            return nil
        }
        switch message {
        case .viewport(let viewport, let strips):
            var translated: [Int: Int] = [:]
            for (key, offset) in strips {
                if let key = section(key) { translated[key] = offset }
            }
            return .viewport(viewport, strips: translated)
        case .select(let key): return item(key).map { .select(key: $0) }
        case .toggle(let key): return item(key).map { .toggle(key: $0) }
        case .move(let key, let target, let index):
            guard let key = item(key), let target = section(target) else { return nil }
            return .move(key: key, section: target, index: index)
        case .action(let key, let index): return item(key).map { .action(key: $0, index: index) }
        case .accessory(let key, let index): return item(key).map { .accessory(key: $0, index: index) }
        case .menu(let key, let x, let y): return item(key).map { .menu(key: $0, x: x, y: y) }
        case .popUpMenu(let key, let x, let y): return item(key).map { .popUpMenu(key: $0, x: x, y: y) }
        case .choose(let key, let path): return item(key).map { .choose(key: $0, path: path) }
        case .indexTitle(let key, let index): return item(key).map { .indexTitle(key: $0, index: index) }
        case .hello, .back, .search, .region, .panel: return message
        }
    }
}
