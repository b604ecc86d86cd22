import Diffable

/// The messages a page sent that wait for the main actor, in order, bounded.
///
/// The connection's reader puts each message here and goes on reading the socket, so that the
/// socket's control frames — the pongs that answer the server's pings — are handled while the main
/// actor is busy: a page whose message waited longer than two ping periods used to be closed for
/// a missed pong. Past ``limit`` waiting messages the reader waits too, so a page cannot make the
/// server hold more than that.
final class Inbox: Sendable {
    /// What the connection takes.
    enum Item: Equatable, Sendable {
        /// A message from the page.
        case text(String)
        /// The page's messages ended: the socket closed, or broke the protocol (the reason).
        case end(reason: String?)
    }

    private struct State {
        var queue: [Item] = []
        var isClosed = false
        /// Why the inbox was closed from the server's side, which the connection logs.
        var closeReason: String?
        var taker: CheckedContinuation<Void, Never>?
        var putter: CheckedContinuation<Void, Never>?
    }

    private let state = _Lock(State())
    /// The most messages that wait; the reader waits beyond.
    let limit: Int

    init(limit: Int = 16) {
        self.limit = limit
    }

    /// Adds an item, waiting while ``limit`` items wait; ignored once the inbox is closed.
    ///
    /// - Complexity: O(1) amortized.
    func put(_ item: Item) async {
        await withTaskCancellationHandler {
            while true {
                let (done, taker) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
                    guard !state.isClosed else { return (true, nil) }
                    guard state.queue.count < limit else { return (false, nil) }
                    state.queue.append(item)
                    defer { state.taker = nil }
                    return (true, state.taker)
                }
                taker?.resume()
                if done { return }
                await wait(as: \.putter) { $0.queue.count >= self.limit }
            }
        } onCancel: {
            close()
        }
    }

    /// The next item, waiting while none waits; `.end(reason: nil)` once the inbox is closed.
    ///
    /// - Complexity: O(``limit``).
    func take() async -> Item {
        await withTaskCancellationHandler {
            while true {
                let (item, putter) = state.withLock { state -> (Item?, CheckedContinuation<Void, Never>?) in
                    if state.isClosed { return (.end(reason: state.closeReason), nil) }
                    guard !state.queue.isEmpty else { return (nil, nil) }
                    defer { state.putter = nil }
                    return (state.queue.removeFirst(), state.putter)
                }
                putter?.resume()
                if let item { return item }
                await wait(as: \.taker) { $0.queue.isEmpty }
            }
        } onCancel: {
            close()
        }
    }

    /// Waits, as the side `waiter` names, while the inbox is open and `blocked` holds; the other
    /// side resumes it.
    private func wait(
        as waiter: WritableKeyPath<State, CheckedContinuation<Void, Never>?>, while blocked: (State) -> Bool
    ) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waits = state.withLock { state -> Bool in
                guard blocked(state), !state.isClosed else { return false }
                state[keyPath: waiter] = continuation
                return true
            }
            if !waits { continuation.resume() }
        }
    }

    /// Ends the inbox: what waits is dropped, both sides stop waiting, and puts are ignored; the
    /// taker is handed `.end(reason:)` with `reason`.
    func close(reason: String? = nil) {
        let (taker, putter) = state.withLock { state in
            if !state.isClosed { state.closeReason = reason }
            state.isClosed = true
            state.queue = []
            defer {
                state.taker = nil
                state.putter = nil
            }
            return (state.taker, state.putter)
        }
        taker?.resume()
        putter?.resume()
    }

    /// How many messages wait now.
    var pendingCount: Int { state.withLock { $0.queue.count } }
}
