// Fuzz target 2b: a byte-driven sequence of section snapshot calls through the `checked…` API,
// each compared with a plain tree written from the documented semantics, and the section
// snapshot's invariant check after every call.

import FuzzSupport

@testable import Diffable

private typealias Outline = DiffableDataSourceSectionSnapshot<Int>
private typealias Failure = SectionSnapshotError<Int>

/// Few identifiers, so that calls meet present, absent and repeated ones alike.
private let universe = 0..<24

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutlineEdits(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    var outline = Outline()
    var model = OutlineModel()
    var steps = 0
    while !input.isAtEnd && steps < 64 {
        steps += 1
        let before = outline
        let call = Call(&input)
        let expected = model.apply(call)
        let actual = call.run(on: &outline)
        fuzzCheck(
            actual == expected,
            "\(call): the section snapshot gives \(describe(actual)), the model \(describe(expected))\n\(before)"
        )
        if actual != nil { fuzzCheck(outline == before, "\(call) threw but changed the section snapshot") }
        outline._checkInvariants()
        model.compare(with: outline, after: call)
    }
    return 0
}

private func describe(_ error: Failure?) -> String { error.map { "error \($0)" } ?? "success" }

// MARK: - The model

/// One item of the model and its subtree.
private struct Node: Equatable, CustomStringConvertible {
    var item: Int
    var expanded = false
    var children: [Node] = []

    var description: String { "\(item)\(expanded ? "+" : "")" + (children.isEmpty ? "" : "\(children)") }
}

private func preorder(_ nodes: [Node]) -> [Int] { nodes.flatMap { [$0.item] + preorder($0.children) } }

/// The section snapshot that holds `forest`, built with the trapping API (the forest is valid).
private func makeOutline(of forest: [Node]) -> Outline {
    var outline = Outline()
    func add(_ nodes: [Node], to parent: Int?) {
        for node in nodes {
            outline.append([node.item], to: parent)
            add(node.children, to: node.item)
            if node.expanded { outline.expand([node.item]) }
        }
    }
    add(forest, to: nil)
    return outline
}

/// A section snapshot as a recursive tree, with Apple's documented semantics.
private struct OutlineModel {
    var roots: [Node] = []

    var items: [Int] { preorder(roots) }

    /// Child indices from the roots down to `item`.
    func path(to item: Int) -> [Int]? {
        func search(_ nodes: [Node]) -> [Int]? {
            for (index, node) in nodes.enumerated() {
                if node.item == item { return [index] }
                if let rest = search(node.children) { return [index] + rest }
            }
            return nil
        }
        return search(roots)
    }

    func node(at path: [Int]) -> Node {
        var node = roots[path[0]]
        for index in path.dropFirst() { node = node.children[index] }
        return node
    }

    /// Runs `body` on the children of the node at `path` (the roots for an empty path).
    mutating func withChildren(of path: [Int], _ body: (inout [Node]) -> Void) {
        func descend(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
            guard let first = path.first else { return body(&nodes) }
            descend(&nodes[first].children, path.dropFirst())
        }
        descend(&roots, path[...])
    }

    mutating func apply(_ call: Call) -> Failure? {
        switch call {
        case .append(let forest, let parent):
            return insert(forest, .append(to: parent), call: "append(_:to:)")
        case .insertBefore(let forest, let anchor):
            return insert(forest, .before(anchor), call: "insert(_:before:)")
        case .insertAfter(let forest, let anchor):
            return insert(forest, .after(anchor), call: "insert(_:after:)")
        case .delete(let gone):
            if let missing = gone.first(where: { path(to: $0) == nil }) {
                return .itemNotFound(missing, call: "delete(_:)")
            }
            func prune(_ nodes: [Node]) -> [Node] {
                nodes.filter { !gone.contains($0.item) }.map {
                    var node = $0
                    node.children = prune(node.children)
                    return node
                }
            }
            roots = prune(roots)
        case .replace(let parent, let forest):
            let name = "replace(childrenOf:using:)"
            guard let parentPath = path(to: parent) else { return .parentNotFound(parent, call: name) }
            var result = self
            result.withChildren(of: parentPath) { $0 = [] }
            var seen = Set(result.items)
            if let duplicate = preorder(forest).first(where: { !seen.insert($0).inserted }) {
                return .duplicateItem(duplicate, call: name)
            }
            result.withChildren(of: parentPath) { $0 = forest }
            self = result
        case .appendDroppingDuplicates(let new, let parent):
            let name = "appendDroppingDuplicates(_:to:)"
            let parentPath: [Int]
            if let parent {
                guard let found = path(to: parent) else { return .parentNotFound(parent, call: name) }
                parentPath = found
            } else {
                parentPath = []
            }
            var seen = Set(items)
            let kept = new.filter { seen.insert($0).inserted }
            withChildren(of: parentPath) { $0 += kept.map { Node(item: $0) } }
        case .expand(let items), .collapse(let items):
            let expanded = if case .expand = call { true } else { false }
            for item in items {
                if let path = path(to: item) {
                    withChildren(of: Array(path.dropLast())) { $0[path.last!].expanded = expanded }
                }
            }
        case .deleteAll:
            roots = []
        }
        return nil
    }

    enum Destination {
        case append(to: Int?)
        case before(Int)
        case after(Int)
    }

    mutating func insert(_ forest: [Node], _ destination: Destination, call: String) -> Failure? {
        let new = preorder(forest)
        guard !new.isEmpty else { return nil }
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
        if let duplicate = new.first(where: { !seen.insert($0).inserted }) {
            return .duplicateItem(duplicate, call: call)
        }
        withChildren(of: parentPath) { $0.insert(contentsOf: forest, at: index) }
        return nil
    }

    /// Checks every query of `outline` against the model.
    func compare(with outline: Outline, after call: Call) {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            fuzzCheck(condition, "after \(call): \(what())\nsection snapshot: \(outline)\nmodel: \(roots)")
        }
        struct Row: Equatable {
            var item: Int
            var level: Int
            var parent: Int?
            var expanded: Bool
            var visible: Bool
        }
        var rows: [Row] = []
        func walk(_ nodes: [Node], level: Int, parent: Int?, visible: Bool) {
            for node in nodes {
                rows.append(
                    Row(
                        item: node.item, level: level, parent: parent, expanded: node.expanded,
                        visible: visible))
                walk(node.children, level: level + 1, parent: node.item, visible: visible && node.expanded)
            }
        }
        walk(roots, level: 0, parent: nil, visible: true)
        check(outline.items == rows.map(\.item), "items differ")
        check(outline.rootItems == roots.map(\.item), "root items differ")
        check(outline.visibleItems == rows.filter(\.visible).map(\.item), "visible items differ")
        check(outline.expandedItems == rows.filter(\.expanded).map(\.item), "expanded items differ")
        for (index, row) in rows.enumerated() {
            let item = row.item
            check(outline.index(of: item) == index, "index(of: \(item))")
            check(outline.contains(item), "contains(\(item))")
            check(outline.level(of: item) == row.level, "level(of: \(item))")
            check(outline.parent(of: item) == row.parent, "parent(of: \(item))")
            check(outline.isExpanded(item) == row.expanded, "isExpanded(\(item))")
            check(outline.isVisible(item) == row.visible, "isVisible(\(item))")
            let node = node(at: path(to: item)!)
            check(outline.snapshot(of: item) == makeOutline(of: node.children), "snapshot(of: \(item))")
            check(
                outline.snapshot(of: item, includingParent: true) == makeOutline(of: [node]),
                "snapshot(of: \(item), includingParent: true)")
        }
        for item in universe where !rows.contains(where: { $0.item == item }) {
            check(!outline.contains(item) && outline.index(of: item) == nil, "absent item \(item)")
        }
        let rebuilt = makeOutline(of: roots)
        check(rebuilt == outline && rebuilt.hashValue == outline.hashValue, "== or hashValue differs")
    }
}

// MARK: - Calls

/// One call of the section snapshot's API, with its arguments read from the fuzzer's bytes.
private enum Call: CustomStringConvertible {
    case append([Node], to: Int?)
    case insertBefore([Node], Int)
    case insertAfter([Node], Int)
    case delete([Int])
    case replace(childrenOf: Int, [Node])
    case appendDroppingDuplicates([Int], to: Int?)
    case expand([Int])
    case collapse([Int])
    case deleteAll

    init(_ input: inout FuzzInput) {
        func item(_ input: inout FuzzInput) -> Int { input.int(below: universe.count) }
        func items(_ input: inout FuzzInput) -> [Int] { input.array(upTo: 6, item) }
        func parent(_ input: inout FuzzInput) -> Int? { input.bool() ? nil : item(&input) }
        switch input.int(below: 12) {
        case 0, 1: self = .append(Self.forest(&input, plain: true), to: parent(&input))
        case 2: self = .append(Self.forest(&input, plain: false), to: parent(&input))
        case 3: self = .insertBefore(Self.forest(&input, plain: input.bool()), item(&input))
        case 4: self = .insertAfter(Self.forest(&input, plain: input.bool()), item(&input))
        case 5: self = .delete(items(&input))
        case 6: self = .replace(childrenOf: item(&input), Self.forest(&input, plain: false))
        case 7: self = .appendDroppingDuplicates(items(&input), to: parent(&input))
        case 8: self = .expand(items(&input))
        case 9: self = .collapse(items(&input))
        case 10: self = .deleteAll
        default: self = .append(Self.forest(&input, plain: true), to: item(&input))
        }
    }

    /// New items for an insert: plain, collapsed leaves (`plain`), or a small tree with expanded
    /// nodes, inserted as a section snapshot. Leaves may repeat, to exercise the duplicate check;
    /// a tree is valid (it must be built first).
    static func forest(_ input: inout FuzzInput, plain: Bool) -> [Node] {
        if plain { return input.array(upTo: 6) { Node(item: $0.int(below: universe.count)) } }
        var forest: [Node] = []
        var used: Set<Int> = []
        for _ in 0..<input.int(in: 0...6) {
            let item = input.int(below: universe.count)
            guard used.insert(item).inserted else { continue }
            let node = Node(item: item, expanded: input.bool())
            // Where it goes: a new root, or the last child of a node on the rightmost path.
            var depth = input.int(below: 3)
            var path: [Int] = []
            var nodes = forest
            while depth > 0, let last = nodes.indices.last {
                path.append(last)
                nodes = nodes[last].children
                depth -= 1
            }
            func add(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
                guard let first = path.first else { return nodes.append(node) }
                add(&nodes[first].children, path.dropFirst())
            }
            add(&forest, path[...])
        }
        return forest
    }

    var description: String {
        switch self {
        case .append(let forest, let parent): "append(\(forest), to: \(parent.map(String.init) ?? "nil"))"
        case .insertBefore(let forest, let anchor): "insert(\(forest), before: \(anchor))"
        case .insertAfter(let forest, let anchor): "insert(\(forest), after: \(anchor))"
        case .delete(let items): "delete(\(items))"
        case .replace(let parent, let forest): "replace(childrenOf: \(parent), using: \(forest))"
        case .appendDroppingDuplicates(let items, let parent):
            "appendDroppingDuplicates(\(items), to: \(parent.map(String.init) ?? "nil"))"
        case .expand(let items): "expand(\(items))"
        case .collapse(let items): "collapse(\(items))"
        case .deleteAll: "deleteAll()"
        }
    }

    /// Whether the forest is inserted as plain items (every node a collapsed leaf) rather than as
    /// a section snapshot.
    static func isPlain(_ forest: [Node]) -> Bool {
        forest.allSatisfy { !$0.expanded && $0.children.isEmpty }
    }

    /// Runs the call on `outline`, returning the error it threw.
    func run(on outline: inout Outline) -> Failure? {
        do throws(Failure) {
            switch self {
            case .append(let forest, let parent):
                if Self.isPlain(forest) {
                    try outline.checkedAppend(forest.map(\.item), to: parent)
                } else {
                    try outline.checkedAppend(makeOutline(of: forest), to: parent)
                }
            case .insertBefore(let forest, let anchor):
                if Self.isPlain(forest) {
                    try outline.checkedInsert(forest.map(\.item), before: anchor)
                } else {
                    try outline.checkedInsert(makeOutline(of: forest), before: anchor)
                }
            case .insertAfter(let forest, let anchor):
                if Self.isPlain(forest) {
                    try outline.checkedInsert(forest.map(\.item), after: anchor)
                } else {
                    try outline.checkedInsert(makeOutline(of: forest), after: anchor)
                }
            case .delete(let items):
                try outline.checkedDelete(items)
            case .replace(let parent, let forest):
                try outline.checkedReplace(childrenOf: parent, using: makeOutline(of: forest))
            case .appendDroppingDuplicates(let items, let parent):
                var seen = Set(outline.items)
                let expected = items.filter { !seen.insert($0).inserted }
                let skipped = try outline.appendDroppingDuplicates(items, to: parent)
                fuzzCheck(skipped == expected, "\(self) skipped \(skipped), not \(expected)")
            case .expand(let items):
                outline.expand(items)
            case .collapse(let items):
                outline.collapse(items)
            case .deleteAll:
                outline.deleteAll()
            }
            return nil
        } catch {
            return error
        }
    }
}
