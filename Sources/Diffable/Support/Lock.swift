#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a lock, for state that several threads share (a feed's subscribers, a
/// connection's outbox): what the store, the browser view and their tests lock with.
///
/// A pthread mutex, not `Synchronization.Mutex`: on Linux a contended `Mutex` is taken in the
/// kernel (a priority-inheriting futex) by code ThreadSanitizer does not instrument, so it sees no
/// order between two threads that took it in turn and reports a race that is not there. A pthread
/// mutex is intercepted by ThreadSanitizer, so the sanitizer runs need no suppressions. It costs
/// the same when uncontended (one compare-and-swap to lock, one to unlock) and one allocation.
package final class _Lock<State: ~Copyable>: @unchecked Sendable {
    // @unchecked: `state` is only read or written between `pthread_mutex_lock` and
    // `pthread_mutex_unlock` of `mutex`, in `withLock`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ initialState: consuming sending State) {
        state = initialState
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, holding the lock.
    ///
    /// - Complexity: O(1) besides `body`.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
