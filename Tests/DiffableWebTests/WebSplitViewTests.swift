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

    @Test func aPageThatConnectsGetsTheLayoutWithItsReset() {
        let (page, session, _, _) = makePage()
        session.handle(.viewport(viewport(windowWidth: 390), strips: [:]))
        #expect(session.resync().contains(#"{"t":"split","show":[""],"collapsed":true,"back":"Library"}"#))
        #expect(page.collectionView.viewport.windowWidth == 390)
    }
}
