import Diffable
import Testing

@testable import DiffableWeb

/// The page, as a model: what `patch.js` does to the DOM, done to arrays of keys, counting the
/// DOM operations the same way. A patch the page could not apply exactly (an element out of
/// place, a key it does not have) is a failure.
struct PageModel {
    /// The sections' keys in order, and each section's item keys in order.
    var sections: [(key: Int, items: [Int])] = []
    /// The text of every item element, by key.
    var texts: [Int: String] = [:]
    var selected: [Int] = []
    var counted = 0
    var fixups = 0

    mutating func apply(_ patch: WebPatch) {
        if patch.isReset {
            sections = (patch.sections ?? []).map { ($0.key, $0.keys) }
            texts = [:]
            for (key, content) in patch.cells { texts[key] = content.text }
            selected = patch.selected
            return
        }
        var operations = 0
        let deletedSections = Set(patch.deletedSections)
        operations += sections.filter { deletedSections.contains($0.key) }.count
        sections.removeAll { deletedSections.contains($0.key) }
        for key in patch.deletedItems where remove(key) { operations += 1 }
        for key in patch.evictedItems { _ = remove(key) }
        for pair in patch.reloadedItems {
            guard let (s, i) = locate(pair.old) else { continue }
            sections[s].items[i] = pair.new
            texts[pair.old] = nil
            texts[pair.new] = patch.cells[pair.new]?.text
            operations += 1
        }
        if let described = patch.sections {
            operations += arrange(described, by: patch)
        } else {
            // A patch that leaves the sections out moves and reloads nothing.
            #expect(patch.operationCount == patch.reconfiguredItems.count && patch.evictedItems.isEmpty)
        }
        for key in patch.reconfiguredItems {
            texts[key] = patch.cells[key]?.text
            operations += 1
        }
        selected = patch.selected
        counted += operations
        #expect(
            operations == patch.operationCount,
            "the page performed \(operations), the patch counts \(patch.operationCount)")
        #expect(fixups == 0, "elements out of place")
    }

    /// Arranges the sections and their items as a patch describes them; returns the operations
    /// this took.
    private mutating func arrange(_ described: [WebPatch.Section], by patch: WebPatch) -> Int {
        var operations = 0
        var built: Set<Int> = []
        for pair in patch.reloadedSections {
            guard let index = sections.firstIndex(where: { $0.key == pair.old }) else { continue }
            let section = described.first { $0.key == pair.new }!
            sections[index] = (pair.new, section.keys)
            for key in section.keys { texts[key] = patch.cells[key]?.text }
            built.insert(pair.new)
            operations += 1
        }
        // Sections: in the final order; new ones are built with their items.
        let movedSections = Set(patch.movedSections)
        let insertedSections = Set(patch.insertedSections)
        var arrangedSections: [(key: Int, items: [Int])] = []
        let stable = sections.filter { !movedSections.contains($0.key) }.map(\.key)
        var cursor = 0
        for section in described {
            if let existing = sections.first(where: { $0.key == section.key }) {
                if movedSections.contains(section.key) {
                    operations += 1
                } else {
                    if cursor < stable.count && stable[cursor] == section.key {
                        cursor += 1
                    } else {
                        fixups += 1
                    }
                }
                arrangedSections.append(existing)
            } else {
                if insertedSections.contains(section.key) { operations += 1 }
                arrangedSections.append((section.key, section.keys))
                for key in section.keys { texts[key] = patch.cells[key]?.text }
                built.insert(section.key)
            }
        }
        sections = arrangedSections
        // Items: stable ones keep their order; moved ones and new ones go where the keys say.
        let moved = Set(patch.movedItems)
        let inserted = Set(patch.insertedItems)
        let allItems = Set(sections.flatMap(\.items))
        for (index, section) in described.enumerated() where !built.contains(section.key) {
            let stableItems = sections[index].items.filter { !moved.contains($0) }
            var position = 0
            for key in section.keys {
                if !allItems.contains(key) {
                    if inserted.contains(key) { operations += 1 }
                    texts[key] = patch.cells[key]?.text
                } else if moved.contains(key) {
                    operations += 1
                } else if position < stableItems.count && stableItems[position] == key {
                    position += 1
                } else {
                    fixups += 1
                }
            }
            if position != stableItems.count { fixups += 1 }
            sections[index].items = section.keys
        }
        return operations
    }

    private mutating func remove(_ key: Int) -> Bool {
        guard let (s, i) = locate(key) else { return false }
        sections[s].items.remove(at: i)
        texts[key] = nil
        return true
    }

    private func locate(_ key: Int) -> (Int, Int)? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: key) { return (s, i) }
        }
        return nil
    }

    /// The rows' texts, section by section.
    var rows: [[String]] { sections.map { $0.items.map { texts[$0] ?? "?" } } }
}

/// A page connected to a view: a data source of numbered items, and the model of the page the
/// view's messages build.
@MainActor
final class PageFixture {
    let view: WebCollectionView
    let dataSource: CollectionViewDiffableDataSource<Int, Int>
    var page = PageModel()
    var patches: [WebPatch] = []

    /// A fixture on a new view with `layout`, or on `view` (a page's).
    init(
        view existing: WebCollectionView? = nil,
        layout: WebLayout = .list(using: CollectionLayoutListConfiguration(appearance: .plain)),
        viewport: WebViewport = WebViewport(top: 0, height: 100_000, width: 800),
        configure: @escaping @MainActor (WebListCell, Int) -> Void = { cell, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Item \(item)"
            cell.contentConfiguration = content
        }
    ) {
        view = existing ?? WebCollectionView(layout: layout)
        let registration = WebCollectionView.CellRegistration<WebListCell, Int> { cell, _, item in
            configure(cell, item)
        }
        dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
            view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        view.setViewport(viewport)
        view.outbound = { [unowned self] patch in
            patches.append(patch)
            page.apply(patch)
        }
    }

    /// The expected rows of a snapshot: "Item n" for every item, section by section.
    static func rows(of snapshot: DiffableDataSourceSnapshot<Int, Int>) -> [[String]] {
        snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0).map { "Item \($0)" } }
    }
}
