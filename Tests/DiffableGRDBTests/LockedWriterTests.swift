#if GRDB
    import Diffable
    import DiffableGRDB
    import DiffableStore
    import DiffableTesting
    import Foundation
    import GRDB
    import StoreTestSupport
    import Testing

    /// A writer that holds SQLite's write lock (another connection inside `BEGIN IMMEDIATE`, as a
    /// long import does) costs the writes that wait for it, never the views: in WAL mode the
    /// feed's reads do not wait for a writer, a view that appears gets its rows at once, and the
    /// commit reaches every view as soon as the lock is let go.
    @MainActor
    @Suite("A writer that holds the lock")
    struct LockedWriterTests {
        @Test func theViewsStayLiveWhileAnotherWriterHoldsTheLock() async throws {
            let store = try await StoreFixture(
                (1...30).map { Recipe(id: $0, collection: "All", title: "R\($0)", minutes: 5) })
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true
            let other = try DatabaseQueue(path: store.file.path, configuration: configuration)
            try await other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "UPDATE recipe SET title = 'Zz' WHERE id = 3")
            }
            // A view that appears now gets its rows before `drive` returns: nothing to wait for.
            let late = DrivenView()
            store.controller.drive(late.dataSource)
            #expect(shownItems(late.view) == shownItems(store.view))
            // The feed keeps polling and reading while the lock is held: no error.
            try await Task.sleep(for: .milliseconds(300))
            #expect(store.errors.all.isEmpty, "\(store.errors.all)")
            try await other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
            try await store.settle()  // the moved row, where a fresh SELECT puts it
            await eventually { shownItems(late.view) == shownItems(store.view) }
            #expect(late.view.violations.isEmpty && store.view.violations.isEmpty)
        }
    }
#endif
