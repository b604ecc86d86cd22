import Foundation
import Testing

/// Marks tests that compute for seconds without suspending (property tests over many random
/// cases): each test case takes a turn, and one fewer than the cores run at once (one on two
/// cores).
///
/// Swift Testing runs a synchronous test on a thread of the cooperative pool, which has a thread a
/// core — two on the machine CI runs on. Two such tests at once held both threads for seconds,
/// and the suite's asynchronous tests (a feed following PostgreSQL, a page answering pings) waited
/// for a thread past their deadlines. One at a time leaves the others a thread. Where these tests
/// run alone, `DIFFABLE_COMPUTE_BOUND_AT_ONCE` lets more run at once (CI sets it to the cores).
public struct ComputeBound: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// A turn for each test case; none for a suite, whose tests take their own.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.turns.take()
        let failure: (any Error)?
        do {
            try await function()
            failure = nil
        } catch {
            failure = error
        }
        await Self.turns.give()
        if let failure { throw failure }
    }

    /// The turns every marked test shares: one fewer than the cores (`Turns` keeps at least one).
    private static let turns = Turns(
        count: ProcessInfo.processInfo.environment["DIFFABLE_COMPUTE_BOUND_AT_ONCE"].flatMap { Int($0) }
            ?? ProcessInfo.processInfo.activeProcessorCount - 1)
}

extension Trait where Self == ComputeBound {
    /// Runs the test (or every test of the suite) one at a time with the others so marked:
    /// ``ComputeBound``.
    public static var computeBound: Self { ComputeBound() }
}

/// A counting semaphore whose waiters suspend rather than block a thread.
private actor Turns {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = max(count, 1) }

    func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
