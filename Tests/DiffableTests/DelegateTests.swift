import DiffableTesting
import Foundation
import Testing

/// A delegate that records what it is told, in order, and answers as it is set up to.
@MainActor
final class RecordingDelegate: CollectionViewDelegate, TableViewDelegate {
    var calls: [String] = []
    var refused: Set<IndexPath> = []
    var redirect: [IndexPath: IndexPath?] = [:]
    var keptWhenDeselecting: Set<IndexPath> = []
    var editingStyles: [IndexPath: TableViewCell.EditingStyle] = [:]
    var trailingActions: SwipeActionsConfiguration?
    var displayed: Set<ObjectIdentifier> = []
    /// Headers and footers shown and hidden, as "+header 0" and "-footer 1", in order.
    var supplementaryCalls: [String] = []

    private func path(_ indexPath: IndexPath) -> String { "\(indexPath.section).\(indexPath.item)" }

    func tableView(_ tableView: any DiffableTableView, willBeginEditingRowAt indexPath: IndexPath) {
        calls.append("begin editing \(path(indexPath))")
    }
    func tableView(_ tableView: any DiffableTableView, didEndEditingRowAt indexPath: IndexPath?) {
        calls.append("end editing \(indexPath.map(path) ?? "nil")")
    }

    func collectionView(_ collectionView: any DiffableCollectionView, shouldSelectItemAt indexPath: IndexPath)
        -> Bool
    { !refused.contains(indexPath) }
    func collectionView(_ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath) {
        calls.append("select \(path(indexPath))")
    }
    func collectionView(_ collectionView: any DiffableCollectionView, didDeselectItemAt indexPath: IndexPath)
    {
        calls.append("deselect \(path(indexPath))")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplay cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {
        #expect(displayed.insert(ObjectIdentifier(cell)).inserted, "willDisplay twice for one cell")
        calls.append("display \(path(indexPath))")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplaying cell: AnyObject,
        forItemAt indexPath: IndexPath
    ) {
        #expect(displayed.remove(ObjectIdentifier(cell)) != nil, "didEndDisplaying for a cell not displayed")
        calls.append("end \(path(indexPath))")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { redirect[proposedIndexPath].flatMap { $0 } ?? proposedIndexPath }

    func collectionView(
        _ collectionView: any DiffableCollectionView, willDisplaySupplementaryView view: AnyObject,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {
        supplementaryCalls.append(
            "+\(elementKind.hasSuffix("Header") ? "header" : "footer") \(indexPath.section)")
    }
    func collectionView(
        _ collectionView: any DiffableCollectionView, didEndDisplayingSupplementaryView view: AnyObject,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {
        supplementaryCalls.append(
            "-\(elementKind.hasSuffix("Header") ? "header" : "footer") \(indexPath.section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, willDisplayHeaderView view: AnyObject, forSection section: Int
    ) {
        supplementaryCalls.append("+header \(section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, willDisplayFooterView view: AnyObject, forSection section: Int
    ) {
        supplementaryCalls.append("+footer \(section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingHeaderView view: AnyObject,
        forSection section: Int
    ) {
        supplementaryCalls.append("-header \(section)")
    }
    func tableView(
        _ tableView: any DiffableTableView, didEndDisplayingFooterView view: AnyObject,
        forSection section: Int
    ) {
        supplementaryCalls.append("-footer \(section)")
    }

    func tableView(_ tableView: any DiffableTableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        !refused.contains(indexPath)
    }
    func tableView(_ tableView: any DiffableTableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        redirect[indexPath] ?? indexPath
    }
    func tableView(_ tableView: any DiffableTableView, didSelectRowAt indexPath: IndexPath) {
        calls.append("select \(path(indexPath))")
    }
    func tableView(_ tableView: any DiffableTableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        keptWhenDeselecting.contains(indexPath) ? nil : indexPath
    }
    func tableView(_ tableView: any DiffableTableView, didDeselectRowAt indexPath: IndexPath) {
        calls.append("deselect \(path(indexPath))")
    }
    func tableView(
        _ tableView: any DiffableTableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { trailingActions }
    func tableView(_ tableView: any DiffableTableView, editingStyleForRowAt indexPath: IndexPath)
        -> TableViewCell.EditingStyle
    { editingStyles[indexPath] ?? .delete }
    func tableView(
        _ tableView: any DiffableTableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { redirect[proposedDestinationIndexPath].flatMap { $0 } ?? proposedDestinationIndexPath }
}

/// A view controller as a UIKit app writes one: the collection view's delegate, owning its data
/// source, showing the selected recipe's name as its detail.
@MainActor
final class RecipeListController: CollectionViewDelegate {
    private(set) var detail: String?
    private let dataSource: CollectionViewDiffableDataSource<Int, String>

    init(collectionView: ValidatingCollectionView) {
        let registration = CellRegistration<ValidatingCollectionView.Cell, String> { cell, _, name in
            cell.text = name
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) {
            view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        collectionView.delegate = self
    }

    func show(_ names: [String]) {
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(names)
        dataSource.apply(snapshot)
    }

    func collectionView(_ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath) {
        detail = dataSource.itemIdentifier(for: indexPath)
    }
}

private func at(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

@MainActor
@Suite("Delegates and selection, on the validating views")
struct DelegateTests {
    @Test func doccExample() {
        let view = ValidatingCollectionView()
        let controller = RecipeListController(collectionView: view)  // the delegate and its data source
        controller.show(["Apple Pie", "Banana Bread", "Carrot Cake"])
        view.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(controller.detail == "Banana Bread")

        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test func aTapSelectsAndTellsTheDelegateAndSingleSelectionDeselectsTheOther() {
        let (view, dataSource) = makeDataSource()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        delegate.calls.removeAll()
        #expect(view.tapItem(at: at(0)))
        #expect(view.tapItem(at: at(2)))
        #expect(delegate.calls == ["select 0.0", "deselect 0.0", "select 0.2"])
        #expect(view.indexPathsForSelectedItems == [at(2)])
        // In code: no delegate call.
        view.selectItem(at: at(1), animated: false, scrollPosition: [])
        view.deselectItem(at: at(1), animated: false)
        view.selectItem(at: at(0), animated: true, scrollPosition: .centeredVertically)
        #expect(delegate.calls.count == 3)
        #expect(view.indexPathsForSelectedItems == [at(0)])
        view.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(view.indexPathsForSelectedItems == [])
    }

    /// The validating views keep a scroll in code for the test to check, and fail one to an index
    /// path they do not have, as UIKit raises an exception for it.
    @Test func aScrollInCodeIsKeptAndOneToAMissingItemFails() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        view.scrollToItem(at: at(2), at: .bottom, animated: true)
        #expect(view.lastScrollToItem?.indexPath == at(2) && view.lastScrollToItem?.position == .bottom)
        withKnownIssue { view.scrollToItem(at: at(3), at: .top, animated: false) }
        #expect(view.lastScrollToItem?.indexPath == at(2))
        let (table, tableSource) = makeTableDataSource()
        tableSource.apply(snapshotOf(["A": [1, 2]]))
        table.scrollToRow(at: at(1), at: .middle, animated: false)
        #expect(table.lastScrollToRow?.indexPath == at(1) && table.lastScrollToRow?.position == .middle)
        withKnownIssue { table.scrollToRow(at: IndexPath(item: 0, section: 1), at: .top, animated: false) }
    }

    @Test func multipleSelectionTogglesAndTheDelegateMayRefuse() {
        let (view, dataSource) = makeDataSource()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        view.allowsMultipleSelection = true
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        delegate.calls.removeAll()
        delegate.refused = [at(1)]
        view.tapItem(at: at(0))
        view.tapItem(at: at(2))
        #expect(!view.tapItem(at: at(1)), "the delegate refused")
        #expect(view.selectedIndexPaths == [at(0), at(2)])
        view.tapItem(at: at(0))
        #expect(view.selectedIndexPaths == [at(2)])
        #expect(delegate.calls == ["select 0.0", "select 0.2", "deselect 0.0"])
        view.allowsSelection = false
        #expect(view.selectedIndexPaths.isEmpty)
        #expect(!view.tapItem(at: at(0)))
        view.selectItem(at: at(0), animated: false, scrollPosition: [])
        #expect(view.selectedIndexPaths.isEmpty, "no selection in code either when selection is off")
    }

    /// Seeded: after random applies, the selected items are the ones selected before that are
    /// still in the snapshot, wherever they moved (but not out of a deleted section or into an
    /// inserted one), and the delegate heard of none of it.
    @Test func selectionFollowsItsItemsAcrossRandomUpdates() {
        for seed in SeededRandom.seeds(count: 40) {
            var rng = SeededRandom(seed: seed)
            let (view, dataSource) = makeDataSource()
            let delegate = RecordingDelegate()
            view.delegate = delegate
            view.allowsMultipleSelection = true
            dataSource.apply(randomSnapshot(using: &rng))
            var selected: Set<Int> = []
            for _ in 0..<6 {
                let snapshot = dataSource.snapshot()
                for item in snapshot.itemIdentifiers where Int.random(in: 0..<5, using: &rng) == 0 {
                    view.selectItem(at: dataSource.indexPath(for: item), animated: false, scrollPosition: [])
                    selected.insert(item)
                }
                var next = randomSnapshot(using: &rng)
                let reloaded = next.itemIdentifiers.filter { selected.contains($0) }.prefix(2)
                next.reloadItems(Array(reloaded))
                let calls = delegate.calls.filter { !$0.hasPrefix("display") && !$0.hasPrefix("end") }
                dataSource.apply(next, animatingDifferences: Bool.random(using: &rng))
                // An item out of a deleted section or into an inserted one is deleted and
                // inserted (UIKit cannot move it): as in UIKit, it leaves the selection.
                let kept = Set(snapshot.sectionIdentifiers).intersection(next.sectionIdentifiers)
                selected = selected.filter {
                    next.indexOfItem($0) != nil
                        && kept.contains(snapshot.sectionIdentifier(containingItem: $0)!)
                        && kept.contains(next.sectionIdentifier(containingItem: $0)!)
                }
                let shown = Set(view.selectedIndexPaths.compactMap { dataSource.itemIdentifier(for: $0) })
                #expect(shown == selected, "DIFFABLE_SEED=\(seed)")
                #expect(
                    delegate.calls.filter { !$0.hasPrefix("display") && !$0.hasPrefix("end") } == calls,
                    "DIFFABLE_SEED=\(seed)")
                #expect(
                    delegate.displayed
                        == Set(
                            view.indexPathsForVisibleItems.compactMap { view.cell(at: $0) }.map(
                                ObjectIdentifier.init)),
                    "every cell on screen was displayed once, and only those: DIFFABLE_SEED=\(seed)")
                // A scroll to a random screen of what is there now.
                let paths = dataSource.snapshot().itemIdentifiers.compactMap { dataSource.indexPath(for: $0) }
                if !paths.isEmpty {
                    let first = Int.random(in: 0..<paths.count, using: &rng)
                    view.scroll(showing: Array(paths[first..<min(first + 4, paths.count)]))
                    #expect(
                        view.indexPathsForVisibleItems == Array(paths[first..<min(first + 4, paths.count)]))
                }
            }
        }
    }

    @Test func displayIsToldForCellsThatAppearAndDisappearNotForReconfigures() {
        let (view, dataSource) = makeDataSource()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1, 2]]))
        #expect(delegate.calls == ["display 0.0", "display 0.1"])
        delegate.calls.removeAll()
        var snapshot = snapshotOf(["A": [2, 3]])
        snapshot.reconfigureItems([2])
        dataSource.apply(snapshot)
        #expect(delegate.calls == ["end 0.0", "display 0.1"])
        delegate.calls.removeAll()
        snapshot = dataSource.snapshot()
        snapshot.reloadItems([3])
        dataSource.apply(snapshot)
        #expect(delegate.calls == ["display 0.1", "end 0.1"], "the new cell comes before the old goes")
    }

    /// A scroll displays the cells it brings into its window and ends those it takes out; the
    /// window stays at its positions through an update.
    @Test func aScrollDisplaysTheCellsInItsWindow() {
        let (view, dataSource) = makeDataSource()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": Array(1...10)]))
        #expect(view.indexPathsForVisibleItems.count == 10, "every cell until the first scroll")
        delegate.calls.removeAll()
        view.scroll(showing: [at(0), at(1), at(2)])
        #expect(delegate.calls == (3..<10).map { "end 0.\($0)" })
        delegate.calls.removeAll()
        view.scroll(showing: [at(2), at(3), at(4)])
        #expect(delegate.calls == ["end 0.0", "end 0.1", "display 0.3", "display 0.4"])
        delegate.calls.removeAll()
        var snapshot = dataSource.snapshot()
        snapshot.insertItems([0], beforeItem: 1)
        dataSource.apply(snapshot)
        #expect(delegate.calls == ["display 0.2", "end 0.5"], "2 moved into the window, 5 out of it")
        #expect(view.indexPathsForVisibleItems == [at(2), at(3), at(4)])
    }

    @Test func theDelegateRedirectsADrop() {
        let (view, dataSource) = makeDataSource()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4]]))
        delegate.redirect[at(3)] = at(1)
        #expect(view.dragItem(from: at(0), to: at(3)))
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 1, 3, 4]])
        #expect(dataSource.snapshot().itemIdentifiers == [2, 1, 3, 4])
    }

    /// A subclass takes reordering over, as a UIKit subclass overrides the data source's methods.
    @Test func aSubclassDecidesWhatMovesAndHearsOfEachMove() {
        let (view, dataSource) = makeDataSource { ReorderingDataSource(collectionView: $0, cellProvider: $1) }
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        #expect(!view.dragItem(from: at(0), to: at(2)), "the subclass keeps the first item in place")
        #expect(view.dragItem(from: at(2), to: at(1)))
        #expect(dataSource.moves == ["0.2→0.1"])
        #expect(dataSource.snapshot().itemIdentifiers == [1, 3, 2], "super commits the move")
    }

    @Test func aTableTapFollowsWillSelectAndWillDeselect() {
        let (view, dataSource) = makeTableDataSource()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4]]))
        delegate.calls.removeAll()
        delegate.redirect[at(1)] = at(3)
        delegate.redirect[at(2)] = .some(nil)
        view.tapRow(at: at(0))
        view.tapRow(at: at(1))
        #expect(!view.tapRow(at: at(2)), "willSelectRowAt returned nil")
        #expect(delegate.calls == ["select 0.0", "deselect 0.0", "select 0.3"])
        #expect(view.indexPathForSelectedRow == at(3))
        delegate.keptWhenDeselecting = [at(3)]
        view.tapRow(at: at(0))
        #expect(view.indexPathsForSelectedRows == [at(0), at(3)], "willDeselectRowAt kept row 3")
        view.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(view.indexPathsForSelectedRows == nil)
        view.setEditing(true, animated: false)
        #expect(!view.tapRow(at: at(0)), "no selection while editing unless allowsSelectionDuringEditing")
        view.allowsSelectionDuringEditing = true
        #expect(view.tapRow(at: at(0)))
    }

    /// `editingStyleForRowAt` shows an insert control, which reaches `commit` with `.insert`.
    @Test func theInsertControlCommitsAnInsert() {
        final class Inserting: TableViewDiffableDataSource<String, Int> {
            var committed: [(TableViewCell.EditingStyle, IndexPath)] = []
            override func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath)
                -> Bool
            {
                true
            }
            override func tableView(
                _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
                forRowAt indexPath: IndexPath
            ) {
                committed.append((editingStyle, indexPath))
                guard editingStyle == .insert else { return }
                var snapshot = snapshot()
                snapshot.insertItems([100 + indexPath.item], beforeItem: itemIdentifier(for: indexPath)!)
                apply(snapshot)
            }
        }
        let (view, dataSource) = makeTableDataSource { Inserting(tableView: $0, cellProvider: $1) }
        let delegate = RecordingDelegate()
        view.delegate = delegate
        delegate.editingStyles = [at(1): .insert, at(2): .none]
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        #expect(view.editingStyle(forRowAt: at(0)) == .delete)
        #expect(view.editingStyle(forRowAt: at(1)) == .insert)
        #expect(!view.tapInsertControl(at: at(1)), "only in editing mode")
        view.setEditing(true, animated: false)
        #expect(!view.tapInsertControl(at: at(0)), "row 0 shows a delete control")
        #expect(!view.tapDeleteControl(at: at(2)), "row 2 shows no control")
        #expect(view.tapInsertControl(at: at(1)))
        #expect(dataSource.committed.map(\.0) == [.insert])
        #expect(view.itemIdentifiers(as: Int.self) == [[1, 101, 2, 3]])
    }

    @Test func theTableDelegateRedirectsADrop() {
        let (view, dataSource) = makeTableDataSource {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1, 2, 3, 4]]))
        view.setEditing(true, animated: false)
        delegate.redirect[at(2)] = at(3)
        #expect(view.dragRow(from: at(0), to: at(2)))
        #expect(view.itemIdentifiers(as: Int.self) == [[2, 3, 4, 1]])
    }

    @Test func swipeActionsComeFromTheDelegateOrAreDelete() {
        let (view, dataSource) = makeTableDataSource {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [0, 1, 2, 3]]))
        #expect(view.swipeActionsConfiguration(forRowAt: at(0)) == nil, "the captain cannot be edited")
        #expect(view.swipeActionsConfiguration(forRowAt: at(1))?.actions.map(\.title) == ["Delete"])
        #expect(view.swipeActionsConfiguration(forRowAt: at(1), leading: true) == nil)
        #expect(view.swipeRow(at: at(1), fullSwipe: true) == true)
        #expect(dataSource.snapshot().itemIdentifiers == [0, 2, 3])
        var flagged: [Int] = []
        let flag = SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Flag", key: "f") { _, _, done in
                flagged.append(1)
                done(true)
            },
            ContextualAction(style: .normal, title: "Later", key: "l") { _, _, _ in },
        ])
        flag.performsFirstActionWithFullSwipe = false
        delegate.trailingActions = flag
        delegate.calls = []
        #expect(view.swipeRow(at: at(1), fullSwipe: true) == nil, "no full swipe")
        #expect(
            delegate.calls == ["begin editing 0.1", "end editing 0.1"], "a swipe with no action still ends")
        delegate.calls = []
        #expect(view.swipeRow(at: at(1), performing: 0) == true && flagged == [1])
        #expect(delegate.calls == ["begin editing 0.1", "end editing 0.1"])
        delegate.calls = []
        #expect(view.swipeRow(at: at(1), performing: 1) == nil, "the handler has not completed")
        #expect(delegate.calls == ["begin editing 0.1"], "the row is edited until the handler completes")
        #expect(dataSource.snapshot().itemIdentifiers == [0, 2, 3], "the delegate's actions replace Delete")
    }

    /// A list's swipe actions come from its list configuration's providers, as a list layout's do.
    @Test func aListSwipesWithItsConfigurationsProviders() {
        let (view, dataSource) = makeDataSource()
        dataSource.apply(snapshotOf(["A": [1, 2, 3]]))
        #expect(view.swipeItem(at: at(0)) == nil, "no list configuration, no actions")
        var deleted: [Int] = []
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
            guard let item = dataSource.itemIdentifier(for: indexPath), item != 2 else { return nil }
            return SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "Delete", key: "d") { _, _, done in
                    var snapshot = dataSource.snapshot()
                    snapshot.deleteItems([item])
                    dataSource.apply(snapshot)
                    deleted.append(item)
                    done(true)
                }
            ])
        }
        view.listConfiguration = configuration
        #expect(view.swipeActionsConfiguration(forItemAt: at(1)) == nil)
        #expect(view.swipeActionsConfiguration(forItemAt: at(0), leading: true) == nil)
        #expect(view.swipeItem(at: at(2), fullSwipe: true) == true)
        #expect(deleted == [3] && view.itemIdentifiers(as: Int.self) == [[1, 2]])
    }

    /// A table's headers and footers are displayed with their sections: all of them until a
    /// scroll, then those of the sections the scroll shows; a deleted section's end with it.
    @Test func aTablesHeadersAndFootersAreDisplayedWithTheirSections() {
        let (view, dataSource) = makeTableDataSource {
            RosterTableDataSource(tableView: $0, cellProvider: $1)
        }
        let delegate = RecordingDelegate()
        view.delegate = delegate
        dataSource.apply(snapshotOf(["A": [1, 2], "B": [3], "C": [4, 5]]))
        #expect(
            delegate.supplementaryCalls == [
                "+header 0", "+footer 0", "+header 1", "+footer 1", "+header 2", "+footer 2",
            ])
        delegate.supplementaryCalls.removeAll()
        view.scroll(showing: [at(1), at(0, 1)])
        #expect(delegate.supplementaryCalls == ["-header 2", "-footer 2"], "section C left the window")
        delegate.supplementaryCalls.removeAll()
        dataSource.apply(snapshotOf(["B": [3], "C": [4, 5]]))
        #expect(
            delegate.supplementaryCalls.sorted() == [
                "+footer 1", "+header 1", "-footer 0", "-footer 0", "-header 0", "-header 0",
            ],
            "A's ended with it; the window's positions now show C, not B (now section 0)")
    }

    /// A list's headers come from its configuration's modes, as a list layout's do.
    @Test func aListsHeadersFollowItsListConfiguration() {
        let (view, dataSource) = makeDataSource()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        let header = SupplementaryRegistration<ValidatingCollectionView.Cell>(
            elementKind: ValidatingCollectionView.elementKindSectionHeader
        ) { cell, _, indexPath in cell.text = "Section \(indexPath.section)" }
        dataSource.supplementaryViewProvider = { view, _, indexPath in
            (view as! ValidatingCollectionView).dequeueConfiguredReusableSupplementary(
                using: header, for: indexPath)
        }
        dataSource.apply(snapshotOf(["A": [1], "B": [2]]))
        #expect(delegate.supplementaryCalls.isEmpty, "no list configuration, no headers")
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        view.listConfiguration = configuration
        dataSource.applySnapshotUsingReloadData(snapshotOf(["A": [1], "B": [2]]))
        #expect(delegate.supplementaryCalls == ["+header 0", "+header 1"])
    }
}

/// A data source subclass that lets every item but the first move and records each move.
@MainActor
private final class ReorderingDataSource: CollectionViewDiffableDataSource<String, Int> {
    var moves: [String] = []

    override func collectionView(
        _ collectionView: any DiffableCollectionView, canMoveItemAt indexPath: IndexPath
    )
        -> Bool
    { indexPath.item != 0 }

    override func collectionView(
        _ collectionView: any DiffableCollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        moves.append(
            "\(sourceIndexPath.section).\(sourceIndexPath.item)→\(destinationIndexPath.section).\(destinationIndexPath.item)"
        )
        super.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
    }
}
