import Diffable

/// A lock held across suspension points, taken in the order it was asked for: what keeps two
/// reads of a backend off one connection at once (a transaction is the connection's), without
/// holding a thread while one waits.
package final class _AsyncLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID = 0
    }

    private let state = _Lock(State())

    package init() {}

    /// Runs `body` holding the lock, after every caller that asked before.
    ///
    /// - Throws: `FetchedResultsError.cancelled` when the task is cancelled while it waits, or
    ///   what `body` throws.
    package func withLock<T: Sendable>(
        _ body: () async throws(FetchedResultsError) -> T
    ) async throws(FetchedResultsError) -> T {
        try await lock()
        defer { unlock() }
        return try await body()
    }

    private func lock() async throws(FetchedResultsError) {
        let id = state.withLock { state -> Int? in
            guard state.isLocked else {
                state.isLocked = true
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        let acquired = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let handedOver = state.withLock { state -> Bool in
                    // Unlocked between the first look and now: the lock is this caller's.
                    guard state.isLocked else {
                        state.isLocked = true
                        return true
                    }
                    state.waiters.append((id, continuation))
                    return false
                }
                if handedOver { continuation.resume(returning: true) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            cancelled?.resume(returning: false)
        }
        guard acquired else { throw .cancelled }
    }

    /// Hands the lock to the next caller waiting, or frees it.
    private func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiters.isEmpty else {
                state.isLocked = false
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
