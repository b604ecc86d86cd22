#if Postgres
    public import DiffableStore
    import Synchronization

    extension ChangeFeed {
        /// The change feed of a PostgreSQL database: one per ``PostgresStore`` in the process,
        /// made on first use and shared by every controller on it, stopped (and its replication
        /// slot dropped) once none follows it.
        ///
        /// Its changes come from logical decoding of the database's write-ahead log, through a
        /// temporary replication slot of its own: commits by any server or client arrive as rows.
        public static func feed(for store: PostgresStore) -> ChangeFeed {
            store.feedReference.withLock { reference in
                if let feed = reference.feed { return feed }
                let diagnostics = _FeedDiagnostics()
                let source = _PostgresChangeSource(store: store) { diagnostics.report($0) }
                let feed = ChangeFeed(source: source, pollInterval: .milliseconds(50))
                diagnostics.feed.withLock { $0.feed = feed }
                reference.feed = feed
                return feed
            }
        }
    }

    /// Lets the source report to its feed, made after it.
    final class _FeedDiagnostics: Sendable {
        let feed = Mutex(PostgresStore.WeakFeed())

        func report(_ message: String) {
            feed.withLock { $0.feed }?.diagnose(message)
        }
    }
#endif
