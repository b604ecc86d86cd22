import Diffable
public import Foundation

/// The wall clock a ``FetchedResultsController`` reads the time from, for a request whose rows
/// depend on it ("added in the last week"): the time stored in rows is wall time, which Swift's
/// `ContinuousClock` does not tell.
public protocol WallClock: Sendable {
    /// The time now.
    var now: Date { get }

    /// Returns once the time is `date` or later.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until date: Date) async throws
}

/// What tells clocks apart for sharing controllers: equal requests on different clocks (a test's
/// manual clock beside the system's) are not one controller.
package func _sharingIdentity(of clock: any WallClock) -> String {
    let type = String(reflecting: Swift.type(of: clock))
    guard Swift.type(of: clock) is AnyClass else { return type }
    return "\(type) \(ObjectIdentifier(clock as AnyObject))"
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    public init() {}

    public var now: Date { Date() }

    /// Sleeps in steps of at most a minute, looking at the time after each, so that a clock set
    /// forward or back (NTP, a laptop that slept) is followed.
    public func sleep(until date: Date) async throws {
        while true {
            let remaining = date.timeIntervalSinceNow
            guard remaining > 0 else { return }
            try await Task.sleep(for: .seconds(min(remaining, 60)))
        }
    }
}

/// A clock that moves only when told: what tests of time-dependent requests drive.
///
/// ```swift
/// let clock = ManualWallClock(now: start)
/// let controller = FetchedResultsController(database: pool, request: recents, clock: clock)
/// clock.advance(by: 7 * 86_400)  // a week later: the rows added first leave Recents
/// ```
public final class ManualWallClock: WallClock {
    private struct State {
        var now: Date
        var sleepers: [UUID: (until: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]
    }

    private let state: _Lock<State>

    /// A clock that shows `now` until it is advanced.
    public init(now: Date) {
        state = _Lock(State(now: now))
    }

    public var now: Date { state.withLock { $0.now } }

    /// The number of tasks sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves the clock forward by `seconds`, waking every sleeper whose time has come.
    public func advance(by seconds: TimeInterval) {
        advance(to: now.addingTimeInterval(seconds))
    }

    /// Moves the clock to `date` (forward only), waking every sleeper whose time has come.
    public func advance(to date: Date) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = max(state.now, date)
            let due = state.sleepers.filter { $0.value.until <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    public func sleep(until date: Date) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                // Under the lock, so that a cancellation is seen either here or by the handler.
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if date <= state.now { return .success(()) }
                    state.sleepers[id] = (date, continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
