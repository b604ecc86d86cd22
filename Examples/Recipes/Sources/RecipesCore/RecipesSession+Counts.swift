import Diffable
import DiffableStore
import RecipeStore

/// The sidebar's counts and collections, kept up to date.
extension RecipesSession {
    /// Shows the library's counts: a collection that appeared or went is inserted or deleted in
    /// the outline (animated); a row whose count changed is reconfigured, alone.
    /// Returns whether anything changed (the front end was told).
    @discardableResult
    func refreshCounts() -> Bool {
        let old = counts
        counts = library.counts
        var snapshot = sidebarDataSource.snapshot()
        let hasCollections = snapshot.contains(section: .collections)
        guard counts != old || !hasCollections else { return false }
        let names = counts.collections.map(\.name)
        if !hasCollections || names != old.collections.map(\.name) {
            let outline = sidebarDataSource.snapshot(for: .collections)
            if let header = outline.items.first { collectionsExpanded = outline.isExpanded(header) }
            sidebarDataSource.apply(
                SidebarItem.collectionsSnapshot(names, expanded: collectionsExpanded), to: .collections,
                animatingDifferences: old != RecipeCounts())
            snapshot = sidebarDataSource.snapshot()
        }
        let changed = snapshot.itemIdentifiers.filter { $0.count(in: old) != $0.count(in: counts) }
        if !changed.isEmpty {
            snapshot.reconfigureItems(changed)
            sidebarDataSource.apply(snapshot)
        }
        onChange()
        return true
    }

    /// The database changed: the counts are the library's new ones, and the detail shows its
    /// recipe as the library read it with the change (or reads it, if the library has not).
    func databaseChanged(_ batch: ChangeBatch) {
        // A write still under way has not reached the database yet: its change is to come.
        if pendingWrites == 0 { hasWritten = false }
        guard let selectedID, batch.mayHaveChanged("recipe", rowID: selectedID) else {
            refreshCounts()
            return
        }
        if !takeSelectedRecipe(library.keptRecipe(id: selectedID)) {
            refreshCounts()
            refreshSelectedRecipe()
        } else if !refreshCounts() {
            onChange()
        }
    }
}
