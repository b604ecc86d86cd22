#if Postgres
    import Diffable
    @testable import DiffablePostgres
    import DiffableTesting
    import Foundation
    import PostgresNIO
    import StoreTestSupport
    import Testing

    /// Requests whose filters cannot be routed by a column's value — a search per page — on one
    /// PostgreSQL table: the feed evaluates the conditions that keep their values on a commit's
    /// rows together, and only the lists that show a changed row or whose condition holds for one
    /// read it.
    @MainActor
    @Suite("Searches evaluated together, on PostgreSQL")
    struct PostgresConditionGroupTests {
        /// The messages with the word `w<word>` (bodies are words between spaces).
        nonisolated static func search(_ word: Int) -> PostgresFetchedResultsRequest<String, Int64> {
            PostgresFetchedResultsRequest(
                table: "message", item: "id", section: "''", content: ["body"],
                filter: "body LIKE \("% w\(word) %")", ordering: [.ascending("id")])
        }

        nonisolated static func body(_ words: [Int]) -> String {
            " " + words.map { "w\($0)" }.joined(separator: " ") + " "
        }

        /// A server whose `message` table holds `rows` (an id and its words), followed by a feed
        /// that polls often.
        static func messages(_ rows: [(id: Int, words: [Int])]) async throws -> PostgresFixture {
            let fixture = try await PostgresFixture(rows: 0)
            let values = rows.map { "(\($0.id), '\(Self.body($0.words))')" }
            try await fixture.psql(
                "CREATE TABLE message (id bigint PRIMARY KEY, body text NOT NULL); INSERT INTO message VALUES "
                    + values.joined(separator: ", "))
            ChangeFeed.feed(for: fixture.store).pollInterval = .milliseconds(5)
            return fixture
        }

        /// What each of the first `count` searches finds (its first `limit`, if any), by word,
        /// read by one `psql`.
        static func matches(
            of count: Int, limit: Int? = nil, on fixture: PostgresFixture
        ) async throws -> [Int64: [Int64]] {
            let found = """
                SELECT w, id, row_number() OVER (PARTITION BY w ORDER BY id) AS rank
                FROM message, generate_series(0, \(count - 1)) AS w WHERE body LIKE '% w' || w || ' %'
                """
            return try await fixture.idsByKey(
                "SELECT w || '|' || id FROM (\(found)) AS found WHERE rank <= \(limit ?? Int.max) ORDER BY w, id"
            )
        }

        /// A fetched list on `fixture` for each of the first `count` searches, `request` making
        /// each word's.
        static func searches(
            _ count: Int, on fixture: PostgresFixture,
            request: (Int) -> PostgresFetchedResultsRequest<String, Int64> = { search($0) }
        ) async throws -> [FetchedResultsController<String, Int64>] {
            var lists: [FetchedResultsController<String, Int64>] = []
            for word in 0..<count {
                let list = FetchedResultsController(store: fixture.store, request: request(word))
                try await list.performFetch()
                lists.append(list)
            }
            return lists
        }

        /// 120 searches, evaluated 50 to a statement (three statements, the last one short), and
        /// one whose filter is a `PostgresQuery` (its values sealed: it reads every commit): each
        /// commit is read by the lists that showed one of its rows or whose search finds one after
        /// it, and by no other.
        @Test func aCommitReachesExactlyTheSearchesItConcerns() async throws {
            let searches = 120
            let fixture = try await Self.messages(
                (1...2000).map { ($0, [$0 % searches, ($0 * 7) % searches]) })
            let lists = try await Self.searches(searches, on: fixture)
            // Set once the lists hold the feed: a feed nothing follows is let go.
            ChangeFeed.feed(for: fixture.store).conditionsPerStatement = 50
            var sealed = Self.search(5)
            sealed.filter = PostgresCondition("body LIKE \("% w5 %")" as PostgresQuery)
            let sealedList = FetchedResultsController(store: fixture.store, request: sealed)
            try await sealedList.performFetch()
            #expect(lists[5].snapshot.itemIdentifiers.contains(605))
            let commits: [(statement: String, lists: Set<Int>)] = [
                ("INSERT INTO message VALUES (9001, '\(Self.body([5, 77, 110]))')", [5, 77, 110]),
                // Row 7 has w7 and w49; it moves to w9.
                ("UPDATE message SET body = '\(Self.body([9]))' WHERE id = 7", [7, 49, 9]),
                // A change no search finds, and one of row 3 (w3, w21) that keeps its words.
                (
                    "INSERT INTO message VALUES (9002, ' nothing here '); UPDATE message SET body = '\(Self.body([21, 3]))' WHERE id = 3",
                    [3, 21]
                ),
                ("DELETE FROM message WHERE id = 605", [5, 35]),
            ]
            for (index, commit) in commits.enumerated() {
                // The sealed list reads every commit.
                let reached = try await fixture.listsReading(
                    "BEGIN; \(commit.statement); COMMIT", lists: lists, expected: commit.lists,
                    others: [sealedList], "commit \(index)")
                #expect(reached == commit.lists, "commit \(index): \(commit.statement)")
            }
            let expected = try await Self.matches(of: searches, on: fixture)
            for (word, list) in lists.enumerated() {
                #expect(
                    list.snapshot.itemIdentifiers == expected[Int64(word), default: []], "search w\(word)")
                #expect(list.statistics.wholeReads == 1)
            }
            #expect(sealedList.snapshot == lists[5].snapshot)
            // Every list stopped, the feed with them: no read is left under way when the tests end.
            for list in lists + [sealedList] { list.stop() }
            await eventually { ChangeFeed.feed(for: fixture.store).phase == .stopped }
        }

        /// Windowed searches (the first 3 matches) are evaluated together too: each commit is read
        /// by the windows that held one of its rows or whose search finds one after it, and by no
        /// other. A window further down than its margin (rows before it not held) also depends on
        /// rows it does not hold, which an evaluation after the commit cannot see: it reads every
        /// commit to its table, and stays exact.
        @Test func windowedSearchesReadOnlyTheCommitsTheyConcern() async throws {
            let searches = 40
            let fixture = try await Self.messages(
                (1...400).map { ($0, [$0 % searches, ($0 * 7) % searches]) })
            let lists = try await Self.searches(searches, on: fixture) { word in
                var request = Self.search(word)
                request.fetchLimit = 3
                return request
            }
            var offsetRequest = Self.search(5)
            offsetRequest.fetchLimit = 3
            offsetRequest.fetchOffset = 10
            let offsetList = FetchedResultsController(store: fixture.store, request: offsetRequest)
            try await offsetList.performFetch()
            #expect(lists[5].snapshot.itemIdentifiers == [5, 35, 45])
            let commits: [(statement: String, lists: Set<Int>)] = [
                // Found by w5 and w27 beyond their windows.
                ("INSERT INTO message VALUES (9001, '\(Self.body([5, 27]))')", [5, 27]),
                ("INSERT INTO message VALUES (0, '\(Self.body([5]))')", [5]),
                // Row 5 (w5, w35) leaves both windows; the next match comes in.
                ("DELETE FROM message WHERE id = 5", [5, 35]),
                // Row 7 (w7, w9) moves to w12.
                ("UPDATE message SET body = '\(Self.body([12]))' WHERE id = 7", [7, 9, 12]),
                ("INSERT INTO message VALUES (9002, ' nothing here ')", []),
            ]
            for (index, commit) in commits.enumerated() {
                let reached = try await fixture.listsReading(
                    commit.statement, lists: lists, expected: commit.lists, others: [offsetList],
                    "commit \(index)")
                #expect(reached == commit.lists, "commit \(index): \(commit.statement)")
            }
            let expected = try await Self.matches(of: searches, limit: 3, on: fixture)
            for (word, list) in lists.enumerated() {
                #expect(
                    list.snapshot.itemIdentifiers == expected[Int64(word), default: []], "search w\(word)")
            }
            #expect(
                offsetList.snapshot.itemIdentifiers
                    == (try await fixture.ids(
                        "SELECT id FROM message WHERE body LIKE '% w5 %' ORDER BY id LIMIT 3 OFFSET 10")))
            for list in lists + [offsetList] { list.stop() }
            await eventually { ChangeFeed.feed(for: fixture.store).phase == .stopped }
        }

        /// A search that keeps its first matches by key (`filterLimit`, Recipes' first 1,000 of a
        /// search): a commit it neither finds nor shows reads nothing; one it finds reads every row
        /// again, and a match that enters pushes the last one out, one that leaves lets the next in.
        @Test func aSearchThatKeepsItsFirstMatchesReadsOnlyCommitsItFinds() async throws {
            let fixture = try await Self.messages((1...40).map { ($0 * 10, [$0 % 4]) })
            var request = Self.search(1)
            request.filterLimit = 3
            let list = FetchedResultsController(store: fixture.store, request: request)
            try await list.performFetch()
            #expect(list.snapshot.itemIdentifiers == [10, 50, 90])
            #expect(list.followedTables == ["message"], "the limit's own scan is no other table read")
            let steps: [(statement: String, shown: [Int64], reads: Bool)] = [
                ("INSERT INTO message VALUES (5, '\(Self.body([2]))')", [10, 50, 90], false),
                ("INSERT INTO message VALUES (6, '\(Self.body([1]))')", [6, 10, 50], true),
                ("INSERT INTO message VALUES (1000, '\(Self.body([1]))')", [6, 10, 50], true),
                ("DELETE FROM message WHERE id = 10", [6, 50, 90], true),
                ("UPDATE message SET body = '\(Self.body([3]))' WHERE id = 20", [6, 50, 90], false),
            ]
            let feed = ChangeFeed.feed(for: fixture.store)
            for (index, step) in steps.enumerated() {
                let before = list.statistics.wholeReads
                try await fixture.psql(step.statement)
                // A read that began after the commit has ended: another began since, or the feed
                // is idle again. (Other tests' commits on the server make the feed read often, so
                // it may not be idle for long.)
                let reads = feed.readCount
                feed.wake()
                await eventually("step \(index)") {
                    feed.readCount > reads + 1 || (feed.readCount > reads && feed.phase == .idle)
                }
                #expect(list.snapshot.itemIdentifiers == step.shown, "step \(index): \(step.statement)")
                #expect(
                    (list.statistics.wholeReads > before) == step.reads, "step \(index): \(step.statement)")
            }
            list.stop()
            await eventually { feed.phase == .stopped }
        }

        /// A condition's placeholders, numbered from another statement's next one; its values bound
        /// in order after that statement's; the text of a condition without values left alone.
        @Test func aConditionsPlaceholdersFollowTheValuesBeforeIt() {
            let condition: PostgresCondition = "a = \(1) AND (b = \("x") OR c IS \(Int?.none))"
            #expect(condition.sql == "a = $1 AND (b = $2 OR c IS $3)")
            var binds = PostgresBindings()
            binds.append(Int64(9))
            let sql = condition.sql(placeholdersFrom: 2, appendingValuesTo: &binds)
            #expect(sql == "a = $2 AND (b = $3 OR c IS $4)")
            #expect(binds.count == 4)
            #expect(condition.query.binds.count == 3)
            let literal: PostgresCondition = "body LIKE '%$1%'"
            #expect(literal.sql(placeholdersFrom: 7, appendingValuesTo: &binds) == "body LIKE '%$1%'")
            #expect(!PostgresCondition(PostgresQuery(unsafeSQL: "TRUE")).isOpen)
            #expect(condition == "a = \(1) AND (b = \("x") OR c IS \(Int?.none))")
            #expect(condition != "a = \(2) AND (b = \("x") OR c IS \(Int?.none))")
        }
    }
#endif
