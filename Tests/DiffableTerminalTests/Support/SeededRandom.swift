import Foundation

/// A small, fast, seedable generator (SplitMix64) so every random test can print the seed that
/// reproduces it. Set `DIFFABLE_SEED` to replay one.
struct SeededRandom: RandomNumberGenerator {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// The base seed for a test run: `DIFFABLE_SEED` if set, else a fixed default so CI is stable.
    static func baseSeed(default value: UInt64 = 0x7E4D_D1FF) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["DIFFABLE_SEED"], let seed = UInt64(text) {
            return seed
        }
        return value
    }

    /// `count` seeds derived from the base seed (the first one is the base seed itself).
    static func seeds(count: Int) -> [UInt64] {
        var generator = SeededRandom(seed: baseSeed())
        return [baseSeed()] + (1..<max(count, 1)).map { _ in generator.next() }
    }
}
