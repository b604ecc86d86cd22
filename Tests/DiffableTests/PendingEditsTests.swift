import DiffableTesting
import Foundation
import TestTraits
import Testing

@testable import Diffable

/// Edits of a snapshot whose storage another holds are kept beside that storage instead of
/// copying it (`_PendingItemEdits`): every read must be what the same edits give on storage of its
/// own, and the batch update found from the edits must be the diff's, exactly.
@Suite("Edits kept beside shared storage", .computeBound)
struct PendingEditsTests {
    /// Three sections, 6,000 items: large enough for edits to be kept beside it.
    static func base() -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(["A", "B", "C"])
        snapshot.appendItems(Array(0..<2000), toSection: "A")
        snapshot.appendItems(Array(2000..<4500), toSection: "B")
        snapshot.appendItems(Array(4500..<6000), toSection: "C")
        return snapshot
    }

    static func model(of snapshot: Snapshot) -> SnapshotModel {
        var model = SnapshotModel()
        model.sections = snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) }
        return model
    }

    /// Mostly what is kept beside (deletes, appends and inserts of new items, marks), sometimes
    /// what is not (a move, a section, an item deleted and brought back).
    static func operation(using rng: inout SeededRandom) -> SnapshotOperation {
        func item() -> Int {
            Bool.random(using: &rng)
                ? Int.random(in: 0..<6000, using: &rng) : Int.random(in: 6000..<6200, using: &rng)
        }
        func items(_ max: Int) -> [Int] { (0..<Int.random(in: 1...max, using: &rng)).map { _ in item() } }
        func section() -> String? { ["A", "B", "C", nil].randomElement(using: &rng)! }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<30: return .deleteItems(items(4))
        case 30..<50: return .appendItems(items(3), toSection: section())
        case 50..<72:
            let anchor = item()
            return .insertItems(items(3).filter { $0 != anchor }, anchor: anchor, after: .random(using: &rng))
        case 72..<80: return .reconfigureItems(items(2))
        case 80..<86: return .reloadItems(items(2))
        case 86..<92: return .moveItem(item(), anchor: item(), after: .random(using: &rng))
        case 92..<95: return .appendSections(["D"])
        case 95..<97: return .reloadSections(["B"])
        default: return .deleteSections(["D"])
        }
    }

    func expectReads(of snapshot: Snapshot, match model: SnapshotModel, sample: [Int], _ context: String) {
        let comment = Comment(rawValue: context)
        let flat = model.allItems
        #expect(snapshot.numberOfItems == flat.count, comment)
        #expect(snapshot.sectionIdentifiers == model.sections.map(\.id), comment)
        #expect(snapshot.reloadedItemIdentifiers == model.reloadedItems, comment)
        #expect(snapshot.reconfiguredItemIdentifiers == model.reconfiguredItems, comment)
        for (index, section) in model.sections.enumerated() {
            #expect(snapshot.numberOfItems(inSection: section.id) == section.items.count, comment)
            #expect(snapshot.numberOfItems(inSectionAt: index) == section.items.count, comment)
            #expect(snapshot.itemIdentifiers(inSection: section.id) == section.items, comment)
            for item in [0, section.items.count / 2, section.items.count - 1]
            where section.items.indices.contains(item) {
                let path = IndexPath(item: item, section: index)
                #expect(snapshot.itemIdentifier(at: path) == section.items[item], comment)
            }
            #expect(
                snapshot.itemIdentifier(at: IndexPath(item: section.items.count, section: index)) == nil,
                comment)
        }
        for item in sample {
            let location = model.location(of: item)
            #expect(snapshot.indexOfItem(item) == flat.firstIndex(of: item), comment)
            #expect(snapshot.contains(item: item) == (location != nil), comment)
            #expect(
                snapshot.sectionIdentifier(containingItem: item)
                    == location.map { model.sections[$0.section].id },
                comment)
            #expect(
                snapshot.indexPath(ofItem: item)
                    == location.map { IndexPath(item: $0.item, section: $0.section) },
                comment)
        }
        #expect(snapshot.itemIdentifiers == flat, comment)
    }

    @Test func editsOfASharedSnapshotReadAndDiffAsEditsOfItsOwnStorage() throws {
        var keptBeside = 0
        var foundFromEdits = 0
        let seeds = SeededRandom.seeds(count: 4)
        for seed in seeds {
            var rng = SeededRandom(seed: seed)
            var snapshot = Self.base()
            var model = Self.model(of: snapshot)
            var holder: Snapshot? = snapshot  // another holder of the storage, as a data source is
            var shown = snapshot  // what a data source shows: the state the next update starts from
            for step in 0..<120 {
                let context = "seed \(seed) (DIFFABLE_SEED=\(seed)) step \(step)"
                let op = Self.operation(using: &rng)
                let before = snapshot
                let expectedError = model.apply(op)
                do {
                    try op.apply(to: &snapshot)
                    #expect(expectedError == nil, Comment(rawValue: "\(context): \(op) should have thrown"))
                } catch {
                    #expect(error == expectedError, Comment(rawValue: "\(context): \(op)"))
                    #expect(
                        snapshot == before,
                        Comment(rawValue: "\(context): \(op) changed the snapshot on error"))
                }
                if snapshot._pendingEdits != nil { keptBeside += 1 }
                snapshot._checkInvariants()
                let sample = (0..<12).map { _ in Int.random(in: 0..<6200, using: &rng) }
                expectReads(of: snapshot, match: model, sample: sample, "\(context): \(op)")

                let update = BatchUpdate(from: shown, to: snapshot)
                if BatchUpdate._fromPendingEdits(old: shown, new: snapshot) != nil { foundFromEdits += 1 }
                let diffed = BatchUpdate(from: shown._settled(), to: snapshot._settled())
                #expect(
                    update == diffed,
                    Comment(rawValue: "\(context): \(op)\n\(update)\n≠ the diff's\n\(diffed)"))
                let replayed = try replay(update, on: shown, insertingFrom: snapshot)
                #expect(
                    replayed == snapshot._settled(),
                    Comment(rawValue: "\(context): the update does not replay"))

                // A data source takes the snapshot now and then, clearing its marks; the holder
                // comes and goes, so edits are sometimes kept beside and sometimes not.
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    shown = snapshot.withoutMarks
                    snapshot = shown
                    model.reloadedItems = []
                    model.reconfiguredItems = []
                    model.reloadedSections = []
                }
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: holder = nil
                case 1: holder = snapshot
                default: break
                }
            }
            _ = holder
        }
        #expect(
            keptBeside > seeds.count * 40, "edits were kept beside the storage after only \(keptBeside) steps"
        )
        #expect(foundFromEdits > seeds.count * 20, "only \(foundFromEdits) updates were found from the edits")
    }

    @Test func aSnapshotNobodyElseHoldsIsEditedInPlace() {
        var snapshot = Self.base()
        snapshot.deleteItems([10])
        snapshot.appendItems([7000])
        #expect(snapshot._pendingEdits == nil)
        let holder = snapshot
        snapshot.deleteItems([11])
        #expect(snapshot._pendingEdits?.count == 1)
        #expect(holder.indexOfItem(11) == 10 && snapshot.indexOfItem(11) == nil)
        #expect(snapshot.indexOfItem(12) == 10)
    }

    @Test func editsPastTheLimitAreWrittenIntoStorageOfTheirOwn() {
        let base = Self.base()
        var snapshot = base
        for item in 0..<_PendingItemEdits<Int>.limit { snapshot.deleteItems([item * 2]) }
        #expect(snapshot._pendingEdits?.count == _PendingItemEdits<Int>.limit)
        snapshot.deleteItems([1])
        #expect(snapshot._pendingEdits == nil)
        #expect(snapshot.numberOfItems == 6000 - _PendingItemEdits<Int>.limit - 1)
        #expect(snapshot.itemIdentifiers(inSection: "A").prefix(3) == [3, 5, 7])
        #expect(base.numberOfItems == 6000, "the other holder's storage changed")
        snapshot._checkInvariants()
    }

    /// With the invariants checked after every mutation (each check reads every item through the
    /// kept edits), a third as many.
    #if DIFFABLE_INVARIANT_CHECKS
        static let dataSourceSteps = 40
    #else
        static let dataSourceSteps = 120
    #endif

    @Test func theSeedsEditsThroughADataSourceAreKeptBesideAndReplayed() async throws {
        try await MainActor.run {
            let (view, dataSource) = makeDataSource()
            dataSource.applySnapshotUsingReloadData(Self.base(), completion: nil)
            var model = Self.model(of: Self.base())
            var rng = SeededRandom(seed: SeededRandom.baseSeed())
            var keptBeside = 0
            for step in 0..<Self.dataSourceSteps {
                var snapshot = dataSource.snapshot()
                let op: SnapshotOperation
                switch step % 3 {
                case 0: op = .deleteItems([snapshot.itemIdentifiers(inSection: "B")[step % 100]])
                case 1: op = .appendItems([10_000 + step], toSection: ["A", "B", "C"][step % 3])
                default:
                    let anchor = Int.random(in: 0..<snapshot.numberOfItems, using: &rng)
                    op = .insertItems([20_000 + step], anchor: snapshot.itemIdentifiers[anchor], after: false)
                }
                _ = model.apply(op)
                try op.apply(to: &snapshot)
                if snapshot._pendingEdits != nil { keptBeside += 1 }
                dataSource.apply(snapshot, animatingDifferences: true)
                #expect(view.violations.isEmpty, "step \(step): \(view.violations)")
                #expect(view.itemIdentifiers(as: Int.self) == model.sections.map(\.items), "step \(step)")
            }
            #expect(dataSource.snapshot().itemIdentifiers == model.allItems)
            #expect(
                keptBeside > Self.dataSourceSteps * 5 / 6,
                "edits were kept beside the storage in only \(keptBeside) of \(Self.dataSourceSteps) steps")
        }
    }
}

/// Kept edits meet the data source's other paths: a section snapshot applied to a section, an
/// apply with content comparison, and a whole new snapshot, each after edits were kept beside the
/// shown storage.
@MainActor
@Suite("Kept edits and the data source's other applies")
struct KeptEditsDataSourceTests {
    @Test func sectionAppliesContentComparisonAndNewSnapshotsAfterKeptEdits() {
        let (view, dataSource) = makeDataSource()
        // Section A small, so that the storage stays large enough to keep edits beside once the
        // outline replaces it.
        var base = DiffableDataSourceSnapshot<String, Int>()
        base.appendSections(["A", "B", "C"])
        base.appendItems(Array(0..<100), toSection: "A")
        base.appendItems(Array(100..<5100), toSection: "B")
        base.appendItems(Array(5100..<6000), toSection: "C")
        var model = PendingEditsTests.model(of: base)
        dataSource.apply(base, animatingDifferences: false)
        func expectShown(_ context: String) {
            #expect(view.violations.isEmpty, Comment(rawValue: context))
            #expect(
                view.itemIdentifiers(as: Int.self) == model.sections.map(\.items), Comment(rawValue: context))
            #expect(dataSource.snapshot().itemIdentifiers == model.allItems, Comment(rawValue: context))
        }
        var next = 30_000
        func keepEdits() {
            next += 1
            var snapshot = dataSource.snapshot()
            snapshot.deleteItems([model.sections[1].items[3]])
            snapshot.appendItems([next], toSection: "C")
            #expect(snapshot._pendingEdits != nil)
            model.sections[1].items.remove(at: 3)
            model.sections[2].items.append(next)
            dataSource.apply(snapshot)
            expectShown("kept edits")
        }
        keepEdits()
        // A section snapshot applied to the section after the kept edits.
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([40_001, 40_002])
        outline.append([40_003], to: 40_001)
        outline.expand([40_001])
        dataSource.apply(outline, to: "A")
        model.sections[0].items = [40_001, 40_003, 40_002]
        expectShown("section snapshot")
        keepEdits()
        // Content comparison: the update comes from the diff, not the edits.
        let changing = model.sections[2].items[0]
        dataSource.isContentEqual = { old, _ in old != changing }
        keepEdits()
        dataSource.isContentEqual = nil
        // A new snapshot of other storage over a shown one with kept edits.
        keepEdits()
        var rebuilt = DiffableDataSourceSnapshot<String, Int>()
        rebuilt.appendSections(["A", "B", "C"])
        for (section, items) in model.sections { rebuilt.appendItems(items.reversed(), toSection: section) }
        dataSource.apply(rebuilt)
        model.sections = model.sections.map { ($0.id, $0.items.reversed()) }
        expectShown("rebuilt")
    }
}

/// A snapshot with kept edits read from many threads at once, as off-main diffs and views read
/// the data source's: the items made from the edits once, and the same for every reader.
@Suite("Kept edits read from many threads")
struct KeptEditsSharingTests {
    @Test func readersOnManyThreadsSeeOneListOfItems() async {
        let base = PendingEditsTests.base()
        var edited = base
        edited.deleteItems([5, 500, 5000])
        edited.appendItems([9000, 9001], toSection: "B")
        edited.moveItem(7, afterItem: 5999)
        #expect(edited._pendingEdits != nil)
        let expected = edited._settled().itemIdentifiers
        let shared = edited
        let lists = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    #expect(shared.indexOfItem(9001) == 4498)
                    #expect(shared.itemIdentifier(at: IndexPath(item: 2500, section: 1)) == 9000)
                    return shared.itemIdentifiers
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(lists.allSatisfy { $0 == expected })
        _ = base
    }
}
