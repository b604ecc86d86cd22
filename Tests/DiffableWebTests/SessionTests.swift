import Diffable
import DiffableTesting
import Foundation
import Testing

@testable import DiffableWeb

@MainActor
@Suite("Web sessions")
struct SessionTests {
    func registry() -> WebSessionRegistry {
        let registry = WebSessionRegistry()
        registry.pageKinds["/names"] = .init(title: "Names") { page in
            let dataSource = page.showNames(["Ada", "Grace", "Edsger"])
            dataSource.reorderingHandlers.canReorderItem = { _ in true }
            page.searchHandler = { text in
                var filtered = DiffableDataSourceSnapshot<Int, String>()
                filtered.appendSections([0])
                filtered.appendItems(["Ada", "Grace", "Edsger"].filter { text.isEmpty || $0.contains(text) })
                dataSource.apply(filtered)
            }
        }
        return registry
    }

    static let hello = #"{"t":"hello","version":2,"page":"/names","top":0,"height":800,"width":600}"#

    /// The messages waiting in an outbox, as JSON objects.
    func drain(_ outbox: Outbox) async -> [[String: Any]] {
        var messages: [[String: Any]] = []
        while outbox.pendingCount > 0, case .text(let text)? = await outbox.next() {
            // Several messages waiting come as one frame, a batch.
            let frame = try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            messages += frame["t"] as? String == "batch" ? frame["messages"] as! [[String: Any]] : [frame]
        }
        return messages
    }

    @Test func aPageThatSaysHelloGetsItsSessionAndEverythingItShows() async throws {
        let registry = registry()
        let connection = WebConnection(registry: registry)
        try connection.receive(Self.hello)
        let messages = await drain(connection.outbox)
        #expect(messages.count == 1)
        #expect(messages[0]["t"] as? String == "reset")
        let page = try #require(messages[0]["page"] as? [String: Any])
        #expect(page["title"] as? String == "Names")
        #expect(page["search"] as? String == "Search")
        #expect((messages[0]["cells"] as? [String: Any])?.count == 3)
    }

    @Test func messagesOutOfOrderCloseTheConnectionAndChangeNothing() throws {
        let registry = registry()
        let connection = WebConnection(registry: registry)
        #expect(throws: ClientMessageError("message before hello")) {
            try connection.receive(#"{"t":"select","k":1}"#)
        }
        try connection.receive(Self.hello)
        #expect(throws: ClientMessageError("hello on a connection that already has a session")) {
            try connection.receive(Self.hello)
        }
        #expect(throws: ClientMessageError("no page at /nowhere")) {
            try WebConnection(registry: registry).receive(
                #"{"t":"hello","version":2,"page":"/nowhere","top":0,"height":800,"width":600}"#)
        }
        #expect(registry.sessions.count == 1)
    }

    @Test func aReconnectResumesTheSessionWithAReset() async throws {
        let registry = registry()
        let first = WebConnection(registry: registry)
        try first.receive(Self.hello)
        let id = try #require(registry.sessions.keys.first)
        try first.receive(#"{"t":"search","q":"a"}"#)
        first.close()
        let second = WebConnection(registry: registry)
        try second.receive(
            #"{"t":"hello","version":2,"page":"/names","session":"\#(id)","top":0,"height":800,"width":600}"#)
        #expect(registry.sessions.count == 1)
        let messages = await drain(second.outbox)
        #expect(messages.first?["t"] as? String == "reset")
        #expect(messages.first?["seq"] as? Int == 1)
        #expect((messages.first?["cells"] as? [String: Any])?.count == 2, "the search survived")
    }

    @Test func aSessionWhosePageDoesNotComeBackEnds() throws {
        let registry = registry()
        registry.gracePeriod = .zero
        let connection = WebConnection(registry: registry)
        try connection.receive(Self.hello)
        registry.expire()
        #expect(registry.sessions.count == 1, "its page is connected")
        connection.close()
        registry.expire()
        #expect(registry.sessions.isEmpty)
    }

    @Test func theKeysInMessagesNameTheItemsThePersonMeant() async throws {
        let registry = registry()
        let connection = WebConnection(registry: registry)
        try connection.receive(Self.hello)
        let session = try #require(registry.sessions.values.first)
        let view = session.page.collectionView
        let grace = view.state.items[IndexPath(item: 1, section: 0)]!.key
        try connection.receive(#"{"t":"move","k":\#(grace),"s":\#(view.state.sectionKeys[0]),"i":0}"#)
        let dataSource = try #require(view.dataSource as? CollectionViewDiffableDataSource<Int, String>)
        #expect(dataSource.snapshot().itemIdentifiers == ["Grace", "Ada", "Edsger"])
        try connection.receive(#"{"t":"select","k":\#(grace)}"#)
        #expect(view.selectedIndexPaths == [IndexPath(item: 0, section: 0)])
        try connection.receive(#"{"t":"select","k":999999}"#)  // gone: ignored
        #expect(view.selectedIndexPaths == [IndexPath(item: 0, section: 0)])
        // No place 7 in a section of three: ignored.
        try connection.receive(#"{"t":"move","k":\#(grace),"s":\#(view.state.sectionKeys[0]),"i":7}"#)
        #expect(dataSource.snapshot().itemIdentifiers == ["Grace", "Ada", "Edsger"])
        let messages = await drain(connection.outbox)
        let move = messages[1]
        #expect((move["ops"] as? [String: Any])?["m"] as? [Int] == [grace])
        #expect(move["n"] as? Int == 1)
    }

    @Test func anOutboxThatOverflowsAsksForOneResync() async {
        let outbox = Outbox(limits: .init(maximumMessages: 3, maximumBytes: 1 << 20))
        for index in 0..<10 { outbox.push("message \(index)") }
        #expect(outbox.pendingCount == 0)
        #expect(outbox.resyncCount == 1)
        #expect(await outbox.next() == .resync)
        outbox.push("after")
        #expect(await outbox.next() == .text("after"))
        let bytes = Outbox(limits: .init(maximumMessages: 100, maximumBytes: 10))
        bytes.push("12345")
        bytes.push("123456")
        #expect(bytes.pendingBytes == 0 && bytes.resyncCount == 1)
        outbox.close()
        #expect(await outbox.next() == nil)
    }

    /// Seeded: random pushes, takes and clears keep the outbox's rules, whatever overflows.
    @Test(arguments: SeededRandom.seeds(count: 20))
    func anOutboxKeepsItsRulesUnderRandomUse(seed: UInt64) async {
        var random = SeededRandom(seed: seed)
        let outbox = Outbox(limits: .init(maximumMessages: 5, maximumBytes: 64))
        for _ in 0..<200 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0..<3:
                outbox.push(String(repeating: "x", count: Int.random(in: 1...20, using: &random)))
            case 3, 4:
                let waiting = outbox.pendingCount
                guard waiting > 0 || outbox.isResyncDue else { break }
                let next = await outbox.next()
                #expect(next == .resync || (next != nil && waiting > 0), "DIFFABLE_SEED=\(seed)")
                #expect(
                    outbox.pendingCount == 0 && !outbox.isResyncDue,
                    "everything waiting went: DIFFABLE_SEED=\(seed)")
            default:
                outbox.clearPending()
            }
            outbox._checkInvariants()
        }
        outbox.close()
        outbox._checkInvariants()
        #expect(await outbox.next() == nil)
    }

    /// Held messages wait for the release, and go with everything held before as one frame.
    @Test func heldMessagesGoTogetherOnceReleased() async {
        let outbox = Outbox()
        outbox.push("a", releasing: false)
        outbox.push("b", releasing: false)
        async let next = outbox.next()
        for _ in 0..<10 { await Task.yield() }
        outbox.push("c", releasing: false)
        outbox.release()
        #expect(await next == .text(#"{"t":"batch","messages":[a,b,c]}"#))
        outbox.push("d", releasing: false)
        outbox.push("e")
        outbox.push("f", releasing: false)
        #expect(await outbox.next() == .text(#"{"t":"batch","messages":[d,e]}"#))
        #expect(outbox.pendingCount == 1)
        outbox._checkInvariants()
    }

    /// Pages handed the same messages share one batch, not a copy each.
    @Test func outboxesHandedTheSameMessagesShareOneBatch() async {
        let texts = [#"{"t":"update","n":1}"#, #"{"t":"panel","n":2}"#]
        var batches: [String] = []
        let shared = RecentlyMade<[String], String>()
        for _ in 0..<2 {
            let outbox = Outbox(batches: shared)
            for text in texts { outbox.push(text) }
            if case .text(let batch)? = await outbox.next() { batches.append(batch) }
        }
        #expect(batches.count == 2 && batches[0] == ServerMessage.batch(texts: texts))
        let storage = batches.map { batch in
            var batch = batch
            return batch.withUTF8 { Int(bitPattern: $0.baseAddress) }
        }
        #expect(storage[0] == storage[1])
    }

    /// A patch goes unnumbered (the page numbers it), so pages a change alters alike are sent
    /// one text, whatever each was sent before; a reset keeps its number.
    @Test func pagesSentDifferentHistoriesShareTheTextOfAnEqualPatch() async throws {
        let registry = registry()
        let connections = [WebConnection(registry: registry), WebConnection(registry: registry)]
        for connection in connections { try connection.receive(Self.hello) }
        let resets = await drain(connections[0].outbox)
        #expect(resets.first?["seq"] as? Int == 1)
        // The first page is sent two more patches than the second.
        try connections[0].receive(#"{"t":"search","q":"Ada"}"#)
        try connections[0].receive(#"{"t":"search","q":""}"#)
        _ = await drain(connections[0].outbox)
        _ = await drain(connections[1].outbox)
        var texts: [String] = []
        for connection in connections {
            var patch = WebPatch()
            patch.reconfiguredItems = [1]
            var content = WebCellContent(style: .list)
            content.text = "Ada Lovelace"
            patch.cells[1] = content
            connection.session?.deliver(&patch)
            guard case .text(let text)? = await connection.outbox.next() else { continue }
            texts.append(text)
        }
        #expect(texts.count == 2 && texts[0] == texts[1])
        #expect(texts.first?.contains("\"seq\"") == false)
        #expect(connections.map { $0.session?.page.messagesSent } == [4, 2].map(Optional.some))
    }

    /// What a page is sent in one turn of the main actor — here two searches' updates — goes as
    /// one frame.
    @Test func whatAPageIsSentInOneTurnGoesAsOneFrame() async throws {
        let registry = registry()
        let connection = WebConnection(registry: registry)
        try connection.receive(Self.hello)
        _ = await drain(connection.outbox)
        // The writer waits for the page's next message.
        let outbox = connection.outbox
        let writer = Task.detached { await outbox.next() }
        for _ in 0..<10 { await Task.yield() }
        try connection.receive(#"{"t":"search","q":"a"}"#)
        #expect(outbox.pendingCount == 1 && outbox.releasedCount == 0, "held to the end of the turn")
        try connection.receive(#"{"t":"search","q":""}"#)
        #expect(outbox.pendingCount == 2 && outbox.releasedCount == 0)
        guard case .text(let frame)? = await writer.value else {
            Issue.record("no frame")
            return
        }
        let messages = try #require(
            (try JSONSerialization.jsonObject(with: Data(frame.utf8)) as? [String: Any])?["messages"]
                as? [Any])
        #expect(messages.count == 2)
        #expect(connection.outbox.pendingCount == 0)
    }

    @Test func aPageUpdatesItsPropertiesOnceATurnAndInTheTurnsFrame() async throws {
        final class Count { var updates = 0 }
        let count = Count()
        let registry = WebSessionRegistry()
        registry.pageKinds["/detail"] = .init(title: "Detail") { page in
            let panel = page.addPanel(named: "detail", placement: .trailing, width: 300)
            page.searchHandler = { _ in page.setNeedsUpdateProperties() }
            page.updatePropertiesHandler = {
                count.updates += 1
                panel.content = WebPanelContent([.title("Update \(count.updates)")])
            }
        }
        let connection = WebConnection(registry: registry)
        try connection.receive(
            #"{"t":"hello","version":2,"page":"/detail","top":0,"height":800,"width":600}"#)
        _ = await drain(connection.outbox)
        let page = try #require(connection.session?.page)
        let outbox = connection.outbox
        let writer = Task.detached { await outbox.next() }
        for _ in 0..<10 { await Task.yield() }
        // Three changes in one turn, each asking for the update.
        try connection.receive(#"{"t":"search","q":"a"}"#)
        try connection.receive(#"{"t":"search","q":"b"}"#)
        page.setNeedsUpdateProperties()
        #expect(count.updates == 0 && page.needsUpdateProperties, "not before the end of the turn")
        guard case .text(let frame)? = await writer.value else {
            Issue.record("no frame")
            return
        }
        #expect(count.updates == 1)
        #expect(
            frame.contains(#""t":"panel""#) && frame.contains("Update 1"), "in the turn's frame: \(frame)")
        // Without a page connected, the update still runs once the turn ends.
        connection.close()
        page.setNeedsUpdateProperties()
        for _ in 0..<10 where count.updates == 1 { await Task.yield() }
        #expect(count.updates == 2 && !page.needsUpdateProperties)
    }

    /// A page flushed sends what it holds now, its properties updated first, while the turn's
    /// other pages wait for its end; what it is sent after the flush waits for the end too.
    @Test func aFlushedPageSendsWhatItHoldsBeforeTheTurnEnds() async throws {
        final class Updates { var pages: [String] = [] }
        let updates = Updates()
        let registry = WebSessionRegistry()
        registry.pageKinds["/detail"] = .init(title: "Detail") { page in
            let panel = page.addPanel(named: "detail", placement: .trailing, width: 300)
            page.updatePropertiesHandler = {
                updates.pages.append(page.sessionID)
                panel.content = WebPanelContent([.title("Update \(updates.pages.count)")])
            }
        }
        let connections = [WebConnection(registry: registry), WebConnection(registry: registry)]
        for connection in connections {
            try connection.receive(
                #"{"t":"hello","version":2,"page":"/detail","top":0,"height":800,"width":600}"#)
            _ = await drain(connection.outbox)
        }
        let pages = try connections.map { try #require($0.session?.page) }
        let outboxes = connections.map(\.outbox)
        for page in pages { page.setNeedsUpdateProperties() }
        pages[0].flush()
        #expect(updates.pages == [pages[0].sessionID])
        #expect(outboxes.map(\.releasedCount) == [1, 0], "the flushed page's panel goes now, alone")
        #expect(pages[1].needsUpdateProperties)
        pages[0].setNeedsUpdateProperties()
        #expect(pages[0].needsUpdateProperties && outboxes.map(\.releasedCount) == [1, 0])
        for _ in 0..<10 where pages[1].needsUpdateProperties || outboxes[1].releasedCount == 0 {
            await Task.yield()
        }
        #expect(updates.pages.count == 3)
        #expect(outboxes.map(\.releasedCount) == [2, 1], "the rest at the end of the turn")
        #expect(await drain(outboxes[0]).count == 2)
        // Nothing held: a flush sends nothing.
        pages[1].flush()
        #expect(outboxes[1].releasedCount == 1)
    }

    @Test func aWriterWaitingOnAnEmptyOutboxWakesForTheNextMessage() async {
        let outbox = Outbox()
        async let next = outbox.next()
        try? await Task.sleep(for: .milliseconds(10))
        outbox.push("hello")
        #expect(await next == .text("hello"))
    }

    /// A ping goes at once, as a frame of its own, and leaves what the turn holds held.
    @Test func aPingGoesAtOnceAndLeavesWhatIsHeldHeld() async {
        let outbox = Outbox()
        outbox.push("held", releasing: false)
        outbox.ping()
        #expect(await outbox.next() == .text(WebPings.ping))
        #expect(outbox.releasedCount == 0 && outbox.pendingCount == 1)
        outbox.release()
        #expect(await outbox.next() == .text("held"))
    }

    /// A page is asked after one interval, and one that does not answer is closed by the next,
    /// with the reason the connection closes with "going away". (That an answer keeps a page
    /// open is `ServerTests`' live test: here the main actor, which other tests hold, would make
    /// the answer late.)
    @Test func aPageThatDoesNotAnswerAPingIsClosedByTheNext() async {
        let pings = WebPings(interval: .milliseconds(40))
        let inbox = Inbox()
        let outbox = Outbox()
        let id = pings.connect(inbox)
        pings.attach(outbox, to: id)
        #expect(await outbox.next() == .text(WebPings.ping))
        #expect(await inbox.take() == .end(reason: pings.missedAnswer))
        #expect(pings.count == 0, "a page closed is no longer asked")
    }

    /// The page's messages come out of the inbox in order; past its limit the reader waits until
    /// one is taken, and a close ends both sides.
    @Test func anInboxKeepsOrderAndHoldsTheReaderAtItsLimit() async {
        let inbox = Inbox(limit: 2)
        await inbox.put(.text("a"))
        await inbox.put(.text("b"))
        let third = Task { await inbox.put(.text("c")) }
        try? await Task.sleep(for: .milliseconds(20))
        #expect(inbox.pendingCount == 2, "the third waits")
        #expect(await inbox.take() == .text("a"))
        await third.value
        #expect(inbox.pendingCount == 2)
        #expect(await inbox.take() == .text("b"))
        #expect(await inbox.take() == .text("c"))
        async let waiting = inbox.take()
        try? await Task.sleep(for: .milliseconds(10))
        inbox.close()
        #expect(await waiting == .end(reason: nil))
        await inbox.put(.text("d"))
        #expect(inbox.pendingCount == 0, "ignored once closed")
    }
}
