import DiffableTesting
import Foundation
import Testing

@testable import Diffable

typealias TestTableDataSource = TableViewDiffableDataSource<String, Int>

/// The cell provider the test data sources use: cells show "item N".
typealias TestTableCellProvider = @MainActor (ValidatingTableView, IndexPath, Int) -> ValidatingView.Cell?

/// A validating table view and a data source whose cells show "item N".
@MainActor
func makeTableDataSource(
    animationMode: ValidatingView.AnimationMode = .immediate, failures: FailureLog? = nil
) -> (ValidatingTableView, TestTableDataSource) {
    makeTableDataSource(animationMode: animationMode, failures: failures) {
        TestTableDataSource(tableView: $0, cellProvider: $1)
    }
}

/// A validating table view and a data source made by `make` (a subclass, say) whose cells show
/// "item N".
@MainActor
func makeTableDataSource<Source: TestTableDataSource>(
    animationMode: ValidatingView.AnimationMode = .immediate, failures: FailureLog? = nil,
    _ make: (ValidatingTableView, @escaping TestTableCellProvider) -> Source
) -> (ValidatingTableView, Source) {
    var failureHandler: (@MainActor (String) -> Void)?
    if let failures { failureHandler = { failures.messages.append($0) } }
    let view = ValidatingTableView(animationMode: animationMode, failureHandler: failureHandler)
    let registration = CellRegistration<ValidatingTableView.Cell, Int> { cell, _, item in
        cell.text = "item \(item)"
    }
    let dataSource = make(view) { view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    return (view, dataSource)
}

/// Applies `["A": [1, 2, 3], "B": [4]]` and checks what every diffable data source does, whatever
/// its view: the apply commits before it returns, the view shows the snapshot, and the lookups
/// answer for it.
@MainActor
func expectApplyCommitsAndLookupsAnswer(
    _ dataSource: DiffableDataSource<String, Int>, view: ValidatingView,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let snapshot = snapshotOf(["A": [1, 2, 3], "B": [4]])
    var completed = false
    dataSource.apply(snapshot) { completed = true }
    #expect(completed, sourceLocation: sourceLocation)
    #expect(dataSource.snapshot() == snapshot, sourceLocation: sourceLocation)
    #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3], [4]], sourceLocation: sourceLocation)
    #expect(
        view.visibleTexts == [["item 1", "item 2", "item 3"], ["item 4"]], sourceLocation: sourceLocation)
    #expect(
        dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 4, sourceLocation: sourceLocation)
    #expect(dataSource.indexPath(for: 3) == IndexPath(item: 2, section: 0), sourceLocation: sourceLocation)
    #expect(dataSource.indexPath(for: 9) == nil, sourceLocation: sourceLocation)
    #expect(dataSource.sectionIdentifier(for: 1) == "B", sourceLocation: sourceLocation)
    #expect(dataSource.sectionIdentifier(for: 2) == nil, sourceLocation: sourceLocation)
    #expect(dataSource.index(for: "B") == 1, sourceLocation: sourceLocation)
    #expect(dataSource.index(for: "Z") == nil, sourceLocation: sourceLocation)
    for outOfRange in [
        IndexPath(item: 9, section: 0), IndexPath(item: 0, section: 2), IndexPath(item: -1, section: 1),
    ] {
        #expect(dataSource.itemIdentifier(for: outOfRange) == nil, sourceLocation: sourceLocation)
    }
}

/// The failures a validating view reported, for tests that expect some.
@MainActor final class FailureLog {
    var messages: [String] = []
}

/// A subclass that overrides every overridable method, as a UIKit app's does, recording the calls.
final class RosterTableDataSource: TableViewDiffableDataSource<String, Int> {
    var calls: [String] = []
    var appliesMovesItself = false

    override func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int)
        -> String?
    {
        calls.append("titleForHeader \(section)")
        return sectionIdentifier(for: section)
    }

    override func tableView(_ tableView: any DiffableTableView, titleForFooterInSection section: Int)
        -> String?
    {
        calls.append("titleForFooter \(section)")
        return "\(snapshot().numberOfItems(inSection: sectionIdentifier(for: section)!)) players"
    }

    override func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath) -> Bool {
        calls.append("canEdit \(indexPath.section).\(indexPath.item)")
        return itemIdentifier(for: indexPath) != 0  // player 0 is the captain: never deleted
    }

    override func tableView(
        _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        calls.append("commit \(editingStyle) \(indexPath.section).\(indexPath.item)")
        guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
        var snapshot = snapshot()
        snapshot.deleteItems([item])
        apply(snapshot)
    }

    override func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        calls.append("canMove \(indexPath.section).\(indexPath.item)")
        return true
    }

    override func tableView(
        _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        calls.append(
            "move \(sourceIndexPath.section).\(sourceIndexPath.item) to \(destinationIndexPath.section).\(destinationIndexPath.item)"
        )
        guard appliesMovesItself else {
            return super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
        }
        // The common UIKit override: move the item in a snapshot and apply it, without super.
        guard let item = itemIdentifier(for: sourceIndexPath) else { return }
        var snapshot = snapshot()
        snapshot.deleteItems([item])
        let section = sectionIdentifier(for: destinationIndexPath.section)!
        let rows = snapshot.itemIdentifiers(inSection: section)
        if destinationIndexPath.item < rows.count {
            snapshot.insertItems([item], beforeItem: rows[destinationIndexPath.item])
        } else {
            snapshot.appendItems([item], toSection: section)
        }
        apply(snapshot, animatingDifferences: false)
    }

    override func sectionIndexTitles(for tableView: any DiffableTableView) -> [String]? {
        calls.append("sectionIndexTitles")
        return snapshot().sectionIdentifiers.map { String($0.prefix(1)) }
    }

    override func tableView(
        _ tableView: any DiffableTableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
        calls.append("sectionFor \(title) \(index)")
        return snapshot().sectionIdentifiers.firstIndex { $0.hasPrefix(title) } ?? 0
    }
}

@MainActor
@Suite("TableViewDiffableDataSource")
struct TableDataSourceTests {
    @Test func applyShowsTheSnapshotAndCommitsBeforeReturning() {
        let (view, dataSource) = makeTableDataSource()
        expectApplyCommitsAndLookupsAnswer(dataSource, view: view)
        #expect(view.numberOfSections == 2 && view.numberOfRows(inSection: 0) == 3)
        #expect(view.violations.isEmpty)
    }

    @Test func eachUpdateCarriesTheDefaultRowAnimation() {
        let (view, dataSource) = makeTableDataSource()
        #expect(dataSource.defaultRowAnimation == .automatic, "UIKit's default")
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        dataSource.defaultRowAnimation = .left
        dataSource.apply(snapshotOf(["A": [2, 3]]))
        dataSource.defaultRowAnimation = .fade
        dataSource.apply(snapshotOf(["A": [3]]), animatingDifferences: false)
        let animations = view.operations.compactMap { operation -> [String]? in
            guard case .batchUpdate(_, let animated, let rowAnimation) = operation else { return nil }
            return ["\(animated)", "\(rowAnimation)"]
        }
        #expect(animations == [["true", "automatic"], ["true", "left"], ["false", "fade"]])
    }

    @Test func applyUsingReloadDataReloadsTheTable() async {
        let (view, dataSource) = makeTableDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2]]), completion: nil)
        view.clearRecords()
        dataSource.applySnapshotUsingReloadData(snapshotOf(["A": [2, 1]]), completion: nil)
        #expect(view.operations == [.reloadData])
        #expect(view.cellConfigurations.map(\.kind) == [.new, .new])
        await dataSource.applySnapshotUsingReloadData(snapshotOf(["B": [5]]))
        #expect(view.operations == [.reloadData, .reloadData])
        #expect(view.itemIdentifiers(as: Int.self) == [[5]])
    }

    @Test func asyncApplyReturnsWhenTheAnimationEnds() async {
        let (view, dataSource) = makeTableDataSource(animationMode: .deferred)
        await dataSource.apply(snapshotOf(["A": [1, 2]]))
        #expect(!view.hasRunningAnimations)
        #expect(!dataSource.isApplying && !dataSource.hasPendingUpdates && dataSource.pendingApplyCount == 0)
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2]])
    }

    @Test func theUpdatePathIsTheCollectionViewsOne() {
        let (view, dataSource) = makeTableDataSource(animationMode: .manual)
        dataSource.offMainDiffingThreshold = 7
        dataSource.coalescesApplies = true
        dataSource.reloadDataThreshold = 100
        dataSource.isContentEqual = { $0 == $1 }
        #expect(dataSource._engine.offMainDiffingThreshold == 7 && dataSource._engine.coalescesApplies)
        #expect(dataSource._engine.reloadDataThreshold == 100 && dataSource._engine.isContentEqual != nil)
        dataSource.apply(snapshotOf(["A": [1]]))
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        #expect(dataSource.isApplying && dataSource.pendingApplyCount == 2)
        #expect(dataSource.snapshot() == snapshotOf(["A": [1, 2, 3]]), "snapshot() is ahead of the view")
        #expect(
            dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == nil, "lookups are the view's")
        view.finishAnimations()
        view.finishAnimations()
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3]])
        #expect(view.operations.count == 2, "the two waiting applies were coalesced")
    }

    @Test func descriptionListsSectionsWithTheirItemCounts() {
        let (view, dataSource) = makeTableDataSource(animationMode: .manual)
        dataSource.apply(snapshotOf(["Starting five": [1, 2, 3, 4, 5], "Bench": [6]]))
        #expect(
            dataSource.description == """
                TableViewDiffableDataSource<String, Int>(2 sections, 6 items; 1 apply on the way to the view)
                  "Starting five": 5 items
                  "Bench": 1 item
                """)
        view.finishAnimations()
        var many = DiffableDataSourceSnapshot<String, Int>()
        many.appendSections((0..<22).map { "S\($0)" })
        dataSource.apply(many, animatingDifferences: false)
        let lines = dataSource.description.split(separator: "\n")
        #expect(lines.first == "TableViewDiffableDataSource<String, Int>(22 sections, 0 items)")
        #expect(lines.count == 22 && lines.last == "  … 2 more sections")
        let (_, collection) = makeDataSource()
        #expect(
            collection.description == "CollectionViewDiffableDataSource<String, Int>(0 sections, 0 items)")
    }

    // MARK: Apple's defaults

    @Test func withoutASubclassNothingIsEditableOrMovableAndThereAreNoTitles() {
        let (view, dataSource) = makeTableDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        let row = IndexPath(item: 0, section: 0)
        #expect(dataSource.tableView(view, titleForHeaderInSection: 0) == nil)
        #expect(dataSource.tableView(view, titleForFooterInSection: 0) == nil)
        #expect(dataSource.sectionIndexTitles(for: view) == nil)
        #expect(dataSource.tableView(view, sectionForSectionIndexTitle: "B", at: 1) == 1)
        #expect(!dataSource.tableView(view, canEditRowAt: row))
        #expect(!dataSource.tableView(view, canMoveRowAt: row))
        #expect(!view.swipeToDelete(at: row), "a swipe deletes nothing until canEditRowAt says so")
        view.setEditing(true, animated: false)
        #expect(
            !view.tapDeleteControl(at: row) && !view.dragRow(from: row, to: IndexPath(item: 1, section: 0)))
        dataSource.tableView(view, commit: .delete, forRowAt: row)
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2]], "the default commit changes nothing")
    }

    @Test func theDefaultMoveCommitsToTheSnapshot() {
        let (view, dataSource) = makeTableDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2, 3], "B": [4]]))
        dataSource.tableView(
            view, moveRowAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1))
        #expect(dataSource.snapshot() == snapshotOf(["A": [2, 3], "B": [4, 1]]))
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 1)) == 1)
        dataSource._engine._checkInvariants()
    }

    // MARK: A subclass that overrides everything, driven by the view

    @Test func theViewCallsEveryOverriddenMethod() {
        let (view, dataSource) = makeTableDataSource {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        dataSource.apply(snapshotOf(["Starting five": [0, 1, 2], "Bench": [3, 4]]))
        #expect(view.headerTitle(forSection: 1) == "Bench")
        #expect(view.footerTitle(forSection: 0) == "3 players")
        #expect(view.sectionIndexTitles == ["S", "B"])
        #expect(view.selectSectionIndexTitle(at: 1) == 1)
        #expect(view.canDeleteRow(at: IndexPath(item: 0, section: 0)) == false, "the captain stays")
        #expect(view.swipeToDelete(at: IndexPath(item: 1, section: 0)))
        view.setEditing(true, animated: true)
        #expect(view.tapDeleteControl(at: IndexPath(item: 0, section: 1)))
        #expect(view.dragRow(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1)))
        #expect(
            dataSource.calls == [
                // Displaying the headers and footers, as the snapshot is applied:
                "titleForHeader 0", "titleForFooter 0", "titleForHeader 1", "titleForFooter 1",
                "titleForHeader 1", "titleForFooter 0", "sectionIndexTitles", "sectionIndexTitles",
                "sectionFor B 1", "canEdit 0.0", "canEdit 0.1", "commit delete 0.1", "canEdit 1.0",
                "commit delete 1.0", "canMove 0.0", "move 0.0 to 1.1",
            ])
        #expect(view.itemIdentifiers(as: Int.self) == [[2], [4, 0]])
        #expect(dataSource.snapshot() == snapshotOf(["Starting five": [2], "Bench": [4, 0]]))
        #expect(view.violations.isEmpty)
    }

    /// Users of backports report that swipe-to-delete never fires: the commit must reach an
    /// override, and its apply must reach the view.
    @Test func swipeToDeleteReachesTheOverrideAndItsApplyReachesTheView() {
        let (view, dataSource) = makeTableDataSource {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        dataSource.defaultRowAnimation = .left
        dataSource.apply(snapshotOf(["A": [0, 1, 2]]))
        view.clearRecords()
        #expect(view.swipeToDelete(at: IndexPath(item: 2, section: 0)))
        #expect(view.itemIdentifiers(as: Int.self) == [[0, 1]])
        #expect(
            view.operations == [
                .batchUpdate(
                    BatchUpdate(deletedItems: [IndexPath(item: 2, section: 0)]), animated: true,
                    rowAnimation: .left)
            ])
        #expect(!view.swipeToDelete(at: IndexPath(item: 0, section: 0)), "canEditRowAt refuses the captain")
    }

    @Test func anOverrideThatAppliesTheMoveItselfKeepsTheViewConsistent() {
        let (view, dataSource) = makeTableDataSource {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        dataSource.appliesMovesItself = true
        dataSource.apply(snapshotOf(["A": [0, 1, 2], "B": [3]]))
        view.setEditing(true, animated: false)
        #expect(view.dragRow(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 0], [3]])
        #expect(view.dragRow(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1)))
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 0], [2, 3]])
        #expect(dataSource.snapshot() == snapshotOf(["A": [1, 0], "B": [2, 3]]))
        #expect(view.violations.isEmpty)
    }

    @Test func anOverrideThatNeitherCommitsNorAppliesIsReported() {
        final class ForgetfulDataSource: TableViewDiffableDataSource<String, Int> {
            override func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath)
                -> Bool
            {
                true
            }
            override func tableView(
                _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
                to destinationIndexPath: IndexPath
            ) {}
        }
        let failures = FailureLog()
        let (view, dataSource) = makeTableDataSource(failures: failures) {
            ForgetfulDataSource(tableView: $0, cellProvider: $1)
        }
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        view.setEditing(true, animated: false)
        view.dragRow(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
        #expect(
            view.itemIdentifiers(as: Int.self) == [[1, 2, 3]],
            "the row goes back: the data source has it there")
        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.contains("neither committed the move") == true)
    }

    /// A drop while an animation runs and an apply waits: the default move reaches `snapshot()`
    /// and the waiting apply, as the collection view's reorder does.
    @Test func aMoveDuringAnAnimationIsCarriedIntoTheWaitingApply() {
        let (view, dataSource) = makeTableDataSource(animationMode: .manual) {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        view.finishAnimations()
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4]]))
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4, 5]]))
        #expect(dataSource.pendingApplyCount == 1)
        view.setEditing(true, animated: true)
        #expect(view.dragRow(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
        #expect(dataSource.snapshot() == snapshotOf(["A": [2, 3, 1, 4, 5]]))
        view.finishAnimations()
        view.finishAnimations()
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 3, 1, 4, 5]])
        #expect(view.violations.isEmpty)
        dataSource._engine._checkInvariants()
    }

    @Test func theValidatingTableViewCatchesAnInconsistentUpdate() {
        let failures = FailureLog()
        let (view, dataSource) = makeTableDataSource(failures: failures)
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        view.performBatchUpdates(
            BatchUpdate(insertedItems: [IndexPath(item: 0, section: 0)]), animatingDifferences: true,
            rowAnimation: .fade, completion: nil)
        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.contains("invalid number of items in section 0") == true)
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3]], "the view reloads after a bad batch")
    }

    @Test func theExistentialInitializerHandsTheProviderTheView() {
        let view = ValidatingTableView()
        let registration = CellRegistration<ValidatingTableView.Cell, Int> { cell, _, item in
            cell.text = "\(item)"
        }
        var viewsSeen: [ObjectIdentifier] = []
        let dataSource = TableViewDiffableDataSource<String, Int>(tableView: view as any DiffableTableView) {
            tableView, indexPath, item in
            viewsSeen.append(ObjectIdentifier(tableView))
            return (tableView as? ValidatingTableView)?.dequeueConfiguredReusableCell(
                using: registration, for: indexPath, item: item)
        }
        #expect(view.dataSource === dataSource, "the data source makes itself the view's")
        dataSource.apply(snapshotOf(["A": [7, 8]]))
        #expect(view.visibleTexts == [["7", "8"]])
        #expect(viewsSeen == [ObjectIdentifier(view), ObjectIdentifier(view)])
    }

    @Test func selectingARowTellsTheDelegate() {
        let (view, dataSource) = makeTableDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        let delegate = RecordingDelegate()
        view.delegate = delegate
        delegate.calls.removeAll()
        view.tapRow(at: IndexPath(item: 1, section: 0))
        #expect(delegate.calls == ["select 0.1"])
        #expect(view.selectedIndexPaths == [IndexPath(item: 1, section: 0)])
    }

    /// A data source written by hand, as a table view's could be: the view trusts its moves (it
    /// cannot check identities) and asks it for nothing it does not implement.
    @Test func aHandWrittenDataSourceDrivesTheValidatingTableView() {
        final class Rows: TableViewDataSource {
            var rows = ["a", "b", "c"]
            let registration = CellRegistration<ValidatingTableView.Cell, String> { cell, _, row in
                cell.text = row
            }
            func numberOfSections(in tableView: any DiffableTableView) -> Int { 1 }
            func tableView(_ tableView: any DiffableTableView, numberOfRowsInSection section: Int) -> Int {
                rows.count
            }
            func tableView(_ tableView: any DiffableTableView, cellForRowAt indexPath: IndexPath) -> AnyObject
            {
                (tableView as! ValidatingTableView).dequeueConfiguredReusableCell(
                    using: registration, for: indexPath, item: rows[indexPath.item])
            }
            func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int)
                -> String?
            {
                "Rows"
            }
            func tableView(_ tableView: any DiffableTableView, titleForFooterInSection section: Int)
                -> String?
            {
                nil
            }
            func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath) -> Bool {
                false
            }
            func tableView(
                _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
                forRowAt indexPath: IndexPath
            ) {}
            func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath) -> Bool {
                true
            }
            func tableView(
                _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
                to destinationIndexPath: IndexPath
            ) {
                rows.insert(rows.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
            }
            func sectionIndexTitles(for tableView: any DiffableTableView) -> [String]? { nil }
            func tableView(
                _ tableView: any DiffableTableView, sectionForSectionIndexTitle title: String, at index: Int
            ) -> Int { 0 }
        }
        let rows = Rows()
        let view = ValidatingTableView()
        view.dataSource = rows
        view.reloadData()
        #expect(
            !rows.hasPendingUpdates
                && rows.tableView(view, identifierOfRowAt: IndexPath(item: 0, section: 0)) == nil)
        view.setEditing(true, animated: false)
        #expect(view.dragRow(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
        #expect(view.visibleTexts == [["b", "c", "a"]])
        #expect(view.headerTitle(forSection: 0) == "Rows" && view.sectionIndexTitles == nil)
        #expect(view.violations.isEmpty)
    }

    // MARK: Random applies under UIKit's rules

    /// Seeded random snapshots applied in turn (animated or not, with every row animation): the
    /// view applies each update under UIKit's rules, and each update replays the old snapshot into
    /// the new one.
    @Test func randomAppliesObeyUIKitsRulesAndReplay() throws {
        for seed in SeededRandom.seeds(count: 40) {
            var rng = SeededRandom(seed: seed)
            let (view, dataSource) = makeTableDataSource()
            var old = dataSource.snapshot()
            for step in 0..<25 {
                let new = randomSnapshot(using: &rng)
                dataSource.defaultRowAnimation = TableView.RowAnimation.allCases.randomElement(using: &rng)!
                view.clearRecords()
                dataSource.apply(new, animatingDifferences: step % 4 != 0)
                let comment = Comment(rawValue: "DIFFABLE_SEED=\(seed) step \(step)")
                #expect(view.violations.isEmpty, comment)
                #expect(
                    view.itemIdentifiers(as: Int.self)
                        == new.sectionIdentifiers.map(new.itemIdentifiers(inSection:)), comment)
                for case .batchUpdate(let update, _, let rowAnimation) in view.operations {
                    #expect(rowAnimation == dataSource.defaultRowAnimation, comment)
                    #expect(try replay(update, on: old, insertingFrom: new) == new, comment)
                }
                old = new
            }
        }
    }
}

@Suite("TableViewDiffableDataSource traps")
struct TableDataSourceTrapTests {
    @Test func cellProviderReturningNilTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let view = ValidatingTableView()
                let dataSource = TableViewDiffableDataSource<Int, String>(tableView: view) { _, _, _ in nil }
                var snapshot = DiffableDataSourceSnapshot<Int, String>()
                snapshot.appendSections([0])
                snapshot.appendItems(["lonely-row"])
                dataSource.apply(snapshot)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("TableViewDiffableDataSource cell provider returned nil"))
        #expect(message.contains("'lonely-row'") && message.contains("to the table view"))
    }
}
