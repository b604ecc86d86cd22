import DiffableTesting
import Foundation
import TestTraits
import Testing

@testable import Diffable

/// A plain array-of-arrays model of a snapshot, written from Apple's documented semantics, and
/// a random walk over every mutating call comparing the two after each step.
struct SnapshotModel: Equatable {
    var sections: [(id: String, items: [Int])] = []
    var reloadedItems: [Int] = []
    var reconfiguredItems: [Int] = []
    var reloadedSections: [String] = []

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections.map(\.id) == rhs.sections.map(\.id)
            && lhs.sections.map(\.items) == rhs.sections.map(\.items)
            && lhs.reloadedItems == rhs.reloadedItems && lhs.reconfiguredItems == rhs.reconfiguredItems
            && lhs.reloadedSections == rhs.reloadedSections
    }

    var allItems: [Int] { sections.flatMap(\.items) }
    func sectionIndex(_ id: String) -> Int? { sections.firstIndex { $0.id == id } }
    func location(of item: Int) -> (section: Int, item: Int)? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: item) { return (s, i) }
        }
        return nil
    }
    mutating func remove(items: [Int]) {
        for s in sections.indices { sections[s].items.removeAll { items.contains($0) } }
    }
    mutating func dropStaleMarks() {
        let present = Set(allItems)
        reloadedItems.removeAll { !present.contains($0) }
        reconfiguredItems.removeAll { !present.contains($0) }
        reloadedSections.removeAll { id in !sections.contains { $0.id == id } }
    }
    static func firstRepeat<T: Hashable>(_ list: [T], existing: Set<T> = []) -> T? {
        var seen = existing
        for x in list where !seen.insert(x).inserted { return x }
        return nil
    }
    static func addMarks<T: Hashable>(_ new: [T], to marks: inout [T]) {
        for x in new where !marks.contains(x) { marks.append(x) }
    }

    typealias E = Snapshot.Error

    /// Applies one operation to the model; returns the error the snapshot must throw, if any.
    mutating func apply(_ op: SnapshotOperation) -> E? {
        switch op {
        case .appendItems(let items, let section):
            let call = "appendItems(_:toSection:)"
            let target: Int
            if let section {
                guard let s = sectionIndex(section) else { return .sectionNotFound(section, call: call) }
                target = s
            } else {
                guard !sections.isEmpty else { return .noSections(call: call) }
                target = sections.count - 1
            }
            if let dup = Self.firstRepeat(items) { return .duplicateItem(dup, call: call) }
            let id = sections[target].id
            remove(items: items)
            sections[sectionIndex(id)!].items += items
        case .insertItems(let items, let anchor, let after):
            let call = after ? "insertItems(_:afterItem:)" : "insertItems(_:beforeItem:)"
            guard location(of: anchor) != nil else { return .itemNotFound(anchor, call: call) }
            if let dup = Self.firstRepeat(items) { return .duplicateItem(dup, call: call) }
            remove(items: items)
            let (s, i) = location(of: anchor)!
            sections[s].items.insert(contentsOf: items, at: after ? i + 1 : i)
        case .deleteItems(let items):
            remove(items: items)
        case .deleteAllItems:
            self = SnapshotModel()
        case .moveItem(let item, let anchor, let after):
            let call = after ? "moveItem(_:afterItem:)" : "moveItem(_:beforeItem:)"
            guard location(of: item) != nil else { return .itemNotFound(item, call: call) }
            guard location(of: anchor) != nil else { return .itemNotFound(anchor, call: call) }
            guard item != anchor else { return nil }
            remove(items: [item])
            let (s, i) = location(of: anchor)!
            sections[s].items.insert(item, at: after ? i + 1 : i)
        case .appendSections(let ids):
            if let dup = Self.firstRepeat(ids, existing: Set(sections.map(\.id))) {
                return .duplicateSection(dup, call: "appendSections(_:)")
            }
            sections += ids.map { ($0, []) }
        case .insertSections(let ids, let anchor, let after):
            let call = after ? "insertSections(_:afterSection:)" : "insertSections(_:beforeSection:)"
            guard let s = sectionIndex(anchor) else { return .sectionNotFound(anchor, call: call) }
            if let dup = Self.firstRepeat(ids, existing: Set(sections.map(\.id))) {
                return .duplicateSection(dup, call: call)
            }
            sections.insert(contentsOf: ids.map { ($0, []) }, at: after ? s + 1 : s)
        case .deleteSections(let ids):
            sections.removeAll { ids.contains($0.id) }
        case .moveSection(let id, let anchor, let after):
            let call = after ? "moveSection(_:afterSection:)" : "moveSection(_:beforeSection:)"
            guard let from = sectionIndex(id) else { return .sectionNotFound(id, call: call) }
            guard sectionIndex(anchor) != nil else { return .sectionNotFound(anchor, call: call) }
            guard id != anchor else { return nil }
            let moved = sections.remove(at: from)
            let to = sectionIndex(anchor)!
            sections.insert(moved, at: after ? to + 1 : to)
        case .reloadItems(let items):
            let present = Set(allItems)
            if let missing = items.first(where: { !present.contains($0) }) {
                return .itemNotFound(missing, call: "reloadItems(_:)")
            }
            Self.addMarks(items, to: &reloadedItems)
        case .reconfigureItems(let items):
            let present = Set(allItems)
            if let missing = items.first(where: { !present.contains($0) }) {
                return .itemNotFound(missing, call: "reconfigureItems(_:)")
            }
            Self.addMarks(items, to: &reconfiguredItems)
        case .replaceItems(let items, let section):
            // Nothing changes when the section is missing or an item is in another section.
            guard let s = sectionIndex(section),
                items.allSatisfy({ item in location(of: item).map { $0.section == s } ?? true })
            else { return nil }
            sections[s].items = items
        case .reloadSections(let ids):
            if let missing = ids.first(where: { sectionIndex($0) == nil }) {
                return .sectionNotFound(missing, call: "reloadSections(_:)")
            }
            Self.addMarks(ids, to: &reloadedSections)
        }
        dropStaleMarks()
        return nil
    }
}

enum SnapshotOperation {
    case appendItems([Int], toSection: String?)
    case insertItems([Int], anchor: Int, after: Bool)
    case deleteItems([Int])
    case deleteAllItems
    case moveItem(Int, anchor: Int, after: Bool)
    case appendSections([String])
    case insertSections([String], anchor: String, after: Bool)
    case deleteSections([String])
    case moveSection(String, anchor: String, after: Bool)
    case reloadItems([Int])
    case reconfigureItems([Int])
    case reloadSections([String])
    /// The internal edit `apply(_:to:)` makes: a section's items replaced at once.
    case replaceItems([Int], inSection: String)

    /// Applies the operation through the checked members.
    func apply(to snapshot: inout Snapshot) throws(Snapshot.Error) {
        switch self {
        case .appendItems(let items, let section): try snapshot.checkedAppendItems(items, toSection: section)
        case .insertItems(let items, let anchor, false):
            try snapshot.checkedInsertItems(items, beforeItem: anchor)
        case .insertItems(let items, let anchor, true):
            try snapshot.checkedInsertItems(items, afterItem: anchor)
        case .deleteItems(let items): snapshot.deleteItems(items)
        case .deleteAllItems: snapshot.deleteAllItems()
        case .moveItem(let item, let anchor, false): try snapshot.checkedMoveItem(item, beforeItem: anchor)
        case .moveItem(let item, let anchor, true): try snapshot.checkedMoveItem(item, afterItem: anchor)
        case .appendSections(let ids): try snapshot.checkedAppendSections(ids)
        case .insertSections(let ids, let anchor, false):
            try snapshot.checkedInsertSections(ids, beforeSection: anchor)
        case .insertSections(let ids, let anchor, true):
            try snapshot.checkedInsertSections(ids, afterSection: anchor)
        case .deleteSections(let ids): snapshot.deleteSections(ids)
        case .moveSection(let id, let anchor, false):
            try snapshot.checkedMoveSection(id, beforeSection: anchor)
        case .moveSection(let id, let anchor, true): try snapshot.checkedMoveSection(id, afterSection: anchor)
        case .reloadItems(let items): try snapshot.checkedReloadItems(items)
        case .reconfigureItems(let items): try snapshot.checkedReconfigureItems(items)
        case .reloadSections(let ids): try snapshot.checkedReloadSections(ids)
        case .replaceItems(let items, let section):
            if let index = snapshot.indexOfSection(section) {
                _ = snapshot._replaceItems(inSection: index, with: items)
            }
        }
    }

    static let sectionPool = (0..<8).map { "S\($0)" }
    static let itemPool = Array(0..<40)

    static func random(using rng: inout SeededRandom) -> SnapshotOperation {
        func items(_ max: Int) -> [Int] {
            (0..<Int.random(in: 0...max, using: &rng)).map { _ in itemPool.randomElement(using: &rng)! }
        }
        func section() -> String { sectionPool.randomElement(using: &rng)! }
        func sections(_ max: Int) -> [String] {
            (0..<Int.random(in: 0...max, using: &rng)).map { _ in section() }
        }
        func item() -> Int { itemPool.randomElement(using: &rng)! }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<17: return .appendItems(items(6), toSection: Bool.random(using: &rng) ? nil : section())
        case 17..<22:
            var seen: Set<Int> = []
            return .replaceItems(items(8).filter { seen.insert($0).inserted }, inSection: section())
        case 22..<32:
            let anchor = item()
            return .insertItems(items(4).filter { $0 != anchor }, anchor: anchor, after: .random(using: &rng))
        case 32..<42: return .deleteItems(items(5))
        case 42..<43: return .deleteAllItems
        case 43..<55: return .moveItem(item(), anchor: item(), after: .random(using: &rng))
        case 55..<65: return .appendSections(sections(2))
        case 65..<72: return .insertSections(sections(2), anchor: section(), after: .random(using: &rng))
        case 72..<77: return .deleteSections(sections(2))
        case 77..<85: return .moveSection(section(), anchor: section(), after: .random(using: &rng))
        case 85..<90: return .reloadItems(items(2))
        case 90..<95: return .reconfigureItems(items(2))
        default: return .reloadSections(sections(2))
        }
    }
}

@Suite("Snapshot model-based properties", .computeBound)
struct SnapshotPropertyTests {
    func check(_ snapshot: Snapshot, against model: SnapshotModel, _ context: @autoclosure () -> String) {
        let comment = Comment(rawValue: context())
        #expect(snapshot.sectionIdentifiers == model.sections.map(\.id), comment)
        #expect(snapshot.itemIdentifiers == model.allItems, comment)
        #expect(snapshot.numberOfSections == model.sections.count, comment)
        #expect(snapshot.numberOfItems == model.allItems.count, comment)
        #expect(snapshot.reloadedItemIdentifiers == model.reloadedItems, comment)
        #expect(snapshot.reconfiguredItemIdentifiers == model.reconfiguredItems, comment)
        #expect(snapshot.reloadedSectionIdentifiers == model.reloadedSections, comment)
        for (s, section) in model.sections.enumerated() {
            #expect(snapshot.itemIdentifiers(inSection: section.id) == section.items, comment)
            #expect(snapshot.numberOfItems(inSection: section.id) == section.items.count, comment)
            #expect(snapshot.indexOfSection(section.id) == s, comment)
        }
        let flat = model.allItems
        for item in SnapshotOperation.itemPool {
            let location = model.location(of: item)
            #expect(snapshot.indexOfItem(item) == flat.firstIndex(of: item), comment)
            #expect(
                snapshot.sectionIdentifier(containingItem: item)
                    == location.map { model.sections[$0.section].id }, comment)
            #expect(
                snapshot.indexPath(ofItem: item)
                    == location.map { IndexPath(item: $0.item, section: $0.section) }, comment)
        }
        for section in SnapshotOperation.sectionPool where model.sectionIndex(section) == nil {
            #expect(snapshot.indexOfSection(section) == nil, comment)
        }
    }

    @Test func randomOperationSequencesMatchTheModel() {
        for seed in SeededRandom.seeds(count: 300) {
            var rng = SeededRandom(seed: seed)
            var snapshot = Snapshot()
            var model = SnapshotModel()
            for step in 0..<60 {
                let op = SnapshotOperation.random(using: &rng)
                let before = snapshot
                let expectedError = model.apply(op)
                let context = "seed \(seed) (DIFFABLE_SEED=\(seed)) step \(step): \(op)"
                do {
                    try op.apply(to: &snapshot)
                    #expect(expectedError == nil, Comment(rawValue: context + " should have thrown"))
                } catch {
                    #expect(error == expectedError, Comment(rawValue: context))
                    #expect(snapshot == before, Comment(rawValue: context + " changed the snapshot on error"))
                }
                snapshot._checkInvariants()
                check(snapshot, against: model, context)
            }
        }
    }
}
