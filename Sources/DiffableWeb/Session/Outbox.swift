import Diffable

/// The messages waiting to be written to one page's connection, bounded.
///
/// The view pushes a message for every update; a writer takes what waits and writes it to the
/// socket, and stops while the page does not read: the server's writer is woken by
/// ``whenReady(_:)`` and takes with ``take()`` on the socket's event loop (`WebSocketWriter`), a
/// task can wait in ``next()``. Whatever waits when the writer comes — the messages the page got
/// while its last frame was being written — goes as one frame, a `batch` message, so a busy page
/// costs one write per turn of its writer, not one per message.
/// A message may be pushed held (`releasing: false`): the writer takes it only once
/// ``release()`` is called, with everything pushed before — the server releases at the end of a
/// turn of the main actor, so that what one change did to a page (its list, its counts, its
/// detail) goes as one frame.
/// A page that falls so far behind that the waiting messages pass ``Limits`` loses them all: the
/// writer is handed ``Item/resync`` instead, and sends one reset built from the view's state at
/// that moment. So a page that stops reading costs at most the limits in memory, never holds up
/// other pages, and when it reads again it is one message away from the present.
final class Outbox: Sendable {
    /// What the writer is handed.
    enum Item: Equatable, Sendable {
        /// A frame to write: one message, or several in a `batch` message.
        case text(String)
        /// The page fell behind: replace what it missed with a reset.
        case resync
    }

    /// How much may wait.
    struct Limits: Sendable {
        /// The most messages that may wait.
        var maximumMessages = 64
        /// The most bytes that may wait.
        var maximumBytes = 4 << 20
    }

    fileprivate struct State {
        var queue: [String] = []
        /// How many of the first messages of `queue` the writer may take.
        var released = 0
        var bytes = 0
        var needsResync = false
        /// Whether a ping waits: it goes as a frame of its own, before what is released.
        var pingDue = false
        var isClosed = false
        var resyncCount = 0
        var waiter: CheckedContinuation<Void, Never>?
        /// Wakes the writer each time there is something to take (``whenReady(_:)``).
        var wake: (@Sendable () -> Void)?
    }

    /// Whom to wake, taken out of the lock: a task waiting in ``next()``, the writer's wake.
    fileprivate struct Wakes {
        var waiter: CheckedContinuation<Void, Never>?
        var wake: (@Sendable () -> Void)?

        func callAsFunction() {
            waiter?.resume()
            wake?()
        }
    }

    private let state = _Lock(State())
    let limits: Limits
    /// The batches made of several messages, shared with the server's other outboxes: the pages
    /// in one state that a change alters alike are handed the same texts (each written once), and
    /// share one batch of them, not a join for each page.
    private let batches: RecentlyMade<[String], String>

    init(limits: Limits = Limits(), batches: RecentlyMade<[String], String> = RecentlyMade()) {
        self.limits = limits
        self.batches = batches
    }

    /// Adds a message; past the limits, drops every waiting message and asks for a resync (which
    /// the writer takes at once).
    ///
    /// - Parameter releasing: Whether the writer may take it now, with everything held before;
    ///   `false` holds it until ``release()``.
    /// - Complexity: O(1) amortized.
    func push(_ text: String, releasing: Bool = true) {
        push(contentsOf: CollectionOfOne(text), releasing: releasing)
    }

    /// Adds messages, in order, as ``push(_:releasing:)`` adds one.
    ///
    /// - Complexity: O(m) for the m messages.
    func push(contentsOf texts: some Collection<String>, releasing: Bool = true) {
        let wakes = state.withLock { state -> Wakes? in
            guard !state.isClosed else { return nil }
            // While a resync is due, the reset will carry these messages too.
            for text in texts where !state.needsResync {
                state.queue.append(text)
                state.bytes += text.utf8.count
                if state.queue.count > limits.maximumMessages || state.bytes > limits.maximumBytes {
                    state.queue = []
                    state.released = 0
                    state.bytes = 0
                    state.needsResync = true
                    state.resyncCount += 1
                }
            }
            if releasing && !state.needsResync { state.released = state.queue.count }
            state.checkInvariantsIfEnabled(limits)
            return state.takeWakesIfReady()
        }
        wakes?()
    }

    /// Asks the writer to send the page a ping now, as a frame of its own, whatever is held.
    ///
    /// - Complexity: O(1).
    func ping() {
        let wakes = state.withLock { state -> Wakes? in
            guard !state.isClosed else { return nil }
            state.pingDue = true
            return state.takeWakesIfReady()
        }
        wakes?()
    }

    /// Lets the writer take every message pushed so far.
    ///
    /// - Complexity: O(1).
    func release() {
        let wakes = state.withLock { state -> Wakes in
            state.released = state.queue.count
            state.checkInvariantsIfEnabled(limits)
            return state.takeWakesIfReady()
        }
        wakes()
    }

    /// Wakes the writer, from the thread that makes something ready to take, each time there is:
    /// at once if something waits already. The writer then calls ``take()`` until it returns `nil`.
    ///
    /// - Complexity: O(1).
    func whenReady(_ wake: @escaping @Sendable () -> Void) {
        let ready = state.withLock { state -> Bool in
            state.wake = wake
            return state.hasSomethingToTake
        }
        if ready { wake() }
    }

    /// What the writer should write now — every message released, as one frame — or
    /// ``Item/resync``; `nil` while nothing is ready, or once the outbox is closed.
    ///
    /// - Complexity: O(m) for the m messages released.
    func take() -> Item? {
        state.withLock { state in
            defer { state.checkInvariantsIfEnabled(limits) }
            return state.nextItem(batching: batches)
        }
    }

    /// Traps unless the outbox's rules hold (see `State._checkInvariants(_:)`).
    func _checkInvariants() {
        state.withLock { $0._checkInvariants(limits) }
    }

    /// Drops the waiting messages: a reset that carries them is about to be written.
    func clearPending() {
        state.withLock { state in
            state.queue = []
            state.released = 0
            state.bytes = 0
            state.needsResync = false
            state.checkInvariantsIfEnabled(limits)
        }
    }

    /// What to write next — every message released, as one frame — ``Item/resync``, or `nil` once
    /// the outbox is closed; waits while nothing released waits.
    func next() async -> Item? {
        await withTaskCancellationHandler {
            while true {
                let ready = state.withLock { state -> Item?? in
                    if let item = state.nextItem(batching: batches) {
                        state.checkInvariantsIfEnabled(limits)
                        return .some(item)
                    }
                    return state.isClosed ? .some(nil) : .none
                }
                if let ready { return ready }
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let waits = state.withLock { state -> Bool in
                        guard !state.hasSomethingToTake, !state.isClosed else { return false }
                        state.waiter = continuation
                        return true
                    }
                    if !waits { continuation.resume() }
                }
            }
        } onCancel: {
            close()
        }
    }

    /// Ends the outbox: the writer's wait returns `nil`, and pushes are ignored.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.isClosed = true
            state.queue = []
            state.released = 0
            state.bytes = 0
            state.wake = nil
            state.checkInvariantsIfEnabled(limits)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Whether the outbox was closed: nothing more is to be written.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// How many messages wait now.
    var pendingCount: Int { state.withLock { $0.queue.count } }

    /// How many of the messages waiting the writer may take now.
    var releasedCount: Int { state.withLock { $0.released } }

    /// How many bytes wait now.
    var pendingBytes: Int { state.withLock { $0.bytes } }

    /// Whether the page fell behind and the writer has yet to take the resync.
    var isResyncDue: Bool { state.withLock { $0.needsResync } }

    /// How many times the page fell behind and was resynced.
    var resyncCount: Int { state.withLock { $0.resyncCount } }
}

extension Outbox.State {
    /// Whether the writer has something to take: released messages, a resync or a ping.
    fileprivate var hasSomethingToTake: Bool { needsResync || released > 0 || pingDue }

    /// Whom to wake when there is something to take: the waiting task, taken out of the state to
    /// be resumed, and the writer's wake; nobody otherwise.
    fileprivate mutating func takeWakesIfReady() -> Outbox.Wakes {
        guard hasSomethingToTake else { return Outbox.Wakes() }
        defer { waiter = nil }
        return Outbox.Wakes(waiter: waiter, wake: wake)
    }

    /// The item the writer should take next, taken out of the state: a ping, or every released
    /// message, one as it is, several in a `batch` message (as a resync sends).
    fileprivate mutating func nextItem(batching batches: RecentlyMade<[String], String>) -> Outbox.Item? {
        if pingDue {
            pingDue = false
            return .text(WebPings.ping)
        }
        if needsResync {
            needsResync = false
            return .resync
        }
        guard released > 0 else { return nil }
        let taken = queue[..<released]
        let text =
            released == 1 ? taken[0] : batches.value(for: Array(taken), making: ServerMessage.batch(texts:))
        bytes -= taken.reduce(0) { $0 + $1.utf8.count }
        queue.removeFirst(released)
        released = 0
        return .text(text)
    }
}

extension Outbox.State {
    /// Traps unless the outbox's rules hold: the byte count is the waiting messages' bytes, what
    /// waits is within the limits, nothing waits while a resync is due (the reset carries it), and
    /// nothing waits once closed.
    ///
    /// - Complexity: O(m) for the m messages waiting.
    func _checkInvariants(_ limits: Outbox.Limits) {
        precondition(
            bytes == queue.reduce(0) { $0 + $1.utf8.count },
            "outbox: counts \(bytes) bytes waiting, holds others")
        precondition(
            queue.count <= limits.maximumMessages && bytes <= limits.maximumBytes, "outbox: past its limits")
        precondition(!needsResync || queue.isEmpty, "outbox: messages wait beside a resync")
        precondition(
            (0...queue.count).contains(released), "outbox: releases \(released) of \(queue.count) messages")
        precondition(!isClosed || queue.isEmpty, "outbox: messages wait in a closed outbox")
    }

    /// ``_checkInvariants(_:)`` in builds with `DIFFABLE_INVARIANT_CHECKS`.
    func checkInvariantsIfEnabled(_ limits: Outbox.Limits) {
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants(limits)
        #endif
    }
}
