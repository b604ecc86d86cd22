import Diffable
import Foundation
import Testing

@testable import DiffableWeb

/// Pages whose people only watch share one page, drawn once; a person's first action gives its
/// page one of its own, which takes over under the keys the browser has.
@MainActor
@Suite("Shared idle pages")
struct SharedPageTests {
    /// The pages a kind made, in order, with their data sources.
    final class Made {
        var pages: [WebPage] = []
        var dataSources: [CollectionViewDiffableDataSource<Int, String>] = []
        /// Each page's session identifier as its kind set it up.
        var sessionIDs: [String] = []
        var closed = 0
    }

    static let names = ["Ada", "Grace", "Edsger"]

    /// A registry serving `/names`, sharing idle pages; `perPage` names an item only the n-th page
    /// made shows first (a page whose drawing depends on more than what every page sees).
    func registry(_ made: Made, perPage: Bool = false, sharing: Bool = true) -> WebSessionRegistry {
        let registry = WebSessionRegistry()
        registry.pageKinds["/names"] = .init(title: "Names", sharesIdlePages: sharing) { page in
            let dataSource = page.showNames((perPage ? ["Page \(made.pages.count)"] : []) + Self.names)
            _ = page.addCollectionView(named: "side")
            // Weakly: `made` holds the pages.
            page.didClose = { [weak made] in made?.closed += 1 }
            made.pages.append(page)
            made.dataSources.append(dataSource)
            made.sessionIDs.append(page.sessionID)
        }
        return registry
    }

    static let hello = #"{"t":"hello","version":2,"page":"/names","top":0,"height":800,"width":600}"#

    /// The frames a page was sent, as written, once the turn that sent them has ended.
    func frames(_ connection: WebConnection) async -> [String] {
        while connection.registry.isReleaseScheduled { await Task.yield() }
        let outbox = connection.outbox
        var frames: [String] = []
        while outbox.pendingCount > 0, case .text(let text)? = await outbox.next() { frames.append(text) }
        return frames
    }

    /// The messages of frames, batches opened.
    func messages(_ frames: [String]) -> [[String: Any]] {
        frames.flatMap { text -> [[String: Any]] in
            let frame = try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            return frame["t"] as? String == "batch" ? frame["messages"] as! [[String: Any]] : [frame]
        }
    }

    /// Lets the main actor run until `done` holds; fails the test after ten seconds (forty under a
    /// sanitizer), a deadline that is there to fail a fork that never ends, not to time one.
    func waitUntil(
        _ done: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let factor = ProcessInfo.processInfo.environment["DIFFABLE_SANITIZER"] == nil ? 1 : 4
        let deadline = ContinuousClock.now + .seconds(10) * factor
        // Looked at once more after the deadline: a look that came late because the main actor
        // was busy with other tests does not fail a condition that holds.
        while !done() {
            guard ContinuousClock.now < deadline else {
                try #require(done(), "not done in time", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Two pages that said hello, what they were sent first taken.
    func twoPages(_ registry: WebSessionRegistry) async throws -> (WebConnection, WebConnection) {
        let pages = (WebConnection(registry: registry), WebConnection(registry: registry))
        try pages.0.receive(Self.hello)
        try pages.1.receive(Self.hello)
        _ = await frames(pages.0)
        _ = await frames(pages.1)
        return pages
    }

    func session(_ registry: WebSessionRegistry, of connection: WebConnection) throws -> WebSession {
        try #require(registry.sessions.values.first { $0.connection === connection })
    }

    @Test func idlePagesShowOnePageAndGetTheSameTextForAChange() async throws {
        let made = Made()
        let registry = registry(made)
        let first = WebConnection(registry: registry)
        let second = WebConnection(registry: registry)
        try first.receive(Self.hello)
        try second.receive(Self.hello)
        #expect(made.pages.count == 1, "one page drawn for both")
        #expect(registry.sharedPages.count == 1)
        for connection in [first, second] {
            let reset = messages(await frames(connection))
            #expect(
                reset.count == 2 && (reset[0]["cells"] as? [String: Any])?.count == 3,
                "the main view's, the region's")
            let page = try #require(reset[0]["page"] as? [String: Any])
            #expect(page["session"] as? String == (try session(registry, of: connection)).id)
        }
        var snapshot = made.dataSources[0].snapshot()
        snapshot.appendItems(["Barbara"])
        await made.dataSources[0].apply(snapshot)
        let sentFirst = await frames(first)
        let sentSecond = await frames(second)
        #expect(sentFirst.count == 1 && sentFirst == sentSecond, "one text, written once, for both")
        #expect(messages(sentFirst)[0]["t"] as? String == "patch")
        // A report of the viewport the page has already changes nothing.
        try first.receive(#"{"t":"viewport","top":0,"height":800,"width":600}"#)
        #expect(try session(registry, of: first).sharedPage != nil)
    }

    /// What a shared page sends in a turn goes to each watcher in one push at the turn's end, and
    /// only to those who watched when it was sent: a page that joins in the same turn gets a reset
    /// that shows the change, not the change again.
    @Test func aTurnsMessagesReachTheWatchersOfTheirMomentAndAPageThatJoinsGetsOnlyItsReset() async throws {
        let made = Made()
        let registry = registry(made)
        let (first, second) = try await twoPages(registry)
        var snapshot = made.dataSources[0].snapshot()
        snapshot.appendItems(["Barbara"])
        made.dataSources[0].apply(snapshot, animatingDifferences: false, completion: nil)
        #expect(first.outbox.pendingCount == 0, "held by the shared page for the turn's end")
        let third = WebConnection(registry: registry)
        try third.receive(Self.hello)
        #expect(made.pages.count == 1 && registry.sharedPages.count == 1)
        let sentFirst = messages(await frames(first))
        #expect(sentFirst.map { $0["t"] as? String } == ["patch"])
        #expect(messages(await frames(second)).map { $0["t"] as? String } == ["patch"])
        let sentThird = messages(await frames(third))
        #expect(sentThird.map { $0["t"] as? String } == ["reset", "reset"])
        #expect((sentThird[0]["cells"] as? [String: Any])?.count == 4, "the reset shows Barbara")
    }

    @Test func aPersonsFirstClickGivesThePageItsOwnUnderTheSameKeys() async throws {
        let made = Made()
        let registry = registry(made)
        let (first, second) = try await twoPages(registry)
        let shared = made.pages[0].collectionView
        let grace = try #require(shared.state.items[IndexPath(item: 1, section: 0)]?.key)

        try first.receive(#"{"t":"select","k":\#(grace)}"#)
        let session = try session(registry, of: first)
        try await waitUntil { session.sharedPage == nil }
        #expect(made.pages.count == 2)
        #expect(made.sessionIDs == ["", session.id], "a page of its own has its session's from the start")
        let own = session.page.collectionView
        #expect(session.page === made.pages[1])
        #expect(own.selectedIndexPaths == [IndexPath(item: 1, section: 0)], "the item the key named")
        #expect(own.state.items[IndexPath(item: 1, section: 0)]?.key == grace)
        #expect(shared.selectedIndexPaths.isEmpty, "the other page's person chose nothing")
        #expect(try #require(registry.sessions.values.first { $0 !== session }).sharedPage != nil)

        let sent = messages(await frames(first))
        #expect(!sent.contains { $0["t"] as? String == "reset" }, "the browser's elements stand")
        #expect(sent.last?["sel"] as? [Int] == [grace])
        // From now on the page's own changes reach it, and the shared page's do not.
        var snapshot = made.dataSources[1].snapshot()
        snapshot.deleteItems(["Ada"])
        await made.dataSources[1].apply(snapshot)
        let ownChange = await frames(first)
        #expect(messages(ownChange).count == 1)
        #expect(second.outbox.pendingCount == 0)
        snapshot = made.dataSources[0].snapshot()
        snapshot.appendItems(["Barbara"])
        await made.dataSources[0].apply(snapshot)
        let sharedChange = await frames(second)
        #expect(sharedChange.count == 1)
        #expect(first.outbox.pendingCount == 0)
    }

    @Test func aPageThatDrawsOtherwiseTakesOverWithAResetAndTheClickLandsInPlace() async throws {
        let made = Made()
        let registry = registry(made, perPage: true)
        registry.forkDeadline = .milliseconds(10)
        let connection = WebConnection(registry: registry)
        try connection.receive(Self.hello)
        _ = await frames(connection)
        let shared = made.pages[0].collectionView
        let second = try #require(shared.state.items[IndexPath(item: 2, section: 0)]?.key)
        try connection.receive(#"{"t":"select","k":\#(second)}"#)
        let session = try session(registry, of: connection)
        try await waitUntil { session.sharedPage == nil }
        let own = session.page.collectionView
        #expect(own.selectedIndexPaths == [IndexPath(item: 2, section: 0)])
        let ownKeys = Set(own.state.items.values.map(\.key))
        #expect(ownKeys.isDisjoint(with: shared.state.items.values.map(\.key)), "no key names two elements")
        let sent = messages(await frames(connection))
        #expect(sent.contains { $0["t"] as? String == "reset" })
        #expect(registry.sharedPages.isEmpty && made.closed == 1, "no page shows the shared one")
    }

    @Test func aViewsSizeAtItsTopMovesThePageToTheOneSharedAtThatSizeAndAScrollGivesItItsOwn() async throws {
        let made = Made()
        let registry = registry(made)
        let (first, second) = try await twoPages(registry)
        let side = #"{"t":"region","region":"side","top":0,"height":300,"width":200}"#
        try first.receive(side)
        let moved = try session(registry, of: first)
        #expect(moved.sharedPage?.key.regions == ["side": WebViewport(top: 0, height: 300, width: 200)])
        #expect(made.pages.count == 2 && made.pages[1].collectionView(named: "side")?.viewport.height == 300)
        let reset = messages(await frames(first))
        #expect(reset.first?["t"] as? String == "reset", "the page shows the other page, anew")
        let keys = Set(made.pages[1].collectionView.state.items.values.map(\.key))
        #expect(keys.isDisjoint(with: made.pages[0].collectionView.state.items.values.map(\.key)))
        try second.receive(side)
        #expect(made.pages.count == 2 && made.closed == 1 && registry.sharedPages.count == 1)
        // A scroll is the person's own: the page gets its own.
        try first.receive(#"{"t":"viewport","top":400,"height":800,"width":600}"#)
        try await waitUntil { moved.sharedPage == nil }
        #expect(moved.page.collectionView.viewport.top == 400)
        #expect(moved.page.collectionView(named: "side")?.viewport.height == 300)
    }

    @Test func aPageOfItsOwnHasItsSessionsIdentifierWhenItsKindSetsItUp() throws {
        let made = Made()
        let registry = registry(made, sharing: false)
        let connection = WebConnection(registry: registry)
        try connection.receive(Self.hello)
        #expect(made.sessionIDs == [try session(registry, of: connection).id])
    }

    @Test func theSharedPageClosesWhenItsLastSessionEnds() async throws {
        let made = Made()
        let registry = registry(made)
        registry.gracePeriod = .zero
        let first = WebConnection(registry: registry)
        let second = WebConnection(registry: registry)
        try first.receive(Self.hello)
        try second.receive(#"{"t":"hello","version":2,"page":"/names","top":0,"height":700,"width":600}"#)
        #expect(registry.sharedPages.count == 2, "one a viewport")
        first.close()
        registry.expire()
        #expect(registry.sessions.count == 1 && registry.sharedPages.count == 1 && made.closed == 1)
        // Back with the other window's size: it shows that window's page.
        let id = try #require(registry.sessions.keys.first)
        second.close()
        let again = WebConnection(registry: registry)
        try again.receive(
            #"{"t":"hello","version":2,"page":"/names","session":"\#(id)","top":0,"height":800,"width":600}"#)
        #expect(made.pages.count == 3 && made.closed == 2)
        #expect(registry.sessions[id]?.page === made.pages[2])
        again.close()
        registry.expire()
        #expect(registry.sessions.isEmpty && registry.sharedPages.isEmpty && made.closed == 3)
    }
}
