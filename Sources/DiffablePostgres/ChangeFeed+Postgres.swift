#if Postgres
    public import DiffableStore

    extension ChangeFeed {
        /// The change feed of a PostgreSQL database: one per ``PostgresStore`` in the process,
        /// made on first use and shared by every controller on it, stopped (and its replication
        /// slot dropped) once none follows it.
        ///
        /// Its changes come from logical decoding of the database's write-ahead log, through a
        /// temporary replication slot of its own: commits by any server or client arrive as rows.
        public static func feed(for store: PostgresStore) -> ChangeFeed {
            _FeedRegistry.feed(for: store) {
                let diagnostics = _FeedReference()
                let feed = ChangeFeed(
                    source: _PostgresChangeSource(store: store) { diagnostics.diagnose($0) },
                    pollInterval: .milliseconds(50))
                diagnostics.feed = feed
                return feed
            }
        }
    }
#endif
