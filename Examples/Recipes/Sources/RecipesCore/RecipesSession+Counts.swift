import Diffable
import DiffableStore
import RecipeStore

/// The sidebar's counts and collections, kept up to date.
extension RecipesSession {
    /// Shows the library's counts: a collection that appeared or went is inserted or deleted in
    /// the outline (animated); a row whose count changed is reconfigured, alone.
    func refreshCounts() {
        let old = counts
        counts = library.counts
        guard counts != old || !sidebarDataSource.snapshot().contains(section: .collections) else { return }
        let names = counts.collections.map(\.name)
        if names != old.collections.map(\.name)
            || !sidebarDataSource.snapshot().contains(section: .collections)
        {
            let outline = sidebarDataSource.snapshot(for: .collections)
            if let header = outline.items.first { collectionsExpanded = outline.isExpanded(header) }
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

    /// The database changed: the counts are the library's new ones, and the detail is read
    /// again when its recipe's row may have changed.
    func databaseChanged(_ batch: ChangeBatch) {
        refreshCounts()
        if let selectedID, batch.mayHaveChanged("recipe", rowID: selectedID) { refreshSelectedRecipe() }
    }
}
