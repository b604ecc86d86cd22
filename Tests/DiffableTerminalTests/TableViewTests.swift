import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A table data source as a UIKit app writes one: sections titled by their identifier, a footer
/// with the row count, an index of initials, every row editable and movable but "Pinned", and
/// deletes and inserts applied at once. It records which overridable methods the view called.
final class GroceryDataSource: TableViewDiffableDataSource<String, String> {
    /// The overridden methods the view called, by name.
    var calls: Set<String> = []
    var showsFooters = true
    var showsIndex = true

    private func record(_ function: String = #function) {
        calls.insert(function)
    }

    override func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int)
        -> String?
    {
        record()
        return sectionIdentifier(for: section)
    }

    override func tableView(_ tableView: any DiffableTableView, titleForFooterInSection section: Int)
        -> String?
    {
        record()
        guard showsFooters, let section = sectionIdentifier(for: section) else { return nil }
        let count = snapshot().numberOfItems(inSection: section)
        return count == 1 ? "1 item" : "\(count) items"
    }

    override func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath) -> Bool {
        record()
        return itemIdentifier(for: indexPath) != "Pinned"
    }

    override func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        record()
        return itemIdentifier(for: indexPath) != "Pinned"
    }

    override func tableView(
        _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        record()
        guard let item = itemIdentifier(for: indexPath) else { return }
        var snapshot = snapshot()
        switch editingStyle {
        case .delete: snapshot.deleteItems([item])
        case .insert: snapshot.insertItems(["New \(snapshot.numberOfItems)"], beforeItem: item)
        case .none: return
        }
        apply(snapshot)
    }

    override func tableView(
        _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        record()
        super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    }

    override func sectionIndexTitles(for tableView: any DiffableTableView) -> [String]? {
        record()
        return showsIndex ? snapshot().sectionIdentifiers.map { String($0.prefix(1)) } : nil
    }

    override func tableView(
        _ tableView: any DiffableTableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
        record()
        return index
    }
}

/// A registration whose list cells show their name, and with `subtitles`, how many letters it has
/// on a second line.
@MainActor
func nameRegistration(subtitles: Bool = false) -> TerminalTableView.CellRegistration<TerminalListCell, String>
{
    TerminalTableView.CellRegistration { cell, _, name in
        var content = subtitles ? ListContentConfiguration.subtitleCell() : cell.defaultContentConfiguration()
        content.text = name
        if subtitles { content.secondaryText = "\(name.count) letters" }
        cell.contentConfiguration = content
    }
}

/// The data sources the fixtures made, kept as an app's view controller keeps its own: a table
/// view holds its data source weakly, as UIKit's does.
@MainActor var fixtureDataSources: [AnyObject] = []

/// A terminal table of groceries in three sections, 40×14 unless told otherwise.
@MainActor
func makeGroceryTable(
    style: TerminalTableView.Style = .plain, width: Int = 40, height: Int = 14, subtitles: Bool = false
) -> (TerminalTableView, GroceryDataSource) {
    let view = TerminalTableView(style: style, width: width, height: height)
    view.animationFrameCount = 0
    let registration = nameRegistration(subtitles: subtitles)
    let dataSource = GroceryDataSource(tableView: view) { view, indexPath, name in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
    }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["Fruit", "Vegetables", "Pantry"])
    snapshot.appendItems(["Apple", "Pear", "Quince"], toSection: "Fruit")
    snapshot.appendItems(["Leek", "Pinned"], toSection: "Vegetables")
    snapshot.appendItems(["Rice"], toSection: "Pantry")
    dataSource.apply(snapshot, animatingDifferences: false)
    fixtureDataSources.append(dataSource)
    return (view, dataSource)
}

/// A table of 26 one-row sections, "A" to "Z", indexed by their letters.
@MainActor
func makeAlphabetTable(width: Int = 40, height: Int = 12) -> (TerminalTableView, GroceryDataSource) {
    let (view, dataSource) = makeGroceryTable(width: width, height: height)
    dataSource.showsFooters = false
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
        snapshot.appendSections([String(letter)])
        snapshot.appendItems(["\(letter)1", "\(letter)2"], toSection: String(letter))
    }
    dataSource.applySnapshotUsingReloadData(snapshot)
    return (view, dataSource)
}

extension TerminalTableView {
    /// The screen as text, without the blank rows at the bottom.
    var screenText: String {
        var lines = render().text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Clicks (presses and releases the left button) at a cell of the view.
    func click(x: Int, y: Int) {
        handle(MouseEvent(.press(.left), x: x, y: y))
        handle(MouseEvent(.release(.left), x: x, y: y))
    }
}

@MainActor
@Suite("TerminalTableView")
struct TableViewTests {
    // MARK: Styles, titles and the index (golden screens)

    @Test func plainStyleShowsTitlesAsGivenAndTheIndex() {
        let (view, _) = makeGroceryTable(style: .plain)
        assertGolden(view.render().text, named: "table-plain-40x14")
    }

    @Test func groupedStyleSetsSectionsApartWithCapitalHeaders() {
        let (view, _) = makeGroceryTable(style: .grouped)
        assertGolden(view.render().text, named: "table-grouped-40x14")
    }

    @Test func insetGroupedStyleBoxesEachSection() {
        let (view, _) = makeGroceryTable(style: .insetGrouped, height: 18)
        assertGolden(view.render().text, named: "table-inset-grouped-40x18")
    }

    @Test func editingModeShowsDeleteAndReorderControls() {
        let (view, _) = makeGroceryTable(style: .plain)
        view.setEditing(true, animated: true)
        view.handle(.down)
        assertGolden(view.render().text, named: "table-editing-40x14")
        assertGolden(view.render().styledText, named: "table-editing-40x14-styled")
    }

    /// As in UIKit, `isEditing` can be set: it is `setEditing(_:animated: false)`.
    @Test func settingIsEditingIsSetEditingWithoutAnimation() {
        let (view, _) = makeGroceryTable(style: .plain)
        let (other, _) = makeGroceryTable(style: .plain)
        let plain = view.render().text
        view.isEditing = true
        other.setEditing(true, animated: false)
        let editing = view.render().text
        #expect(view.isEditing && editing != plain && editing == other.render().text)
        view.isEditing = false
        #expect(!view.isEditing && view.render().text == plain)
    }

    @Test func twoRowSubtitleCellsWithSeparators() {
        let (view, _) = makeGroceryTable(style: .insetGrouped, height: 22, subtitles: true)
        view.rowHeight = 2
        view.separatorStyle = .singleLine
        view.setEditing(true, animated: false)
        assertGolden(view.render().text, named: "table-subtitles-separators-40x22")
    }

    @Test func theSectionIndexFitsItsTitlesToTheHeightAndJumps() {
        let (view, dataSource) = makeAlphabetTable()
        #expect(view.sectionIndexTitles.count == 26)
        view.handle(.character("]"))
        view.handle(.character("]"))
        #expect(
            view.focusedIndexPath == IndexPath(item: 0, section: 2), "] jumps to the next title's section")
        assertGolden(view.render().text, named: "table-index-40x12")
        assertGolden(view.render().styledText, named: "table-index-40x12-styled")
        view.handle(.character("["))
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1))
        #expect(dataSource.calls.contains("tableView(_:sectionForSectionIndexTitle:at:)"))
    }

    @Test func clickingAnIndexTitleJumpsToItsSection() {
        let (view, _) = makeAlphabetTable()
        // 12 rows for 26 titles: row r shows title r × 25 / 11; the last row is "Z".
        view.click(x: 39, y: 11)
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 25))
        #expect(
            view.screenText.split(separator: "\n").last == "Z2                                     Z",
            "the last section: as near the top as the content's end allows")
        view.click(x: 39, y: 0)
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
        let (grocery, _) = makeGroceryTable()  // 3 titles, centred in 14 rows: rows 5 to 7
        grocery.click(x: 39, y: 6)
        #expect(grocery.focusedIndexPath == IndexPath(item: 0, section: 1))
        grocery.click(x: 39, y: 1)
        #expect(grocery.focusedIndexPath == IndexPath(item: 0, section: 1), "no title there")
    }

    @Test func withoutIndexTitlesTheRowsTakeTheWholeWidth() {
        let (view, dataSource) = makeGroceryTable(width: 20)
        dataSource.showsIndex = false
        view.reloadData()
        #expect(view.sectionIndexTitles.isEmpty)
        #expect(view.rows.contentWidth == 20)
        #expect(!view.handle(.character("]")))
    }

    @Test func footersAreAskedAgainAfterEveryUpdate() {
        let (view, dataSource) = makeGroceryTable()
        var snapshot = dataSource.snapshot()
        snapshot.appendItems(["Fig"], toSection: "Fruit")
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(view.screenText.hasPrefix("Fruit\nApple\nPear\nQuince\nFig\n4 items"))
    }

    @Test func rowsAreCountedSelectedHitAndResized() {
        let (view, dataSource) = makeGroceryTable(height: 6)
        #expect(view.numberOfSections == 3 && view.numberOfRows(inSection: 0) == 3)
        let delegate = TestDelegate()
        view.delegate = delegate
        #expect(view.indexPathForRow(atX: 3, y: 2) == IndexPath(item: 1, section: 0))
        #expect(view.indexPathForRow(atX: 3, y: 0) == nil, "a header")
        view.click(x: 3, y: 2)
        #expect(delegate.selected == [IndexPath(item: 1, section: 0)])
        #expect(
            ((view.cellForRow(at: IndexPath(item: 1, section: 0)) as? TerminalListCell)?.contentConfiguration
                as? ListContentConfiguration)?.text == "Pear")
        #expect(view.cellForRow(at: IndexPath(item: 0, section: 2)) == nil, "Rice is below the screen")
        view.scrollToRow(at: IndexPath(item: 0, section: 2), at: .none, animated: false)
        #expect(view.contentOffset > 0)
        _ = view.render()
        #expect(!view.needsDisplay)
        view.resize(width: 20, height: 6)
        #expect(view.needsDisplay)
        #expect(view.width == 20 && view.rows.contentWidth == 18, "the index keeps its column")
        dataSource.showsIndex = false
        view.reloadSectionIndexTitles()
        #expect(view.rows.contentWidth == 20 && view.sectionIndexTitles.isEmpty)
    }

    // MARK: Deleting

    @Test func dDeletesTheFocusedRowBySwipingWhenTheDataSourceAllowsIt() {
        let (view, dataSource) = makeGroceryTable()
        view.handle(.down)
        #expect(view.helpItems.contains("d delete"))
        #expect(view.handle(.character("d")))
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Fruit") == ["Apple", "Quince"])
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0), "the focus stays on the row")
        view.handle(.tab)
        view.handle(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 1))
        #expect(!view.helpItems.contains("d delete"))
        #expect(!view.handle(.delete), "canEditRowAt refuses Pinned")
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Vegetables") == ["Leek", "Pinned"])
        view.handle(.up)
        #expect(view.handle(.backspace))
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Vegetables") == ["Pinned"])
    }

    @Test func trailingSwipeActionsTakeTheirKeysInsteadOfDelete() {
        let (view, dataSource) = makeGroceryTable()
        var flagged: [IndexPath] = []
        let delegate = TestDelegate()
        view.delegate = delegate
        delegate.trailingActions = { indexPath in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .normal, title: "Flag", key: "f") { _, _, done in
                    flagged.append(indexPath)
                    done(true)
                }
            ])
        }
        delegate.leadingActions = { _ in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .normal, title: "Pin", key: "p") { $2(true) }
            ])
        }
        view.scrollToRow(at: IndexPath(item: 0, section: 0), at: .none, animated: false)
        #expect(view.helpItems == ["↑↓ move", "tab section", "⏎ select", "p pin", "f flag", "[ ] index"])
        #expect(!view.handle(.character("d")))
        #expect(view.handle(.character("f")))
        #expect(flagged == [IndexPath(item: 0, section: 0)])
        #expect(
            delegate.swipeEditing == ["+0.0", "-0.0"],
            "a key is a whole swipe: it begins and ends editing the row")
        #expect(dataSource.snapshot().numberOfItems == 6)
        view.setEditing(true, animated: false)
        #expect(view.handle(.character("d")), "in editing mode the delete control still deletes")
        #expect(dataSource.snapshot().numberOfItems == 5)
    }

    /// An action whose handler finishes later ends the row's swipe editing when it calls its
    /// completion, and a row the action removed is reported as gone.
    @Test func aSwipeEndsEditingWhenItsActionFinishes() {
        let (view, dataSource) = makeGroceryTable()
        let delegate = TestDelegate()
        view.delegate = delegate
        var finish: (@MainActor (Bool) -> Void)?
        delegate.trailingActions = { indexPath in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "Remove", key: "r") { _, _, done in
                    finish = { performed in
                        var snapshot = dataSource.snapshot()
                        snapshot.deleteItems(snapshot.itemIdentifiers(inSection: "Vegetables"))
                        dataSource.apply(snapshot, animatingDifferences: false)
                        done(performed)
                    }
                }
            ])
        }
        view.handle(.tab)
        view.handle(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 1))
        #expect(view.handle(.character("r")))
        #expect(delegate.swipeEditing == ["+1.1"])
        finish?(true)
        #expect(delegate.swipeEditing == ["+1.1", "-nil"])
    }

    @Test func clickingTheDeleteControlDeletesInEditingMode() {
        let (view, dataSource) = makeGroceryTable()
        view.click(x: 0, y: 2)  // "Pear": a click outside editing mode selects it
        #expect(view.selectedIndexPaths == [IndexPath(item: 1, section: 0)])
        #expect(dataSource.snapshot().numberOfItems == 6)
        view.setEditing(true, animated: true)
        view.click(x: 5, y: 2)  // on the row, not its control
        #expect(dataSource.snapshot().numberOfItems == 6)
        view.click(x: 0, y: 2)
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Fruit") == ["Apple", "Quince"])
        view.click(x: 0, y: 7)  // "Pinned" has no control
        #expect(dataSource.snapshot().numberOfItems == 5)
    }

    // MARK: Moving

    @Test func rowsMoveOnlyInEditingModeAndReachTheSnapshot() {
        let (view, dataSource) = makeGroceryTable()
        #expect(view.handle(.character("m")) == false, "no reordering outside editing mode")
        view.setEditing(true, animated: false)
        #expect(view.helpItems.contains("m move"))
        view.handle(.character("m"))
        #expect(view.isReordering)
        view.handle(.down)
        view.handle(.down)
        view.handle(.down)
        view.handle(.enter)
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Fruit") == ["Pear", "Quince"])
        #expect(
            dataSource.snapshot().itemIdentifiers(inSection: "Vegetables") == ["Apple", "Leek", "Pinned"])
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1))
        #expect(view.screenText.hasPrefix("Fruit\n⊖ Pear"))
        #expect(view.screenText.contains("2 items\nVegetables\n⊖ Apple"), "the footers count again")
        view.setEditing(false, animated: false)
        view.handle(.down)
        #expect(!view.handle(.character("m")))
    }

    @Test func leavingEditingModePutsAHeldRowBack() {
        let (view, dataSource) = makeGroceryTable()
        view.setEditing(true, animated: false)
        view.handle(.character("m"))
        view.handle(.down)
        view.setEditing(false, animated: false)
        #expect(!view.isReordering)
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Fruit") == ["Apple", "Pear", "Quince"])
    }

    @Test func aDragMovesARowInEditingMode() {
        let (view, dataSource) = makeGroceryTable()
        view.setEditing(true, animated: false)
        view.handle(MouseEvent(.press(.left), x: 5, y: 1))  // Apple
        view.handle(MouseEvent(.drag(.left), x: 5, y: 2))
        view.handle(MouseEvent(.drag(.left), x: 5, y: 3))
        view.handle(MouseEvent(.release(.left), x: 5, y: 3))
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Fruit") == ["Pear", "Quince", "Apple"])
        #expect(
            dataSource.calls.isSuperset(of: ["tableView(_:canMoveRowAt:)", "tableView(_:moveRowAt:to:)"]))
    }

    /// A table of "A", "B", "C" whose data source handles a move as `handling` says, after the
    /// person dropped "A" one row down in editing mode.
    func tableAfterDroppingTheFirstRow(_ handling: MoveHandlingDataSource.Handling) -> (
        TerminalTableView, MoveHandlingDataSource
    ) {
        let view = TerminalTableView(width: 20, height: 5)
        let registration = nameRegistration()
        let dataSource = MoveHandlingDataSource(tableView: view) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        dataSource.handling = handling
        fixtureDataSources.append(dataSource)
        dataSource.apply(listSnapshotOfStrings(["A", "B", "C"]), animatingDifferences: false)
        view.setEditing(true, animated: false)
        view.handle(.character("m"))
        view.handle(.down)
        view.handle(.enter)
        return (view, dataSource)
    }

    @Test func anOverrideThatAppliesTheMoveItselfMovesTheRowOnce() {
        let (view, dataSource) = tableAfterDroppingTheFirstRow(.appliesASnapshot)
        #expect(dataSource.snapshot().itemIdentifiers == ["B", "A", "C"])
        #expect(view.screenText == "  B                ≡\n  A                ≡\n  C                ≡")
    }

    @Test func anOverrideThatIgnoresTheMovePutsTheRowBack() {
        let (view, dataSource) = tableAfterDroppingTheFirstRow(.ignoresIt)
        #expect(dataSource.snapshot().itemIdentifiers == ["A", "B", "C"])
        #expect(view.screenText == "  A                ≡\n  B                ≡\n  C                ≡")
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
    }

    // MARK: Every overridable method, called by the view

    @Test func theViewCallsEveryOverridableMethod() {
        let (view, dataSource) = makeGroceryTable()
        _ = view.render()
        view.handle(.character("]"))
        view.handle(.character("d"))
        view.setEditing(true, animated: false)
        _ = view.render()
        view.handle(.up)  // from "Pinned", which stays put, to "Quince"
        view.handle(.character("m"))
        view.handle(.down)
        view.handle(.enter)
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Vegetables") == ["Quince", "Pinned"])
        #expect(
            dataSource.calls == [
                "tableView(_:titleForHeaderInSection:)", "tableView(_:titleForFooterInSection:)",
                "tableView(_:canEditRowAt:)", "tableView(_:commit:forRowAt:)", "tableView(_:canMoveRowAt:)",
                "tableView(_:moveRowAt:to:)", "sectionIndexTitles(for:)",
                "tableView(_:sectionForSectionIndexTitle:at:)",
            ])
    }

    // MARK: Row animations

    /// The frame of a deletion of "Quince" a quarter of the way through, with a row animation.
    func deletionFrame(_ animation: TableView.RowAnimation) -> ScreenBuffer {
        let (view, dataSource) = makeGroceryTable(width: 20, height: 6)
        dataSource.showsIndex = false
        dataSource.showsFooters = false
        view.reloadData()
        _ = view.render()  // the rows on screen have cells, as in an app
        view.animationFrameCount = 4
        dataSource.defaultRowAnimation = animation
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems(["Quince"])
        dataSource.apply(snapshot)
        #expect(view.isAnimating)
        view.advanceAnimation()
        return view.render()
    }

    @Test func fadeDimsRowsThatLeave() {
        let frame = deletionFrame(.fade)
        #expect(frame.text.split(separator: "\n")[3] == "Quince")
        #expect(frame[x: 0, y: 3].style.dim, "Quince dims as it leaves, over the header that took its row")
        #expect(deletionFrame(.automatic)[x: 0, y: 3].style.dim)
        #expect(deletionFrame(.top)[x: 0, y: 3].style.dim, "top, bottom and middle fade in a terminal")
    }

    @Test func leftAndRightSlideRowsOut() {
        let left = deletionFrame(.left).text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(left[3] == "e", "a quarter of the way: five of the 20 columns off to the left")
        let right = deletionFrame(.right).text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(right[3].dropFirst(5).hasPrefix("Quince"), "five columns off to the right")
        #expect(!deletionFrame(.right)[x: 5, y: 3].style.dim, "a sliding row is not dimmed")
    }

    @Test func noneShowsTheChangeAtOnce() {
        let frame = deletionFrame(.none)
        #expect(!frame.text.contains("Quince"))
        #expect(!frame[x: 0, y: 3].style.dim)
    }

    @Test func insertedRowsSlideIn() {
        let (view, dataSource) = makeGroceryTable(width: 20, height: 6)
        dataSource.showsIndex = false
        view.reloadData()
        _ = view.render()
        view.animationFrameCount = 4
        dataSource.defaultRowAnimation = .right
        var snapshot = dataSource.snapshot()
        snapshot.insertItems(["Fig"], afterItem: "Apple")
        dataSource.apply(snapshot)
        for _ in 0..<3 { view.advanceAnimation() }
        let lines = view.render().text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == "     Fig", "three quarters of the way: five columns still to go")
        view.finishAnimations()
        #expect(view.screenText.hasPrefix("Fruit\nApple\nFig\nPear"))
    }

    // MARK: Only what is on screen

    @Test func aMillionRowsOfTwoRowCellsCreateOnlyTheCellsOnScreen() {
        let (view, dataSource) = makeGroceryTable(height: 10, subtitles: true)
        view.rowHeight = 2
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Rows"])
        snapshot.appendItems((0..<1_000_000).map { "Row \($0)" })
        dataSource.showsFooters = false
        dataSource.applySnapshotUsingReloadData(snapshot)
        _ = view.render()
        #expect(view.visibleCellCount == 5, "a header row and four two-row cells: ten rows")
        view.handle(.end)
        #expect(view.screenText.hasSuffix("Row 999999\n10 letters"))
        #expect(view.visibleCellCount <= 5)
        #expect(view.contentHeight == 1 + 2_000_000)
    }
}

/// Lets every row move, and handles a move without calling `super`: applying a snapshot with the
/// move (the common UIKit override), or ignoring it.
final class MoveHandlingDataSource: TableViewDiffableDataSource<String, String> {
    enum Handling { case appliesASnapshot, ignoresIt }
    var handling = Handling.appliesASnapshot

    override func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        true
    }

    override func tableView(
        _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        guard handling == .appliesASnapshot, let item = itemIdentifier(for: sourceIndexPath),
            let target = itemIdentifier(for: destinationIndexPath)
        else { return }
        var snapshot = snapshot()
        snapshot.moveItem(item, afterItem: target)
        apply(snapshot, animatingDifferences: false)
    }
}

func listSnapshotOfStrings(_ items: [String]) -> DiffableDataSourceSnapshot<String, String> {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["Main"])
    snapshot.appendItems(items)
    return snapshot
}

@MainActor
@Suite("The views article's table example (Documentation/Views.md)")
struct ReadmeTableExampleTests {
    @Test func readmeTableExample() {
        // Documentation/Views.md's table example, verbatim.
        final class Groceries: TableViewDiffableDataSource<String, String> {
            override func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int)
                -> String?
            { sectionIdentifier(for: section) }

            override func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath)
                -> Bool
            { true }

            override func tableView(
                _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
                forRowAt indexPath: IndexPath
            ) {
                guard let item = itemIdentifier(for: indexPath) else { return }
                var snapshot = snapshot()
                snapshot.deleteItems([item])
                apply(snapshot)
            }
        }
        let view = TerminalTableView(style: .insetGrouped, width: 30, height: 7)
        let registration = TerminalTableView.CellRegistration<TerminalListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        let dataSource = Groceries(tableView: view) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Fruit"])
        snapshot.appendItems(["Apple", "Pear", "Quince"])
        dataSource.apply(snapshot, animatingDifferences: false)
        view.setEditing(true, animated: false)
        print(view.render().text)

        #expect(view.screenText.contains("│ ⊖ Pear"))
        view.handle(.character("d"))  // the delete control of the focused row, "Apple"
        #expect(dataSource.snapshot().itemIdentifiers == ["Pear", "Quince"])
    }
}
