import Foundation

#if canImport(Testing)
    import Testing
#endif

/// A collection view with no screen that applies every batch update under UIKit's rules and
/// fails, with a precise message, on any inconsistency: the view to drive a diffable data source
/// with in tests, on Linux CI or anywhere else.
///
/// Like `UICollectionView`, it pulls counts and cells from its data source and re-counts after
/// every batch update. Beyond UIKit, it also checks identity: every cell that survives an update
/// must show, at its new index path, the item the data source now has there. It records every
/// operation and every cell configuration (a new cell, or an existing one reconfigured in place),
/// exposes what is on screen, and simulates what a person does: select, tap a disclosure, drag.
///
/// ```swift
/// let view = ValidatingCollectionView()
/// let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
///     view, indexPath, item in
///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// dataSource.apply(snapshot)
/// #expect(view.itemIdentifiers(as: Int.self) == [[1, 2, 3]])
/// ```
@MainActor
public final class ValidatingCollectionView: ReusingCollectionView {
    /// A cell with no drawing: it remembers what it was configured with.
    public final class Cell: ReusableView {
        /// A number unique to this cell object, to tell cells apart in assertions.
        public let serial: Int
        /// Free-form content a registration handler sets, such as a title.
        public var text: String?
        /// Secondary content a registration handler may set.
        public var secondaryText: String?
        /// How many times a handler configured this cell since it was created.
        public var configurationCount = 0
        /// How many times the cell was prepared for reuse.
        public private(set) var reuseCount = 0
        /// The pool the cell returns to when it leaves the screen.
        var reuseKey: ObjectIdentifier?

        private static var nextSerial = 0

        /// Creates a cell.
        public init() {
            Self.nextSerial += 1
            serial = Self.nextSerial
        }

        /// Clears the content, as a reused cell should be.
        public func prepareForReuse() {
            reuseCount += 1
            text = nil
            secondaryText = nil
        }
    }

    /// Supplementary views are cells too.
    public typealias SupplementaryView = Cell

    /// When the completion of an animated batch update runs.
    public enum AnimationMode: Sendable {
        /// At once, before `performBatchUpdates` returns.
        case immediate
        /// On a later turn of the main actor, as a real animation would.
        case deferred
        /// When the test calls ``finishAnimations()``.
        case manual
    }

    /// Something the view was told to do.
    public enum Operation: Hashable, Sendable {
        /// `reloadData()`.
        case reloadData
        /// `performBatchUpdates` with this update.
        case batchUpdate(BatchUpdate, animated: Bool)
    }

    /// How a cell came to show an item.
    public enum ConfigurationKind: Hashable, Sendable {
        /// A cell the data source returned for an item newly shown (insert, reload, reloadData).
        case new
        /// An existing cell handed back to the cell provider in place (reconfigure).
        case reconfigured
    }

    /// One cell configuration: where, how, and for which item.
    public struct CellConfiguration: Hashable, Sendable {
        /// The index path the cell was configured for.
        public var indexPath: IndexPath
        /// Whether the cell was new or reconfigured in place.
        public var kind: ConfigurationKind
        /// The serial number of the cell object.
        public var cellSerial: Int
    }

    /// The object the view pulls from.
    public weak var dataSource: (any CollectionViewDataSource)?
    /// When animated completions run; `.immediate` by default.
    public var animationMode: AnimationMode
    /// Called with a message for every inconsistency. By default it records a Swift Testing issue
    /// (or traps outside a test); every message is also kept in ``violations``.
    public var failureHandler: @MainActor (String) -> Void

    /// Everything the view was told to do, in order.
    public private(set) var operations: [Operation] = []
    /// Every cell configuration, in order.
    public private(set) var cellConfigurations: [CellConfiguration] = []
    /// Every inconsistency found.
    public private(set) var violations: [String] = []
    /// The index paths the person using the view has selected.
    public internal(set) var selectedIndexPaths: Set<IndexPath> = []
    /// Called when an item is selected with ``selectItem(at:)``: the delegate's
    /// `collectionView(_:didSelectItemAt:)`.
    public var didSelectItemAt: (@MainActor (IndexPath) -> Void)?

    struct Slot {
        var cell: Cell
        var identity: AnyHashable?
    }

    var sections: [[Slot]] = []
    private var pool: [ObjectIdentifier: [Cell]] = [:]
    private var reconfiguring: (indexPath: IndexPath, cell: Cell)?
    private var pendingCompletions: [@MainActor (Bool) -> Void] = []

    /// Creates a view with no data source.
    public init(
        animationMode: AnimationMode = .immediate, failureHandler: (@MainActor (String) -> Void)? = nil
    ) {
        self.animationMode = animationMode
        self.failureHandler = failureHandler ?? Self.reportFailure
    }

    static func reportFailure(_ message: String) {
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(Comment(rawValue: message))
                return
            }
        #endif
        fatalError("ValidatingCollectionView: \(message)")
    }

    func fail(_ message: String) {
        violations.append(message)
        failureHandler(message)
    }

    // MARK: What is on screen

    /// The number of sections on screen.
    public var numberOfSections: Int { sections.count }

    /// The number of items on screen in a section.
    public func numberOfItems(inSection section: Int) -> Int { sections[section].count }

    /// The cell on screen at an index path.
    public func cell(at indexPath: IndexPath) -> Cell? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
            sections[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section][indexPath.item].cell
    }

    /// The cells on screen, by section.
    public var visibleCells: [[Cell]] { sections.map { $0.map(\.cell) } }

    /// The identifiers of the items on screen, by section, as the cells were configured for them.
    public func itemIdentifiers<Item: Hashable>(as type: Item.Type = Item.self) -> [[Item]] {
        sections.map { $0.compactMap { $0.identity?.base as? Item } }
    }

    /// The text of the cells on screen, by section.
    public var visibleTexts: [[String?]] { sections.map { $0.map(\.cell.text) } }

    /// Asks the data source for a supplementary view, as a layout would.
    public func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> Cell? {
        dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath) as? Cell
    }

    /// Forgets the recorded operations and configurations (what is on screen stays).
    public func clearRecords() {
        operations.removeAll()
        cellConfigurations.removeAll()
    }

    // MARK: DiffableCollectionView

    /// Asks the data source for everything again; every cell on screen is new.
    public func reloadData() {
        operations.append(.reloadData)
        for section in sections { for slot in section { recycle(slot.cell) } }
        sections = []
        guard let dataSource else { return }
        let sectionCount = dataSource.numberOfSections(in: self)
        for section in 0..<sectionCount {
            let count = dataSource.collectionView(self, numberOfItemsInSection: section)
            sections.append((0..<count).map { newSlot(at: IndexPath(item: $0, section: section)) })
        }
    }

    /// Applies a batch update under UIKit's rules, then checks counts and identities.
    public func performBatchUpdates(
        _ update: BatchUpdate, animatingDifferences: Bool, completion: (@MainActor (Bool) -> Void)?
    ) {
        operations.append(.batchUpdate(update, animated: animatingDifferences))
        guard let dataSource else {
            fail("performBatchUpdates without a data source")
            completion?(false)
            return
        }
        let oldCounts = sections.map(\.count)
        let newCounts = (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
        let plan: _ReplayPlan
        do {
            plan = try _ReplayPlan(update, oldItemCounts: oldCounts, newItemCounts: newCounts)
        } catch {
            fail(error.message)
            reloadData()
            completion?(false)
            return
        }
        applyStructure(plan, newCounts: newCounts)
        checkIdentities()
        applySecondPass(update)
        finish(animated: animatingDifferences, completion: completion)
    }

    /// Moves the cells on screen the way `UICollectionView` does. The replay runs on old
    /// positions (plain integers, so a large update costs no reference counting), then each new
    /// position takes the cell from its old position or a new cell from the data source.
    private func applyStructure(_ plan: _ReplayPlan, newCounts: [Int]) {
        var start = 0
        let old = _SectionedItems(
            sections: sections.map { section in
                defer { start += section.count }
                return Array(start..<(start + section.count))
            })
        let oldSlots = sections.flatMap { $0 }
        let placeholders = _SectionedItems(sections: newCounts.map { [Int](repeating: -1, count: $0) })
        var sources: [[Int]] = []
        var kept = [Bool](repeating: false, count: oldSlots.count)
        for (position, source) in plan.newSections.enumerated() {
            switch source {
            case .inserted, .reloaded:
                sources.append(Array(placeholders[position]))
            case .surviving(let oldSection):
                let items = plan.replayItems(
                    of: oldSection, into: position, count: newCounts[position], old: old, new: placeholders)
                for flat in items where flat >= 0 { kept[flat] = true }
                sources.append(items)
            }
        }
        for (flat, slot) in oldSlots.enumerated() where !kept[flat] { recycle(slot.cell) }
        // New cells for the inserted positions (the data source has committed the new state).
        sections = sources.enumerated().map { section, items in
            items.enumerated().map { item, flat in
                flat >= 0 ? oldSlots[flat] : newSlot(at: IndexPath(item: item, section: section))
            }
        }
    }

    /// Every cell that survived must show the item the data source now has at its index path.
    func checkIdentities() {
        guard let dataSource else { return }
        for (section, slots) in sections.enumerated() {
            for (item, slot) in slots.enumerated() {
                let path = IndexPath(item: item, section: section)
                let expected = dataSource.collectionView(self, identifierOfItemAt: path)
                if slot.identity != expected {
                    fail(
                        "after the update, item \(item) of section \(section) shows \(describe(slot.identity)), but the data source has \(describe(expected)) there"
                    )
                    return
                }
            }
        }
    }

    private func applySecondPass(_ update: BatchUpdate) {
        for path in update.reloadedItems {
            guard let slot = slot(at: path) else { continue }
            // The new cell is dequeued while the old one is still on screen, as in UIKit, so a
            // reload always shows a different cell object.
            sections[path.section][path.item] = newSlot(at: path)
            recycle(slot.cell)
        }
        guard let dataSource else { return }
        for path in update.reconfiguredItems {
            guard let slot = slot(at: path) else { continue }
            reconfiguring = (path, slot.cell)
            let returned = dataSource.collectionView(self, cellForItemAt: path)
            reconfiguring = nil
            guard let cell = returned as? Cell, cell === slot.cell else {
                fail(
                    "reconfiguring item \(path.item) of section \(path.section): the cell provider returned a different cell; it must dequeue with the same registration, which hands back the existing cell"
                )
                continue
            }
            cell.configurationCount += 1
            cellConfigurations.append(.init(indexPath: path, kind: .reconfigured, cellSerial: cell.serial))
        }
    }

    private func finish(animated: Bool, completion: (@MainActor (Bool) -> Void)?) {
        guard animated, animationMode != .immediate else {
            completion?(true)
            return
        }
        if let completion { pendingCompletions.append(completion) }
        if animationMode == .deferred {
            Task { @MainActor in self.finishAnimations() }
        }
    }

    /// Ends every running animation, calling the completions in order.
    public func finishAnimations() {
        let completions = pendingCompletions
        pendingCompletions.removeAll()
        for completion in completions { completion(true) }
    }

    /// Whether an animation is running (its completion has not been called yet).
    public var hasRunningAnimations: Bool { !pendingCompletions.isEmpty }

    // MARK: Reuse

    /// A pooled cell, or the cell being reconfigured at `indexPath`.
    public func dequeueReusableView<View: ReusableView>(
        ofType type: View.Type, reuseKey: ObjectIdentifier, elementKind: String?, for indexPath: IndexPath
    ) -> View {
        if let reconfiguring, reconfiguring.indexPath == indexPath, let cell = reconfiguring.cell as? View {
            return cell
        }
        if let cell = pool[reuseKey]?.popLast() as? View {
            cell.prepareForReuse()
            return cell
        }
        let view = View()
        (view as? Cell)?.reuseKey = reuseKey
        return view
    }

    private func recycle(_ cell: Cell) {
        guard let key = cell.reuseKey else { return }
        pool[key, default: []].append(cell)
    }

    private func newSlot(at path: IndexPath) -> Slot {
        guard let dataSource else { fatalError("no data source") }
        let object = dataSource.collectionView(self, cellForItemAt: path)
        guard let cell = object as? Cell else {
            fatalError(
                "ValidatingCollectionView: the cell provider returned \(type(of: object)), not ValidatingCollectionView.Cell"
            )
        }
        cell.configurationCount += 1
        cellConfigurations.append(.init(indexPath: path, kind: .new, cellSerial: cell.serial))
        return Slot(cell: cell, identity: dataSource.collectionView(self, identifierOfItemAt: path))
    }

    func slot(at path: IndexPath) -> Slot? {
        guard path.count == 2, sections.indices.contains(path.section),
            sections[path.section].indices.contains(path.item)
        else {
            fail("index path \(path) is not on screen")
            return nil
        }
        return sections[path.section][path.item]
    }

    private func describe(_ identity: AnyHashable?) -> String {
        guard let identity else { return "nothing" }
        return _quote(identity.base)
    }
}

extension _SectionedItems {
    /// Items given section by section.
    init(sections: [[Item]]) {
        var starts = [0]
        for section in sections { starts.append(starts[starts.count - 1] + section.count) }
        self.items = sections.flatMap { $0 }
        self.starts = starts
    }
}
