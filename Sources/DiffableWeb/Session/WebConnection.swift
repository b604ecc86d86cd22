import Foundation

/// One WebSocket connection, independent of the server that carries it: it checks each message
/// from the page, holds the messages to the page (``outbox``), and routes the page's messages to
/// its session.
///
/// A message that breaks the protocol — malformed, of an unknown type, out of range, too large,
/// or out of order (anything before `hello`, a second `hello`) — is refused with an error; the
/// server closes this one connection with its reason, logs it, and nothing else changes: the
/// message is checked in full before anything acts on it.
@MainActor
final class WebConnection {
    /// The messages waiting to be written to the page.
    let outbox: Outbox
    /// The session, once the page said hello.
    private(set) var session: WebSession?
    let registry: WebSessionRegistry

    init(registry: WebSessionRegistry) {
        self.registry = registry
        outbox = Outbox(limits: registry.outboxLimits, batches: registry.batches)
    }

    /// Handles one text message from the page.
    func receive(_ text: String) throws(ClientMessageError) {
        let message = try ClientMessage.decode(text)
        switch (message, session) {
        case (.hello(let id, let location, let viewport), nil):
            session = try registry.open(id: id, location: location, viewport: viewport, for: self)
        case (.hello, _?):
            throw ClientMessageError("hello on a connection that already has a session")
        case (_, nil):
            throw ClientMessageError("message before hello")
        case (_, let session?):
            session.handle(message)
        }
    }

    /// Sends a message to the page with the others of this turn of the main actor, as one frame.
    func send(_ text: String) {
        outbox.push(text, releasing: false)
        registry.releaseAtEndOfTurn(outbox)
    }

    /// Sends messages to the page: with the others of this turn, or, `releasing`, with whatever
    /// is held now (at the end of the turn).
    func send(contentsOf texts: [String], releasing: Bool) {
        outbox.push(contentsOf: texts, releasing: releasing)
        if !releasing { registry.releaseAtEndOfTurn(outbox) }
    }

    /// The reset the writer sends in place of what the page missed.
    func resync() -> String? {
        session?.resync()
    }

    /// Ends the connection: the session waits for the page to come back.
    func close() {
        registry.closedResyncCount += outbox.resyncCount
        outbox.close()
        if let session {
            // The session waits for its page; the registry's `expire()` ends it if the page has
            // not come back within the grace period.
            session.detach()
            self.session = nil
        }
    }
}

/// The pages a server can serve and the sessions of the pages open now.
@MainActor
final class WebSessionRegistry {
    /// A page the server serves: its title and the function that sets it up.
    struct PageKind {
        var title: String
        /// Whether the sessions that open the page at one location with one viewport show one
        /// page drawn for all of them until their person does something (``WebSharedPage``).
        var sharesIdlePages = false
        var make: @MainActor (WebPage) -> Void
    }

    /// The pages, by path.
    var pageKinds: [String: PageKind] = [:]
    /// The app's JSON endpoints, by path.
    var endpoints: [String: @MainActor ([String: String]) -> String] = [:]
    /// The sessions, by identifier.
    private(set) var sessions: [String: WebSession] = [:]
    /// The pages shown by sessions whose people only watch (`WebSessionRegistry+SharedPages.swift`).
    var sharedPages: [WebSharedPage.Key: WebSharedPage] = [:]
    /// The sessions whose own page is being made, by identifier.
    var forking: [String: WebSession] = [:]
    /// The keys of every shared page's elements: a key a page has from one shared page names
    /// nothing on another.
    let sharedPageKeys = WebKeyCounter()
    /// How long a session's own page may take to show what the shared page shows before the
    /// session shows it anyway, with a reset (see `WebSession+Fork.swift`).
    var forkDeadline: Duration = .milliseconds(500)
    /// The most sessions kept at once, connected or waiting for their page.
    var maximumSessions = 1024
    /// How long a session waits for its page to reconnect.
    var gracePeriod: Duration = .seconds(60)
    /// How much may wait for each connection.
    var outboxLimits = Outbox.Limits()
    /// The batches the outboxes made lately, which the others' equal ones share.
    let batches = RecentlyMade<[String], String>()
    /// How many times the pages of closed connections fell so far behind that they were to be
    /// sent a reset in place of what they missed.
    var closedResyncCount = 0
    /// The outboxes with messages held for the end of this turn of the main actor.
    private var held: [ObjectIdentifier: Outbox] = [:]
    /// The pages that asked to update their properties before the end of this turn's release.
    private var pagesToUpdate: [ObjectIdentifier: WebPage] = [:]
    /// The shared pages that sent their watchers something in this turn.
    private var sharedPagesToDeliver: [ObjectIdentifier: WebSharedPage] = [:]
    /// Whether the end of this turn's release is to come (a test waits for it).
    private(set) var isReleaseScheduled = false

    /// How many times a page fell so far behind that the messages waiting for it were dropped
    /// for a reset, on every connection so far.
    var resyncCount: Int {
        closedResyncCount + sessions.values.reduce(0) { $0 + ($1.connection?.outbox.resyncCount ?? 0) }
    }

    init() {}

    /// Releases what `outbox` holds once the main actor has run what it was handed meanwhile: what
    /// one change does to a page — its list, its counts, its detail, each drawn by a task of its
    /// own (the store tells them together) — goes as one frame, as UIKit commits a run loop's
    /// changes in one transaction.
    ///
    /// - Complexity: O(1) amortized; the release is O(o) for the o outboxes held.
    func releaseAtEndOfTurn(_ outbox: Outbox) {
        held[ObjectIdentifier(outbox)] = outbox
        scheduleRelease()
    }

    /// Has `page` update its properties (``WebPage/updatePropertiesIfNeeded()``) at the end of
    /// this turn, before what its views and panels were sent is released: what several changes
    /// of one turn touch is drawn once, and goes in the turn's frame.
    ///
    /// - Complexity: O(1) amortized.
    func updatePropertiesAtEndOfTurn(_ page: WebPage) {
        pagesToUpdate[ObjectIdentifier(page)] = page
        scheduleRelease()
    }

    /// Hands what `shared` sent in this turn to its watchers at the end of the turn, each in one
    /// push (``WebSharedPage/deliverTurn(releasing:)``).
    ///
    /// - Complexity: O(1) amortized.
    func deliverAtEndOfTurn(_ shared: WebSharedPage) {
        sharedPagesToDeliver[ObjectIdentifier(shared)] = shared
        scheduleRelease()
    }

    /// Updates `page`'s properties if due and releases what its outbox holds, now, ahead of the
    /// rest of the turn's (``WebPage/flush()``); a shared page's, what its watchers were sent.
    ///
    /// - Complexity: O(1); O(s) for the s shared pages when `page` is one.
    func flush(_ page: WebPage) {
        if pagesToUpdate.removeValue(forKey: ObjectIdentifier(page)) != nil {
            page.updatePropertiesIfNeeded()
        }
        if page.sessionID.isEmpty, let shared = sharedPages.values.first(where: { $0.page === page }) {
            shared.deliverTurn(releasing: true)
            return
        }
        guard let outbox = sessions[page.sessionID]?.connection?.outbox,
            held.removeValue(forKey: ObjectIdentifier(outbox)) != nil
        else { return }
        outbox.release()
    }

    func scheduleRelease() {
        guard !isReleaseScheduled else { return }
        isReleaseScheduled = true
        Task { @MainActor [weak self] in
            // Behind the tasks the same news woke after this one, once more.
            await Task.yield()
            self?.releaseHeld()
        }
    }

    private func releaseHeld() {
        isReleaseScheduled = false
        // The pages draw first: what they send is held with the rest of the turn's.
        let pages = pagesToUpdate
        pagesToUpdate = [:]
        for page in pages.values { page.updatePropertiesIfNeeded() }
        finishForksThatMatch()
        let shared = sharedPagesToDeliver
        sharedPagesToDeliver = [:]
        for page in shared.values { page.deliverTurn(releasing: true) }
        let outboxes = held
        held = [:]
        for outbox in outboxes.values { outbox.release() }
    }

    /// The session for a page that says hello: its own, if it names one that waits for it, else
    /// a new one.
    func open(id: String?, location: String, viewport: WebViewport, for connection: WebConnection)
        throws(ClientMessageError) -> WebSession
    {
        let path = WebPage.split(location).path
        guard let kind = pageKinds[path] else { throw ClientMessageError("no page at \(path.prefix(64))") }
        if let id, let existing = sessions[id], existing.connection == nil, existing.page.path == path {
            if let shared = existing.sharedPage, existing.fork == nil, shared.key.viewport != viewport {
                // Back with another window: it shows the page shared by sessions with that one.
                var key = shared.key
                key.viewport = viewport
                move(existing, to: key)
            } else if existing.sharedPage == nil {
                existing.page.collectionView.setViewport(viewport)
                existing.page.updateWindowWidth(viewport.windowWidth)
            }
            existing.attach(connection)
            return existing
        }
        expire()
        if sessions.count >= maximumSessions, let oldest = oldestDetached() {
            end(oldest)
        }
        guard sessions.count < maximumSessions else { throw ClientMessageError("too many sessions") }
        let session: WebSession
        if kind.sharesIdlePages {
            let key = WebSharedPage.Key(location: location, viewport: viewport)
            session = WebSession(id: Self.makeIdentifier(), watching: sharedPage(kind, key))
        } else {
            // The page has its session's identifier before its kind sets it up: an app keys its
            // state by it.
            let id = Self.makeIdentifier()
            session = WebSession(
                id: id, page: makePage(kind, location: location, viewport: viewport) { $0.sessionID = id })
        }
        sessions[session.id] = session
        session.attach(connection)
        return session
    }

    /// A page of `kind` at `location`, made by the kind and shown in `viewport`.
    func makePage(
        _ kind: PageKind, location: String, viewport: WebViewport, keys: WebKeyCounter = WebKeyCounter(),
        configure: (WebPage) -> Void = { _ in }
    ) -> WebPage {
        let (path, parameters) = WebPage.split(location)
        let page = WebPage(path: path, parameters: parameters, title: kind.title, keys: keys)
        page.collectionView.setViewport(viewport)
        configure(page)
        kind.make(page)
        return page
    }

    /// Ends a session: its page closes, or it stops watching the shared one.
    private func end(_ session: WebSession) {
        sessions[session.id] = nil
        forking[session.id] = nil
        if let fork = session.fork {
            session.fork = nil
            fork.page.didClose?()
        }
        if let shared = session.sharedPage {
            shared.remove(session)
            closeIfUnwatched(shared)
        } else {
            session.page.didClose?()
        }
    }

    /// Ends the sessions whose pages have been gone longer than the grace period. A new session
    /// calls it, and a running server every quarter of the grace period; nothing else schedules
    /// work, so a registry without a server (a test, the fuzz target) leaves no task behind.
    ///
    /// - Complexity: O(s) for s sessions.
    func expire() {
        let now = ContinuousClock.now
        for session in sessions.values {
            if let since = session.detachedAt, now - since >= gracePeriod { end(session) }
        }
    }

    private func oldestDetached() -> WebSession? {
        sessions.values.filter { $0.connection == nil }.min {
            ($0.detachedAt ?? .now) < ($1.detachedAt ?? .now)
        }
    }

    /// 128 random bits, in hexadecimal.
    nonisolated static func makeIdentifier() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
