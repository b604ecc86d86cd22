import Diffable
import Foundation
import Testing

@testable import DiffableWeb

@MainActor
@Suite("A page laid out by a split view")
struct WebSplitViewTests {
    /// A page with a sidebar, the main list and a detail panel as a triple-column split view,
    /// and the page-level messages it sent.
    private func makePage() -> (WebPage, WebSession, SplitViewController, () -> [String]) {
        let page = WebPage(path: "/", title: "Recipes")
        _ = page.addCollectionView(named: "sidebar")
        _ = page.addPanel(named: "detail", placement: .trailing)
        var sent: [String] = []
        page.pageOutbound = { sent.append($0.json.text) }
        let split = SplitViewController(style: .tripleColumn)
        split.setTitle("Library", for: .primary)
        split.setTitle("All Recipes", for: .supplementary)
        split.show(.supplementary)
        page.setSplitViewController(
            split, regions: [.primary: "sidebar", .supplementary: "", .secondary: "detail"])
        return (page, WebSession(id: "a", page: page), split, { sent })
    }

    private func viewport(windowWidth: Int) -> WebViewport {
        var viewport = WebViewport(top: 0, height: 800, width: 300)
        viewport.windowWidth = windowWidth
        return viewport
    }

    @Test func theWindowsWidthCollapsesAndExpandsTheColumns() throws {
        let (_, session, split, sent) = makePage()
        session.handle(.viewport(viewport(windowWidth: 1280), strips: [:]))
        #expect(sent().last == #"{"t":"split","show":["sidebar","","detail"],"collapsed":false}"#)
        session.handle(.viewport(viewport(windowWidth: 390), strips: [:]))
        #expect(sent().last == #"{"t":"split","show":[""],"collapsed":true,"back":"Library"}"#)
        let count = sent().count
        session.handle(.viewport(viewport(windowWidth: 391), strips: [:]))
        #expect(sent().count == count, "nothing new to show, nothing sent")
        split.show(.secondary)  // a recipe chosen
        #expect(sent().last == #"{"t":"split","show":["detail"],"collapsed":true,"back":"All Recipes"}"#)
        session.handle(.back)
        #expect(sent().last == #"{"t":"split","show":[""],"collapsed":true,"back":"Library"}"#)
        split.show(.secondary)
        session.handle(.viewport(viewport(windowWidth: 1024), strips: [:]))
        #expect(sent().last == #"{"t":"split","show":["sidebar","","detail"],"collapsed":false}"#)
        session.handle(.viewport(viewport(windowWidth: 390), strips: [:]))
        #expect(
            sent().last?.contains(#""show":["detail"]"#) == true, "the detail, which was chosen, stays on top"
        )
        #expect(try ClientMessage.decode(#"{"t":"back"}"#) == .back)
        let decoded = try ClientMessage.decode(#"{"t":"viewport","top":0,"height":800,"width":300,"vw":390}"#)
        #expect(decoded == .viewport(viewport(windowWidth: 390), strips: [:]))
        #expect(throws: ClientMessageError.self) {
            try ClientMessage.decode(#"{"t":"viewport","top":0,"height":800,"width":300,"vw":-1}"#)
        }
    }

    /// A collapse and an expand change which columns show, nothing in them: no collection view
    /// sends its page a reset (the page's elements, and so the focus in them, stay as they
    /// are), and the selection in each stays.
    @Test func theSelectionAndTheElementsSurviveACollapseAndAnExpand() throws {
        let (page, session, split, sent) = makePage()
        let lists = [
            page.collectionView, try #require(page.namedCollectionViews.first { $0.0 == "sidebar" }?.1),
        ]
        let fixtures = lists.map { PageFixture(view: $0) }
        for fixture in fixtures {
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(1...20))
            fixture.dataSource.apply(snapshot, animatingDifferences: false)
        }
        session.handle(.viewport(viewport(windowWidth: 1280), strips: [:]))
        page.collectionView.selectItem(
            at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: [])
        lists[1].selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        split.show(.secondary)
        for width in [390, 1280, 390, 800] {
            session.handle(.viewport(viewport(windowWidth: width), strips: [:]))
            #expect(sent().last?.contains(#""collapsed":\#(width < 600)"#) == true, "\(width)")
            #expect(page.collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
            #expect(lists[1].indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        }
        for fixture in fixtures {
            #expect(
                !fixture.patches.isEmpty && !fixture.patches.contains(where: \.isReset),
                "no list was drawn again")
        }
    }

    @Test func aPageThatConnectsGetsTheLayoutWithItsReset() {
        let (page, session, _, _) = makePage()
        session.handle(.viewport(viewport(windowWidth: 390), strips: [:]))
        #expect(session.resync().contains(#"{"t":"split","show":[""],"collapsed":true,"back":"Library"}"#))
        #expect(page.collectionView.viewport.windowWidth == 390)
    }
}
