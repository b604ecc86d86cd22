import Diffable

/// Runs `operation`, or fails with ``FetchedResultsError/timedOut(_:after:)`` once `limit` has
/// passed, whichever comes first: the caller never waits past its deadline, even for work that
/// does not stop when cancelled (a query to a server that stopped answering).
///
/// On time-out the operation's task is cancelled and `onTimeout` runs, to stop the work for real
/// (close the connection the query waits on, interrupt SQLite), before the caller hears
/// `timedOut`; whatever the operation returns after that is dropped. Cancelling the calling task
/// fails the call at once with `FetchedResultsError.cancelled`, and cancels the operation.
///
/// - Parameters:
///   - limit: How long the operation may take.
///   - what: What the operation does, for the error (`"the change feed's read"`).
///   - onTimeout: Stops the work once the deadline has passed.
///   - watch: What watches the deadline: the process's one, but in tests.
///   - operation: The work, run in a task of its own.
package func _withDeadline<T: Sendable>(
    _ limit: Duration, _ what: String, onTimeout: @escaping @Sendable () -> Void = {},
    watch: _DeadlineWatch = .shared,
    _ operation: @escaping @Sendable () async throws(FetchedResultsError) -> T
) async throws(FetchedResultsError) -> T {
    let race = _Race<T>(watch: watch)
    let result: Result<T, FetchedResultsError> = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            let work = Task {
                let outcome: Result<T, FetchedResultsError>
                do throws(FetchedResultsError) { outcome = .success(try await operation()) } catch {
                    outcome = .failure(error)
                }
                race.finish(outcome)
            }
            // The work is stopped before the caller hears of the time-out, so that it can count
            // on its connection being closed, its read interrupted.
            let deadline = watch.add(after: limit) {
                race.finish(.failure(.timedOut(what, after: limit)), first: onTimeout)
            }
            race.start(continuation, work: work, deadline: deadline)
        }
    } onCancel: {
        race.finish(.failure(.cancelled))
    }
    return try result.get()
}

/// Which of an operation, its deadline and a cancellation ends a
/// ``_withDeadline(_:_:onTimeout:_:)`` first: the one that does resumes the caller, cancels the
/// operation and stops watching the deadline.
private final class _Race<T: Sendable>: Sendable {
    /// The caller, waiting for the outcome.
    typealias Caller = CheckedContinuation<Result<T, FetchedResultsError>, Never>

    private struct State {
        var continuation: Caller?
        var work: Task<Void, Never>?
        /// The deadline's entry in ``watch``.
        var deadline: Int?
        /// An outcome that came before the continuation was stored.
        var early: Result<T, FetchedResultsError>?
        var isFinished = false
    }

    private let state = _Lock(State())
    /// What watches the deadline.
    private let watch: _DeadlineWatch

    init(watch: _DeadlineWatch) {
        self.watch = watch
    }

    func start(_ continuation: Caller, work: Task<Void, Never>, deadline: Int) {
        let early = state.withLock { state -> Result<T, FetchedResultsError>? in
            state.work = work
            state.deadline = deadline
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early {
            work.cancel()
            watch.remove(deadline)
            continuation.resume(returning: early)
        }
    }

    /// Ends the race with `outcome` unless it has ended; whether this call ended it. `first` runs
    /// once the race is won, after the work is cancelled and before the caller resumes.
    @discardableResult
    func finish(_ outcome: Result<T, FetchedResultsError>, first: () -> Void = {}) -> Bool {
        let ended = state.withLock { state -> (Caller?, Task<Void, Never>?, Int?)? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            guard let continuation = state.continuation else {
                state.early = outcome
                return (nil, nil, nil)
            }
            state.continuation = nil
            return (continuation, state.work, state.deadline)
        }
        guard let (continuation, work, deadline) = ended else { return false }
        work?.cancel()
        if let deadline { watch.remove(deadline) }
        first()
        continuation?.resume(returning: outcome)
        return true
    }
}
