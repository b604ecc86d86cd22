import Foundation

/// A small, fast, seedable random number generator (SplitMix64) for property tests that print
/// the seed reproducing a failure.
///
/// ```swift
/// for seed in SeededRandom.seeds(count: 100) {
///     var rng = SeededRandom(seed: seed)
///     let items = (0..<50).map { _ in Int.random(in: 0..<1000, using: &rng) }
///     #expect(check(items), "DIFFABLE_SEED=\(seed)")
/// }
/// ```
///
/// Set `DIFFABLE_SEED` in the environment to replay a failing seed first, and
/// `DIFFABLE_SEED_SCALE` to run more or fewer cases (``caseCount(_:)``).
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The generator's state.
    public private(set) var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// The base seed of a run: `DIFFABLE_SEED` (decimal or `0x` hexadecimal) if set, else a fixed
    /// default so CI is reproducible.
    public static func baseSeed(default value: UInt64 = 0x5EED_D1FF) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["DIFFABLE_SEED"] else { return value }
        if text.hasPrefix("0x"), let seed = UInt64(text.dropFirst(2), radix: 16) { return seed }
        return UInt64(text) ?? value
    }

    /// `count` seeds (as many as ``caseCount(_:)`` says): the base seed, then seeds derived from it.
    public static func seeds(count: Int) -> [UInt64] {
        var generator = SeededRandom(seed: baseSeed())
        return [baseSeed()] + (1..<caseCount(count)).map { _ in generator.next() }
    }

    /// How many random cases to run where a test asks for `count`: `count` times
    /// `DIFFABLE_SEED_SCALE` (a decimal, `0.25` or `10`; 1 when unset), at least one.
    ///
    /// More cases for a long hunt; fewer where each costs more and the plain run already ran them
    /// all — CI's sanitizer runs take a quarter: they look for memory errors and races, which the
    /// code paths show, not the number of cases (the same seeds, first to last).
    public static func caseCount(_ count: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment["DIFFABLE_SEED_SCALE"], let scale = Double(text),
            scale > 0
        else { return max(count, 1) }
        return max(Int((Double(count) * scale).rounded()), 1)
    }
}
