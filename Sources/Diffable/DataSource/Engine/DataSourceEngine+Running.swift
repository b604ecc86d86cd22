import Foundation

/// Starting requests and telling the view: the path every request takes from the queue to its
/// completions.
extension _DataSourceEngine {
    /// Starts waiting requests, in call order, while nothing is in flight.
    ///
    /// A request applied while another is in flight (from a completion, a cell provider, a
    /// handler, or during an animation) waits here: only `.idle` starts one, so the view is never
    /// told two things at once. A request that finishes within this loop lets the loop go on; one
    /// that goes on its way (a diff off the main actor, an animation) ends it, and whatever ends
    /// that phase calls this again.
    func startWaitingRequests() {
        while case .idle = phase, let request = waiting.next(coalescing: coalescesApplies) {
            start(request)
        }
        _debugCheckInvariants()
    }

    /// Diffs the request's target against the committed state, here or off the main actor, then
    /// commits and presents it.
    func start(_ request: Request) {
        guard case .batchUpdate = request.presentation else {
            commit(request)
            present(BatchUpdate(), of: request)
            return
        }
        if let known = request.known, committed.snapshot._isIdentical(to: known.base) {
            commit(request)
            present(known.update, of: request)
            return
        }
        // The shown snapshot itself with reloads or reconfigures marked, UIKit's way to refresh
        // cells (`var s = dataSource.snapshot(); s.reconfigureItems([x])`): its marks are the
        // update, without a pass over every item. Content comparison finds nothing either.
        if committed.snapshot._hasIdenticalStorage(to: request.target.snapshot) {
            let update = request.target.snapshot._updateOfItsMarks()
            commit(request)
            present(update, of: request)
            return
        }
        // Edits kept beside the shown snapshot's storage (`var s = dataSource.snapshot();
        // s.deleteItems([x])`): the update comes from the edits, here, without a pass over every
        // item. Otherwise the diff reads every item, and the shown snapshot's own edits are first
        // written into its storage — in place once no snapshot the app holds shares it.
        if isContentEqual == nil,
            let update = BatchUpdate._fromPendingEdits(old: committed.snapshot, new: request.target.snapshot)
        {
            commit(request)
            present(update, of: request)
            return
        }
        committed.snapshot._settle()
        let old = committed.snapshot
        let new = request.target.snapshot
        let diff = specialized.diff
        let isContentEqual = isContentEqual
        guard old.numberOfItems + new.numberOfItems > offMainDiffingThreshold else {
            let update = diff(old, new, isContentEqual)
            commit(request)
            present(update, of: request)
            return
        }
        diffCount += 1
        let number = diffCount
        let task = Task { [weak self] in
            let update = await Task.detached(priority: .userInitiated) { diff(old, new, isContentEqual) }
                .value
            self?.finishDiff(number, with: update)
        }
        phase = .diffing(request, diff: number, task: task)
    }

    /// Commits and presents the request whose diff finished off the main actor, unless a newer
    /// snapshot or a reorder has made it stale since.
    private func finishDiff(_ number: Int, with update: BatchUpdate) {
        guard case .diffing(let request, number, _) = phase else { return }
        phase = .idle
        commit(request)
        present(update, of: request)
        startWaitingRequests()
    }

    /// Makes the request's target what the view pulls from. When no request waits behind it, the
    /// view has caught up with every apply, and the latest state is the committed one again.
    private func commit(_ request: Request) {
        committed = State(
            snapshot: request.target.snapshot.withoutMarks, sectionSnapshots: request.target.sectionSnapshots)
        if waiting.isEmpty { ahead = nil }
    }

    /// Tells the view of the committed state: by `reloadData()` when the request asks, or when the
    /// update is larger than ``reloadDataThreshold``; else by one batch update, unless it is
    /// empty. Runs the completions once the view is done, which may be before this returns.
    func present(_ update: BatchUpdate, of request: Request) {
        assert(isIdle, "a request is presented while another is in flight")
        var reloads = false
        var animated = false
        switch request.presentation {
        case .reloadData:
            reloads = true
        case .batchUpdate(let isAnimated):
            guard !update.isEmpty else { return complete(request) }
            animated = isAnimated
            reloads = animated && reloadDataThreshold.map { update.operationCount > $0 } ?? false
        }
        phase = .updatingView(request, finished: false)
        if reloads {
            _ = view.reloadData()
            phase = .idle
            return complete(request)
        }
        let number = request.number
        let delivered = view.performBatchUpdates(update, animated) { [weak self] _ in
            self?.viewFinished(number)
        }
        guard delivered, case .updatingView(_, finished: false) = phase else {
            phase = .idle
            return complete(request)
        }
        phase = .animating(request)
    }

    /// The view's completion of a request: once, and only for the request in flight.
    private func viewFinished(_ number: Int) {
        switch phase {
        case .updatingView(let request, finished: false) where request.number == number:
            phase = .updatingView(request, finished: true)  // `present` completes it on return
        case .animating(let request) where request.number == number:
            phase = .idle
            complete(request)
            startWaitingRequests()
        default:
            break  // called twice, or for a request that is no longer in flight
        }
    }

    /// Runs the request's completions; applies they make wait for the loop.
    private func complete(_ request: Request) {
        phase = .completing
        for completion in request.completions { completion() }
        phase = .idle
    }

    var isIdle: Bool {
        if case .idle = phase { return true }
        return false
    }
}
