import Diffable
import DiffableTesting
import Foundation

/// Identifier types the benchmarks run with, each made from an integer.
public protocol BenchmarkIdentifier: Hashable, Sendable {
    init(_ key: Int)
    static var label: String { get }
}

extension Int: BenchmarkIdentifier {
    public static var label: String { "Int" }
}

extension String: BenchmarkIdentifier {
    public init(_ key: Int) { self = "item-\(key)" }
    public static var label: String { "String" }
}

extension UUID: BenchmarkIdentifier {
    public init(_ key: Int) {
        var bytes = [UInt8](repeating: 0, count: 16)
        var value = UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))
        }
        value = UInt64(bitPattern: Int64(key))
        for i in 0..<8 {
            bytes[8 + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))
        }
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
    public static var label: String { "UUID" }
}

/// A scenario as integer keys: sections (by key) with their items (by key), before and after.
public struct Scenario: Sendable {
    public var name: String
    public var old: [(section: Int, items: [Int])]
    public var new: [(section: Int, items: [Int])]
    public var itemCount: Int { old.reduce(0) { $0 + $1.items.count } }

    /// Every scenario of the comparison, in the order they are printed.
    public static let names = [
        "flat-10k", "flat-10pct", "sectioned-10pct", "flat-1m", "no-change", "one-insert", "replace-all",
    ]

    public static func named(_ name: String) -> Scenario {
        var rng = SeededRandom(seed: 0xD1FF_AB1E)
        switch name {
        case "flat-10k": return mix(name: name, sections: 1, perSection: 10_000, rng: &rng)
        case "flat-10pct": return mix(name: name, sections: 1, perSection: 100_000, rng: &rng)
        case "sectioned-10pct":
            return mix(
                name: name, sections: 100, perSection: 1_000, crossSection: 0.10, movedSections: 5, rng: &rng)
        case "flat-1m": return mix(name: name, sections: 1, perSection: 1_000_000, rng: &rng)
        case "no-change":
            let items = Array(0..<100_000)
            return Scenario(name: name, old: [(0, items)], new: [(0, items)])
        case "one-insert":
            var items = Array(0..<100_000)
            let old = items
            items.insert(100_000, at: 50_000)
            return Scenario(name: name, old: [(0, old)], new: [(0, items)])
        case "replace-all":
            return Scenario(name: name, old: [(0, Array(0..<100_000))], new: [(0, Array(100_000..<200_000))])
        default:
            fatalError("unknown scenario \(name); known: \(names.joined(separator: ", "))")
        }
    }

    /// `sections × perSection` items; the new state deletes 10%, inserts 10% and moves 10% of the
    /// items within their section, moves `crossSection` of them to another section, and moves
    /// `movedSections` sections.
    static func mix(
        name: String, sections: Int, perSection: Int, crossSection: Double = 0, movedSections: Int = 0,
        rng: inout SeededRandom
    ) -> Scenario {
        let old = (0..<sections).map { s in
            (section: s, items: Array((s * perSection)..<((s + 1) * perSection)))
        }
        // Each surviving or new item gets (section, sort key); sorting by key gives the new order.
        var placed: [[(key: Double, item: Int)]] = Array(repeating: [], count: sections)
        let total = sections * perSection
        for (s, section) in old.enumerated() {
            for (i, item) in section.items.enumerated() {
                let roll = Double.random(in: 0..<1, using: &rng)
                if roll < 0.10 { continue }  // deleted
                if roll < 0.20 {  // moved within the section
                    placed[s].append((Double.random(in: 0..<Double(perSection), using: &rng), item))
                } else if roll < 0.20 + crossSection {  // moved to another section
                    let target = (s + Int.random(in: 1..<max(sections, 2), using: &rng)) % sections
                    placed[target].append((Double.random(in: 0..<Double(perSection), using: &rng), item))
                } else {
                    placed[s].append((Double(i), item))
                }
            }
        }
        for k in 0..<(total / 10) {  // inserted
            let s = Int.random(in: 0..<sections, using: &rng)
            placed[s].append((Double.random(in: 0..<Double(perSection), using: &rng), total + k))
        }
        var order = Array(0..<sections)
        for _ in 0..<movedSections {
            let moved = order.remove(at: Int.random(in: 0..<order.count, using: &rng))
            order.insert(moved, at: Int.random(in: 0...order.count, using: &rng))
        }
        let new = order.map { s in (section: s, items: placed[s].sorted { $0.key < $1.key }.map(\.item)) }
        return Scenario(name: name, old: old, new: new)
    }

    /// The snapshot for one side, with identifiers of type `ID`.
    @inlinable public static func snapshot<ID: BenchmarkIdentifier>(
        _ sections: [(section: Int, items: [ID])]
    ) -> DiffableDataSourceSnapshot<Int, ID> {
        var snapshot = DiffableDataSourceSnapshot<Int, ID>()
        snapshot.appendSections(sections.map(\.section))
        for section in sections { snapshot.appendItems(section.items, toSection: section.section) }
        return snapshot
    }

    /// The scenario's sides with identifiers of type `ID`.
    @inlinable public func identifiers<ID: BenchmarkIdentifier>(
        _: ID.Type
    ) -> (old: [(section: Int, items: [ID])], new: [(section: Int, items: [ID])]) {
        (old.map { ($0.section, $0.items.map(ID.init)) }, new.map { ($0.section, $0.items.map(ID.init)) })
    }
}
