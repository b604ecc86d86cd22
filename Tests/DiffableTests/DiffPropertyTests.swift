import DiffableTesting
import Foundation
import TestTraits
import Testing

// MARK: - Driving random pairs

/// The identifier types the property tests run with.
enum IdentifierKind: String, CaseIterable, CustomTestStringConvertible {
    case int
    case string
    /// Items whose hash values collide four at a time (``ClusteredItem``).
    case clustered

    var testDescription: String { rawValue }
}

/// A property every diff must have, checked on one pair of snapshots.
private protocol DiffProperty {
    /// What is wrong with the diff from `old` to `new`; empty when the property holds.
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String]
}

/// How many random pairs each property test checks.
private let randomPairCount = 400

/// Checks `property` on `randomPairCount` seeded pairs, recording an issue with the seed that
/// reproduces it (and, when small, the snapshots and the update) for each of the first failures.
private func check<Property: DiffProperty>(
    _ property: Property.Type, _ kind: IdentifierKind, sourceLocation: SourceLocation = #_sourceLocation
) {
    forEachRandomPair(kind, sourceLocation: sourceLocation) { pair in
        switch kind {
        case .int:
            let (old, new) = pair.intSnapshots
            return problems(of: property, old, new)
        case .string:
            let (old, new) = pair.stringSnapshots
            return problems(of: property, old, new)
        case .clustered:
            let (old, new) = pair.clusteredSnapshots
            return problems(of: property, old, new)
        }
    }
}

private func problems<Property: DiffProperty, S, I>(
    of property: Property.Type, _ old: DiffableDataSourceSnapshot<S, I>,
    _ new: DiffableDataSourceSnapshot<S, I>
) -> [String] {
    let update = BatchUpdate(from: old, to: new)
    let found = property.problems(old, new, update)
    return found.isEmpty ? [] : found + [context(old, new, update)]
}

/// Runs `check` on seeded random pairs; see ``check(_:_:sourceLocation:)``.
private func forEachRandomPair(
    _ kind: IdentifierKind, sourceLocation: SourceLocation, _ check: (RandomSnapshotPair) -> [String]
) {
    let shown = 3
    var failures = 0
    for seed in SeededRandom.seeds(count: randomPairCount) {
        var random = SeededRandom(seed: seed)
        let problems = check(RandomSnapshots.pair(using: &random))
        guard !problems.isEmpty else { continue }
        failures += 1
        guard failures <= shown else { continue }
        Issue.record(
            Comment(
                rawValue: "DIFFABLE_SEED=\(seed) (\(kind) identifiers)\n" + problems.joined(separator: "\n")),
            sourceLocation: sourceLocation)
    }
    if failures > shown {
        Issue.record(
            "… and \(failures - shown) more of \(randomPairCount) seeds fail (\(kind) identifiers)",
            sourceLocation: sourceLocation)
    }
}

/// The snapshots and the update, for a failure message, when they are small enough to read.
private func context<S, I>(
    _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>, _ update: BatchUpdate
) -> String {
    let size =
        "\(old.numberOfSections)→\(new.numberOfSections) sections, \(old.numberOfItems)→\(new.numberOfItems) items"
    guard old.numberOfItems + new.numberOfItems <= 80, old.numberOfSections + new.numberOfSections <= 30
    else {
        return "(\(size): too large to print)"
    }
    return "old: \(old.debugDescription)\nnew: \(new.debugDescription)\n\(update)"
}

// MARK: - Independent expectations

/// Whether an item keeps its identity through the structural pass: it is in both snapshots, and
/// both the section it leaves and the one it lands in are live (in both snapshots, not marked for
/// reload in `new`).
private struct Survival<S: Hashable & Sendable, I: Hashable & Sendable> {
    let old: DiffableDataSourceSnapshot<S, I>
    let new: DiffableDataSourceSnapshot<S, I>
    let markedSections: Set<S>

    init(_ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>) {
        self.old = old
        self.new = new
        markedSections = Set(new.reloadedSectionIdentifiers)
    }

    func isLive(_ section: S) -> Bool {
        old.contains(section: section) && new.contains(section: section) && !markedSections.contains(section)
    }

    func survives(_ item: I) -> Bool {
        guard let from = old.sectionIdentifier(containingItem: item),
            let to = new.sectionIdentifier(containingItem: item)
        else { return false }
        return isLive(from) && isLive(to)
    }

    /// The final index paths of the surviving items among `items`.
    func finalPaths(_ items: some Sequence<I>) -> Set<IndexPath> {
        Set(items.filter(survives).map { new.indexPath(ofItem: $0)! })
    }
}

// MARK: - Properties

private enum ReplayGivesNew: DiffProperty {
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String] {
        do {
            let replayed = try replay(update, on: old, insertingFrom: new)
            return replayed == new ? [] : ["replay gives a different snapshot:\n\(replayed.debugDescription)"]
        } catch {
            return ["UIKit would reject the update: [\(error.rule)] \(error)"]
        }
    }
}

private enum SectionListsAscend: DiffProperty {
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String] {
        var problems: [String] = []
        for (name, list) in [
            ("deletedSections", update.deletedSections), ("insertedSections", update.insertedSections),
            ("reloadedSections", update.reloadedSections),
        ] where list != list.sorted() {
            problems.append("\(name) is not ascending: \(list)")
        }
        return problems
    }
}

private enum ItemMovesAreMinimal: DiffProperty {
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String] {
        let minimal = minimalItemMoveCount(from: old, to: new)
        guard update.movedItems.count != minimal else { return [] }
        return ["\(update.movedItems.count) item moves, but \(minimal) suffice"]
    }
}

private enum SectionMovesAreMinimal: DiffProperty {
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String] {
        let minimal = minimalSectionMoveCount(from: old, to: new)
        guard update.movedSections.count != minimal else { return [] }
        return ["\(update.movedSections.count) section moves, but \(minimal) suffice"]
    }
}

/// The sections that stay (neither moved nor replaced, reloaded ones included) keep their old
/// order, and a section marked for reload is replaced only when it cannot stay in order between
/// the staying sections around it.
private enum SectionsStayInOrderAndReplaceOnlyWhenNeeded: DiffProperty {
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String] {
        let moved = Set(update.movedSections.map(\.from))
        let deleted = Set(update.deletedSections)
        // (new index, old index) of every section in both, in new order.
        let survivors = new.sectionIdentifiers.enumerated().compactMap { position, section in
            old.indexOfSection(section).map { (new: position, old: $0) }
        }
        let staying = survivors.filter { !moved.contains($0.old) && !deleted.contains($0.old) }
        var problems: [String] = []
        if !zip(staying, staying.dropFirst()).allSatisfy({ $0.old < $1.old }) {
            problems.append("the staying sections change order: old indices \(staying.map(\.old))")
        }
        for survivor in survivors where deleted.contains(survivor.old) {
            let before = staying.last { $0.new < survivor.new }?.old ?? -1
            let after = staying.first { $0.new > survivor.new }?.old ?? Int.max
            if before < survivor.old && survivor.old < after {
                problems.append(
                    "section \(old.sectionIdentifiers[survivor.old]) is replaced though it could stay between old sections \(before) and \(after)"
                )
            }
        }
        return problems
    }
}

private enum SectionsAreReloadedWhenMarkedOrReplaced: DiffProperty {
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String] {
        var problems: [String] = []
        let marked = Set(new.reloadedSectionIdentifiers)
        let reloaded = Set(update.reloadedSections)
        let deleted = Set(update.deletedSections)
        let inserted = Set(update.insertedSections)
        for section in new.reloadedSectionIdentifiers {
            guard let from = old.indexOfSection(section), let to = new.indexOfSection(section) else {
                continue
            }
            if !reloaded.contains(from) && !(deleted.contains(from) && inserted.contains(to)) {
                problems.append("section \(section) is marked for reload but neither reloaded nor replaced")
            }
        }
        // An unmarked section is reloaded exactly when it stays in place and keeps none of its
        // items: it has items before and after, and none of them survives.
        let survival = Survival(old, new)
        let moved = Set(update.movedSections.map(\.from))
        for (from, section) in old.sectionIdentifiers.enumerated() where !marked.contains(section) {
            guard new.contains(section: section) else { continue }
            let before = old.itemIdentifiers(inSection: section)
            let after = new.itemIdentifiers(inSection: section)
            let replaced =
                !before.isEmpty && !after.isEmpty && !before.contains(where: survival.survives)
                && !after.contains(where: survival.survives)
            if reloaded.contains(from) && !replaced {
                problems.append("section \(section) is reloaded but neither marked nor replaced item by item")
            }
            if replaced && !moved.contains(from) && !reloaded.contains(from) {
                problems.append("section \(section) keeps none of its items but is not reloaded")
            }
        }
        for move in update.movedSections where marked.contains(old.sectionIdentifiers[move.from]) {
            problems.append("section \(old.sectionIdentifiers[move.from]) is marked for reload but moved")
        }
        return problems
    }
}

private enum ReloadsAreTheMarkedSurvivors: DiffProperty {
    static func problems<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
        _ update: BatchUpdate
    ) -> [String] {
        let survival = Survival(old, new)
        let expected = survival.finalPaths(new.reloadedItemIdentifiers)
        var problems: [String] = []
        if Set(update.reloadedItems) != expected || update.reloadedItems.count != expected.count {
            problems.append("reloadedItems \(update.reloadedItems.sorted()) != expected \(expected.sorted())")
        }
        let reloadMarked = Set(new.reloadedItemIdentifiers)
        let expectedReconfigured = survival.finalPaths(
            new.reconfiguredItemIdentifiers.filter { !reloadMarked.contains($0) })
        if Set(update.reconfiguredItems) != expectedReconfigured
            || update.reconfiguredItems.count != expectedReconfigured.count
        {
            problems.append(
                "reconfiguredItems \(update.reconfiguredItems.sorted()) != expected \(expectedReconfigured.sorted())"
            )
        }
        return problems
    }
}

// MARK: - Tests

@Suite("Diff properties on random snapshot pairs (replay oracle)", .computeBound)
struct DiffPropertyTests {
    @Test(arguments: IdentifierKind.allCases)
    func replayingTheDiffOnTheOldSnapshotGivesTheNewOne(_ kind: IdentifierKind) {
        check(ReplayGivesNew.self, kind)
    }

    @Test(arguments: IdentifierKind.allCases)
    func sectionIndexListsAreAscending(_ kind: IdentifierKind) {
        check(SectionListsAscend.self, kind)
    }

    @Test(arguments: IdentifierKind.allCases)
    func itemMovesAreMinimal(_ kind: IdentifierKind) {
        check(ItemMovesAreMinimal.self, kind)
    }

    @Test(arguments: IdentifierKind.allCases)
    func sectionMovesAreMinimal(_ kind: IdentifierKind) {
        check(SectionMovesAreMinimal.self, kind)
    }

    @Test(arguments: IdentifierKind.allCases)
    func sectionsThatStayKeepTheirOrderAndMarkedOnesAreReplacedOnlyWhenNeeded(_ kind: IdentifierKind) {
        check(SectionsStayInOrderAndReplaceOnlyWhenNeeded.self, kind)
    }

    @Test(arguments: IdentifierKind.allCases)
    func sectionsAreReloadedWhenMarkedOrWhenTheyKeepNoneOfTheirItems(_ kind: IdentifierKind) {
        check(SectionsAreReloadedWhenMarkedOrReplaced.self, kind)
    }

    @Test(arguments: IdentifierKind.allCases)
    func reloadsAndReconfiguresAreTheFinalPathsOfMarkedSurvivors(_ kind: IdentifierKind) {
        check(ReloadsAreTheMarkedSurvivors.self, kind)
    }

    @Test func contentAwareDiffReconfiguresExactlyTheChangedSurvivors() {
        forEachRandomPair(.int, sourceLocation: #_sourceLocation) { pair in
            let (old, new) = pair.versionedSnapshots
            let update = BatchUpdate(from: old, to: new) { $0.version == $1.version }
            var problems = ReplayGivesNew.problems(old, new, update)
            let oldVersions = Dictionary(
                uniqueKeysWithValues: old.itemIdentifiers.map { ($0.id, $0.version) })
            let changed = new.itemIdentifiers.filter { item in
                oldVersions[item.id].map { $0 != item.version } ?? false
            }
            let survival = Survival(old, new)
            let reloadMarked = Set(new.reloadedItemIdentifiers)
            let expectedReloaded = survival.finalPaths(new.reloadedItemIdentifiers)
            let expectedReconfigured = survival.finalPaths(
                (new.reconfiguredItemIdentifiers + changed).filter { !reloadMarked.contains($0) })
            if Set(update.reloadedItems) != expectedReloaded {
                problems.append(
                    "reloadedItems \(update.reloadedItems.sorted()) != \(expectedReloaded.sorted())")
            }
            if Set(update.reconfiguredItems) != expectedReconfigured
                || update.reconfiguredItems.count != expectedReconfigured.count
            {
                problems.append(
                    "reconfiguredItems \(update.reconfiguredItems.sorted()) != \(expectedReconfigured.sorted())"
                )
            }
            let identityOnly = BatchUpdate(from: old, to: new)
            var structural = update
            structural.reconfiguredItems = identityOnly.reconfiguredItems
            if structural != identityOnly {
                problems.append("comparing content changed the structural update:\n\(identityOnly)")
            }
            return problems.isEmpty ? [] : problems + [context(old, new, update)]
        }
    }
}

// MARK: - The oracle itself

private func at(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

private func move(_ from: IndexPath, _ to: IndexPath) -> BatchUpdate.Move<IndexPath> {
    .init(from: from, to: to)
}

private func layout(_ sections: KeyValuePairs<String, [Int]>) -> DiffableDataSourceSnapshot<String, Int> {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// A hand-written update UIKit rejects, with the counts it is checked against.
struct InvalidUpdateCase: CustomTestStringConvertible, Sendable {
    var name: String
    var update: BatchUpdate
    var old: [Int]
    var new: [Int]
    var rule: BatchUpdateViolation.Rule
    var message: String

    var testDescription: String { name }

    static let all: [InvalidUpdateCase] = [
        .init(
            name: "delete and move of one index path",
            update: .init(deletedItems: [at(1, 3)], movedItems: [move(at(1, 3), at(0, 0))]),
            old: [3, 5], new: [4, 3], rule: .deleteAndMoveSameIndexPath,
            message: "attempt to perform a delete and a move from the same index path (item 3 of section 1)"),
        .init(
            name: "insert and move to one index path",
            update: .init(insertedItems: [at(0, 0)], movedItems: [move(at(1, 0), at(0, 0))]),
            old: [3, 5], new: [5, 4], rule: .insertAndMoveToSameIndexPath,
            message: "attempt to perform an insert and a move to the same index path (item 0 of section 0)"),
        .init(
            name: "move into an inserted section",
            update: .init(insertedSections: [0], movedItems: [move(at(0, 1), at(0, 0))]),
            old: [3, 5], new: [1, 2, 5], rule: .moveIntoInsertedSection,
            message: "cannot move an item into a newly inserted section (0)"),
        .init(
            name: "move into a reloaded section",
            update: .init(reloadedSections: [1], movedItems: [move(at(0, 1), at(1, 0))]),
            old: [3, 5], new: [2, 6], rule: .moveIntoInsertedSection,
            message: "cannot move an item into a reloaded section (1)"),
        .init(
            name: "move out of a deleted section",
            update: .init(deletedSections: [0], movedItems: [move(at(0, 0), at(0, 5))]),
            old: [3, 5], new: [6], rule: .moveFromDeletedSection,
            message: "cannot move an item from a deleted section (0)"),
        .init(
            name: "move out of a reloaded section",
            update: .init(reloadedSections: [0], movedItems: [move(at(0, 0), at(1, 5))]),
            old: [3, 5], new: [2, 6], rule: .moveFromDeletedSection,
            message: "cannot move an item from a reloaded section (0)"),
        .init(
            name: "item count that does not add up", update: .init(deletedItems: [at(2, 0)]),
            old: [1, 1, 5], new: [1, 1, 5], rule: .invalidItemCount,
            message:
                "Invalid update: invalid number of items in section 2. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        ),
        .init(
            name: "item count of a moved section", update: .init(movedSections: [.init(from: 0, to: 1)]),
            old: [3, 5], new: [5, 4], rule: .invalidItemCount,
            message:
                "Invalid update: invalid number of items in section 1. The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        ),
        .init(
            name: "section count that does not add up", update: .init(),
            old: [3, 5], new: [3, 5, 0], rule: .invalidSectionCount,
            message:
                "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
        ),
        .init(
            name: "deleted section out of range", update: .init(deletedSections: [2]),
            old: [3, 5], new: [3], rule: .sectionOutOfRange,
            message: "attempt to delete section 2, but there are only 2 sections before the update"),
        .init(
            name: "inserted section out of range", update: .init(insertedSections: [3]),
            old: [3, 5], new: [3, 5, 0], rule: .sectionOutOfRange,
            message: "attempt to insert section 3 but there are only 3 sections after the update"),
        .init(
            name: "deleted item out of range", update: .init(deletedItems: [at(0, 3)]),
            old: [3, 5], new: [2, 5], rule: .itemOutOfRange,
            message: "attempt to delete item 3 from section 0 which only contains 3 items before the update"),
        .init(
            name: "inserted item out of range", update: .init(insertedItems: [at(1, 5)]),
            old: [3, 5], new: [3, 5], rule: .itemOutOfRange,
            message:
                "attempt to insert item 5 into section 1, but there are only 5 items in section 1 after the update"
        ),
        .init(
            name: "move target out of range", update: .init(movedItems: [move(at(0, 0), at(1, 5))]),
            old: [3, 5], new: [2, 5], rule: .itemOutOfRange,
            message:
                "attempt to move index path (item 0 of section 0) to index path (item 5 of section 1) that does not exist - there are only 5 items in section 1 after the update"
        ),
        .init(
            name: "reload out of range", update: .init(reloadedItems: [at(0, 3)]),
            old: [3, 5], new: [3, 5], rule: .itemOutOfRange,
            message:
                "attempt to reload item 3 of section 0, but there are only 3 items in section 0 after the update"
        ),
        .init(
            name: "one item deleted twice", update: .init(deletedItems: [at(0, 1), at(0, 1)]),
            old: [3, 5], new: [2, 5], rule: .duplicateOperation,
            message: "attempt to delete item 1 of section 0 more than once"),
        .init(
            name: "reloaded and reconfigured",
            update: .init(reloadedItems: [at(0, 0)], reconfiguredItems: [at(0, 0)]),
            old: [3, 5], new: [3, 5], rule: .duplicateOperation,
            message: "item 0 of section 0 is both reloaded and reconfigured"),
        .init(
            name: "one item moved to two places",
            update: .init(movedItems: [move(at(0, 0), at(1, 0)), move(at(0, 0), at(1, 1))]),
            old: [3, 5], new: [2, 6], rule: .conflictingMoves,
            message:
                "attempt to move item at index path (item 0 of section 0) to both (item 0 of section 1) and (item 1 of section 1)"
        ),
        .init(
            name: "two sections moved to one place",
            update: .init(movedSections: [.init(from: 0, to: 1), .init(from: 1, to: 1)]),
            old: [3, 5], new: [5, 3], rule: .conflictingMoves,
            message: "attempt to move both section 0 and 1 to 1"),
        .init(
            name: "item deleted from a deleted section",
            update: .init(deletedSections: [1], deletedItems: [at(1, 0)]),
            old: [3, 5], new: [3], rule: .itemOperationInsideSectionOperation,
            message: "attempt to delete item 0 from section 1, which is itself deleted"),
        .init(
            name: "item inserted into a reloaded section",
            update: .init(reloadedSections: [0], insertedItems: [at(0, 0)]),
            old: [3, 5], new: [4, 5], rule: .itemOperationInsideSectionOperation,
            message: "attempt to insert item 0 into section 0, which is itself reloaded"),
        .init(
            name: "section moved and reloaded",
            update: .init(movedSections: [.init(from: 0, to: 1)], reloadedSections: [0]),
            old: [3, 5], new: [5, 3], rule: .sectionMovedAndReloaded,
            message: "attempt to perform a reload and a move from the same section (0)"),
        .init(
            name: "section deleted and reloaded", update: .init(deletedSections: [0], reloadedSections: [0]),
            old: [3, 5], new: [5], rule: .deleteAndReloadSameSection,
            message: "attempt to delete and reload the same section (0)"),
        .init(
            name: "section deleted and moved",
            update: .init(deletedSections: [0], movedSections: [.init(from: 0, to: 0)]),
            old: [3, 5], new: [5], rule: .deleteAndMoveSameSection,
            message: "attempt to perform a delete and a move from the same section (0)"),
        .init(
            name: "section inserted and moved to",
            update: .init(insertedSections: [1], movedSections: [.init(from: 0, to: 1)]),
            old: [3, 5], new: [5, 0, 3], rule: .insertAndMoveToSameSection,
            message: "attempt to perform an insert and a move to the same section (1)"),
        .init(
            name: "index path without two indexes", update: .init(deletedItems: [IndexPath(index: 0)]),
            old: [3, 5], new: [2, 5], rule: .malformedIndexPath,
            message: "attempt to delete index path [0], which does not have 2 indexes"),
    ]
}

@Suite("Replay oracle", .computeBound)
struct ReplayOracleTests {
    @Test(arguments: InvalidUpdateCase.all)
    func validationRejectsUpdatesUIKitRejects(_ invalid: InvalidUpdateCase) {
        #expect(throws: BatchUpdateViolation(rule: invalid.rule, message: invalid.message)) {
            try validate(invalid.update, oldItemCounts: invalid.old, newItemCounts: invalid.new)
        }
    }

    @Test func validationAcceptsAValidUpdate() throws {
        let update = BatchUpdate(
            deletedSections: [2], insertedSections: [0], movedSections: [.init(from: 0, to: 2)],
            reloadedSections: [1], deletedItems: [at(0, 0)], insertedItems: [at(2, 3)],
            movedItems: [move(at(0, 2), at(2, 0)), move(at(3, 0), at(2, 1))], reloadedItems: [at(2, 0)],
            reconfiguredItems: [at(2, 2)])
        // old: 0 (3 items, moves to 2), 1 (reloaded: any count), 2 (deleted), 3 (its one item moves out).
        try validate(update, oldItemCounts: [3, 7, 4, 1], newItemCounts: [0, 9, 4, 0])
    }

    @Test func replayOfAHandWrittenUpdateGivesTheNewSnapshot() throws {
        let old = layout(["A": [1, 2, 3], "B": [4, 5]])
        let new = layout(["B": [5, 9], "A": [3, 1, 2, 4]])
        let update = BatchUpdate(
            insertedItems: [at(0, 1)], movedItems: [move(at(0, 2), at(1, 0)), move(at(1, 0), at(1, 3))])
        // Without the section move, A would stay at section 0, where its count does not add up.
        let violation = #expect(throws: BatchUpdateViolation.self) {
            try replay(update, on: old, insertingFrom: new)
        }
        #expect(violation?.rule == .invalidItemCount)
        var fixed = update
        fixed.movedSections = [.init(from: 0, to: 1)]
        #expect(try replay(fixed, on: old, insertingFrom: new) == new)
    }

    @Test func replayTracksPositionsNotIdentities() throws {
        let old = layout(["A": [1, 2, 3]])
        let new = layout(["A": [3, 1, 2]])
        // Valid for UIKit, but it moves the wrong item: 1 goes to the end instead of 3 to the front.
        let wrong = BatchUpdate(movedItems: [move(at(0, 0), at(0, 2))])
        let replayed = try replay(wrong, on: old, insertingFrom: new)
        #expect(replayed.itemIdentifiers == [2, 3, 1])
        #expect(replayed != new)
        let right = BatchUpdate(movedItems: [move(at(0, 2), at(0, 0))])
        #expect(try replay(right, on: old, insertingFrom: new) == new)
    }

    @Test func reloadedSectionsKeepTheirIdentifierAndTakeTheNewItems() throws {
        let old = layout(["A": [1, 2], "B": [3]])
        let new = layout(["A": [7, 8, 9], "B": [3]])
        #expect(try replay(BatchUpdate(reloadedSections: [0]), on: old, insertingFrom: new) == new)
        // Reloading a section whose identifier changed leaves the old identifier in place.
        let renamed = layout(["C": [7, 8, 9], "B": [3]])
        #expect(try replay(BatchUpdate(reloadedSections: [0]), on: old, insertingFrom: renamed) != renamed)
    }

    @Test func replayRejectsReloadingAnInsertedItem() {
        let old = layout(["A": [1, 2]])
        let new = layout(["A": [0, 1, 2]])
        let update = BatchUpdate(insertedItems: [at(0, 0)], reloadedItems: [at(0, 0)])
        #expect(
            throws: BatchUpdateViolation(
                rule: .reloadOfNonSurvivingItem,
                message: "attempt to reload item 0 of section 0, which is inserted by the update")
        ) {
            try replay(update, on: old, insertingFrom: new)
        }
    }

    @Test func replayRejectsReconfiguringAnItemOfAnInsertedSection() {
        let old = layout(["A": [1]])
        let new = layout(["N": [2], "A": [1]])
        let update = BatchUpdate(insertedSections: [0], reconfiguredItems: [at(0, 0)])
        #expect(
            throws: BatchUpdateViolation(
                rule: .reloadOfNonSurvivingItem,
                message:
                    "attempt to reconfigure item 0 of section 0, which lies in a section inserted by the update"
            )
        ) {
            try replay(update, on: old, insertingFrom: new)
        }
    }

    @Test func replayRejectsAnUpdateThatPlacesAnItemTwice() {
        // Counts add up, but item 2 is deleted where item 1 should have been moved.
        let old = layout(["A": [1, 2]])
        let new = layout(["A": [2, 1]])
        let update = BatchUpdate(deletedItems: [at(0, 1)], insertedItems: [at(0, 1)])
        #expect(
            throws: BatchUpdateViolation(
                rule: .duplicateIdentifierInResult,
                message:
                    "the update puts item 1 at both item 0 of section 0 and item 1 of section 0; a snapshot cannot hold an item twice"
            )
        ) {
            try replay(update, on: old, insertingFrom: new)
        }
    }

    @Test func replayValidatesCountsFirst() {
        let old = layout(["A": [1, 2]])
        let new = layout(["A": [1, 2, 3]])
        let violation = #expect(throws: BatchUpdateViolation.self) {
            try replay(BatchUpdate(), on: old, insertingFrom: new)
        }
        #expect(violation?.rule == .invalidItemCount)
    }

    /// The oracle is only as good as its power to fail: dropping any one structural operation of a
    /// correct (minimal) diff, or swapping the targets of two item moves, must be caught.
    @Test func corruptingACorrectDiffIsAlwaysCaught() {
        forEachRandomPair(.int, sourceLocation: #_sourceLocation) { pair in
            let (old, new) = pair.intSnapshots
            let update = BatchUpdate(from: old, to: new)
            var corrupted: [(String, BatchUpdate)] = []
            func dropping<T>(_ name: String, _ list: WritableKeyPath<BatchUpdate, [T]>) {
                for index in update[keyPath: list].indices.prefix(3) {
                    var copy = update
                    copy[keyPath: list].remove(at: index)
                    corrupted.append(("without \(name) #\(index)", copy))
                }
            }
            dropping("deletedSections", \.deletedSections)
            dropping("insertedSections", \.insertedSections)
            dropping("movedSections", \.movedSections)
            dropping("deletedItems", \.deletedItems)
            dropping("insertedItems", \.insertedItems)
            dropping("movedItems", \.movedItems)
            if update.movedItems.count >= 2 {
                var copy = update
                copy.movedItems[0].to = update.movedItems[1].to
                copy.movedItems[1].to = update.movedItems[0].to
                corrupted.append(("with two move targets swapped", copy))
            }
            return corrupted.compactMap { name, bad in
                guard (try? replay(bad, on: old, insertingFrom: new)) == new else { return nil }
                return "the update \(name) replays to the new snapshot:\n\(bad)\n\(context(old, new, update))"
            }
        }
    }

    @Test func minimalSectionMovesFollowTheDefinition() {
        let old = layout(["A": [], "B": [], "C": []])
        var new = layout(["C": [], "A": [], "B": []])
        #expect(minimalSectionMoveCount(from: old, to: new) == 1)
        new.reloadSections(["C"])
        #expect(minimalSectionMoveCount(from: old, to: new) == 0, "a marked section is replaced, not moved")
        var swapped = layout(["B": [], "A": []])
        swapped.reloadSections(["A"])
        #expect(minimalSectionMoveCount(from: layout(["A": [], "B": []]), to: swapped) == 0)
        #expect(minimalSectionMoveCount(from: old, to: layout(["X": [], "B": [], "A": []])) == 1)
        #expect(minimalSectionMoveCount(from: old, to: layout(["C": [], "B": [], "A": []])) == 2)
    }

    @Test func minimalItemMovesFollowTheDefinition() {
        let old = layout(["A": [1, 2, 3, 4, 5], "B": [6]])
        #expect(minimalItemMoveCount(from: old, to: layout(["A": [5, 1, 2, 3, 4], "B": [6]])) == 1)
        #expect(minimalItemMoveCount(from: old, to: layout(["A": [5, 4, 3, 2, 1], "B": [6]])) == 4)
        #expect(minimalItemMoveCount(from: old, to: layout(["A": [2, 3, 4, 5], "B": [6, 1]])) == 1)
        #expect(minimalItemMoveCount(from: old, to: layout(["B": [6, 1], "A": [2, 3, 4, 5]])) == 1)
        // Items entering a new section, or a section marked for reload, are inserted, not moved.
        #expect(minimalItemMoveCount(from: old, to: layout(["A": [2, 3, 4, 5], "C": [1, 6]])) == 0)
        var marked = layout(["A": [2, 3, 4, 5], "B": [6, 1]])
        marked.reloadSections(["B"])
        #expect(minimalItemMoveCount(from: old, to: marked) == 0)
    }
}
