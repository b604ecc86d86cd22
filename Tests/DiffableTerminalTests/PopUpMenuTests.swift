import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

@MainActor
@Suite("Pop-up menu accessories, in the terminal")
struct TerminalPopUpMenuTests {
    @Test func enterOpensTheMenuAtTheSelectionAndAChoiceShowsInTheCell() {
        var chosen: [String] = []
        let menu = Menu(
            title: "Size",
            children: ["Small", "Medium", "Large"].map { size in
                Action(title: size, state: size == "Medium" ? .on : .off) { _ in chosen.append(size) }
            })
        let view = TerminalCollectionView(
            layout: .list(using: CollectionLayoutListConfiguration(appearance: .plain)), width: 24, height: 6)
        view.animationFrameCount = 0
        let dataSource = textDataSource(for: view, accessories: [.popUpMenu(menu)])
        dataSource.apply(listSnapshot([["Size"]]), animatingDifferences: false)
        #expect(view.screenText.hasPrefix("Size            Medium ↕"))
        view.handle(.enter)
        #expect(view.isShowingContextMenu && view.selectedIndexPaths.isEmpty, "the menu, not a selection")
        #expect(view.screenText.contains("✓ Medium"), "\(view.screenText)")
        view.handle(.up)
        view.handle(.enter)
        #expect(!view.isShowingContextMenu)
        #expect(chosen == ["Small"])
        #expect(view.screenText.hasPrefix("Size             Small ↕"), "\(view.screenText)")
    }
}
