#if GRDB
    public import DiffableStore
    public import GRDB
    import Synchronization

    extension ChangeFeed {
        /// The change feed of a database: one per `DatabasePool` or `DatabaseQueue` in the
        /// process, made on first use and shared by every controller on it, stopped and let go
        /// once none follows it.
        ///
        /// ```swift
        /// let feed = ChangeFeed.feed(for: dbPool)
        /// for await batch in feed.changes() where batch.mayHaveChanged("tally") { refreshCounts() }
        /// ```
        ///
        /// Its changes come from the database's change log (``SQLiteChangeLog``), which it
        /// installs for each table a controller follows.
        public static func feed(for database: some DatabaseWriter) -> ChangeFeed {
            let key = ObjectIdentifier(database)
            return feeds.withLock { feeds in
                // A feed holds its database, so while it lives no other database has this key.
                if let feed = feeds[key]?.feed { return feed }
                feeds = feeds.filter { $0.value.feed != nil }
                let diagnostics = Diagnostics()
                let source = _SQLiteChangeSource(database: database) { diagnostics.feed?.diagnose($0) }
                let feed = ChangeFeed(source: source, pollInterval: .milliseconds(50))
                diagnostics.feed = feed
                feeds[key] = WeakFeed(feed: feed)
                return feed
            }
        }

        /// The feeds alive, by database.
        private static let feeds = Mutex<[ObjectIdentifier: WeakFeed]>([:])

        private struct WeakFeed {
            weak var feed: ChangeFeed?
        }

        /// Lets the source report to its feed, made after it.
        private final class Diagnostics: Sendable {
            private let weakFeed = Mutex<WeakFeed>(WeakFeed())
            var feed: ChangeFeed? {
                get { weakFeed.withLock { $0.feed } }
                set { weakFeed.withLock { $0.feed = newValue } }
            }
        }
    }
#endif
