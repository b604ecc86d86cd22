import Synchronization

/// Counts of `hash(into:)` and `==` calls made on ``CountingIdentifier`` values.
let countingHashCalls = Atomic<Int>(0)
let countingEqualityCalls = Atomic<Int>(0)

/// An identifier that counts how often it is hashed and compared, for cost fences. Tests that
/// read the counters live in one serialized suite, so the counts are theirs alone.
struct CountingIdentifier: Hashable, Sendable, CustomStringConvertible {
    var value: Int

    init(_ value: Int) { self.value = value }

    static func == (lhs: Self, rhs: Self) -> Bool {
        countingEqualityCalls.add(1, ordering: .relaxed)
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        countingHashCalls.add(1, ordering: .relaxed)
        hasher.combine(value)
    }

    var description: String { "#\(value)" }

    /// Runs `body` and returns how many hashes and comparisons it made.
    static func count(_ body: () -> Void) -> (hashes: Int, equalities: Int) {
        let hashes = countingHashCalls.load(ordering: .relaxed)
        let equalities = countingEqualityCalls.load(ordering: .relaxed)
        body()
        return (
            countingHashCalls.load(ordering: .relaxed) - hashes,
            countingEqualityCalls.load(ordering: .relaxed) - equalities
        )
    }
}
