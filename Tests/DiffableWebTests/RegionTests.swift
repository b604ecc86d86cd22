import Diffable
import Foundation
import Testing

@testable import DiffableWeb

@MainActor
@Suite("Web pages with several regions")
struct RegionTests {
    /// Names in the main view, a sidebar of its own, a detail panel; what the handlers heard.
    final class Heard: CollectionViewDelegate {
        var mainSelections: [IndexPath] = []
        var sidebarSelections: [IndexPath] = []
        var presses: [(String, [String: String])] = []
        weak var sidebar: WebCollectionView?

        func collectionView(
            _ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath
        ) {
            if collectionView === sidebar {
                sidebarSelections.append(indexPath)
            } else {
                mainSelections.append(indexPath)
            }
        }
    }

    func registry(_ heard: Heard) -> WebSessionRegistry {
        let registry = WebSessionRegistry()
        registry.pageKinds["/split"] = .init(title: "Split") { page in
            let sidebar = page.addCollectionView(named: "sidebar", placement: .leading, width: 200)
            let detail = page.addPanel(named: "detail", placement: .trailing)
            page.showNames(["Ada", "Grace"])
            page.showNames(["All", "Favorites"], in: sidebar)
            heard.sidebar = sidebar
            page.collectionView.delegate = heard
            sidebar.delegate = heard
            detail.content = WebPanelContent([
                .title("<img src=x onerror=alert(1)>"), .buttons([.init(action: "edit", title: "Edit")]),
            ])
            detail.actionHandler = { heard.presses.append(($0, $1)) }
        }
        return registry
    }

    static let hello = #"{"t":"hello","version":2,"page":"/split","top":0,"height":800,"width":600}"#

    func drain(_ outbox: Outbox) async -> [[String: Any]] {
        var messages: [[String: Any]] = []
        while outbox.pendingCount > 0, case .text(let text)? = await outbox.next() {
            // Several messages waiting come as one frame, a batch.
            let frame = try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            messages += frame["t"] as? String == "batch" ? frame["messages"] as! [[String: Any]] : [frame]
        }
        return messages
    }

    /// The keys of the items of a reset or patch, in order.
    func keys(_ message: [String: Any]) -> [Int] {
        ((message["secs"] as? [[String: Any]]) ?? []).flatMap { ($0["keys"] as? [Int]) ?? [] }
    }

    @Test func aPageGetsEveryRegionAfterTheMainReset() async throws {
        let connection = WebConnection(registry: registry(Heard()))
        try connection.receive(Self.hello)
        let messages = await drain(connection.outbox)
        #expect(messages.map { $0["t"] as? String } == ["reset", "reset", "panel"])
        let page = try #require(messages[0]["page"] as? [String: Any])
        let regions = try #require(page["regions"] as? [[String: Any]])
        #expect(regions.map { $0["name"] as? String } == ["sidebar", "detail"])
        #expect(regions.map { $0["kind"] as? String } == ["view", "panel"])
        #expect(messages[0]["region"] == nil)
        #expect(messages[1]["region"] as? String == "sidebar")
        #expect(messages[1]["page"] == nil)
        #expect(messages[2]["region"] as? String == "detail")
        // One key names one element of the page.
        #expect(Set(keys(messages[0])).isDisjoint(with: keys(messages[1])))
    }

    @Test func aSelectionReachesTheViewThatHasTheElement() async throws {
        let heard = Heard()
        let connection = WebConnection(registry: registry(heard))
        try connection.receive(Self.hello)
        let messages = await drain(connection.outbox)
        let sidebarKeys = keys(messages[1])
        try connection.receive(#"{"t":"select","k":\#(sidebarKeys[1])}"#)
        #expect(heard.sidebarSelections == [IndexPath(item: 1, section: 0)])
        #expect(heard.mainSelections.isEmpty)
        try connection.receive(#"{"t":"select","k":\#(keys(messages[0])[0])}"#)
        #expect(heard.mainSelections == [IndexPath(item: 0, section: 0)])
        let patches = await drain(connection.outbox)
        #expect(patches.first?["region"] as? String == "sidebar")
    }

    @Test func aPanelHearsOnlyTheActionsItOffers() async throws {
        let heard = Heard()
        let connection = WebConnection(registry: registry(heard))
        try connection.receive(Self.hello)
        _ = await drain(connection.outbox)
        try connection.receive(#"{"t":"panel","region":"detail","a":"delete","f":{}}"#)
        try connection.receive(#"{"t":"panel","region":"detail","a":"edit","f":{"title":"<b>"}}"#)
        #expect(heard.presses.map(\.0) == ["edit"])
        #expect(heard.presses.first?.1 == ["title": "<b>"])
    }

    @Test(arguments: [
        #"{"t":"panel","region":"Detail","a":"edit"}"#,
        #"{"t":"panel","region":"detail","a":"edit","f":{"x":1}}"#,
        #"{"t":"panel","region":"detail","a":"edit","f":[]}"#, #"{"t":"region","region":"sidebar","top":0}"#,
        #"{"t":"panel","region":"detail","a":"edit","extra":1}"#,
    ])
    func aMalformedRegionMessageIsRefused(_ text: String) {
        #expect(throws: ClientMessageError.self) { try ClientMessage.decode(text) }
    }

    @Test func panelTextIsSentAsEscapedText() {
        let content = WebPanelContent([.title("<img src=x onerror=alert(1)>", image: "🍲")])
        let text = content.json.text
        #expect(!text.contains("<"))
        #expect(text.contains(#"\u003cimg src=x onerror=alert(1)\u003e"#))
    }

    @Test func aRegionViewportScrollsOnlyItsView() async throws {
        let connection = WebConnection(registry: registry(Heard()))
        try connection.receive(Self.hello)
        _ = await drain(connection.outbox)
        let session = try #require(connection.session)
        try connection.receive(#"{"t":"region","region":"sidebar","top":0,"height":300,"width":200}"#)
        #expect(
            session.page.collectionView(named: "sidebar")?.viewport
                == WebViewport(top: 0, height: 300, width: 200))
        #expect(session.page.collectionView.viewport.width == 600)
    }
}

#if Web
    @MainActor
    @Suite("Web server root")
    struct RootPageTests {
        /// Regression: `**` does not match `/`, so a page served at the root answered 404.
        @Test func aPageAtTheRootIsServed() async throws {
            let server = WebServer(configuration: WebServerConfiguration(host: "127.0.0.1", port: 0))
            server.addPage("/", title: "Root") { _ in }
            try await LiveServer.run(server.makeApplication()) { client in
                let response = try await client.get("/")
                #expect(response.status == 200)
                #expect(response.body.contains("<title>Root</title>"))
            }
        }
    }
#endif
