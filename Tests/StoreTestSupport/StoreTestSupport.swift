// What the store tests of every backend share: a data source on a validating view, and waiting
// for a condition.
public import Diffable
public import DiffableTesting
import Synchronization
public import Testing

/// A data source and the view it drives.
@MainActor
public struct DrivenView {
    public let view = ValidatingCollectionView()
    public let dataSource: CollectionViewDiffableDataSource<String, Int64>

    public init() {
        let registration = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
            cell.text = "\(id)"
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, indexPath, id in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
        }
    }

    /// The items reconfigured since the view's records were last cleared.
    public func reconfiguredItems() -> Set<Int64> {
        Set(
            view.cellConfigurations.filter { $0.kind == .reconfigured }.compactMap {
                dataSource.itemIdentifier(for: $0.indexPath)
            })
    }
}

/// Collects what a feed reports.
public final class Diagnostics: Sendable {
    public init() {}
    private let messages = Mutex<[String]>([])
    public func append(_ message: String) { messages.withLock { $0.append(message) } }
    public var all: [String] { messages.withLock { $0 } }
}

/// Waits, on the main actor, until `condition` holds; fails the test after `timeout`.
@MainActor
public func eventually(
    timeout: Duration = .seconds(10), _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) async rethrows {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try condition() { return }
        try? await Task.sleep(for: .milliseconds(2))
    }
    Issue.record(comment() ?? "condition not met in time", sourceLocation: sourceLocation)
}

/// Waits, on the main actor, until an asynchronous `condition` holds; fails the test after
/// `timeout`.
@MainActor
public func eventuallyAsync(
    timeout: Duration = .seconds(10), _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async rethrows {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try await condition() { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
    Issue.record(comment() ?? "condition not met in time", sourceLocation: sourceLocation)
}

/// The view's items, by section.
@MainActor
public func shownItems(_ view: ValidatingCollectionView) -> [[Int64]] {
    view.itemIdentifiers(as: Int64.self)
}

/// What a snapshot shows, by section.
public func items(of snapshot: DiffableDataSourceSnapshot<String, Int64>) -> [[Int64]] {
    snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
}

/// The items a view reconfigures for a change: those shown before and after, in sections that
/// exist before and after, whose content changed (`before` and `after` are every row's content by
/// id).
///
/// - Parameters:
///   - shown: The snapshot before the change.
///   - expected: The items after it, by section; `sections` are their sections.
public func reconfiguredItems<Content: Equatable>(
    shown: DiffableDataSourceSnapshot<String, Int64>, expected: [[Int64]], sections: [String],
    before: [Int64: Content], after: [Int64: Content]
) -> Set<Int64> {
    Set(
        expected.joined().filter { id in
            guard before[id] != after[id], let old = shown.sectionIdentifier(containingItem: id) else {
                return false
            }
            let new = sections[expected.firstIndex { $0.contains(id) }!]
            return sections.contains(old) && shown.contains(section: new)
        })
}
