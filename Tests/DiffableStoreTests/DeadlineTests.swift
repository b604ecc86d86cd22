import Diffable
import Testing

@testable import DiffableStore

/// The store's deadlines and its lock across awaits: a caller never waits past its deadline,
/// even for work that ignores cancellation, and a lock is handed over in the order it was asked.
@Suite("Deadlines and the async lock")
struct DeadlineTests {
    /// Work that ignores cancellation, as a query to a stopped server does, until `release`.
    final class Stuck: Sendable {
        private let waiters = _Lock<[CheckedContinuation<Void, Never>]>([])
        private let released = _Lock(false)

        func wait() async {
            await withCheckedContinuation { continuation in
                let now = released.withLock { released in
                    if !released { waiters.withLock { $0.append(continuation) } }
                    return released
                }
                if now { continuation.resume() }
            }
        }

        func release() {
            released.withLock { $0 = true }
            for waiter in waiters.withLock({ $0 }) { waiter.resume() }
        }
    }

    @Test func workInTimeReturnsItsValue() async throws {
        let value = try await _withDeadline(.seconds(5), "adding") { () async throws(FetchedResultsError) in
            2 + 2
        }
        #expect(value == 4)
    }

    @Test func workThatThrowsThrowsItsError() async {
        await #expect(throws: FetchedResultsError.self) {
            try await _withDeadline(.seconds(5), "failing") { () async throws(FetchedResultsError) -> Int in
                throw .changeLogUnavailable(table: "t", reason: "no")
            }
        }
    }

    /// The caller hears `timedOut` at the deadline although the work goes on, and `onTimeout`
    /// runs to stop it for real (closing the connection it waits on).
    @Test func workThatIgnoresCancellationStillEndsAtTheDeadline() async {
        let stuck = Stuck()
        let stopped = _Lock(false)
        do {
            let query: @Sendable () async throws(FetchedResultsError) -> Int = {
                await stuck.wait()
                return 1
            }
            _ = try await _withDeadline(
                .milliseconds(200), "a query", onTimeout: { stopped.withLock { $0 = true } }, query)
            Issue.record("the work answered")
        } catch {
            guard case .timedOut(let what, let limit) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(what == "a query" && limit == .milliseconds(200))
        }
        #expect(stopped.withLock { $0 })
        stuck.release()
    }

    @Test func aCancelledCallerStopsWaitingAtOnce() async {
        let stuck = Stuck()
        let task = Task {
            try await _withDeadline(.seconds(60), "a query") { () async throws(FetchedResultsError) -> Int in
                await stuck.wait()
                return 1
            }
        }
        task.cancel()
        let result = await task.result
        #expect(throws: FetchedResultsError.self) { try result.get() }
        stuck.release()
    }

    /// A deadline that comes in earlier than the one the watch sleeps for expires at its own
    /// time: a call of 200 ms times out while one of an hour, started before it, still waits.
    /// (Were the watch to sleep on, the test would end at its time limit, failed.)
    @Test(.timeLimit(.minutes(1)))
    func anEarlierDeadlineExpiresBeforeALaterOneStartedFirst() async throws {
        let stuck = Stuck()
        let query: @Sendable () async throws(FetchedResultsError) -> Int = {
            await stuck.wait()
            return 1
        }
        let watch = _DeadlineWatch()
        let long = Task { try await _withDeadline(.seconds(3600), "a long query", watch: watch, query) }
        while watch.count == 0 { await Task.yield() }
        await #expect(throws: FetchedResultsError.self) {
            try await _withDeadline(.milliseconds(200), "a short query", watch: watch, query)
        }
        stuck.release()
        #expect(try await long.value == 1)
    }

    /// The watch forgets a deadline whose call ended, and expires one that passed, once.
    @Test func aDeadlineRemovedDoesNotExpireAndOneThatPassesExpiresOnce() async throws {
        let watch = _DeadlineWatch()
        let expired = _Lock<[String]>([])
        let removed = watch.add(after: .milliseconds(50)) { expired.withLock { $0.append("removed") } }
        _ = watch.add(after: .milliseconds(100)) { expired.withLock { $0.append("kept") } }
        watch.remove(removed)
        #expect(watch.count == 1)
        while expired.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(200))
        #expect(expired.withLock { $0 } == ["kept"])
        #expect(watch.count == 0)
    }

    /// Each holder runs alone, in the order they asked, across their awaits.
    @Test func theLockIsHeldAcrossAwaitsAndHandedOverInOrder() async throws {
        let lock = _AsyncLock()
        let log = _Lock<[String]>([])
        let gate = Stuck()
        let first = Task {
            try await lock.withLock { () async throws(FetchedResultsError) in
                log.withLock { $0.append("first in") }
                await gate.wait()
                log.withLock { $0.append("first out") }
            }
        }
        while log.withLock({ $0.isEmpty }) { await Task.yield() }
        var others: [Task<Void, any Error>] = []
        for index in 1...3 {
            others.append(
                Task {
                    try await lock.withLock { () async throws(FetchedResultsError) in
                        log.withLock { $0.append("\(index)") }
                    }
                })
            // Each asks after the one before.
            try await Task.sleep(for: .milliseconds(20))
        }
        gate.release()
        try await first.value
        for task in others { try await task.value }
        #expect(log.withLock { $0 } == ["first in", "first out", "1", "2", "3"])
    }

    @Test func aCallerCancelledWhileItWaitsForTheLockLeavesTheQueue() async throws {
        let lock = _AsyncLock()
        let gate = Stuck()
        let holder = Task {
            try await lock.withLock { () async throws(FetchedResultsError) in await gate.wait() }
        }
        try await Task.sleep(for: .milliseconds(20))
        let waiter = Task { try await lock.withLock { () async throws(FetchedResultsError) in 1 } }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        await #expect(throws: FetchedResultsError.self) { try await waiter.value }
        gate.release()
        try await holder.value
        #expect(try await lock.withLock { () async throws(FetchedResultsError) in 2 } == 2, "not left locked")
    }
}
