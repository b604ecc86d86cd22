#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import StoreTestSupport
    import Foundation
    import GRDB
    import Testing

    extension Recipe: Identifiable {}

    @MainActor
    @Suite("RecordCache")
    struct RecordCacheTests {
        /// 1,000 recipes in one collection, titled in id order.
        static let recipes = (1...1_000).map {
            Recipe(
                id: Int64($0), collection: "All", title: String(format: "Recipe %04d", $0), minutes: $0 % 60)
        }

        /// A cell provider never waits: a miss answers `nil` at once (a placeholder), the page
        /// around the row is read in the background, and the cells that asked are reconfigured
        /// when it is in.
        @Test func aMissAnswersAtOnceAndTheCellsThatAskedAreReconfiguredWhenThePageIsIn() async throws {
            let store = try await StoreFixture(Array(Self.recipes.prefix(80)))
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            let view = ValidatingCollectionView()
            let registration = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
                cell.text = cache.record(for: id)?.title ?? "…"
            }
            let dataSource = CollectionViewDiffableDataSource<String, Int64>(collectionView: view) {
                view, indexPath, id in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
            }
            store.controller.drive(dataSource)
            #expect(view.visibleTexts.first?.first == "…", "the first frame, before any record is read")
            await eventually {
                view.visibleTexts.first?.allSatisfy { $0?.hasPrefix("Recipe") == true } == true
            }
            #expect(Array(view.visibleTexts[0].prefix(3)) == ["Recipe 0001", "Recipe 0002", "Recipe 0003"])
            #expect(cache.statistics.pagesRead == 2, "one read per page of cells")
            #expect(view.violations.isEmpty)
        }

        @Test func aMissReadsThePageAroundTheRowAndItsNeighboursHit() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            #expect(cache.record(for: 120) == nil, "not read yet: nothing waits")
            await eventually { cache.record(for: 120)?.title == "Recipe 0120" }
            let misses = cache.statistics.misses
            for id in Int64(101)...150 { #expect(cache.record(for: id)?.id == id) }
            #expect(cache.statistics.misses == misses, "the rest of the page is cached")
            #expect(cache.record(for: 5_000) == nil, "not a row shown")
            #expect(try await cache.load(140)?.title == "Recipe 0140")
            #expect(try await cache.load(5_000) == nil)
        }

        @Test func readingDownThePagesReadsTheNextOneAhead() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            for id in Int64(1)...60 { _ = cache.record(for: id) }
            await eventually { cache.count >= 150 }  // pages 0, 1 and, ahead, 2
            let missesBefore = cache.statistics.misses
            for id in Int64(61)...150 { _ = cache.record(for: id) }
            #expect(cache.statistics.misses == missesBefore, "read ahead of the asks")
        }

        /// The record of a row that changes is read again in the change feed's own read, before
        /// any data source hears of the change: the cell that reconfigures finds it current.
        @Test func aChangedRowsRecordIsReadAgainBeforeTheViewHears() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            #expect(try await cache.load(10)?.minutes == 10)
            try await store.pool.write { try $0.execute(sql: "UPDATE recipe SET minutes = 59 WHERE id = 10") }
            try await store.settle()
            let misses = cache.statistics.misses
            #expect(cache.record(for: 10)?.minutes == 59, "read again with the change")
            #expect(cache.statistics.misses == misses && cache.statistics.reread == 1)
            #expect(cache.statistics.invalidated == 0)
            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET minutes = minutes WHERE id = 11")
            }
            try await store.settle()
            #expect(cache.statistics.invalidated == 0, "a row written with the same values keeps its record")
            try await store.pool.write { try $0.execute(sql: "DELETE FROM recipe WHERE id = 12") }
            try await store.settle()
            #expect(cache.statistics.invalidated == 1, "a row that goes takes its record")
        }

        @Test func asAViewsPrefetchingDataSourceItReadsAheadOfTheCells() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            let view = ValidatingCollectionView()
            cache.collectionView(view, prefetchItemsAt: (300..<320).map { IndexPath(item: $0, section: 0) })
            await eventually { cache.count >= 50 && cache.readsInFlight == 0 }
            #expect(cache.record(for: 310)?.id == 310)
            #expect(cache.statistics.misses == 0, "read ahead of the cell that asks for it")
            cache.collectionView(view, cancelPrefetchingForItemsAt: [IndexPath(item: 300, section: 0)])
            #expect(cache.record(for: 301) != nil, "a page read stays when its prefetching is cancelled")
        }

        /// Past the limit the page asked for least recently goes: views far apart on one list
        /// (pages of a server that share the cache) each keep the page they show.
        @Test func thePageAskedForLeastRecentlyGoesFirst() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(
                controller: store.controller, pageSize: 10, pageLimit: 2)
            for id in [1, 995] as [Int64] {
                _ = cache.record(for: id)
                await eventually { cache.record(for: id) != nil }
            }
            #expect(cache.count == 20, "two pages, and no reads ahead for asks far apart")
            _ = cache.record(for: 2)  // the first view again
            _ = cache.record(for: 500)  // a third view
            await eventually { cache.record(for: 500) != nil }
            #expect(cache.count == 20)
            let misses = cache.statistics.misses
            #expect(cache.record(for: 3) != nil, "asked for lately: kept")
            #expect(cache.statistics.misses == misses)
            #expect(cache.record(for: 996) == nil, "asked for least recently: dropped")
        }
    }
#endif
