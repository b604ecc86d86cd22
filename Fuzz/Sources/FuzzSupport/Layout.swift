import Diffable

/// A snapshot as plain values: sections in order, each with its items in order.
public struct Layout: Equatable, Sendable, CustomStringConvertible {
    /// The sections, each an identifier and its items.
    public var sections: [(id: Int, items: [Int])]

    /// A layout of `sections`.
    public init(_ sections: [(id: Int, items: [Int])] = []) { self.sections = sections }

    /// Every item, section after section.
    public var items: [Int] { sections.flatMap(\.items) }

    /// The snapshot holding this layout; its identifiers must be unique.
    public var snapshot: DiffableDataSourceSnapshot<Int, Int> { snapshot(section: { $0 }, item: { $0 }) }

    /// The snapshot holding this layout, with identifiers made by `section` and `item`.
    public func snapshot<S, I>(section: (Int) -> S, item: (Int) -> I) -> DiffableDataSourceSnapshot<S, I> {
        var snapshot = DiffableDataSourceSnapshot<S, I>()
        snapshot.appendSections(sections.map { section($0.id) })
        for entry in sections where !entry.items.isEmpty {
            snapshot.appendItems(entry.items.map(item), toSection: section(entry.id))
        }
        return snapshot
    }

    public static func == (lhs: Layout, rhs: Layout) -> Bool {
        lhs.sections.map(\.id) == rhs.sections.map(\.id)
            && lhs.sections.map(\.items) == rhs.sections.map(\.items)
    }

    public var description: String {
        sections.map { "\($0.id): \($0.items)" }.joined(separator: " | ")
    }
}

/// Reload and reconfigure marks for the new snapshot of a pair.
public struct Marks: Sendable {
    public var reloadedSections: [Int] = []
    public var reloadedItems: [Int] = []
    public var reconfiguredItems: [Int] = []

    public init() {}

    /// Marks `snapshot`; every marked identifier must be in it.
    public func apply(to snapshot: inout DiffableDataSourceSnapshot<Int, Int>) {
        apply(to: &snapshot, section: { $0 }, item: { $0 })
    }

    /// Marks `snapshot`, whose identifiers `section` and `item` make.
    public func apply<S, I>(
        to snapshot: inout DiffableDataSourceSnapshot<S, I>, section: (Int) -> S, item: (Int) -> I
    ) {
        snapshot.reloadSections(reloadedSections.map(section))
        snapshot.reloadItems(reloadedItems.map(item))
        snapshot.reconfigureItems(reconfiguredItems.map(item))
    }
}

extension FuzzInput {
    /// A layout of up to `maximumSections` sections and `maximumItems` items per section, with
    /// identifiers drawn from `sectionUniverse` and `itemUniverse` (repeats skipped).
    public mutating func layout(
        maximumSections: Int, maximumItems: Int, sectionUniverse: Int, itemUniverse: Int
    ) -> Layout {
        var usedSections: Set<Int> = []
        var usedItems: Set<Int> = []
        var layout = Layout()
        for _ in 0..<int(in: 0...maximumSections) {
            let id = int(below: sectionUniverse)
            guard usedSections.insert(id).inserted else { continue }
            let items = (0..<int(in: 0...maximumItems)).map { _ in int(below: itemUniverse) }
            layout.sections.append((id, items.filter { usedItems.insert($0).inserted }))
        }
        return layout
    }

    /// A layout near `layout`: a few byte-chosen section and item moves, deletes, inserts of
    /// fresh identifiers from the universes, section replacements and shuffles.
    public mutating func edited(_ layout: Layout, sectionUniverse: Int, itemUniverse: Int) -> Layout {
        var result = layout
        for _ in 0..<int(in: 0...8) {
            let present = Set(result.items)
            let sections = Set(result.sections.map(\.id))
            let count = result.sections.count
            switch int(below: 8) {
            case 0 where count > 1:  // move a section
                let moving = result.sections.remove(at: int(below: count))
                result.sections.insert(moving, at: int(below: count))
            case 1 where count > 0:  // move an item, maybe to another section
                let from = int(below: count)
                guard !result.sections[from].items.isEmpty else { continue }
                let item = result.sections[from].items.remove(
                    at: int(below: result.sections[from].items.count))
                let to = int(below: count)
                result.sections[to].items.insert(item, at: int(in: 0...result.sections[to].items.count))
            case 2 where count > 0:  // delete an item or a section
                let s = int(below: count)
                if result.sections[s].items.isEmpty || bool() {
                    result.sections.remove(at: s)
                } else {
                    result.sections[s].items.remove(at: int(below: result.sections[s].items.count))
                }
            case 3 where count > 0:  // insert a fresh item
                let item = int(below: itemUniverse)
                guard !present.contains(item) else { continue }
                let s = int(below: count)
                result.sections[s].items.insert(item, at: int(in: 0...result.sections[s].items.count))
            case 4:  // insert a fresh section, maybe empty
                let id = int(below: sectionUniverse)
                guard !sections.contains(id) else { continue }
                let item = int(below: itemUniverse)
                result.sections.insert(
                    (id, present.contains(item) || bool() ? [] : [item]), at: int(in: 0...count))
            case 5 where count > 0:  // replace a section's identifier, keeping its items
                let id = int(below: sectionUniverse)
                guard !sections.contains(id) else { continue }
                result.sections[int(below: count)].id = id
            case 6 where count > 0:  // reverse a section's items
                result.sections[int(below: count)].items.reverse()
            case 7 where count > 1:  // reverse the sections
                result.sections.reverse()
            default:
                continue
            }
        }
        return result
    }

    /// Byte-chosen marks on identifiers of `layout`.
    public mutating func marks(on layout: Layout) -> Marks {
        var marks = Marks()
        guard bool() else { return marks }
        for section in layout.sections where int(below: 4) == 0 { marks.reloadedSections.append(section.id) }
        for item in layout.items {
            switch int(below: 8) {
            case 0: marks.reloadedItems.append(item)
            case 1: marks.reconfiguredItems.append(item)
            case 2:
                marks.reloadedItems.append(item)
                marks.reconfiguredItems.append(item)
            default: break
            }
        }
        return marks
    }
}
