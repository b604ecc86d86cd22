import Diffable
import DiffableTesting

/// Seeded random pairs of snapshot layouts for the replay oracle: many sections and empty ones,
/// section inserts, deletes, moves, replacements and reloads, item moves within and across
/// sections, inserts and deletes, reload and reconfigure marks, and sizes from empty to thousands
/// of items (mostly small, as most real updates are).
public struct RandomPairs {
    private var random: SeededRandom
    private var nextSection = 0
    private var nextItem = 0

    /// The pair made from `seed`: the same seed always gives the same pair.
    public static func pair(seed: UInt64) -> (old: Layout, new: Layout, marks: Marks) {
        var pairs = RandomPairs(random: SeededRandom(seed: seed))
        return pairs.make()
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func percent(_ chance: Int) -> Bool { int(0...99) < chance }

    private mutating func make() -> (old: Layout, new: Layout, marks: Marks) {
        // (sections, items per section, edits): mostly small, a few with thousands of items.
        let size = int(0...999)
        let (sections, items): (ClosedRange<Int>, ClosedRange<Int>) =
            switch size {
            case 0..<550: (0...5, 0...6)
            case 550..<820: (0...12, 0...25)
            case 820..<940: (1...24, 0...40)
            case 940..<950: (1...6, 100...1_500)
            default: (0...3, 0...4)
            }
        var old = Layout(
            (0..<int(sections)).map { _ in (fresh(section: ()), percent(15) ? [] : fresh(items: int(items))) }
        )
        if size >= 950 && percent(30) { old = Layout() }
        var new = old
        let edits = [0, int(1...3), int(3...12), int(10...40)][[0, 1, 1, 1, 2, 2, 2, 3][int(0...7)]]
        let run = max(1, items.upperBound / 8)
        for _ in 0..<edits { edit(&new, run: run) }
        if size >= 950 && percent(20) { new = Layout() }
        return (old, new, marks(on: new))
    }

    private mutating func fresh(section: Void) -> Int {
        defer { nextSection += 1 }
        return nextSection
    }

    private mutating func fresh(items count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<nextItem + count)
    }

    /// A random section of `layout` with items, if there is one.
    private mutating func sectionWithItems(_ layout: Layout) -> Int? {
        let candidates = layout.sections.indices.filter { !layout.sections[$0].items.isEmpty }
        return candidates.isEmpty ? nil : candidates[int(0...candidates.count - 1)]
    }

    private mutating func edit(_ layout: inout Layout, run: Int) {
        let count = layout.sections.count
        switch int(0...14) {
        case 0 where count > 0:  // delete a section
            layout.sections.remove(at: int(0...count - 1))
        case 1:  // insert a section, empty, fresh, or taking the head of another
            var items = percent(25) ? [] : fresh(items: int(0...run))
            if percent(40), let from = sectionWithItems(layout) {
                let taken = int(1...layout.sections[from].items.count)
                items += layout.sections[from].items.prefix(taken)
                layout.sections[from].items.removeFirst(taken)
            }
            layout.sections.insert((fresh(section: ()), items), at: int(0...count))
        case 2 where count > 1:  // move a section
            let moving = layout.sections.remove(at: int(0...count - 1))
            layout.sections.insert(moving, at: int(0...count - 1))
        case 3 where count > 0:  // a new identifier for a section's items
            layout.sections[int(0...count - 1)].id = fresh(section: ())
        case 4:  // delete a run of items
            guard let s = sectionWithItems(layout) else { return }
            let start = int(0...layout.sections[s].items.count - 1)
            let end = min(layout.sections[s].items.count, start + int(1...run))
            layout.sections[s].items.removeSubrange(start..<end)
        case 5 where count > 0:  // insert a run of fresh items
            let s = int(0...count - 1)
            layout.sections[s].items.insert(
                contentsOf: fresh(items: int(1...run)), at: int(0...layout.sections[s].items.count))
        case 6, 7:  // move items within a section
            guard let s = sectionWithItems(layout) else { return }
            for _ in 0..<int(1...3) {
                let item = layout.sections[s].items.remove(at: int(0...layout.sections[s].items.count - 1))
                layout.sections[s].items.insert(item, at: int(0...layout.sections[s].items.count))
            }
        case 8, 9:  // move items across sections
            for _ in 0..<int(1...4) {
                guard let from = sectionWithItems(layout) else { return }
                let item = layout.sections[from].items.remove(
                    at: int(0...layout.sections[from].items.count - 1))
                let to = int(0...count - 1)
                layout.sections[to].items.insert(item, at: int(0...layout.sections[to].items.count))
            }
        case 10:  // shuffle or reverse a section's items
            guard let s = sectionWithItems(layout) else { return }
            if percent(50) {
                layout.sections[s].items.shuffle(using: &random)
            } else {
                layout.sections[s].items.reverse()
            }
        case 11 where count > 1:  // shuffle the sections
            layout.sections.shuffle(using: &random)
        case 12:  // empty a section
            guard let s = sectionWithItems(layout) else { return }
            layout.sections[s].items.removeAll()
        default:  // a section at the end
            layout.sections.append((fresh(section: ()), fresh(items: int(0...run))))
        }
    }

    /// Marks on `new`: reloaded and reconfigured items (some both), and reloaded sections.
    private mutating func marks(on new: Layout) -> Marks {
        var marks = Marks()
        let items = new.items
        if percent(40) { marks.reloadedItems = some(of: items, percent: [4, 25][int(0...1)]) }
        if percent(40) { marks.reconfiguredItems = some(of: items, percent: [4, 25][int(0...1)]) }
        if percent(35) { marks.reloadedSections = some(of: new.sections.map(\.id), percent: 35) }
        return marks
    }

    private mutating func some(of identifiers: [Int], percent chance: Int) -> [Int] {
        identifiers.filter { _ in percent(chance) }
    }
}
