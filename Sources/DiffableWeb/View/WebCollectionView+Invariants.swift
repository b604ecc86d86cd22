import Foundation

extension WebCollectionView {
    /// Traps unless the view's state holds together: a key for every section, every element
    /// key used once, elements only for items that exist and lie in the window, headers, footers
    /// and the selection only for sections and items that exist. The property tests call it after
    /// every step.
    ///
    /// - Complexity: O(s + v) for s sections and v items with elements.
    func _checkInvariants() {
        precondition(
            state.sectionKeys.count == counts.count,
            "web view: \(state.sectionKeys.count) section keys for \(counts.count) sections")
        var keys = Set(state.sectionKeys)
        precondition(keys.count == counts.count, "web view: two sections share a key")
        let window = window()
        for (path, item) in state.items {
            precondition(hasItem(at: path), "web view: an element for \(path), which has no item")
            precondition(
                window[path.section]?.contains(path.item) == true,
                "web view: an element for \(path), outside the window")
            precondition(keys.insert(item.key).inserted, "web view: key \(item.key) names two elements")
        }
        for section in Array(state.headers.keys) + Array(state.footers.keys) {
            precondition(
                section >= 0 && section < counts.count, "web view: a header or footer for section \(section)")
        }
        for path in state.selected {
            precondition(hasItem(at: path), "web view: \(path) is selected and has no item")
        }
    }

    /// The key of each item's element, by index path: what the page holds, for tests and the
    /// fuzzer, which see this module but not the shared state's package-level members.
    var elementKeys: [IndexPath: Int] { state.items.mapValues(\.key) }

    /// How far each horizontal strip is scrolled, in pixels, by section.
    var stripOffsets: [Int: Int] { state.stripOffsets }
}
