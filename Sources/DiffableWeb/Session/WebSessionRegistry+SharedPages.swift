import Foundation

/// The pages shared by sessions whose people only watch (``WebSharedPage``), and the sessions
/// that leave them for a page of their own (`WebSession+Fork.swift`).
extension WebSessionRegistry {
    /// The page shown by the sessions with `key` while their people only watch: the one there
    /// is, or a new one, made by `kind` and shown in the key's viewports.
    func sharedPage(_ kind: PageKind, _ key: WebSharedPage.Key) -> WebSharedPage {
        if let shared = sharedPages[key] { return shared }
        let page = makePage(kind, location: key.location, viewport: key.viewport, keys: sharedPageKeys) {
            $0.registry = self
        }
        page.updateWindowWidth(key.viewport.windowWidth)
        for (name, viewport) in key.regions { page.collectionView(named: name)?.setViewport(viewport) }
        let shared = WebSharedPage(key: key, page: page)
        sharedPages[key] = shared
        return shared
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
        let page = makePage(kind, location: shared.key.location, viewport: shared.key.viewport) { page in
            // Its keys never name an element the browser has from the shared page.
            page.keys.advance(past: sharedPageKeys)
            page.registry = self
            page.sessionID = session.id
        }
        page.updateWindowWidth(shared.key.viewport.windowWidth)
        for (name, viewport) in shared.key.regions { page.collectionView(named: name)?.setViewport(viewport) }
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
                finishFork(of: session)
            }
        }
    }

    /// Has `session` show its own page: under the shared page's keys if it shows the same, else
    /// with a reset.
    func finishFork(of session: WebSession) {
        guard forking.removeValue(forKey: session.id) != nil, let shared = session.sharedPage,
            let fork = session.fork
        else { return }
        let matches = fork.page.matches(shared.page)
        shared.remove(session)
        session.finishFork(adoptingKeys: matches)
        closeIfUnwatched(shared)
    }
}
