import Diffable

/// What the subscribers of one read of the feed have to tell their listeners, held until every
/// subscriber has taken the read, then told at once.
///
/// A read reaches its subscribers one after another: controllers read their changed rows, a
/// ``ChangeFeed/changes(of:reading:)`` stream reads what it follows. Told as each finishes, a
/// view's list would show the commit before the same view's counts or detail had read it — two
/// frames, and for a moment two states of the database. Held to the end of the read, every
/// listener hears of it within microseconds: the main actor's tasks that draw a page run one after
/// another, and a page's frame can carry all of them.
package final class _FeedStepNews: Sendable {
    /// The read under way in this task, while the feed hands it to its subscribers.
    @TaskLocal package static var current: _FeedStepNews?

    private struct State {
        var held: [@Sendable () -> Void] = []
        var isTold = false
    }

    private let state = _Lock(State())

    package init() {}

    /// Tells `news` at the end of the read, or now if the read's news has gone out already (a
    /// subscriber that went on past the read's deadline).
    package func hold(_ news: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard !state.isTold else { return true }
            state.held.append(news)
            return false
        }
        if now { news() }
    }

    /// Tells everything held, in the order it was held, from one job of the main actor; what
    /// comes later is told at once.
    ///
    /// From the main actor, not from the feed's task: the listeners that draw (a view's drive,
    /// a page's counts and detail) are tasks of the main actor, each woken by its news. Woken
    /// from another thread one after another, the first could run, and a web page's end of turn
    /// send its frame, before the next was woken: a page got a commit's list in one frame and
    /// its counts in the next (one write in twenty-five, at a thousand pages). Woken from one job
    /// of the main actor, they all wait behind it, and run one after another before anything
    /// that their drawing schedules.
    package func tell() {
        let held = state.withLock { state -> [@Sendable () -> Void] in
            state.isTold = true
            defer { state.held = [] }
            return state.held
        }
        guard !held.isEmpty else { return }
        Task { @MainActor in
            for news in held { news() }
        }
    }

    /// Runs `news` at the end of the read under way, or now outside of one.
    package static func tell(_ news: @escaping @Sendable () -> Void) {
        if let current {
            current.hold(news)
        } else {
            news()
        }
    }
}
