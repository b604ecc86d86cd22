import DiffableCells
import Foundation

#if canImport(Testing)
    import Testing
#endif

/// A list view with no screen that applies every batch update under UIKit's rules and fails, with
/// a precise message, on any inconsistency: what ``ValidatingCollectionView`` and
/// ``ValidatingTableView`` share. Use one of them.
///
/// Like `UICollectionView` and `UITableView`, it pulls counts and cells from its data source and
/// re-counts after every batch update. Beyond UIKit, it also checks identity: every cell that
/// survives an update must show, at its new index path, the item the data source now has there.
/// It records every operation and every cell configuration (a new cell, or an existing one
/// reconfigured in place) and exposes what is on screen.
@MainActor
public class ValidatingView: ReusingView {
    /// Something the view was told to do, for either kind of view.
    enum Recorded: Hashable {
        case reloadData
        case batchUpdate(BatchUpdate, animated: Bool, rowAnimation: TableView.RowAnimation?)
    }

    /// When animated completions run; `.immediate` by default.
    public var animationMode: AnimationMode
    /// Called with a message for every inconsistency. By default it records a Swift Testing issue
    /// (or traps outside a test); every message is also kept in ``violations``.
    public var failureHandler: @MainActor (String) -> Void

    /// Every cell configuration, in order.
    public private(set) var cellConfigurations: [CellConfiguration] = []
    /// Every inconsistency found.
    public private(set) var violations: [String] = []
    /// Whether items can be selected, by the person or in code; setting `false` deselects every
    /// item (without telling the delegate).
    public var allowsSelection = true {
        didSet { if allowsSelection { updateCellConfigurations() } else { deselectAll() } }
    }
    /// Whether several items can be selected at once; `false` by default.
    public var allowsMultipleSelection = false

    /// Everything the view was told to do, in order.
    var recorded: [Recorded] = []

    struct Slot {
        var cell: Cell
        var identity: AnyHashable?
        var isSelected = false
        /// Whether the delegate was told the cell is shown (and not yet that it stopped).
        var isDisplayed = false
    }

    var sections: [[Slot]] = []
    /// The index paths a simulated scroll shows (``scroll(showing:)``), kept as positions
    /// through updates as a scroll position is; `nil`, every cell is shown.
    var displayWindow: Set<IndexPath>?
    /// The headers and footers displayed, by place.
    var supplementaries: [SupplementaryPlace: Cell] = [:]
    /// What was prefetched, and the direction of the scrolling simulated.
    var prefetchPlan = PrefetchPlan()
    /// The cells off screen, by registration, and the cell being reconfigured.
    private var reuse = ReusePool<Cell>()
    private var pendingCompletions: [@MainActor (Bool) -> Void] = []

    /// Creates a view with no data source.
    ///
    /// - Parameters:
    ///   - animationMode: When animated completions run.
    ///   - failureHandler: Called with each inconsistency; by default a Swift Testing issue (or a
    ///     trap outside a test).
    public init(
        animationMode: AnimationMode = .immediate, failureHandler: (@MainActor (String) -> Void)? = nil
    ) {
        self.animationMode = animationMode
        self.failureHandler = failureHandler ?? { _ in }
        if failureHandler == nil {
            let name = "\(type(of: self))"
            self.failureHandler = { Self.reportFailure($0, view: name) }
        }
    }

    static func reportFailure(_ message: String, view: String) {
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(Comment(rawValue: message))
                return
            }
        #endif
        fatalError("\(view): \(message)")
    }

    func fail(_ message: String) {
        violations.append(message)
        failureHandler(message)
    }

    // MARK: What the subclass pulls from its data source

    /// The number of sections the data source has, or `nil` without a data source.
    func pullSectionCount() -> Int? { nil }
    /// The number of items the data source has in a section.
    func pullItemCount(inSection section: Int) -> Int { 0 }
    /// The cell the data source returns for an index path.
    func pullCell(at indexPath: IndexPath) -> AnyObject { fatalError("no data source") }
    /// The identifier the data source has at an index path.
    func pullIdentifier(at indexPath: IndexPath) -> AnyHashable? { nil }
    /// Tells the prefetching data source what to prefetch and cancel.
    func tellPrefetching(_ step: (prefetch: [IndexPath], cancel: [IndexPath])) {}
    /// Tells the delegate that a cell is about to be shown.
    func willDisplay(_ cell: Cell, at indexPath: IndexPath) {}
    /// Tells the delegate that a cell stopped being shown.
    func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath) {}
    /// Adds to a cell's state what the view knows beyond its selection (editing, outline place).
    func decorate(_ state: inout CellConfigurationState, at indexPath: IndexPath) {}
    /// The header or footer the section shows, made for display; `nil` when it shows none.
    func pullSupplementary(isHeader: Bool, section: Int) -> Cell? { nil }
    /// Tells the delegate that a header or footer is about to be shown.
    func willDisplaySupplementary(_ view: Cell, isHeader: Bool, section: Int) {}
    /// Tells the delegate that a header or footer stopped being shown.
    func didEndDisplayingSupplementary(_ view: Cell, isHeader: Bool, section: Int) {}

    /// The item counts the data source has now, by section.
    func pullCounts() -> [Int] {
        (0..<(pullSectionCount() ?? 0)).map { pullItemCount(inSection: $0) }
    }

    // MARK: What is on screen

    /// The number of sections on screen.
    public var numberOfSections: Int { sections.count }

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

    /// Forgets the recorded operations and configurations (what is on screen stays).
    public func clearRecords() {
        recorded.removeAll()
        cellConfigurations.removeAll()
    }

    // MARK: Updates

    /// Asks the data source for everything again; every cell on screen is new.
    func applyReload() {
        recorded.append(.reloadData)
        prefetchPlan.reset()
        endSupplementaries { _ in nil }
        for (section, slots) in sections.enumerated() {
            for (item, slot) in slots.enumerated() {
                remove(slot, from: IndexPath(item: item, section: section))
            }
        }
        sections = []
        guard let sectionCount = pullSectionCount() else { return }
        for section in 0..<sectionCount {
            let count = pullItemCount(inSection: section)
            sections.append((0..<count).map { newSlot(at: IndexPath(item: $0, section: section)) })
        }
        updateDisplay()
    }

    /// Applies a batch update under UIKit's rules, then checks counts and identities.
    func applyBatch(
        _ update: BatchUpdate, animated: Bool, rowAnimation: TableView.RowAnimation?,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        recorded.append(.batchUpdate(update, animated: animated, rowAnimation: rowAnimation))
        prefetchPlan.reset()  // its index paths name the old items
        guard pullSectionCount() != nil else {
            fail("performBatchUpdates without a data source")
            completion?(false)
            return
        }
        let oldCounts = sections.map(\.count)
        let newCounts = pullCounts()
        let plan: _ReplayPlan
        do {
            plan = try _ReplayPlan(update, oldItemCounts: oldCounts, newItemCounts: newCounts)
        } catch {
            fail(error.message)
            applyReload()
            completion?(false)
            return
        }
        applyStructure(plan, newCounts: newCounts)
        checkIdentities(except: Set(update.reloadedItems))
        applySecondPass(update)
        updateDisplay()
        finish(animated: animated, completion: completion)
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
        let oldPaths = sections.enumerated().flatMap { section, slots in
            slots.indices.map { IndexPath(item: $0, section: section) }
        }
        let placeholders = _SectionedItems(sections: newCounts.map { [Int](repeating: -1, count: $0) })
        var sources: [[Int]] = []
        var kept = [Bool](repeating: false, count: oldSlots.count)
        var newSectionOfOld: [Int: Int] = [:]
        for (position, source) in plan.newSections.enumerated() {
            if case .surviving(let oldSection) = source { newSectionOfOld[oldSection] = position }
        }
        endSupplementaries { newSectionOfOld[$0] }
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
        for (flat, slot) in oldSlots.enumerated() where !kept[flat] {
            remove(slot, from: oldPaths[flat])
        }
        // New cells for the inserted positions (the data source has committed the new state).
        sections = sources.enumerated().map { section, items in
            items.enumerated().map { item, flat in
                flat < 0 ? newSlot(at: IndexPath(item: item, section: section)) : oldSlots[flat]
            }
        }
    }

    /// Every cell that survived must show the item the data source now has at its index path —
    /// but those about to be reloaded: a reload makes the cell again from the data source, which
    /// may have another item there (a data source by position, such as a window's, reloads a
    /// placeholder whose row has arrived; a diffable data source reloads only the same item).
    func checkIdentities(except reloaded: Set<IndexPath> = []) {
        guard pullSectionCount() != nil else { return }
        for (section, slots) in sections.enumerated() {
            for (item, slot) in slots.enumerated()
            where !reloaded.contains(IndexPath(item: item, section: section)) {
                let expected = pullIdentifier(at: IndexPath(item: item, section: section))
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
            // reload always shows a different cell object. The item stays selected.
            var new = newSlot(at: path)
            new.isSelected = slot.isSelected
            if slot.isDisplayed {
                new.isDisplayed = true
                willDisplay(new.cell, at: path)
            }
            sections[path.section][path.item] = new
            remove(slot, from: path)
        }
        for path in update.reconfiguredItems {
            guard let slot = slot(at: path) else { continue }
            reuse.reconfiguring = (path, slot.cell)
            let returned = pullCell(at: path)
            reuse.reconfiguring = nil
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

    // MARK: A move the person makes

    /// Moves the cell at `source` to `destination` on screen, as a drop does, first checking that
    /// both are on screen; `false` (with a failure) when they are not.
    func moveSlot(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard let moving = slot(at: source) else { return false }
        var layout = sections
        layout[source.section].remove(at: source.item)
        guard layout.indices.contains(destination.section), destination.item >= 0,
            destination.item <= layout[destination.section].count
        else {
            fail("cannot drop at \(destination): it is outside the sections on screen")
            return false
        }
        layout[destination.section].insert(moving, at: destination.item)
        sections = layout
        return true
    }

    /// After a drop: the data source must report the counts and items the view shows.
    func checkAfterMove(from source: IndexPath, to destination: IndexPath) {
        let counts = pullCounts()
        if counts != sections.map(\.count) {
            fail(
                "after moving \(source) to \(destination), the data source reports counts \(counts) but the view shows \(sections.map(\.count))"
            )
        }
        checkIdentities()
        updateDisplay()
    }

    // MARK: Reuse

    /// A pooled cell, or the cell being reconfigured at `indexPath`.
    public func dequeueReusableView<View: ReusableView>(
        ofType type: View.Type, reuseKey: ObjectIdentifier, elementKind: String?, for indexPath: IndexPath
    ) -> View {
        reuse.dequeue(ofType: type, reuseKey: reuseKey, for: indexPath)
    }

    /// Takes a cell off the screen, back to its pool.
    private func remove(_ slot: Slot, from indexPath: IndexPath) {
        if slot.isDisplayed { didEndDisplaying(slot.cell, at: indexPath) }
        reuse.recycle(slot.cell)
    }

    private func newSlot(at path: IndexPath) -> Slot {
        let object = pullCell(at: path)
        guard let cell = object as? Cell else {
            fatalError(
                "\(type(of: self)): the cell provider returned \(type(of: object)), not ValidatingView.Cell")
        }
        cell.configurationCount += 1
        cellConfigurations.append(.init(indexPath: path, kind: .new, cellSerial: cell.serial))
        return Slot(cell: cell, identity: pullIdentifier(at: path))
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
