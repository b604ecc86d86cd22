import Diffable

/// The deadlines of every call under way in the process (``_withDeadline(_:_:onTimeout:_:)``),
/// watched by one task that sleeps until the earliest: a call's deadline is an entry here, not a
/// sleeping task of its own.
///
/// A `Task.sleep` that is cancelled leaves its timer armed in the executor until it would have
/// ended. With a sleeping task per call, every database call left a timer that fired its full
/// limit (30 s) later: a server that had just shown a thousand pages spent 2% of a core idle on
/// them. Calls end long before their deadlines, so entries come in nearly in the order they
/// expire; the watch sleeps again only when one comes in earlier than the one it waits for.
package final class _DeadlineWatch: Sendable {
    package static let shared = _DeadlineWatch()

    private struct Entry {
        var deadline: ContinuousClock.Instant
        var expire: @Sendable () -> Void
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        /// The task that sleeps, until when, and its number; `nil` while nothing is watched.
        var sleeper: (task: Task<Void, Never>, until: ContinuousClock.Instant, number: Int)?
        var sleepers = 0

        /// Starts a task that sleeps until `deadline`, in place of the one that slept.
        mutating func sleep(until deadline: ContinuousClock.Instant, for watch: _DeadlineWatch) {
            sleepers += 1
            let number = sleepers
            let task = Task.detached(priority: .utility) { [weak watch] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                guard !Task.isCancelled else { return }
                watch?.expireDue(woken: number)
            }
            sleeper = (task, deadline, number)
        }
    }

    private let state = _Lock(State())

    package init() {}

    /// The deadlines watched: the calls under way.
    package var count: Int { state.withLock { $0.entries.count } }

    /// Watches a deadline `limit` from now: `expire` runs then, in a task of its own, unless the
    /// entry is removed first. Returns the entry's identifier.
    ///
    /// - Complexity: O(1).
    package func add(after limit: Duration, expire: @escaping @Sendable () -> Void) -> Int {
        let deadline = ContinuousClock.now + limit
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(deadline: deadline, expire: expire)
            if state.sleeper == nil || deadline < state.sleeper!.until {
                state.sleeper?.task.cancel()
                state.sleep(until: deadline, for: self)
            }
            return id
        }
    }

    /// Stops watching a deadline: its call ended.
    ///
    /// - Complexity: O(1).
    package func remove(_ id: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    /// Expires the entries whose deadlines have passed, and, unless another sleeper took over
    /// (an earlier deadline came in), sleeps until the next.
    ///
    /// - Complexity: O(e) for the e entries watched, once per wake.
    private func expireDue(woken number: Int) {
        let now = ContinuousClock.now
        let expired = state.withLock { state -> [Entry] in
            var expired: [Entry] = []
            var next: ContinuousClock.Instant?
            for (id, entry) in state.entries {
                if entry.deadline <= now {
                    expired.append(entry)
                    state.entries[id] = nil
                } else if next.map({ entry.deadline < $0 }) ?? true {
                    next = entry.deadline
                }
            }
            if state.sleeper?.number == number {
                state.sleeper = nil
                if let next { state.sleep(until: next, for: self) }
            }
            return expired
        }
        for entry in expired { Task.detached { entry.expire() } }
    }
}
