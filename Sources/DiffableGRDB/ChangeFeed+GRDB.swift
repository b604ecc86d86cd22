#if GRDB
    public import DiffableStore
    public import GRDB

    extension ChangeFeed {
        /// The change feed of a database: one per `DatabasePool` or `DatabaseQueue` in the
        /// process, made on first use and shared by every controller on it, stopped and let go
        /// once none follows it.
        ///
        /// ```swift
        /// let feed = ChangeFeed.feed(for: dbPool)
        /// for await batch in feed.changes(of: ["tally"]) { refreshCounts() }
        /// ```
        ///
        /// Its changes come from the database's change log (``SQLiteChangeLog``), which it
        /// installs for each table a controller follows.
        public static func feed(for database: some DatabaseWriter) -> ChangeFeed {
            _FeedRegistry.feed(for: database) {
                let diagnostics = _FeedReference()
                let source = _SQLiteChangeSource(database: database) { diagnostics.diagnose($0) }
                let feed = ChangeFeed(source: source, pollInterval: .milliseconds(50))
                diagnostics.feed = feed
                return feed
            }
        }
    }
#endif
