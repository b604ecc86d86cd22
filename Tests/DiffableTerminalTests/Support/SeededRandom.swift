import DiffableTesting

/// The seeded generator the property tests use, from `DiffableTesting`.
typealias SeededRandom = DiffableTesting.SeededRandom
