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

        @Test func aMissReadsThePageAroundTheRowAndItsNeighboursHit() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            #expect(cache.record(for: 120)?.title == "Recipe 0120")
            #expect(cache.statistics.misses == 1 && cache.statistics.pagesRead == 1)
            for id in Int64(101)...150 { #expect(cache.record(for: id)?.id == id) }
            #expect(cache.statistics.misses == 1, "the rest of the page is cached")
            #expect(cache.record(for: 5_000) == nil, "not a row shown")
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

        @Test func aRecordIsDroppedWhenItsRowChangesBeforeTheViewHears() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            #expect(cache.record(for: 10)?.minutes == 10)
            try await store.pool.write { try $0.execute(sql: "UPDATE recipe SET minutes = 59 WHERE id = 10") }
            #expect(cache.record(for: 10)?.minutes == 59, "dropped by the commit itself")
            #expect(cache.statistics.invalidated == 1)
            try await store.pool.write {
                try $0.execute(sql: "UPDATE recipe SET minutes = minutes WHERE id = 11")
            }
            #expect(cache.statistics.invalidated == 1, "a row written with the same values keeps its record")
        }

        @Test func asAViewsPrefetchingDataSourceItReadsAheadOfTheCells() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(controller: store.controller, pageSize: 50)
            let view = ValidatingCollectionView()
            cache.collectionView(view, prefetchItemsAt: (300..<320).map { IndexPath(item: $0, section: 0) })
            await eventually { cache.count >= 50 }
            #expect(cache.record(for: 310)?.id == 310)
            #expect(cache.statistics.misses == 0, "read ahead of the cell that asks for it")
            cache.collectionView(view, cancelPrefetchingForItemsAt: [IndexPath(item: 300, section: 0)])
            #expect(cache.record(for: 301) != nil, "a page read stays when its prefetching is cancelled")
        }

        @Test func farPagesAreDropped() async throws {
            let store = try await StoreFixture(Self.recipes)
            let cache = RecordCache<String, Int64, Recipe>(
                controller: store.controller, pageSize: 10, pageLimit: 2)
            _ = cache.record(for: 1)
            _ = cache.record(for: 995)
            await eventually { cache.record(for: 1) != nil && cache.count <= 60 }
            #expect(cache.count <= 60, "a few pages, not the table")
        }
    }
#endif
