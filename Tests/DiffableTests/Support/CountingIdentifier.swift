import Synchronization

/// An identifier that counts how often it is hashed and compared, for cost fences.
///
/// Calls are counted by the innermost ``count(_:)`` running on the current task (and on the tasks
/// it starts), never by another test's: fences in different suites may run in parallel.
struct CountingIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The calls counted by one ``count(_:)``; atomic, since the measured code may hash on other
    /// threads.
    final class Counts: Sendable {
        let hashes = Atomic<Int>(0)
        let equalities = Atomic<Int>(0)
    }

    /// Where the calls made on the current task are counted, if anywhere.
    @TaskLocal static var counts: Counts?

    var value: Int

    init(_ value: Int) { self.value = value }

    static func == (lhs: Self, rhs: Self) -> Bool {
        counts?.equalities.add(1, ordering: .relaxed)
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        Self.counts?.hashes.add(1, ordering: .relaxed)
        hasher.combine(value)
    }

    var description: String { "#\(value)" }

    /// Runs `body` and returns how many hashes and comparisons of counting identifiers it made.
    static func count(_ body: () throws -> Void) rethrows -> (hashes: Int, equalities: Int) {
        let counts = Counts()
        try $counts.withValue(counts) { try body() }
        return (counts.hashes.load(ordering: .relaxed), counts.equalities.load(ordering: .relaxed))
    }
}

#if DIFFABLE_INVARIANT_CHECKS
    /// Invariant checks re-hash every identifier after every mutation, so no cost fence can hold.
    let invariantChecksEnabled = true
#else
    let invariantChecksEnabled = false
#endif
