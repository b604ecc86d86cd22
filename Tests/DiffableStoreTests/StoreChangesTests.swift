import Diffable
import DiffableTesting
import Foundation
import TestTraits
import Testing

@testable import DiffableStore

/// A commit's changes, made in a snapshot with their batch update, checked against the snapshot
/// a whole fetch would give and by replaying the update under UIKit's rules.
@Suite("Store changes", .computeBound)
struct StoreChangesTests {
    /// A row of the model: the fields that decide where it is shown, and a content version.
    struct ModelRow: Hashable {
        var id: Int
        var section: String
        var key: Int
        var content = 0
    }

    func snapshot(_ rows: [ModelRow]) -> DiffableDataSourceSnapshot<String, Int> {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        for row in rows.sorted(by: Self.order) {
            if !snapshot.contains(section: row.section) { snapshot.appendSections([row.section]) }
            snapshot.appendItems([row.id], toSection: row.section)
        }
        return snapshot
    }

    /// A row in one of `sections`, with a random key below `keys`.
    func randomRow(
        _ id: Int, keys: Int, sections: [String] = ["A", "B", "C", "D"], using rng: inout SeededRandom
    ) -> ModelRow {
        ModelRow(
            id: id, section: sections.randomElement(using: &rng)!, key: Int.random(in: 0..<keys, using: &rng))
    }

    /// `rows` after `count` random changes of one commit — inserts (ids from `firstNewID` on),
    /// deletes, new keys (moves), new sections, new content, and writes of the same values — with
    /// the ids it touched.
    func randomCommit(
        to rows: [ModelRow], changes count: Int, keys: Int, firstNewID: Int, using rng: inout SeededRandom
    ) -> (rows: [ModelRow], touched: Set<Int>) {
        var new = rows
        var touched = Set<Int>()
        for _ in 0..<count {
            let index = new.isEmpty ? nil : Int.random(in: 0..<new.count, using: &rng)
            switch (Int.random(in: 0..<6, using: &rng), index) {
            case (0, _), (_, nil):
                let id = firstNewID + touched.count
                new.append(randomRow(id, keys: keys, using: &rng))
                touched.insert(id)
            case (1, let index?):
                touched.insert(new.remove(at: index).id)
            case (2, let index?):
                new[index].key = Int.random(in: 0..<keys, using: &rng)
                touched.insert(new[index].id)
            case (3, let index?):
                new[index].section = ["A", "B", "C", "D"].randomElement(using: &rng)!
                touched.insert(new[index].id)
            case (4, let index?):
                new[index].content += 1
                touched.insert(new[index].id)
            case (_, let index?):
                touched.insert(new[index].id)  // the same values
            }
        }
        return (new, touched)
    }

    static func order(_ a: ModelRow, _ b: ModelRow) -> Bool {
        (a.section, a.key, a.id) < (b.section, b.key, b.id)
    }

    /// The changes a store reads after a commit that touched `touched` (inserted, updated,
    /// possibly to the same values, or deleted).
    func changes(
        from old: [ModelRow], to new: [ModelRow], touched: Set<Int>
    ) -> _StoreChanges<String, Int> {
        let sorted = new.sorted(by: Self.order)
        let oldByID = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0) })
        var changes = _StoreChanges<String, Int>()
        changes.removed = old.map(\.id).filter { id in
            touched.contains(id) && !new.contains { $0.id == id }
        }
        for (index, row) in sorted.enumerated() where touched.contains(row.id) {
            changes.upserted.append(
                .init(
                    item: row.id, section: row.section,
                    successor: index + 1 < sorted.count ? sorted[index + 1].id : nil,
                    contentChanged: oldByID[row.id].map { $0.content != row.content } ?? false))
        }
        return changes
    }

    @Test func randomCommitsGiveTheSnapshotOfAWholeFetchAndAValidUpdate() throws {
        let seed = SeededRandom.baseSeed()
        var rng = SeededRandom(seed: seed)
        for round in 0..<SeededRandom.caseCount(2_000) {
            let rows = (0..<Int.random(in: 0..<30, using: &rng)).map { randomRow($0, keys: 20, using: &rng) }
            let (new, touched) = randomCommit(
                to: rows, changes: Int.random(in: 1...6, using: &rng), keys: 20, firstNewID: 100, using: &rng)
            let before = snapshot(rows)
            let after = snapshot(new)
            let changes = changes(from: rows, to: new, touched: touched)
            var edited = before
            let update = changes.applyReturningUpdate(to: &edited)
            let comment = Comment(rawValue: "DIFFABLE_SEED=\(seed) round \(round)")
            #expect(edited == after, comment)
            #expect(try replay(update, on: before, insertingFrom: after) == after, comment)
            let reconfigured = Set(update.reconfiguredItems.compactMap { after.itemIdentifier(at: $0) })
            let oldByID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
            let contentChanged = Set(
                new.filter { row in oldByID[row.id].map { $0.content != row.content } ?? false }.map(\.id)
            )
            let inInsertedSections = Set(
                update.insertedSections.flatMap {
                    after.itemIdentifiers(inSection: after.sectionIdentifiers[$0])
                })
            let leftDeletedSections = Set(
                update.deletedSections.flatMap {
                    before.itemIdentifiers(inSection: before.sectionIdentifiers[$0])
                })
            #expect(
                reconfigured
                    == contentChanged.subtracting(inInsertedSections).subtracting(leftDeletedSections),
                comment)
            #expect(
                update.movedItems.count <= Set(touched).count, "only changed rows move; \(comment)")
        }
    }

    /// Commits of many rows to a long list: the rows placed at many places at once (one pass over
    /// the snapshot, its index renumbered in one sweep), the same as a whole fetch, with an update
    /// that replays.
    @Test func manyRowsChangedInALongListGiveTheSnapshotOfAWholeFetch() throws {
        let seed = SeededRandom.baseSeed()
        var rng = SeededRandom(seed: seed)
        for round in 0..<SeededRandom.caseCount(24) {
            let rows = (0..<Int.random(in: 1_000...3_000, using: &rng)).map {
                randomRow($0, keys: 100_000, using: &rng)
            }
            let (new, touched) = randomCommit(
                to: rows, changes: Int.random(in: 2...80, using: &rng), keys: 100_000, firstNewID: 10_000,
                using: &rng)
            let before = snapshot(rows)
            let after = snapshot(new)
            var edited = before
            let update = changes(from: rows, to: new, touched: touched).applyReturningUpdate(to: &edited)
            let comment = Comment(
                rawValue: "DIFFABLE_SEED=\(seed) round \(round): \(touched.count) of \(rows.count)")
            #expect(edited == after, comment)
            edited._checkInvariants()
            #expect(try replay(update, on: before, insertingFrom: after) == after, comment)
        }
    }

    /// Several commits in a row, shown to a data source that saw none of them: the changes that
    /// lead from the first snapshot to the last, made from the items touched on the way and the
    /// last snapshot alone, give a valid update that moves only touched rows.
    @Test func changesOverSeveralCommitsLeadFromTheFirstSnapshotToTheLast() throws {
        let seed = SeededRandom.baseSeed()
        var rng = SeededRandom(seed: seed)
        let sections = ["A", "B", "C"]
        for round in 0..<SeededRandom.caseCount(1_000) {
            var rows = (0..<Int.random(in: 0..<25, using: &rng)).map { id in
                randomRow(id, keys: 20, sections: sections, using: &rng)
            }
            let first = snapshot(rows)
            let original = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
            var touched = Set<Int>()
            var contentTouched = Set<Int>()
            var nextID = 100
            for _ in 0..<Int.random(in: 2...5, using: &rng) {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    rows.append(
                        randomRow(nextID, keys: 20, sections: sections, using: &rng))
                    touched.insert(nextID)
                    nextID += 1
                case 1 where !rows.isEmpty:
                    let removed = rows.remove(at: Int.random(in: 0..<rows.count, using: &rng))
                    touched.insert(removed.id)
                    contentTouched.insert(removed.id)
                case 2 where !rows.isEmpty:
                    let index = Int.random(in: 0..<rows.count, using: &rng)
                    rows[index].key = Int.random(in: 0..<20, using: &rng)
                    rows[index].section = sections.randomElement(using: &rng)!
                    touched.insert(rows[index].id)
                default:
                    guard !rows.isEmpty else { continue }
                    let index = Int.random(in: 0..<rows.count, using: &rng)
                    rows[index].content += 1
                    touched.insert(rows[index].id)
                    contentTouched.insert(rows[index].id)
                }
            }
            let last = snapshot(rows)
            let changes = _StoreChanges<String, Int>(
                leadingTo: last, changed: touched, contentChanged: contentTouched.contains)
            let update = changes.batchUpdate(from: first, to: last)
            let comment = Comment(rawValue: "DIFFABLE_SEED=\(seed) round \(round)")
            var edited = first
            changes.apply(to: &edited)
            #expect(edited == last, comment)
            #expect(try replay(update, on: first, insertingFrom: last) == last, comment)
            #expect(update.movedItems.count <= touched.count, "only touched rows move; \(comment)")
            let reconfigured = Set(update.reconfiguredItems.compactMap { last.itemIdentifier(at: $0) })
            #expect(
                reconfigured.isSubset(of: contentTouched.filter { original[$0] != nil }), comment)
        }
    }

    @Test func aRowWhoseContentChangedIsReconfiguredOnly() {
        let rows = [ModelRow(id: 1, section: "A", key: 1), ModelRow(id: 2, section: "A", key: 2)]
        var new = rows
        new[0].content = 1
        var edited = snapshot(rows)
        let update = changes(from: rows, to: new, touched: [1]).applyReturningUpdate(to: &edited)
        #expect(update == BatchUpdate(reconfiguredItems: [IndexPath(item: 0, section: 0)]))
    }

    @Test func anUpdateThatWritesTheSameValuesChangesNothing() {
        let rows = [ModelRow(id: 1, section: "A", key: 1), ModelRow(id: 2, section: "A", key: 2)]
        var edited = snapshot(rows)
        #expect(changes(from: rows, to: rows, touched: [1, 2]).applyReturningUpdate(to: &edited).isEmpty)
    }

    @Test func theLastRowOfASectionTakesTheSectionWithIt() {
        let rows = [ModelRow(id: 1, section: "A", key: 1), ModelRow(id: 2, section: "B", key: 2)]
        var new = rows
        new[1].section = "C"
        var edited = snapshot(rows)
        let update = changes(from: rows, to: new, touched: [2]).applyReturningUpdate(to: &edited)
        #expect(update == BatchUpdate(deletedSections: [1], insertedSections: [1]))
        #expect(edited.sectionIdentifiers == ["A", "C"])
    }
}
