import Foundation

extension BatchUpdate.PositionMap {
    /// Values a view keeps by index path, after a batch update moved their items.
    public struct Remapped<Value> {
        /// The values of items that survive, by their new index paths.
        public var kept: [IndexPath: Value] = [:]
        /// The values of items that left (deleted, or in a deleted or reloaded section), by their
        /// old index paths.
        public var departed: [IndexPath: Value] = [:]
        /// The old index path of each kept value, by its new index path.
        public var origins: [IndexPath: IndexPath] = [:]
    }

    /// Moves values kept by index path (cells, say) to where the update puts their items.
    ///
    /// ```swift
    /// let remapped = map.remap(cells)
    /// cells = remapped.kept
    /// for cell in remapped.departed.values { recycle(cell) }
    /// ```
    ///
    /// - Complexity: O(c log k) for c values and k operations in their sections.
    public func remap<Value>(_ values: [IndexPath: Value]) -> Remapped<Value> {
        var remapped = Remapped<Value>()
        for (path, value) in values {
            if let target = newIndexPath(forOld: path) {
                remapped.kept[target] = value
                remapped.origins[target] = path
            } else {
                remapped.departed[path] = value
            }
        }
        return remapped
    }

    /// Moves values kept by section (headers, footers, scroll offsets) to their sections' new
    /// indices; those of sections deleted, or listed in `replaced` (reloaded), are returned as
    /// left, by their old sections.
    ///
    /// - Complexity: O(v) for v values.
    public func remapSections<Value>(_ values: [Int: Value], replacing replaced: Set<Int> = []) -> (
        kept: [Int: Value], left: [Int: Value]
    ) {
        var kept: [Int: Value] = [:]
        var left: [Int: Value] = [:]
        for (section, value) in values {
            if !replaced.contains(section), let target = newSection(forOld: section) {
                kept[target] = value
            } else {
                left[section] = value
            }
        }
        return (kept, left)
    }
}
