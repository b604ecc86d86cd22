// Fuzz target 2a: a byte-driven sequence of snapshot calls through the `checked…` API, each
// compared with a plain model (an array of sections, each an array of items) written from the
// documented semantics, and the snapshot's invariant check after every call.

import Diffable
import Foundation
import FuzzSupport

private typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>
private typealias Failure = SnapshotError<Int, Int>

/// Few identifiers, so that calls meet present, absent and repeated ones alike.
private let sectionUniverse = 0..<6
private let itemUniverse = 0..<24

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotEdits(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    var snapshot = Snapshot()
    var model = SnapshotModel()
    var steps = 0
    while !input.isAtEnd && steps < 64 {
        steps += 1
        let before = snapshot
        let call = Call(&input)
        let expected = model.apply(call)
        let actual = call.run(on: &snapshot)
        fuzzCheck(
            actual == expected,
            "\(call): the snapshot gives \(describe(actual)), the model \(describe(expected))\n\(before)")
        if actual != nil {
            fuzzCheck(sameWithMarks(snapshot, before), "\(call) threw but changed the snapshot")
        }
        snapshot._checkInvariants()
        model.compare(with: snapshot, after: call)
    }
    return 0
}

private func describe(_ error: Failure?) -> String { error.map { "error \($0)" } ?? "success" }

private func sameWithMarks(_ a: Snapshot, _ b: Snapshot) -> Bool {
    a == b && a.reloadedItemIdentifiers == b.reloadedItemIdentifiers
        && a.reconfiguredItemIdentifiers == b.reconfiguredItemIdentifiers
        && a.reloadedSectionIdentifiers == b.reloadedSectionIdentifiers
}

// MARK: - Calls

/// One call of the snapshot's API, with its arguments read from the fuzzer's bytes.
private enum Call: CustomStringConvertible {
    case appendSections([Int])
    case insertSectionsBefore([Int], Int)
    case insertSectionsAfter([Int], Int)
    case deleteSections([Int])
    case moveSectionBefore(Int, Int)
    case moveSectionAfter(Int, Int)
    case appendItems([Int], toSection: Int?)
    case appendItemsDroppingDuplicates([Int], toSection: Int?)
    case insertItemsBefore([Int], Int)
    case insertItemsAfter([Int], Int)
    case deleteItems([Int])
    case deleteAllItems
    case moveItemBefore(Int, Int)
    case moveItemAfter(Int, Int)
    case reloadItems([Int])
    case reconfigureItems([Int])
    case reloadSections([Int])
    case dropMarks

    init(_ input: inout FuzzInput) {
        func section(_ input: inout FuzzInput) -> Int { input.int(below: sectionUniverse.count) }
        func item(_ input: inout FuzzInput) -> Int { input.int(below: itemUniverse.count) }
        func sections(_ input: inout FuzzInput) -> [Int] { input.array(upTo: 4, section) }
        func items(_ input: inout FuzzInput) -> [Int] { input.array(upTo: 8, item) }
        func target(_ input: inout FuzzInput) -> Int? { input.bool() ? nil : section(&input) }
        switch input.int(below: 18) {
        case 0: self = .appendSections(sections(&input))
        case 1: self = .insertSectionsBefore(sections(&input), section(&input))
        case 2: self = .insertSectionsAfter(sections(&input), section(&input))
        case 3: self = .deleteSections(sections(&input))
        case 4: self = .moveSectionBefore(section(&input), section(&input))
        case 5: self = .moveSectionAfter(section(&input), section(&input))
        case 6: self = .appendItems(items(&input), toSection: target(&input))
        case 7: self = .appendItemsDroppingDuplicates(items(&input), toSection: target(&input))
        case 8: self = .insertItemsBefore(items(&input), item(&input))
        case 9: self = .insertItemsAfter(items(&input), item(&input))
        case 10: self = .deleteItems(items(&input))
        case 11: self = .deleteAllItems
        case 12: self = .moveItemBefore(item(&input), item(&input))
        case 13: self = .moveItemAfter(item(&input), item(&input))
        case 14: self = .reloadItems(items(&input))
        case 15: self = .reconfigureItems(items(&input))
        case 16: self = .reloadSections(sections(&input))
        default: self = .dropMarks
        }
    }

    var description: String {
        switch self {
        case .appendSections(let s): "appendSections(\(s))"
        case .insertSectionsBefore(let s, let a): "insertSections(\(s), beforeSection: \(a))"
        case .insertSectionsAfter(let s, let a): "insertSections(\(s), afterSection: \(a))"
        case .deleteSections(let s): "deleteSections(\(s))"
        case .moveSectionBefore(let s, let a): "moveSection(\(s), beforeSection: \(a))"
        case .moveSectionAfter(let s, let a): "moveSection(\(s), afterSection: \(a))"
        case .appendItems(let i, let s): "appendItems(\(i), toSection: \(s.map(String.init) ?? "nil"))"
        case .appendItemsDroppingDuplicates(let i, let s):
            "appendItemsDroppingDuplicates(\(i), toSection: \(s.map(String.init) ?? "nil"))"
        case .insertItemsBefore(let i, let a): "insertItems(\(i), beforeItem: \(a))"
        case .insertItemsAfter(let i, let a): "insertItems(\(i), afterItem: \(a))"
        case .deleteItems(let i): "deleteItems(\(i))"
        case .deleteAllItems: "deleteAllItems()"
        case .moveItemBefore(let i, let a): "moveItem(\(i), beforeItem: \(a))"
        case .moveItemAfter(let i, let a): "moveItem(\(i), afterItem: \(a))"
        case .reloadItems(let i): "reloadItems(\(i))"
        case .reconfigureItems(let i): "reconfigureItems(\(i))"
        case .reloadSections(let s): "reloadSections(\(s))"
        case .dropMarks: "withoutMarks"
        }
    }

    /// Runs the call on `snapshot`, returning the error it threw.
    func run(on snapshot: inout Snapshot) -> Failure? {
        do throws(Failure) {
            switch self {
            case .appendSections(let s): try snapshot.checkedAppendSections(s)
            case .insertSectionsBefore(let s, let a):
                try snapshot.checkedInsertSections(s, beforeSection: a)
            case .insertSectionsAfter(let s, let a): try snapshot.checkedInsertSections(s, afterSection: a)
            case .deleteSections(let s): snapshot.deleteSections(s)
            case .moveSectionBefore(let s, let a): try snapshot.checkedMoveSection(s, beforeSection: a)
            case .moveSectionAfter(let s, let a): try snapshot.checkedMoveSection(s, afterSection: a)
            case .appendItems(let i, let s): try snapshot.checkedAppendItems(i, toSection: s)
            case .appendItemsDroppingDuplicates(let i, let s):
                let expected = droppedItems(i, from: snapshot)
                let dropped = try snapshot.appendItemsDroppingDuplicates(i, toSection: s)
                fuzzCheck(dropped == expected, "\(self) dropped \(dropped), not \(expected)")
            case .insertItemsBefore(let i, let a): try snapshot.checkedInsertItems(i, beforeItem: a)
            case .insertItemsAfter(let i, let a): try snapshot.checkedInsertItems(i, afterItem: a)
            case .deleteItems(let i): snapshot.deleteItems(i)
            case .deleteAllItems: snapshot.deleteAllItems()
            case .moveItemBefore(let i, let a): try snapshot.checkedMoveItem(i, beforeItem: a)
            case .moveItemAfter(let i, let a): try snapshot.checkedMoveItem(i, afterItem: a)
            case .reloadItems(let i): try snapshot.checkedReloadItems(i)
            case .reconfigureItems(let i): try snapshot.checkedReconfigureItems(i)
            case .reloadSections(let s): try snapshot.checkedReloadSections(s)
            case .dropMarks: snapshot = snapshot.withoutMarks
            }
            return nil
        } catch {
            return error
        }
    }
}

/// The items `appendItemsDroppingDuplicates` skips: those present, and repeats within the call.
private func droppedItems(_ items: [Int], from snapshot: Snapshot) -> [Int] {
    var seen: Set<Int> = []
    return items.filter { snapshot.contains(item: $0) || !seen.insert($0).inserted }
}

// MARK: - The model

/// A snapshot as plain arrays, with Apple's documented semantics and no attention to speed.
private struct SnapshotModel {
    var sections: [(id: Int, items: [Int])] = []
    var reloadedItems: [Int] = []
    var reconfiguredItems: [Int] = []
    var reloadedSections: [Int] = []

    var allItems: [Int] { sections.flatMap(\.items) }

    func place(of item: Int) -> (section: Int, item: Int)? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: item) { return (s, i) }
        }
        return nil
    }

    func sectionIndex(_ id: Int) -> Int? { sections.firstIndex { $0.id == id } }

    /// The first identifier in `list` that is in `present` or earlier in `list`.
    static func firstDuplicate(_ list: [Int], present: Set<Int>) -> Int? {
        var seen = present
        return list.first { !seen.insert($0).inserted }
    }

    /// The first identifier in `list` that repeats an earlier one in `list`.
    static func firstRepeat(_ list: [Int]) -> Int? { firstDuplicate(list, present: []) }

    /// Applies `call`, returning the error the snapshot must throw (and then changing nothing).
    mutating func apply(_ call: Call) -> Failure? {
        switch call {
        case .appendSections(let new):
            return insertSections(new, at: sections.count, call: "appendSections(_:)")
        case .insertSectionsBefore(let new, let anchor):
            let name = "insertSections(_:beforeSection:)"
            guard let index = sectionIndex(anchor) else { return .sectionNotFound(anchor, call: name) }
            return insertSections(new, at: index, call: name)
        case .insertSectionsAfter(let new, let anchor):
            let name = "insertSections(_:afterSection:)"
            guard let index = sectionIndex(anchor) else { return .sectionNotFound(anchor, call: name) }
            return insertSections(new, at: index + 1, call: name)
        case .deleteSections(let gone):
            sections.removeAll { gone.contains($0.id) }
            dropStaleMarks()
        case .moveSectionBefore(let id, let anchor):
            return moveSection(id, anchor, after: false, call: "moveSection(_:beforeSection:)")
        case .moveSectionAfter(let id, let anchor):
            return moveSection(id, anchor, after: true, call: "moveSection(_:afterSection:)")
        case .appendItems(let new, let target):
            let name = "appendItems(_:toSection:)"
            switch appendSection(target, call: name) {
            case .failure(let error): return error
            case .success(let section):
                return insertItems(new, section: section, at: sections[section].items.count, call: name)
            }
        case .appendItemsDroppingDuplicates(let new, let target):
            switch appendSection(target, call: "appendItemsDroppingDuplicates(_:toSection:)") {
            case .failure(let error): return error
            case .success(let section):
                var seen = Set(allItems)
                sections[section].items += new.filter { seen.insert($0).inserted }
            }
        case .insertItemsBefore(let new, let anchor):
            let name = "insertItems(_:beforeItem:)"
            guard let place = place(of: anchor) else { return .itemNotFound(anchor, call: name) }
            return insertItems(new, section: place.section, at: place.item, call: name)
        case .insertItemsAfter(let new, let anchor):
            let name = "insertItems(_:afterItem:)"
            guard let place = place(of: anchor) else { return .itemNotFound(anchor, call: name) }
            return insertItems(new, section: place.section, at: place.item + 1, call: name)
        case .deleteItems(let gone):
            for s in sections.indices { sections[s].items.removeAll { gone.contains($0) } }
            dropStaleMarks()
        case .deleteAllItems:
            self = SnapshotModel()
        case .moveItemBefore(let item, let anchor):
            return moveItem(item, anchor, after: false, call: "moveItem(_:beforeItem:)")
        case .moveItemAfter(let item, let anchor):
            return moveItem(item, anchor, after: true, call: "moveItem(_:afterItem:)")
        case .reloadItems(let marked):
            if let missing = marked.first(where: { place(of: $0) == nil }) {
                return .itemNotFound(missing, call: "reloadItems(_:)")
            }
            Self.union(&reloadedItems, marked)
        case .reconfigureItems(let marked):
            if let missing = marked.first(where: { place(of: $0) == nil }) {
                return .itemNotFound(missing, call: "reconfigureItems(_:)")
            }
            Self.union(&reconfiguredItems, marked)
        case .reloadSections(let marked):
            if let missing = marked.first(where: { sectionIndex($0) == nil }) {
                return .sectionNotFound(missing, call: "reloadSections(_:)")
            }
            Self.union(&reloadedSections, marked)
        case .dropMarks:
            (reloadedItems, reconfiguredItems, reloadedSections) = ([], [], [])
        }
        return nil
    }

    /// The index of the section an append goes to: `target`, or the last section.
    func appendSection(_ target: Int?, call: String) -> Result<Int, Failure> {
        if let target {
            guard let index = sectionIndex(target) else {
                return .failure(.sectionNotFound(target, call: call))
            }
            return .success(index)
        }
        guard !sections.isEmpty else { return .failure(.noSections(call: call)) }
        return .success(sections.count - 1)
    }

    static func union(_ marks: inout [Int], _ new: [Int]) {
        for mark in new where !marks.contains(mark) { marks.append(mark) }
    }

    mutating func dropStaleMarks() {
        let items = Set(allItems)
        reloadedItems.removeAll { !items.contains($0) }
        reconfiguredItems.removeAll { !items.contains($0) }
        reloadedSections.removeAll { id in !sections.contains { $0.id == id } }
    }

    mutating func insertSections(_ new: [Int], at index: Int, call: String) -> Failure? {
        if let duplicate = Self.firstDuplicate(new, present: Set(sections.map(\.id))) {
            return .duplicateSection(duplicate, call: call)
        }
        sections.insert(contentsOf: new.map { ($0, []) }, at: index)
        return nil
    }

    mutating func moveSection(_ id: Int, _ anchor: Int, after: Bool, call: String) -> Failure? {
        guard let from = sectionIndex(id) else { return .sectionNotFound(id, call: call) }
        guard sectionIndex(anchor) != nil else { return .sectionNotFound(anchor, call: call) }
        guard id != anchor else { return nil }
        let moving = sections.remove(at: from)
        let to = sectionIndex(anchor)! + (after ? 1 : 0)
        sections.insert(moving, at: to)
        return nil
    }

    /// Inserts `new` at `position` of section `section` (positions counted before the call): items
    /// already present elsewhere move there, a repeat within `new` is an error.
    mutating func insertItems(_ new: [Int], section: Int, at position: Int, call: String) -> Failure? {
        guard !new.isEmpty else { return nil }
        if let repeated = Self.firstRepeat(new) { return .duplicateItem(repeated, call: call) }
        let moving = Set(new)
        let head = sections[section].items[..<position].filter { !moving.contains($0) }
        let tail = sections[section].items[position...].filter { !moving.contains($0) }
        for s in sections.indices where s != section { sections[s].items.removeAll { moving.contains($0) } }
        sections[section].items = head + new + tail
        return nil
    }

    mutating func moveItem(_ item: Int, _ anchor: Int, after: Bool, call: String) -> Failure? {
        guard let from = place(of: item) else { return .itemNotFound(item, call: call) }
        guard place(of: anchor) != nil else { return .itemNotFound(anchor, call: call) }
        guard item != anchor else { return nil }
        sections[from.section].items.remove(at: from.item)
        let to = place(of: anchor)!
        sections[to.section].items.insert(item, at: to.item + (after ? 1 : 0))
        return nil
    }

    /// Checks every query of `snapshot` against the model.
    func compare(with snapshot: Snapshot, after call: Call) {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            fuzzCheck(condition, "after \(call): \(what())\nsnapshot: \(snapshot)\nmodel: \(sections)")
        }
        let items = allItems
        check(snapshot.sectionIdentifiers == sections.map(\.id), "section identifiers differ")
        check(snapshot.itemIdentifiers == items, "item identifiers differ")
        check(snapshot.numberOfSections == sections.count, "numberOfSections differs")
        check(snapshot.numberOfItems == items.count, "numberOfItems differs")
        for (index, section) in sections.enumerated() {
            check(snapshot.itemIdentifiers(inSection: section.id) == section.items, "items of \(section.id)")
            check(
                snapshot.numberOfItems(inSection: section.id) == section.items.count, "count of \(section.id)"
            )
            check(snapshot.numberOfItems(inSectionAt: index) == section.items.count, "count at \(index)")
            check(snapshot.indexOfSection(section.id) == index, "indexOfSection(\(section.id))")
            check(
                snapshot.itemIdentifier(at: IndexPath(item: section.items.count, section: index)) == nil,
                "an item past the end of section \(index)")
        }
        for id in sectionUniverse where sectionIndex(id) == nil {
            check(
                !snapshot.contains(section: id) && snapshot.indexOfSection(id) == nil, "absent section \(id)")
        }
        for item in itemUniverse {
            guard let place = place(of: item) else {
                check(
                    snapshot.indexOfItem(item) == nil
                        && snapshot.sectionIdentifier(containingItem: item) == nil
                        && snapshot.indexPath(ofItem: item) == nil && !snapshot.contains(item: item),
                    "absent item \(item)")
                continue
            }
            let path = IndexPath(item: place.item, section: place.section)
            check(snapshot.indexOfItem(item) == items.firstIndex(of: item), "indexOfItem(\(item))")
            check(snapshot.indexPath(ofItem: item) == path, "indexPath(ofItem: \(item))")
            check(snapshot.itemIdentifier(at: path) == item, "itemIdentifier(at: \(path))")
            check(
                snapshot.sectionIdentifier(containingItem: item) == sections[place.section].id,
                "sectionIdentifier(containingItem: \(item))")
        }
        check(snapshot.reloadedItemIdentifiers == reloadedItems, "reloaded items differ")
        check(snapshot.reconfiguredItemIdentifiers == reconfiguredItems, "reconfigured items differ")
        check(snapshot.reloadedSectionIdentifiers == reloadedSections, "reloaded sections differ")
        var rebuilt = Snapshot()
        rebuilt.appendSections(sections.map(\.id))
        for section in sections { rebuilt.appendItems(section.items, toSection: section.id) }
        check(rebuilt == snapshot && rebuilt.hashValue == snapshot.hashValue, "== or hashValue differs")
    }
}
