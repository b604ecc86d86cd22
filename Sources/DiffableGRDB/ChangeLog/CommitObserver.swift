#if GRDB
    import Diffable
    import DiffableStore
    import GRDB

    /// Tells the source of this process's commits: one observer for every table, whatever the
    /// number of controllers.
    ///
    /// GRDB calls it on the writer's queue, one call at a time; `onCommit` is set from the feed,
    /// so it sits behind a lock.
    final class _CommitObserver: TransactionObserver, Sendable {
        private struct State {
            var onCommit: (@Sendable () -> Void)?
            var changed = false
        }
        private let state = _Lock(State())

        var onCommit: (@Sendable () -> Void)? {
            get { state.withLock { $0.onCommit } }
            set { state.withLock { $0.onCommit = newValue } }
        }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
            eventKind.tableName.lowercased() == SQLiteChangeLog.table
        }

        func databaseDidChange(with event: DatabaseEvent) {
            state.withLock { $0.changed = true }
        }

        func databaseDidCommit(_ db: Database) {
            let onCommit = state.withLock { state -> (@Sendable () -> Void)? in
                defer { state.changed = false }
                return state.changed ? state.onCommit : nil
            }
            onCommit?()
        }

        func databaseDidRollback(_ db: Database) {
            state.withLock { $0.changed = false }
        }
    }
#endif
