import Diffable

/// The server's pings: every ``interval`` each connected page is asked for an answer, and the
/// connection of a page that has not answered one ping by the next is closed (a page that is
/// still there reconnects to its session).
///
/// One task asks every page, waking every ``tick`` for the pages due: a thousand idle pages cost
/// one timer, not a thousand. (Each connection's own ping loop, as the WebSocket library runs it,
/// sleeps in a task of its own; those timers and their threads' wakes were most of an idle
/// server's CPU.) The ask is a message of the pages' protocol, `{"t":"ping"}`, which the page
/// answers with `{"t":"pong"}` — a WebSocket ping's pong is answered by the browser whatever its
/// page does, and is not seen past the library. Any message from the page counts as an answer.
/// The task runs while a page is connected.
final class WebPings: Sendable {
    /// The message that asks a page for an answer.
    static let ping = #"{"t":"ping"}"#
    /// The page's answer.
    static let pong = #"{"t":"pong"}"#

    /// How often each page is asked.
    let interval: Duration
    /// How often the task wakes to ask the pages due: a page is asked, and closed for a missed
    /// answer, up to this late.
    let tick: Duration
    /// Why the connection of a page that did not answer is closed (with "going away", so that
    /// the page reconnects).
    let missedAnswer: String

    private struct Page {
        let inbox: Inbox
        var outbox: Outbox?
        /// When the page is next asked, or found not to have answered.
        var due: ContinuousClock.Instant
        var isAsked = false
    }

    private struct State {
        var pages: [Int: Page] = [:]
        var nextID = 0
        var isTicking = false
    }

    private let state = _Lock(State())

    init(interval: Duration) {
        self.interval = interval
        tick = min(interval / 4, .seconds(1))
        missedAnswer = "no answer to a ping in \(interval)"
    }

    /// Starts asking a connected page, whose messages go to `inbox`: first after one
    /// ``interval``. Returns the page's number for the other calls.
    func connect(_ inbox: Inbox) -> Int {
        let (id, starts) = state.withLock { state -> (Int, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.pages[id] = Page(inbox: inbox, due: .now + interval)
            defer { state.isTicking = true }
            return (id, !state.isTicking)
        }
        if starts { Task.detached(priority: .utility) { [self] in await run() } }
        return id
    }

    /// Sets where the page's pings are written, once its connection has its outbox.
    func attach(_ outbox: Outbox, to id: Int) {
        state.withLock { $0.pages[id]?.outbox = outbox }
    }

    /// The page sent a message: it answered.
    func heard(from id: Int) {
        state.withLock { $0.pages[id]?.isAsked = false }
    }

    /// Stops asking a page whose connection ended.
    func disconnect(_ id: Int) {
        _ = state.withLock { $0.pages.removeValue(forKey: id) }
    }

    /// How many pages are asked.
    var count: Int { state.withLock { $0.pages.count } }

    /// Wakes every ``tick`` while any page is connected: asks the pages due, and closes the
    /// inboxes of those that did not answer the last ask.
    ///
    /// - Complexity: O(p) a tick for p pages connected.
    private func run() async {
        while true {
            try? await Task.sleep(for: tick)
            let now = ContinuousClock.now
            let due = state.withLock { state -> (asked: [Outbox], missed: [Inbox])? in
                guard !state.pages.isEmpty else {
                    state.isTicking = false
                    return nil
                }
                var asked: [Outbox] = []
                var missed: [Inbox] = []
                for (id, page) in state.pages where page.due <= now {
                    if page.isAsked {
                        missed.append(page.inbox)
                        state.pages[id] = nil
                    } else if let outbox = page.outbox {
                        asked.append(outbox)
                        state.pages[id]?.isAsked = true
                        state.pages[id]?.due = now + interval
                    }
                }
                return (asked, missed)
            }
            guard let due else { return }
            for outbox in due.asked { outbox.ping() }
            for inbox in due.missed { inbox.close(reason: missedAnswer) }
        }
    }
}
