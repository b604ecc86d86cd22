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
                let diagnostics = _FeedReference()
                let source = _SQLiteChangeSource(database: database) { diagnostics.diagnose($0) }
                let feed = ChangeFeed(source: source, pollInterval: .milliseconds(50))
                diagnostics.feed = feed
                let reference = _FeedReference()
                reference.feed = feed
                feeds[key] = reference
                return feed
            }
        }

        /// The feeds alive, by database.
        private static let feeds = Mutex<[ObjectIdentifier: _FeedReference]>([:])
    }
#endif
