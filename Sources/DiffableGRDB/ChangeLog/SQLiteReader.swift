#if GRDB
    import DiffableStore
    import GRDB

    /// A consistent state of a SQLite database, for the subscribers of one feed read.
    struct _SQLiteReader: _FeedReader {
        enum Access: Sendable {
            /// A pool's snapshot: every read sees the state of the feed's read.
            case snapshot(DatabaseSnapshot)
            /// A queue, which has no snapshots: each read is its own transaction, at the log's
            /// head `head` (`nil` for an empty log) or later.
            case queue(any DatabaseWriter, head: Int64?)
        }

        let access: Access

        /// Runs `body` in the reader's state, off Swift's concurrency pool. With `exact`, a read
        /// of a queue that finds the log moved past the feed's read throws
        /// `FetchedResultsError.read(_ReadStateMoved())` instead: an incremental read must see
        /// exactly the state its changes lead to, a whole read may see a later one.
        func read<T: Sendable>(exact: Bool, _ body: @escaping @Sendable (Database) throws -> T)
            async throws(FetchedResultsError) -> T
        {
            do {
                switch access {
                case .snapshot(let snapshot):
                    return try await snapshot.read(body)
                case .queue(let database, let head):
                    return try await database.read { db in
                        if exact, try SQLiteChangeLog.head(db) != head { throw _ReadStateMoved() }
                        return try body(db)
                    }
                }
            } catch {
                throw FetchedResultsError(grdb: error)
            }
        }
    }
#endif
