import Foundation

/// The pages shared by sessions whose people only watch (``WebSharedPage``), and the sessions
/// that leave them for a page of their own (`WebSession+Fork.swift`).
extension WebSessionRegistry {
    /// The page shown by the sessions with `key` while their people only watch: the one there
    /// is, or a new one, made by `kind` and shown in the key's viewports.
    func sharedPage(_ kind: PageKind, _ key: WebSharedPage.Key) -> WebSharedPage {
        if let shared = sharedPages[key] { return shared }
        let page = makePage(kind, showing: key, keys: sharedPageKeys) { $0.registry = self }
        let shared = WebSharedPage(key: key, page: page, registry: self)
        sharedPages[key] = shared
        return shared
    }

    /// A page of `kind` at the key's location, made by the kind and shown in the key's viewports:
    /// the main collection view's, its window's width, and each region's.
    private func makePage(
        _ kind: PageKind, showing key: WebSharedPage.Key, keys: WebKeyCounter = WebKeyCounter(),
        configure: (WebPage) -> Void
    ) -> WebPage {
        let page = makePage(
            kind, location: key.location, viewport: key.viewport, keys: keys, configure: configure)
        page.updateWindowWidth(key.viewport.windowWidth)
        for (name, viewport) in key.regions { page.collectionView(named: name)?.setViewport(viewport) }
        return page
    }

    /// Has a watching session show the shared page of another key (its window changed size, or a
    /// region reported its own); the caller sends the page what that one shows.
    func move(_ session: WebSession, to key: WebSharedPage.Key) {
        guard let shared = session.sharedPage, let kind = pageKinds[shared.page.path] else { return }
        shared.remove(session)
        closeIfUnwatched(shared)
        session.watch(sharedPage(kind, key))
    }

    /// Lets go of a shared page no session shows.
    func closeIfUnwatched(_ shared: WebSharedPage) {
        guard shared.watchers.isEmpty, sharedPages[shared.key] === shared else { return }
        sharedPages[shared.key] = nil
        shared.page.didClose?()
    }

    /// Starts the session's own page, made as its kind makes every page, in the shared page's
    /// viewports and past its keys; `message` waits for it. The page takes over at the end of the
    /// first turn that finds it showing what the shared page shows, or at the deadline.
    func startFork(of session: WebSession, with message: ClientMessage) {
        guard let shared = session.sharedPage, let kind = pageKinds[shared.page.path] else { return }
        let page = makePage(kind, showing: shared.key) { page in
            // Its keys never name an element the browser has from the shared page.
            page.keys.advance(past: sharedPageKeys)
            page.registry = self
            page.sessionID = session.id
        }
        session.fork = .init(page: page, messages: [message])
        forking[session.id] = session
        scheduleRelease()
        let deadline = forkDeadline
        Task { [weak self, weak session] in
            try? await Task.sleep(for: deadline)
            if let self, let session { self.finishFork(of: session) }
        }
    }

    /// Finishes the forks whose pages show what their shared pages show; at the end of a turn.
    func finishForksThatMatch() {
        for session in forking.values {
            if let fork = session.fork, let shared = session.sharedPage, fork.page.matches(shared.page) {
                finishFork(of: session, matches: true)
            }
        }
    }

    /// Has `session` show its own page: under the shared page's keys if it shows the same, else
    /// with a reset. `matches` is whether it does, when the caller has just compared them.
    func finishFork(of session: WebSession, matches: Bool? = nil) {
        guard forking.removeValue(forKey: session.id) != nil, let shared = session.sharedPage,
            let fork = session.fork
        else { return }
        let matches = matches ?? fork.page.matches(shared.page)
        shared.remove(session)
        session.finishFork(adoptingKeys: matches)
        closeIfUnwatched(shared)
    }
}
