import Synchronization

/// A feed, held weakly: how a backend keeps the feed of a database while anyone follows it, and
/// how a source, made before its feed, reports to it.
package final class _FeedReference: Sendable {
    private struct Box {
        weak var feed: ChangeFeed?
    }

    private let box = Mutex(Box())

    package init() {}

    /// The feed, while it lives.
    package var feed: ChangeFeed? {
        get { box.withLock { $0.feed } }
        set { box.withLock { $0.feed = newValue } }
    }

    /// The feed, or a new one from `make` when there is none: one check and one make, under
    /// one lock.
    package func feed(orMake make: () -> ChangeFeed) -> ChangeFeed {
        box.withLock { box in
            if let feed = box.feed { return feed }
            let feed = make()
            box.feed = feed
            return feed
        }
    }

    /// Tells the feed of something ignored (see ``ChangeFeed/diagnosticHandler``).
    package func diagnose(_ message: String) {
        feed?.diagnose(message)
    }
}
