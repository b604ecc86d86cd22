import Diffable

/// A feed, held weakly: how the registry keeps the feed of a database while anyone follows it,
/// and how a source, made before its feed, reports to it.
package final class _FeedReference: Sendable {
    private struct Box {
        weak var feed: ChangeFeed?
    }

    private let box = _Lock(Box())

    package init() {}

    /// The feed, while it lives.
    package var feed: ChangeFeed? {
        get { box.withLock { $0.feed } }
        set { box.withLock { $0.feed = newValue } }
    }

    /// Tells the feed of something ignored (see ``ChangeFeed/diagnosticHandler``).
    package func diagnose(_ message: String) {
        feed?.diagnose(message)
    }
}

/// Every database's one feed in the process, by the object that stands for the database (a GRDB
/// pool or queue, a `PostgresStore`): made on first use, kept while anyone follows it. A feed
/// holds its database, so while it lives no other database has its key.
package enum _FeedRegistry {
    private static let feeds = _Lock<[ObjectIdentifier: _FeedReference]>([:])

    /// The feed of `database`, or a new one from `make`.
    package static func feed(for database: AnyObject, orMake make: () -> ChangeFeed) -> ChangeFeed {
        let key = ObjectIdentifier(database)
        return feeds.withLock { feeds in
            if let feed = feeds[key]?.feed { return feed }
            feeds = feeds.filter { $0.value.feed != nil }
            let reference = _FeedReference()
            let feed = make()
            reference.feed = feed
            feeds[key] = reference
            return feed
        }
    }

    /// The feed of `database`, while it lives.
    package static func feed(for database: AnyObject) -> ChangeFeed? {
        feeds.withLock { $0[ObjectIdentifier(database)]?.feed }
    }
}
