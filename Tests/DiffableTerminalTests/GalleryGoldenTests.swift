import DiffableGallery
import Foundation
import Testing

@testable import DiffableTerminal

/// The gallery at a fixed size, rendered headless and compared with golden files (re-record with
/// `DIFFABLE_RECORD_GOLDEN=1 swift test --filter GalleryGolden`).
@MainActor
@Suite("Gallery golden screens")
struct GalleryGoldenTests {
    func gallery(width: Int = 100, height: Int = 30) -> (Gallery, HeadlessTerminal) {
        let terminal = HeadlessTerminal(width: width, height: height)
        let gallery = Gallery(device: terminal, rowCount: 1_000)
        gallery.collectionView.animationFrameCount = 0
        gallery.application.step(keys: [])
        return (gallery, terminal)
    }

    @Test func everyLayoutOnTheFirstScreen() {
        let (_, terminal) = gallery()
        assertGolden(terminal.screen.text, named: "gallery-initial-100x30")
    }

    @Test func focusIsHighlighted() {
        let (gallery, terminal) = gallery()
        gallery.application.step(keys: [.down, .down])
        assertGolden(terminal.screen.styledText, named: "gallery-focus-100x30-styled")
    }

    @Test func gridAndOutline() {
        let (gallery, terminal) = gallery()
        gallery.application.step(keys: [.tab, .tab, .tab, .down, .right])
        assertGolden(terminal.screen.text, named: "gallery-outline-expanded-100x30")
    }

    @Test func searchFiltersTheRecipes() {
        let (gallery, terminal) = gallery()
        gallery.application.step(keys: [.character("/"), .character("p"), .character("i")])
        assertGolden(terminal.screen.text, named: "gallery-search-pi-100x30")
    }

    @Test func lastRowsOfTheBigSection() {
        let (gallery, terminal) = gallery()
        gallery.application.step(keys: [.end])
        assertGolden(terminal.screen.text, named: "gallery-end-100x30")
    }

    @Test func narrowTerminal() {
        let (gallery, terminal) = gallery(width: 60, height: 20)
        gallery.application.step(keys: [.tab, .tab])
        assertGolden(terminal.screen.text, named: "gallery-grid-60x20")
    }

    @Test func ctrlZSuspendsEvenWhileSearchingThenRepaintsEverything() {
        let (gallery, terminal) = gallery()
        let screen = terminal.screen.text
        gallery.application.step(keys: [.control("z")])
        #expect(terminal.suspendCount == 1)
        #expect(!gallery.application.quitRequested)
        #expect(terminal.lastFrameOutput.contains("\u{1B}[2J"))  // a full repaint
        #expect(terminal.screen.text == screen)
        gallery.application.step(keys: [.character("/"), .character("p"), .control("z")])
        #expect(terminal.suspendCount == 2)
        #expect(gallery.application.searchField?.text == "p")  // Ctrl-Z typed nothing
    }

    @Test func resizeRelaysOut() {
        let (gallery, terminal) = gallery()
        terminal.resize(width: 50, height: 16)
        gallery.application.step(keys: [])
        assertGolden(terminal.screen.text, named: "gallery-resized-50x16")
    }
}
