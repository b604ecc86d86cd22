import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// The parts of `UICollectionLayoutListConfiguration` a collection view's list sections have:
/// appearances, separators, swipe actions at both edges, and rows taller than one line.
@MainActor
@Suite("List configuration")
struct ListConfigurationTests {
    /// A list of fruit in two sections with headers, its cells subtitle cells.
    func makeList(
        rowHeight: Int = 1, _ configure: (inout CollectionLayoutListConfiguration) -> Void, width: Int = 40,
        height: Int = 16
    ) -> (TerminalCollectionView, CollectionViewDiffableDataSource<Int, String>) {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        configure(&configuration)
        let view = TerminalCollectionView(
            layout: .list(using: configuration, rowHeight: rowHeight), width: width, height: height)
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> {
            cell, _, name in
            var content = ListContentConfiguration.subtitleCell()
            content.text = name
            content.secondaryText = "\(name.count) letters"
            cell.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
            view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        let header = TerminalCollectionView.SupplementaryRegistration<TerminalListCell>(
            elementKind: TerminalCollectionView.elementKindSectionHeader
        ) { header, _, indexPath in
            var content = ListContentConfiguration.groupedHeader()
            content.text = indexPath.section == 0 ? "FRUIT" : "NUTS"
            header.contentConfiguration = content
        }
        dataSource.supplementaryViewProvider = { view, _, indexPath in
            (view as! TerminalCollectionView).dequeueConfiguredReusableSupplementary(
                using: header, for: indexPath)
        }
        dataSource.apply(
            listSnapshot([["Apple", "Pear", "Quince"], ["Almond"]]), animatingDifferences: false)
        fixtureDataSources.append(dataSource)
        return (view, dataSource)
    }

    @Test func insetGroupedSeparatedTwoRowSubtitleCells() {
        let (view, _) = makeList(rowHeight: 2) {
            $0.appearance = .insetGrouped
            $0.showsSeparators = true
        }
        view.handle(.down)
        assertGolden(view.render().text, named: "list-inset-separators-subtitles-40x16")
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
        #expect(view.render()[x: 2, y: 6].style.inverse, "both rows of the focused cell are highlighted")
        #expect(view.render()[x: 2, y: 7].style.inverse)
        #expect(!view.render()[x: 2, y: 5].style.inverse, "not the separator above it")
    }

    @Test func aSubtitleCellOneRowTallKeepsItsSecondaryTextOnTheRow() {
        let (view, _) = makeList { _ in }
        #expect(view.screenText.hasPrefix("FRUIT\nApple  5 letters\nPear  4 letters"))
    }

    @Test func separatorRowsAreNotItems() {
        let (view, _) = makeList { $0.showsSeparators = true }
        #expect(
            view.screenText.hasPrefix(
                "FRUIT\nApple  5 letters\n" + String(repeating: "─", count: 40) + "\nPear"))
        #expect(view.indexPathForItem(atX: 3, y: 2) == nil, "a click on a separator hits nothing")
        #expect(view.indexPathForItem(atX: 3, y: 3) == IndexPath(item: 1, section: 0))
        view.handle(.end)
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1))
        #expect(view.contentHeight == 1 + 5 + 1 + 1, "three rows and two lines, a header and a row")
    }

    /// `separatorConfiguration` and `itemSeparatorHandler`: the line below a row is its bottom
    /// separator and the next row's top one, drawn unless either is hidden, with the upper row's
    /// insets and colour.
    @Test func theItemSeparatorHandlerInsetsHidesAndColoursLines() {
        let (view, _) = makeList {
            $0.showsSeparators = true
            $0.separatorConfiguration.color = .yellow
            $0.itemSeparatorHandler = { indexPath, configuration in
                var configuration = configuration
                switch indexPath.item {
                case 0: configuration.bottomSeparatorInsets.leading = 4
                case 2: configuration.topSeparatorVisibility = .hidden
                default: break
                }
                return configuration
            }
        }
        let lines = view.screenText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == "    " + String(repeating: "─", count: 36), "Apple's line starts 4 columns in")
        #expect(view.render()[x: 4, y: 2].style.foreground == .yellow)
        #expect(lines[3].hasPrefix("Pear"))
        #expect(lines[4].trimmingCharacters(in: .whitespaces).isEmpty, "Quince hides the line above it")
        #expect(lines[5].hasPrefix("Quince"))
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        #expect(
            configuration.separatorConfiguration(forItemAt: IndexPath(item: 0, section: 0))
                == .init(listAppearance: .plain))
        configuration.itemSeparatorHandler = { _, configuration in
            var configuration = configuration
            configuration.bottomSeparatorVisibility = .hidden
            return configuration
        }
        #expect(
            configuration.separatorConfiguration(forItemAt: IndexPath(item: 0, section: 0))
                .bottomSeparatorVisibility == .hidden)
    }

    /// `headerTopPadding`: rows above each header, in place of the appearance's gap.
    @Test func headerTopPaddingPutsRowsAboveEachHeader() {
        let (view, _) = makeList { $0.headerTopPadding = 2 }
        #expect(view.screenText.hasPrefix("\n\nFRUIT\nApple"))
        #expect(view.screenText.contains("Quince  6 letters\n\n\nNUTS"))
        #expect(view.contentHeight == 2 + 1 + 3 + 2 + 1 + 1)
        let (grouped, _) = makeList {
            $0.appearance = .grouped
            $0.headerTopPadding = 0
        }
        #expect(grouped.screenText.hasPrefix("FRUIT\nApple"), "no gap, though grouped lists have one")
    }

    /// `backgroundColor`: behind the section, where its cells, headers and footers (which draw
    /// their own backgrounds) leave it: the gap above a grouped section.
    @Test func theBackgroundColourFillsTheSectionsGap() {
        let (view, _) = makeList {
            $0.appearance = .grouped
            $0.backgroundColor = .blue
        }
        #expect(view.render()[x: 10, y: 0].style.background == .blue, "the gap above the first section")
        #expect(view.render()[x: 10, y: 5].style.background == .blue, "the gap above the second")
        let (plain, _) = makeList { $0.appearance = .grouped }
        #expect(plain.render()[x: 10, y: 0].style.background == nil)
    }

    @Test func insetRowsAreHitOnlyInsideTheirBox() {
        let (view, _) = makeList { $0.appearance = .insetGrouped }
        // Row 0 the gap, 1 the header, 2 the box's top, 3 "Apple".
        #expect(view.indexPathForItem(atX: 0, y: 3) == nil, "the box's side")
        #expect(view.indexPathForItem(atX: 2, y: 3) == IndexPath(item: 0, section: 0))
        #expect(view.indexPathForItem(atX: 2, y: 2) == nil, "the box's top")
    }

    @Test func sidebarPlainIsDrawnWithoutGaps() {
        let (view, _) = makeList { $0.appearance = .sidebarPlain }
        #expect(view.screenText.hasPrefix("FRUIT\nApple"))
    }

    @Test func leadingSwipeActionsComeBeforeTrailingOnes() {
        var performed: [String] = []
        let (view, _) = makeList {
            $0.leadingSwipeActionsConfigurationProvider = { _ in
                SwipeActionsConfiguration(actions: [
                    ContextualAction(style: .normal, title: "Pin", key: "p") { _, _, done in
                        performed.append("pin")
                        done(true)
                    }
                ])
            }
            $0.trailingSwipeActionsConfigurationProvider = { _ in
                SwipeActionsConfiguration(actions: [
                    ContextualAction(style: .destructive, title: "Delete", key: "d") { _, _, done in
                        performed.append("delete")
                        done(true)
                    }
                ])
            }
        }
        view.handle(.down)
        #expect(view.swipeActionsForFocusedItem().map(\.title) == ["Pin", "Delete"])
        #expect(view.helpItems == ["↑↓←→ move", "tab section", "⏎ select", "p pin", "d delete", "m reorder"])
        view.handle(.character("p"))
        view.handle(.character("d"))
        #expect(performed == ["pin", "delete"])
    }

    /// UIKit's initializer, without a key: the first letter of the title performs it, and the
    /// handler gets the action and the focused row's cell.
    @Test func anActionMadeTheUIKitWayIsBoundToItsTitlesFirstLetter() {
        var performed: [String] = []
        let (view, _) = makeList {
            $0.trailingSwipeActionsConfigurationProvider = { _ in
                let archive = ContextualAction(style: .normal, title: "Archive") { action, sourceView, done in
                    performed.append("\(action.title ?? "") from \(type(of: sourceView))")
                    done(true)
                }
                archive.backgroundColor = .blue
                archive.image = "🗄"
                return SwipeActionsConfiguration(actions: [archive])
            }
        }
        view.handle(.down)
        #expect(view.swipeActionsForFocusedItem().map(\.key) == ["a"])
        #expect(view.helpItems.contains("a archive"))
        view.handle(.character("a"))
        #expect(performed == ["Archive from TerminalListCell"])
    }
}
