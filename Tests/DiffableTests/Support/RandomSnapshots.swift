import Diffable
import DiffableTesting

/// One section of a generated snapshot, as plain values.
struct RandomSection: Equatable {
    var id: Int
    var items: [Int]
}

/// A generated old/new pair of snapshot layouts, with the marks `new` carries and the items whose
/// content (but not identity) changes, as plain values; ``snapshots(section:item:)`` builds them.
struct RandomSnapshotPair {
    var old: [RandomSection]
    var new: [RandomSection]
    var reloadedItems: [Int] = []
    var reconfiguredItems: [Int] = []
    var reloadedSections: [Int] = []
    /// Items present in both whose content changes between the two snapshots.
    var changedItems: Set<Int> = []

    /// The two snapshots, with identifiers made by `section` and `item` (whose second argument is
    /// `true` for the new snapshot's items).
    func snapshots<S, I>(
        section: (Int) -> S, item: (Int, _ inNew: Bool) -> I
    ) -> (old: DiffableDataSourceSnapshot<S, I>, new: DiffableDataSourceSnapshot<S, I>) {
        func build(_ layout: [RandomSection], inNew: Bool) -> DiffableDataSourceSnapshot<S, I> {
            var snapshot = DiffableDataSourceSnapshot<S, I>()
            snapshot.appendSections(layout.map { section($0.id) })
            for entry in layout where !entry.items.isEmpty {
                snapshot.appendItems(entry.items.map { item($0, inNew) }, toSection: section(entry.id))
            }
            return snapshot
        }
        var new = build(self.new, inNew: true)
        if !reloadedItems.isEmpty { new.reloadItems(reloadedItems.map { item($0, true) }) }
        if !reconfiguredItems.isEmpty { new.reconfigureItems(reconfiguredItems.map { item($0, true) }) }
        if !reloadedSections.isEmpty { new.reloadSections(reloadedSections.map(section)) }
        return (build(old, inNew: false), new)
    }

    /// `Int` sections and items.
    var intSnapshots: (old: DiffableDataSourceSnapshot<Int, Int>, new: DiffableDataSourceSnapshot<Int, Int>) {
        snapshots(section: { $0 }, item: { id, _ in id })
    }

    /// `String` sections and items.
    var stringSnapshots:
        (old: DiffableDataSourceSnapshot<String, String>, new: DiffableDataSourceSnapshot<String, String>)
    {
        snapshots(section: { "S\($0)" }, item: { id, _ in "i\(id)" })
    }

    /// `Int` sections and ``ClusteredItem`` items, whose hash values collide.
    var clusteredSnapshots:
        (
            old: DiffableDataSourceSnapshot<Int, ClusteredItem>,
            new: DiffableDataSourceSnapshot<Int, ClusteredItem>
        )
    {
        snapshots(section: { $0 }, item: { id, _ in ClusteredItem(id) })
    }

    /// `Int` sections and ``VersionedItem`` items whose version is 1 in `new` for ``changedItems``.
    var versionedSnapshots:
        (
            old: DiffableDataSourceSnapshot<Int, VersionedItem>,
            new: DiffableDataSourceSnapshot<Int, VersionedItem>
        )
    {
        snapshots(
            section: { $0 },
            item: { id, inNew in VersionedItem(id, version: inNew && changedItems.contains(id) ? 1 : 0) })
    }
}

/// An item identifier with a content version that `==` and `hash(into:)` ignore, as apps write
/// for the content-aware diff.
struct VersionedItem: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var version: Int

    init(_ id: Int, version: Int) {
        self.id = id
        self.version = version
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { "\(id)v\(version)" }
}

/// Seeded generation of snapshot pairs covering what a diff must handle: many sections, empty
/// ones, section inserts, deletes, moves and replacements, item moves within and across sections,
/// inserts and deletes, reload and reconfigure marks on items and sections, and sizes from empty
/// to thousands of items (mostly small).
enum RandomSnapshots {
    static func pair(using random: inout SeededRandom) -> RandomSnapshotPair {
        var generator = Generator(random: random)
        let pair = generator.pair()
        random = generator.random
        return pair
    }

    private struct Generator {
        var random: SeededRandom
        var nextSection = 0
        var nextItem = 0

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

        mutating func pair() -> RandomSnapshotPair {
            let shape = int(0...99)
            let (sections, items): (ClosedRange<Int>, ClosedRange<Int>)
            switch shape {
            case 0..<55: (sections, items) = (0...5, 0...6)
            case 55..<80: (sections, items) = (0...12, 0...25)
            case 80..<92: (sections, items) = (1...40, 0...120)
            case 92..<97: (sections, items) = (1...6, 100...1_500)
            default: (sections, items) = (0...3, 0...4)
            }
            var old = layout(sections: int(sections), items: items)
            if shape >= 97 && chance(50) { old = [] }
            var new = old
            let churn = int(0...99)
            let steps: Int
            switch churn {
            case 0..<10: steps = 0
            case 10..<55: steps = int(1...3)
            case 55..<90: steps = int(3...12)
            default: steps = int(10...40)
            }
            for _ in 0..<steps { mutate(&new, itemRange: items) }
            if shape >= 97 && chance(30) { new = [] }
            if churn >= 97 { new.shuffle(using: &random) }
            return marked(RandomSnapshotPair(old: old, new: new))
        }

        mutating func layout(sections: Int, items: ClosedRange<Int>) -> [RandomSection] {
            (0..<sections).map { _ in
                freshSection(count: chance(15) ? 0 : int(items))
            }
        }

        mutating func freshSection(count: Int) -> RandomSection {
            defer { nextSection += 1 }
            return RandomSection(id: nextSection, items: freshItems(count))
        }

        mutating func freshItems(_ count: Int) -> [Int] {
            defer { nextItem += count }
            return Array(nextItem..<nextItem + count)
        }

        /// A random index of a non-empty section, if any.
        mutating func nonEmptySection(_ layout: [RandomSection]) -> Int? {
            let candidates = layout.indices.filter { !layout[$0].items.isEmpty }
            return candidates.randomElement(using: &random)
        }

        mutating func mutate(_ layout: inout [RandomSection], itemRange: ClosedRange<Int>) {
            let small = max(1, itemRange.upperBound / 8)
            switch int(0...13) {
            case 0 where !layout.isEmpty:  // delete a section
                layout.remove(at: int(0...layout.count - 1))
            case 1:  // insert a section, possibly taking existing items
                var section = freshSection(count: chance(20) ? 0 : int(0...small))
                if chance(40), let from = nonEmptySection(layout) {
                    let taken = layout[from].items.prefix(int(1...layout[from].items.count))
                    layout[from].items.removeFirst(taken.count)
                    section.items.insert(contentsOf: taken, at: int(0...section.items.count))
                }
                layout.insert(section, at: int(0...layout.count))
            case 2 where layout.count > 1:  // move a section
                let section = layout.remove(at: int(0...layout.count - 1))
                layout.insert(section, at: int(0...layout.count))
            case 3 where !layout.isEmpty:  // replace a section's identity, keeping its items
                layout[int(0...layout.count - 1)].id = nextSection
                nextSection += 1
            case 4:  // delete a run of items
                if let s = nonEmptySection(layout) {
                    let start = int(0...layout[s].items.count - 1)
                    let end = min(layout[s].items.count, start + int(1...small))
                    layout[s].items.removeSubrange(start..<end)
                }
            case 5 where !layout.isEmpty:  // insert a run of fresh items
                let s = int(0...layout.count - 1)
                layout[s].items.insert(
                    contentsOf: freshItems(int(1...small)), at: int(0...layout[s].items.count))
            case 6, 7:  // move items within a section
                if let s = nonEmptySection(layout) {
                    for _ in 0..<int(1...3) {
                        let item = layout[s].items.remove(at: int(0...layout[s].items.count - 1))
                        layout[s].items.insert(item, at: int(0...layout[s].items.count))
                    }
                }
            case 8, 9:  // move items across sections
                for _ in 0..<int(1...4) {
                    guard let from = nonEmptySection(layout) else { break }
                    let item = layout[from].items.remove(at: int(0...layout[from].items.count - 1))
                    let to = int(0...layout.count - 1)
                    layout[to].items.insert(item, at: int(0...layout[to].items.count))
                }
            case 10:  // shuffle or reverse a section
                if let s = nonEmptySection(layout) {
                    if chance(50) {
                        layout[s].items.shuffle(using: &random)
                    } else {
                        layout[s].items.reverse()
                    }
                }
            case 11 where layout.count > 1:  // shuffle the sections
                layout.shuffle(using: &random)
            case 12:  // empty a section
                if let s = nonEmptySection(layout) { layout[s].items.removeAll() }
            default:  // a new section at the end
                layout.append(freshSection(count: int(0...small)))
            }
        }

        /// Adds reload and reconfigure marks and content changes to a pair.
        mutating func marked(_ pair: RandomSnapshotPair) -> RandomSnapshotPair {
            var pair = pair
            let newItems = pair.new.flatMap(\.items)
            let oldItems = Set(pair.old.flatMap(\.items))
            func pick(_ percent: Int, _ from: [Int], using generator: inout Generator) -> [Int] {
                from.filter { _ in generator.chance(percent) }
            }
            if chance(40) { pair.reloadedItems = pick([5, 30][int(0...1)], newItems, using: &self) }
            if chance(40) { pair.reconfiguredItems = pick([5, 30][int(0...1)], newItems, using: &self) }
            if chance(35) { pair.reloadedSections = pick(35, pair.new.map(\.id), using: &self) }
            if chance(70) {
                pair.changedItems = Set(
                    pick([10, 40][int(0...1)], newItems.filter(oldItems.contains), using: &self))
            }
            return pair
        }
    }
}

/// An item identifier whose hash value it shares with three others (`id / 4`), so that index
/// probes meet other identifiers with the same tag and the same hash value.
struct ClusteredItem: Hashable, Sendable, CustomStringConvertible {
    var id: Int

    init(_ id: Int) { self.id = id }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id / 4) }
    var description: String { "c\(id)" }
}
