import Testing

@testable import Diffable

/// Cost fences for the claim that a diff never hashes: snapshots keep each identifier's hash value,
/// and every diff (and transaction) matches identifiers by those, so `hash(into:)` runs only for
/// the reload and reconfigure marks, which are looked up once each.
@Suite("Diff cost fences", .disabled(if: invariantChecksEnabled))
struct DiffCostTests {
    typealias CountingSnapshot = DiffableDataSourceSnapshot<CountingIdentifier, CountingIdentifier>
    typealias CountingOutline = DiffableDataSourceSectionSnapshot<CountingIdentifier>

    func ids(_ values: some Sequence<Int>) -> [CountingIdentifier] { values.map(CountingIdentifier.init) }

    /// 10 sections of 1,000 items, and a snapshot that differs from it in every way a diff
    /// reports: deleted, inserted and moved sections; deleted, inserted and moved items, within a
    /// section and between sections.
    func snapshots() -> (old: CountingSnapshot, new: CountingSnapshot) {
        var old = CountingSnapshot()
        old.appendSections(ids((0..<10).map { -1 - $0 }))
        for section in 0..<10 {
            old.appendItems(
                ids(section * 1000..<(section + 1) * 1000), toSection: CountingIdentifier(-1 - section))
        }
        var new = old
        new.deleteSections(ids([-3]))
        new.appendSections(ids([-20]))
        new.appendItems(ids(20_000..<20_100), toSection: CountingIdentifier(-20))
        new.moveSection(CountingIdentifier(-10), beforeSection: CountingIdentifier(-1))
        new.deleteItems(ids(stride(from: 0, to: 10_000, by: 7)))
        new.insertItems(ids(30_000..<30_050), beforeItem: CountingIdentifier(5_001))
        new.moveItem(CountingIdentifier(8_500), afterItem: CountingIdentifier(1_002))
        new.moveItem(CountingIdentifier(4_002), beforeItem: CountingIdentifier(4_901))
        return (old, new)
    }

    /// Section snapshots of 100 parents with 10 children each, and a changed one: items deleted,
    /// inserted and moved, parents expanded and collapsed.
    func outlines() -> (old: CountingOutline, new: CountingOutline) {
        var old = CountingOutline()
        old.append(ids(0..<100))
        for parent in 0..<100 {
            old.append(ids(1000 + parent * 10..<1000 + (parent + 1) * 10), to: CountingIdentifier(parent))
        }
        old.expand(ids(stride(from: 0, to: 100, by: 2)))
        var new = old
        new.delete(ids(stride(from: 1000, to: 2000, by: 9)))
        new.insert(ids(5000..<5020), after: CountingIdentifier(40))
        new.delete(ids([60]))  // and its children
        new.insert(ids([60]), before: CountingIdentifier(10))
        new.expand(ids(stride(from: 1, to: 100, by: 4)))
        new.collapse(ids(stride(from: 0, to: 100, by: 6)))
        return (old, new)
    }

    @Test func diffingSnapshotsNeverHashes() {
        let (old, new) = snapshots()
        var update = BatchUpdate()
        let cost = CountingIdentifier.count { update = BatchUpdate(from: old, to: new) }
        #expect(cost.hashes == 0)
        #expect(cost.equalities <= old.numberOfItems + old.numberOfSections, "one `==` per survivor")
        #expect(
            !update.deletedSections.isEmpty && !update.insertedSections.isEmpty
                && !update.movedSections.isEmpty)
        #expect(!update.deletedItems.isEmpty && !update.insertedItems.isEmpty && !update.movedItems.isEmpty)
    }

    @Test func diffingSnapshotsByContentNeverHashes() {
        let (old, new) = snapshots()
        var update = BatchUpdate()
        var comparisons = 0
        let cost = CountingIdentifier.count {
            update = BatchUpdate(from: old, to: new) { _, new in
                comparisons += 1
                return new.value % 100 != 0
            }
        }
        #expect(cost.hashes == 0)
        #expect(comparisons > 0)
        #expect(!update.reconfiguredItems.isEmpty)
    }

    @Test func aDiffHashesEachReloadAndReconfigureMarkOnce() {
        var (old, new) = snapshots()
        old.reloadItems(ids([1]))  // marks on the old snapshot play no part
        new.reloadItems(ids([2, 3, 9_999]))
        new.reconfigureItems(ids([5, 6]))
        new.reloadSections(ids([-2]))
        var update = BatchUpdate()
        let cost = CountingIdentifier.count { update = BatchUpdate(from: old, to: new) }
        #expect(cost.hashes == 6)
        #expect(update.reloadedItems.count == 3 && update.reconfiguredItems.count == 2)
        let withContent = CountingIdentifier.count { _ = BatchUpdate(from: old, to: new) { _, _ in true } }
        #expect(withContent.hashes == 6)
    }

    @Test func diffingSectionSnapshotsNeverHashes() {
        let (old, new) = outlines()
        var update = BatchUpdate()
        let cost = CountingIdentifier.count { update = BatchUpdate(from: old, to: new, inSection: 0) }
        #expect(cost.hashes == 0)
        #expect(!update.deletedItems.isEmpty && !update.insertedItems.isEmpty && !update.movedItems.isEmpty)
    }

    @Test func transactionsNeverHash() {
        let (old, new) = snapshots()
        let cost = CountingIdentifier.count {
            let transaction = DiffableDataSourceTransaction(initialSnapshot: old, finalSnapshot: new)
            #expect(!transaction.difference.isEmpty && !transaction.sectionTransactions.isEmpty)
        }
        #expect(cost.hashes == 0)
        let (oldOutline, newOutline) = outlines()
        let outlineCost = CountingIdentifier.count {
            let transaction = DiffableDataSourceSectionTransaction(
                sectionIdentifier: CountingIdentifier(-1), initialSnapshot: oldOutline,
                finalSnapshot: newOutline)
            #expect(!transaction.difference.isEmpty)
        }
        #expect(outlineCost.hashes == 0)
    }
}
