import Diffable

/// The controllers of one feed that equal requests share (DiffableGRDB's
/// `shared(database:request:)`): one per key while anyone holds it, so that a thousand pages
/// showing one list cost one read and one edit per change.
final class _SharedControllers: Sendable {
    /// A controller shared by equal requests: while it loads, and once it has.
    private enum Entry {
        case loading(Task<AnyObject & Sendable, any Error>)
        case ready(Weak)
    }

    private final class Weak: Sendable {
        weak let object: (AnyObject & Sendable)?
        init(_ object: AnyObject & Sendable) { self.object = object }
    }

    private let entries = _Lock<[AnyHashable: Entry]>([:])

    /// The controller for `key`: the one alive or loading, or one made (and fetched) by `make`.
    func controller<Controller: AnyObject & Sendable>(
        for key: some Hashable & Sendable,
        make: @escaping @Sendable () async throws(FetchedResultsError) -> Controller
    ) async throws(FetchedResultsError) -> Controller {
        // An `AnyHashable` is made inside each lock: it is not `Sendable`.
        let task = entries.withLock { entries -> Task<AnyObject & Sendable, any Error> in
            let key = AnyHashable(key)
            switch entries[key] {
            case .ready(let weak)?:
                if let object = weak.object { return Task { object } }
            case .loading(let task)?:
                return task
            case nil:
                break
            }
            entries = entries.filter {
                if case .ready(let weak) = $0.value { return weak.object != nil }
                return true
            }
            let task = Task<AnyObject & Sendable, any Error> { try await make() }
            entries[key] = .loading(task)
            return task
        }
        do {
            let object = try await task.value
            entries.withLock { entries in
                let key = AnyHashable(key)
                if case .loading? = entries[key] { entries[key] = .ready(Weak(object)) }
            }
            return object as! Controller
        } catch {
            entries.withLock { entries in
                let key = AnyHashable(key)
                if case .loading? = entries[key] { entries[key] = nil }
            }
            throw error as? FetchedResultsError ?? .read(error)
        }
    }
}
