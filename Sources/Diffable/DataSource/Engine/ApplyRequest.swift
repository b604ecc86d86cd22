import Foundation

/// One apply on its way to the view: the full state it leads to, computed when the apply was made,
/// and how to show it.
///
/// A class: a request moves from the queue to the engine's phase to its completion, and the engine
/// runs unspecialized, where copying a state (a snapshot's tables, marks and outlines) is a dozen
/// retains and a walk of generic metadata each time.
final class _ApplyRequest<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>
{
    /// How the view is told.
    enum Presentation {
        /// One batch update, animated or not.
        case batchUpdate(animated: Bool)
        /// `reloadData()`: no diff, every cell made anew.
        case reloadData
    }

    /// Numbers requests in the order they were made, so that a view's completion, or a diff that
    /// finishes, is matched with the request it belongs to.
    let number: Int
    /// The state to show. Its snapshot carries the apply's reload and reconfigure marks.
    var target: _DataSourceState<SectionIdentifierType, ItemIdentifierType>
    let presentation: Presentation
    /// The update from a state its maker knew, when it knew one: used as it is when the committed
    /// snapshot is still that state's (see ``DiffableDataSourceSnapshot/_isIdentical(to:)``),
    /// instead of a diff.
    var known:
        (base: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, update: BatchUpdate)? =
            nil
    /// Run in order once the view has shown the target (or a newer target that superseded it).
    var completions: [@MainActor () -> Void]

    init(
        number: Int, target: _DataSourceState<SectionIdentifierType, ItemIdentifierType>,
        presentation: Presentation,
        known: (
            base: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, update: BatchUpdate
        )? =
            nil,
        completions: [@MainActor () -> Void]
    ) {
        self.number = number
        self.target = target
        self.presentation = presentation
        self.known = known
        self.completions = completions
    }
}

/// The requests waiting for the one in flight, in call order.
struct _WaitingRequests<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    typealias Request = _ApplyRequest<SectionIdentifierType, ItemIdentifierType>

    /// The requests, from `head` on; those before `head` have left. Removing from the front of an
    /// array would shift every request behind, once for each.
    private var requests: [Request] = []
    private var head = 0

    var count: Int { requests.count - head }
    var isEmpty: Bool { head == requests.count }

    mutating func append(_ request: Request) {
        requests.append(request)
    }

    /// Puts a request back in front, to start before every other.
    mutating func prepend(_ request: Request) {
        requests.insert(request, at: head)
    }

    /// Takes the next request. When `coalescing`, takes them all and returns the newest, carrying
    /// the completions of those it skips first, and their reload and reconfigure marks: every
    /// request holds a full state, so the newest alone leads the view to where all of them do.
    ///
    /// - Complexity: O(1) amortized; O(r + m) when coalescing r requests with m marks.
    mutating func next(coalescing: Bool) -> Request? {
        guard !isEmpty else { return nil }
        var request = requests[head]
        head += 1
        if coalescing, !isEmpty {
            let skipped = [request] + requests[head..<(requests.count - 1)]
            request = requests[requests.count - 1]
            request.completions = skipped.flatMap(\.completions) + request.completions
            for stale in skipped { request.target.snapshot._addMarks(of: stale.target.snapshot) }
            head = requests.count
        }
        if isEmpty {
            requests.removeAll(keepingCapacity: true)
            head = 0
        }
        return request
    }

    /// Changes the target of every waiting request; an update known for the old target no longer
    /// leads to it.
    mutating func updateTargets(
        _ body: (inout _DataSourceState<SectionIdentifierType, ItemIdentifierType>) -> Void
    ) {
        for index in head..<requests.count {
            body(&requests[index].target)
            requests[index].known = nil
        }
    }
}
