import Diffable
import DiffableGRDB
import GRDB
import RecipeStore

/// The sidebar's counts and collections, kept up to date.
extension RecipesSession {
    /// Reads the counts and shows them: a collection that appeared or went is inserted or deleted
    /// in the outline (animated); a row whose count changed is reconfigured, alone.
    func refreshCounts() {
        let old = counts
        do {
            counts = try database.counts(now: now())
        } catch {
            lastError = "\(error)"
            onChange()
            return
        }
        let names = counts.collections.map(\.name)
        if let header = sidebarDataSource.snapshot(for: .collections).items.first {
            collectionsExpanded = sidebarDataSource.snapshot(for: .collections).isExpanded(header)
        }
        if names != old.collections.map(\.name)
            || !sidebarDataSource.snapshot().contains(section: .collections)
        {
            sidebarDataSource.apply(
                SidebarItem.collectionsSnapshot(names, expanded: collectionsExpanded), to: .collections,
                animatingDifferences: old != RecipeCounts())
        }
        var snapshot = sidebarDataSource.snapshot()
        let changed = snapshot.itemIdentifiers.filter { $0.count(in: old) != $0.count(in: counts) }
        if !changed.isEmpty {
            snapshot.reconfigureItems(changed)
            sidebarDataSource.apply(snapshot)
        }
        onChange()
    }

    /// Follows the counts table with a controller of its own: its commits, and every commit of
    /// another process (which the controller notices through SQLite's `data_version`), refresh
    /// the sidebar and the detail.
    func watchCounts() {
        let request = FetchedResultsRequest<String, Int64>(
            table: "tally", item: Column("id"), section: "".databaseValue,
            content: [Column("recipeCount"), Column("favoriteCount")])
        let watcher = FetchedResultsController(database: database.pool, request: request)
        countsWatcher = watcher
        countsTask = Task { [weak self] in
            do { try await watcher.performFetch() } catch { return }
            for await _ in watcher.snapshots() {
                guard let self else { return }
                self.refreshCounts()
                self.refreshSelectedRecipe()
            }
        }
    }
}
