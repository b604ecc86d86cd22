import DiffableGallery
import Foundation
import Testing

@testable import DiffableTerminal

/// The roster example (`diffable-gallery --roster`) end to end, headless at a fixed size: keys
/// in, screens out (re-record with `DIFFABLE_RECORD_GOLDEN=1 swift test --filter Roster`).
@MainActor
@Suite("Roster end to end")
struct RosterTests {
    func roster() -> (Roster, HeadlessTerminal) {
        let terminal = HeadlessTerminal(width: 60, height: 24)
        let roster = Roster(device: terminal)
        roster.tableView.animationFrameCount = 0
        roster.application.step(keys: [])
        return (roster, terminal)
    }

    func names(_ roster: Roster, _ team: Team) -> [String] {
        roster.dataSource.snapshot().itemIdentifiers(inSection: team).map(\.name)
    }

    @Test func theRosterOnTheFirstScreen() {
        let (_, terminal) = roster()
        assertGolden(terminal.screen.text, named: "roster-initial-60x24")
    }

    @Test func movingAPlayerToTheBenchInEditingMode() {
        let (roster, terminal) = roster()
        roster.application.step(keys: [.character("e"), .down, .down, .character("m"), .down, .down, .down])
        assertGolden(terminal.screen.text, named: "roster-moving-60x24")
        roster.application.step(keys: [.enter])
        #expect(names(roster, .startingFive) == ["Ava Brooks", "Mia Chen", "Lena Ortiz", "Ruth Okafor"])
        #expect(names(roster, .bench) == ["Zoe Park", "Ivy Walsh", "Nora Diaz", "June Kim", "Tess Moreau"])
        #expect(roster.application.statusMessage == "Zoe Park to bench")
        assertGolden(terminal.screen.text, named: "roster-moved-60x24")
    }

    @Test func reorderingWithinTheStartingFive() {
        let (roster, _) = roster()
        roster.application.step(keys: [.character("e"), .character("m"), .down, .down, .enter])
        #expect(
            names(roster, .startingFive) == [
                "Mia Chen", "Zoe Park", "Ava Brooks", "Lena Ortiz", "Ruth Okafor",
            ])
    }

    @Test func releasingAPlayerBySwiping() {
        let (roster, terminal) = roster()
        roster.application.step(keys: [.tab, .down, .character("d")])
        #expect(names(roster, .bench) == ["Ivy Walsh", "June Kim", "Tess Moreau"])
        #expect(roster.application.statusMessage == "Released Nora Diaz")
        #expect(terminal.screen.text.contains("3 players"))
        #expect(!roster.tableView.isEditing)
    }

    @Test func editingModeShowsItsControlsAndHelp() {
        let (roster, terminal) = roster()
        roster.application.step(keys: [.character("e")])
        assertGolden(terminal.screen.text, named: "roster-editing-60x24")
        roster.application.step(keys: [.character("e")])
        #expect(!roster.tableView.isEditing)
        #expect(!terminal.screen.text.contains("⊖"))
    }
}
