import Synchronization

/// The messages waiting to be written to one page's connection, bounded.
///
/// The view pushes a message for every update; a writer task takes them one at a time and writes
/// each to the socket, which waits while the page does not read. A page that falls so far behind
/// that the waiting messages pass ``Limits`` loses them all: the writer is handed
/// ``Item/resync`` instead, and sends one reset built from the view's state at that moment. So a
/// page that stops reading costs at most the limits in memory, never holds up other pages, and
/// when it reads again it is one message away from the present.
final class Outbox: Sendable {
    /// What the writer is handed.
    enum Item: Equatable, Sendable {
        /// A message to write.
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
        var bytes = 0
        var needsResync = false
        var isClosed = false
        var resyncCount = 0
        var waiter: CheckedContinuation<Item?, Never>?
    }

    private let state = Mutex(State())
    let limits: Limits

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Adds a message; past the limits, drops every waiting message and asks for a resync.
    ///
    /// - Complexity: O(1) amortized.
    func push(_ text: String) {
        let ready = state.withLock { state -> (CheckedContinuation<Item?, Never>, Item)? in
            guard !state.isClosed else { return nil }
            // While a resync is due, the reset will carry this message too.
            if !state.needsResync {
                state.queue.append(text)
                state.bytes += text.utf8.count
                if state.queue.count > limits.maximumMessages || state.bytes > limits.maximumBytes {
                    state.queue = []
                    state.bytes = 0
                    state.needsResync = true
                    state.resyncCount += 1
                }
            }
            return state.take()
        }
        if let (continuation, item) = ready { continuation.resume(returning: item) }
    }

    /// Drops the waiting messages: a reset that carries them is about to be written.
    func clearPending() {
        state.withLock { state in
            state.queue = []
            state.bytes = 0
            state.needsResync = false
        }
    }

    /// The next message to write, ``Item/resync``, or `nil` once the outbox is closed; waits
    /// while nothing waits.
    func next() async -> Item? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Item?, Never>) in
                let ready = state.withLock { state -> Item?? in
                    if let item = state.nextItem() { return .some(item) }
                    if state.isClosed { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            close()
        }
    }

    /// Ends the outbox: the writer's wait returns `nil`, and pushes are ignored.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>? in
            state.isClosed = true
            state.queue = []
            state.bytes = 0
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// How many messages wait now.
    var pendingCount: Int { state.withLock { $0.queue.count } }

    /// How many bytes wait now.
    var pendingBytes: Int { state.withLock { $0.bytes } }

    /// How many times the page fell behind and was resynced.
    var resyncCount: Int { state.withLock { $0.resyncCount } }
}

extension Outbox.State {
    /// The item the writer should take next, taken out of the state.
    fileprivate mutating func nextItem() -> Outbox.Item? {
        if needsResync {
            needsResync = false
            return .resync
        }
        guard !queue.isEmpty else { return nil }
        let text = queue.removeFirst()
        bytes -= text.utf8.count
        return .text(text)
    }

    /// The waiting writer and the item it gets, if a writer waits and an item is ready.
    fileprivate mutating func take() -> (CheckedContinuation<Outbox.Item?, Never>, Outbox.Item)? {
        guard let waiter, let item = nextItem() else { return nil }
        self.waiter = nil
        return (waiter, item)
    }
}
