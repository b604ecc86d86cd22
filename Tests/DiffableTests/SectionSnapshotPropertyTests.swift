import DiffableTesting
import Foundation
import TestTraits
import Testing

@testable import Diffable

// Model-based property test: random sequences of every mutation are applied both to a
// `DiffableDataSourceSectionSnapshot<Int>` and to a plain recursive tree written here from Apple's
// documented semantics, and every query is compared after each step.
//
// Reproduce a run with `DIFFABLE_SEED=<seed> swift test --filter SectionSnapshotPropertyTests`; a
// failing sequence's own seed, given as DIFFABLE_SEED, makes it the first sequence run.

private typealias Outline = DiffableDataSourceSectionSnapshot<Int>
private typealias OutlineError = SectionSnapshotError<Int>

// MARK: - Random numbers

/// The shared seeded generator, with the two helpers this test leans on.
extension SeededRandom {
    /// True with the given probability.
    fileprivate mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }
}

/// `DIFFABLE_SEED` (decimal or 0x-hex) if set, otherwise a fixed seed so CI runs are repeatable.
private let sectionSnapshotBaseSeed = SeededRandom.baseSeed(default: 0x5EC7_10A5_0F_7EE5)

// MARK: - The model

/// One item of the model outline and its subtree.
private struct OutlineNode: Equatable, CustomStringConvertible {
    var item: Int
    var expanded = false
    var children: [OutlineNode] = []

    /// `7+[8, 9]`: the item, `+` if expanded, then the children.
    var description: String {
        "\(item)\(expanded ? "+" : "")" + (children.isEmpty ? "" : "\(children)")
    }
}

/// One item of the model as `items` lists it.
private struct OutlineRow {
    var item: Int
    var level: Int
    var parent: Int?
    var expanded: Bool
    var visible: Bool
}

/// Where new items go, as in the library.
private enum OutlineDestination {
    case append(to: Int?)
    case before(Int)
    case after(Int)
}

/// The items of a forest, depth first.
private func preorder(_ nodes: [OutlineNode]) -> [Int] {
    nodes.flatMap { [$0.item] + preorder($0.children) }
}

/// A plain tree implementing Apple's documented section snapshot semantics, with no attention to
/// speed.
private struct OutlineModel {
    var roots: [OutlineNode] = []

    var items: [Int] { preorder(roots) }

    var rows: [OutlineRow] {
        var rows: [OutlineRow] = []
        func walk(_ nodes: [OutlineNode], level: Int, parent: Int?, visible: Bool) {
            for node in nodes {
                rows.append(
                    OutlineRow(
                        item: node.item, level: level, parent: parent, expanded: node.expanded,
                        visible: visible))
                walk(node.children, level: level + 1, parent: node.item, visible: visible && node.expanded)
            }
        }
        walk(roots, level: 0, parent: nil, visible: true)
        return rows
    }

    /// Child indices from the roots down to `item`.
    func path(to item: Int) -> [Int]? {
        func search(_ nodes: [OutlineNode]) -> [Int]? {
            for (index, node) in nodes.enumerated() {
                if node.item == item { return [index] }
                if let rest = search(node.children) { return [index] + rest }
            }
            return nil
        }
        return search(roots)
    }

    func node(at path: [Int]) -> OutlineNode {
        var node = roots[path[0]]
        for index in path.dropFirst() { node = node.children[index] }
        return node
    }

    /// Runs `body` on the children of the node at `path` (the roots for an empty path).
    mutating func withChildren(of path: [Int], _ body: (inout [OutlineNode]) -> Void) {
        func descend(_ nodes: inout [OutlineNode], _ path: ArraySlice<Int>) {
            guard let first = path.first else { return body(&nodes) }
            descend(&nodes[first].children, path.dropFirst())
        }
        descend(&roots, path[...])
    }

    mutating func insert(
        _ forest: [OutlineNode], _ destination: OutlineDestination, call: String
    ) -> OutlineError? {
        let newItems = preorder(forest)
        guard !newItems.isEmpty else { return nil }
        let parentPath: [Int]
        let index: Int
        switch destination {
        case .append(to: nil):
            (parentPath, index) = ([], roots.count)
        case .append(to: let parent?):
            guard let path = path(to: parent) else { return .parentNotFound(parent, call: call) }
            (parentPath, index) = (path, node(at: path).children.count)
        case .before(let anchor):
            guard let path = path(to: anchor) else { return .itemNotFound(anchor, call: call) }
            (parentPath, index) = (Array(path.dropLast()), path.last!)
        case .after(let anchor):
            guard let path = path(to: anchor) else { return .itemNotFound(anchor, call: call) }
            (parentPath, index) = (Array(path.dropLast()), path.last! + 1)
        }
        var seen = Set(items)
        if let duplicate = newItems.first(where: { !seen.insert($0).inserted }) {
            return .duplicateItem(duplicate, call: call)
        }
        withChildren(of: parentPath) { $0.insert(contentsOf: forest, at: index) }
        return nil
    }

    mutating func delete(_ deleted: [Int]) -> OutlineError? {
        let present = Set(items)
        if let missing = deleted.first(where: { !present.contains($0) }) {
            return .itemNotFound(missing, call: "delete(_:)")
        }
        for item in deleted {
            guard let path = path(to: item) else { continue }  // Already gone with an ancestor.
            withChildren(of: Array(path.dropLast())) { $0.remove(at: path.last!) }
        }
        return nil
    }

    mutating func setExpanded(_ expanded: Bool, _ changed: [Int]) {
        for item in changed {
            guard let path = path(to: item) else { continue }
            withChildren(of: Array(path.dropLast())) { $0[path.last!].expanded = expanded }
        }
    }

    mutating func replace(childrenOf parent: Int, with forest: [OutlineNode]) -> OutlineError? {
        let call = "replace(childrenOf:using:)"
        guard let path = path(to: parent) else { return .parentNotFound(parent, call: call) }
        let remaining = Set(items).subtracting(preorder(node(at: path).children))
        if let duplicate = preorder(forest).first(where: remaining.contains) {
            return .duplicateItem(duplicate, call: call)
        }
        withChildren(of: Array(path.dropLast())) { $0[path.last!].children = forest }
        return nil
    }

    mutating func appendDroppingDuplicates(_ added: [Int], to parent: Int?) -> Result<[Int], OutlineError> {
        let call = "appendDroppingDuplicates(_:to:)"
        if let parent, path(to: parent) == nil { return .failure(.parentNotFound(parent, call: call)) }
        var seen = Set(items)
        var accepted: [Int] = []
        var skipped: [Int] = []
        for item in added {
            if seen.insert(item).inserted { accepted.append(item) } else { skipped.append(item) }
        }
        let error = insert(accepted.map { OutlineNode(item: $0) }, .append(to: parent), call: call)
        precondition(error == nil, "model: \(String(describing: error))")
        return .success(skipped)
    }

    func subtree(of item: Int, includingParent: Bool) -> [OutlineNode] {
        let node = node(at: path(to: item)!)
        return includingParent ? [node] : node.children
    }

    func visualDescription() -> String {
        let rows = rows
        var text = "<DiffableDataSourceSectionSnapshot: \(rows.count) \(rows.count == 1 ? "item" : "items")\n"
        for row in rows {
            text += String(repeating: "  ", count: row.level)
            text += (row.expanded ? "+" : "-") + (row.visible ? "* " : "  ") + "\(row.item)\n"
        }
        return text + ">"
    }
}

// MARK: - Operations

private enum OutlineOperation {
    case append([Int], to: Int?)
    case insertBefore([Int], Int)
    case insertAfter([Int], Int)
    case appendSnapshot([OutlineNode], to: Int?)
    case insertSnapshotBefore([OutlineNode], Int)
    case insertSnapshotAfter([OutlineNode], Int)
    case delete([Int])
    case deleteAll
    case expand([Int])
    case collapse([Int])
    case replace(childrenOf: Int, [OutlineNode])
    case appendDroppingDuplicates([Int], to: Int?)

    /// Applies the operation to the model; the skipped items of `appendDroppingDuplicates`.
    func apply(to model: inout OutlineModel) -> Result<[Int], OutlineError> {
        let error: OutlineError?
        switch self {
        case .append(let items, let parent):
            error = model.insert(
                items.map { OutlineNode(item: $0) }, .append(to: parent), call: "append(_:to:)")
        case .insertBefore(let items, let anchor):
            error = model.insert(
                items.map { OutlineNode(item: $0) }, .before(anchor), call: "insert(_:before:)")
        case .insertAfter(let items, let anchor):
            error = model.insert(
                items.map { OutlineNode(item: $0) }, .after(anchor), call: "insert(_:after:)")
        case .appendSnapshot(let forest, let parent):
            error = model.insert(forest, .append(to: parent), call: "append(_:to:)")
        case .insertSnapshotBefore(let forest, let anchor):
            error = model.insert(forest, .before(anchor), call: "insert(_:before:)")
        case .insertSnapshotAfter(let forest, let anchor):
            error = model.insert(forest, .after(anchor), call: "insert(_:after:)")
        case .delete(let items):
            error = model.delete(items)
        case .deleteAll:
            model.roots = []
            error = nil
        case .expand(let items):
            model.setExpanded(true, items)
            error = nil
        case .collapse(let items):
            model.setExpanded(false, items)
            error = nil
        case .replace(let parent, let forest):
            error = model.replace(childrenOf: parent, with: forest)
        case .appendDroppingDuplicates(let items, let parent):
            return model.appendDroppingDuplicates(items, to: parent)
        }
        return error.map { .failure($0) } ?? .success([])
    }

    /// Applies the operation to the section snapshot through its checked twin, or through the
    /// trapping Apple member when `trapping` is set (only when the model expects success).
    func apply(to outline: inout Outline, trapping: Bool) -> Result<[Int], OutlineError> {
        if trapping {
            switch self {
            case .append(let items, let parent): outline.append(items, to: parent)
            case .insertBefore(let items, let anchor): outline.insert(items, before: anchor)
            case .insertAfter(let items, let anchor): outline.insert(items, after: anchor)
            case .appendSnapshot(let forest, let parent): outline.append(build(forest), to: parent)
            case .insertSnapshotBefore(let forest, let anchor): outline.insert(build(forest), before: anchor)
            case .insertSnapshotAfter(let forest, let anchor): outline.insert(build(forest), after: anchor)
            case .delete(let items): outline.delete(items)
            case .replace(let parent, let forest): outline.replace(childrenOf: parent, using: build(forest))
            case .deleteAll, .expand, .collapse, .appendDroppingDuplicates:
                return apply(to: &outline, trapping: false)
            }
            return .success([])
        }
        do {
            switch self {
            case .append(let items, let parent): try outline.checkedAppend(items, to: parent)
            case .insertBefore(let items, let anchor): try outline.checkedInsert(items, before: anchor)
            case .insertAfter(let items, let anchor): try outline.checkedInsert(items, after: anchor)
            case .appendSnapshot(let forest, let parent): try outline.checkedAppend(build(forest), to: parent)
            case .insertSnapshotBefore(let forest, let anchor):
                try outline.checkedInsert(build(forest), before: anchor)
            case .insertSnapshotAfter(let forest, let anchor):
                try outline.checkedInsert(build(forest), after: anchor)
            case .delete(let items): try outline.checkedDelete(items)
            case .deleteAll: outline.deleteAll()
            case .expand(let items): outline.expand(items)
            case .collapse(let items): outline.collapse(items)
            case .replace(let parent, let forest):
                try outline.checkedReplace(childrenOf: parent, using: build(forest))
            case .appendDroppingDuplicates(let items, let parent):
                return .success(try outline.appendDroppingDuplicates(items, to: parent))
            }
            return .success([])
        } catch {
            return .failure(error)
        }
    }
}

/// A section snapshot with the model forest's items, hierarchy and expansion, built with `append`
/// and `expand` only.
private func build(_ forest: [OutlineNode]) -> Outline {
    var outline = Outline()
    func add(_ nodes: [OutlineNode], to parent: Int?) {
        outline.append(nodes.map(\.item), to: parent)
        for node in nodes {
            if node.expanded { outline.expand([node.item]) }
            add(node.children, to: node.item)
        }
    }
    add(forest, to: nil)
    return outline
}

/// The forest a section snapshot describes through its public queries (`items`, `level(of:)`,
/// `isExpanded(_:)`).
private func forest(of outline: Outline) -> [OutlineNode] {
    let items = outline.items
    var position = 0
    func nodes(atLevel level: Int) -> [OutlineNode] {
        var result: [OutlineNode] = []
        while position < items.count && outline.level(of: items[position]) == level {
            let item = items[position]
            position += 1
            result.append(
                OutlineNode(
                    item: item, expanded: outline.isExpanded(item), children: nodes(atLevel: level + 1)))
        }
        return result
    }
    let result = nodes(atLevel: 0)
    return position == items.count ? result : []  // A level jump: the caller reports the mismatch.
}

// MARK: - Generating operations

/// Draws random operations against the current model, mostly valid, sometimes with an unknown
/// anchor or a duplicate identifier.
private struct OutlineOperationGenerator {
    var rng: SeededRandom
    private var nextItem = 0

    init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    private mutating func freshItem() -> Int {
        defer { nextItem += 1 }
        return nextItem
    }

    /// An identifier that is never used.
    private mutating func unknownItem() -> Int { 1_000_000 + rng.int(0...99) }

    private mutating func existingItem(_ model: OutlineModel) -> Int? {
        model.items.randomElement(using: &rng)
    }

    /// An item of the model, or now and then an unknown one.
    private mutating func anchor(_ model: OutlineModel) -> Int {
        if rng.chance(0.08) { return unknownItem() }
        return existingItem(model) ?? unknownItem()
    }

    /// `nil` (root level) a quarter of the time, otherwise like ``anchor(_:)``.
    private mutating func parent(_ model: OutlineModel) -> Int? {
        rng.chance(0.25) ? nil : anchor(model)
    }

    /// 0...4 fresh identifiers; now and then one replaced by an existing or a repeated one.
    private mutating func newItems(_ model: OutlineModel, maximum: Int = 4) -> [Int] {
        var items = (0..<rng.int(0...maximum)).map { _ in freshItem() }
        if !items.isEmpty && rng.chance(0.12) {
            if rng.chance(0.5), let existing = existingItem(model) {
                items[rng.int(0...(items.count - 1))] = existing
            } else {
                let repeated = items[rng.int(0...(items.count - 1))]
                items.insert(repeated, at: rng.int(0...items.count))
            }
        }
        return items
    }

    /// A random forest of up to `budget` fresh items with random expansion.
    private mutating func newForest(budget: inout Int, depth: Int = 0) -> [OutlineNode] {
        var nodes: [OutlineNode] = []
        let count = rng.int(0...3)
        for _ in 0..<count where budget > 0 {
            budget -= 1
            var node = OutlineNode(item: freshItem(), expanded: rng.chance(0.5))
            if depth < 3 && rng.chance(0.4) { node.children = newForest(budget: &budget, depth: depth + 1) }
            nodes.append(node)
        }
        return nodes
    }

    /// A forest of fresh items; now and then one identifier replaced by `reuse` (existing ones).
    private mutating func forest(_ model: OutlineModel, reusing reuse: [Int] = []) -> [OutlineNode] {
        var budget = 6
        var forest = newForest(budget: &budget)
        let candidates = reuse.isEmpty ? model.items : reuse
        if !forest.isEmpty && rng.chance(reuse.isEmpty ? 0.12 : 0.6),
            let replacement = candidates.randomElement(using: &rng)
        {
            forest[rng.int(0...(forest.count - 1))].item = replacement
        }
        return forest
    }

    /// A few items of the model, and now and then an unknown one.
    private mutating func someItems(_ model: OutlineModel, unknownChance: Double) -> [Int] {
        var items = (0..<rng.int(0...3)).compactMap { _ in existingItem(model) }
        if rng.chance(unknownChance) { items.insert(unknownItem(), at: rng.int(0...items.count)) }
        return items
    }

    mutating func next(_ model: OutlineModel) -> OutlineOperation {
        let crowded = model.items.count > 80
        switch rng.int(0...99) {
        case 0..<18: return .append(newItems(model), to: parent(model))
        case 18..<27: return .insertBefore(newItems(model), anchor(model))
        case 27..<36: return .insertAfter(newItems(model), anchor(model))
        case 36..<42: return .appendSnapshot(forest(model), to: parent(model))
        case 42..<47: return .insertSnapshotBefore(forest(model), anchor(model))
        case 47..<52: return .insertSnapshotAfter(forest(model), anchor(model))
        case 52..<62:
            if crowded, let root = model.roots.randomElement(using: &rng)?.item { return .delete([root]) }
            return .delete(someItems(model, unknownChance: 0.1))
        case 62..<63: return .deleteAll
        case 63..<74: return .expand(someItems(model, unknownChance: 0.3))
        case 74..<82: return .collapse(someItems(model, unknownChance: 0.3))
        case 82..<92:
            let parent = anchor(model)
            // Reusing the parent's current descendants is valid; other items are duplicates.
            let descendants = model.path(to: parent).map { preorder(model.node(at: $0).children) } ?? []
            let reuse = rng.chance(0.5) ? descendants : []
            return .replace(childrenOf: parent, crowded ? [] : forest(model, reusing: reuse))
        default:
            var items = newItems(model, maximum: 3)
            items += someItems(model, unknownChance: 0)
            items.shuffle(using: &rng)
            return .appendDroppingDuplicates(items, to: parent(model))
        }
    }

    /// An item of the model to take a subtree of, or `nil` for an empty model.
    mutating func subtreeRoot(_ model: OutlineModel) -> Int? { existingItem(model) }
}

// MARK: - Comparing

/// Every difference between the section snapshot's answers and the model's.
private func differences(_ outline: Outline, _ model: OutlineModel) -> [String] {
    var found: [String] = []
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { found.append(message()) }
    }
    let rows = model.rows
    check(outline.items == rows.map(\.item), "items \(outline.items) != \(rows.map(\.item))")
    check(outline.rootItems == model.roots.map(\.item), "rootItems \(outline.rootItems)")
    check(
        outline.visibleItems == rows.filter(\.visible).map(\.item),
        "visibleItems \(outline.visibleItems) != \(rows.filter(\.visible).map(\.item))")
    check(
        outline.expandedItems == rows.filter(\.expanded).map(\.item),
        "expandedItems \(outline.expandedItems) != \(rows.filter(\.expanded).map(\.item))")
    guard found.isEmpty else { return found }
    for (position, row) in rows.enumerated() {
        let item = row.item
        check(outline.contains(item), "contains(\(item)) is false")
        check(outline.index(of: item) == position, "index(of: \(item)) != \(position)")
        check(outline.level(of: item) == row.level, "level(of: \(item)) != \(row.level)")
        check(
            outline.parent(of: item) == row.parent, "parent(of: \(item)) != \(String(describing: row.parent))"
        )
        check(outline.isExpanded(item) == row.expanded, "isExpanded(\(item)) != \(row.expanded)")
        check(outline.isVisible(item) == row.visible, "isVisible(\(item)) != \(row.visible)")
    }
    check(!outline.contains(-1) && outline.index(of: -1) == nil, "an unknown item is found")
    check(forest(of: outline) == model.roots, "tree differs from the model")
    check(
        outline.visualDescription() == model.visualDescription(),
        "visualDescription:\n\(outline.visualDescription())\nexpected:\n\(model.visualDescription())")
    let rebuilt = build(model.roots)
    check(outline == rebuilt, "!= the same outline built with append and expand")
    check(outline.hashValue == rebuilt.hashValue, "hashValue differs from an equal outline's")
    return found
}

// MARK: - The test

@Suite("Section snapshot model-based properties", .computeBound)
struct SectionSnapshotPropertyTests {
    static let sequenceCount = 200
    static let stepsPerSequence = 60

    @Test func randomMutationSequencesMatchTheTreeModel() throws {
        let baseSeed = sectionSnapshotBaseSeed
        // Printed up front because a trap inside the library ends the process before any issue is
        // reported; the runs are deterministic, so this seed replays it.
        print("SectionSnapshotPropertyTests: base seed \(baseSeed) (set DIFFABLE_SEED to replay)")
        for sequence in 0..<Self.sequenceCount {
            let seed = baseSeed &+ UInt64(sequence)
            if let failure = try runSequence(seed: seed) {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with DIFFABLE_SEED=\(seed)), sequence \(sequence) of base seed \(baseSeed):\n\(failure)"
                    ))
                return
            }
        }
    }

    /// Runs one sequence; a description of the first failing step, or `nil`.
    private func runSequence(seed: UInt64) throws -> String? {
        var generator = OutlineOperationGenerator(seed: seed)
        var model = OutlineModel()
        var outline = Outline()
        var log: [String] = []
        for step in 0..<Self.stepsPerSequence {
            let operation = generator.next(model)
            log.append("\(step): \(operation)")
            let before = outline
            let expected = operation.apply(to: &model)
            let trapping = (try? expected.get()) != nil && generator.rng.chance(0.5)
            let actual = operation.apply(to: &outline, trapping: trapping)
            var problems: [String] = []
            switch (expected, actual) {
            case (.success(let expectedSkipped), .success(let skipped)):
                if skipped != expectedSkipped { problems.append("skipped \(skipped) != \(expectedSkipped)") }
            case (.failure(let expectedError), .failure(let error)):
                if error != expectedError { problems.append("threw \(error), expected \(expectedError)") }
                if outline != before { problems.append("a refused mutation changed the value") }
            case (.success, .failure(let error)):
                problems.append("threw \(error), expected success")
            case (.failure(let expectedError), .success):
                problems.append("succeeded, expected \(expectedError)")
            }
            // `_checkInvariants()` without the trap, so the failure report carries the seed.
            if let violation = outline._invariantViolation() {
                problems.append(violation)
            } else {
                problems += differences(outline, model)
            }
            func report() -> String {
                let picture =
                    outline._invariantViolation() == nil
                    ? outline.visualDescription() : "items: \(outline.items)"
                return (log.suffix(8) + problems + [picture, "expected:", model.visualDescription()])
                    .joined(separator: "\n")
            }
            guard problems.isEmpty else { return report() }

            if let root = generator.subtreeRoot(model) {
                let includingParent = generator.rng.chance(0.5)
                let subtree = outline.snapshot(of: root, includingParent: includingParent)
                if let violation = subtree._invariantViolation() {
                    problems.append(
                        "snapshot(of: \(root), includingParent: \(includingParent)): \(violation)")
                } else if forest(of: subtree) != model.subtree(of: root, includingParent: includingParent) {
                    problems.append("snapshot(of: \(root), includingParent: \(includingParent)) differs")
                }
            }
            if step % 10 == 9 {
                let decoded = try JSONDecoder().decode(Outline.self, from: JSONEncoder().encode(outline))
                if let violation = decoded._invariantViolation() {
                    problems.append("decoded: \(violation)")
                } else if decoded != outline {
                    problems.append("Codable round trip differs")
                }
            }
            guard problems.isEmpty else { return report() }
        }
        return nil
    }
}
