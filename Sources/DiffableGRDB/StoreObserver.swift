#if GRDB
    import GRDB
    import Synchronization

    /// The `TransactionObserver` a ``FetchedResultsController`` registers: it collects the rowids
    /// each transaction inserts, updates or deletes in the request's table, and hands them to the
    /// controller when the transaction commits.
    ///
    /// GRDB calls it on the writer's queue, one call at a time, but the controller creates it on
    /// whatever thread; its state is behind a lock rather than relying on that.
    final class _StoreObserver: TransactionObserver, Sendable {
        private struct State {
            var region = DatabaseRegion()
            var table = ""
            var onChange: (@Sendable (Event) -> Void)?
        }

        /// What the controller is told.
        enum Event {
            /// A row of the table was inserted, updated or deleted.
            case changed(rowID: Int64)
            /// The transaction committed, on this connection.
            case committed(Database)
            /// The transaction rolled back.
            case rolledBack
        }

        private let state = Mutex(State())

        /// Starts observing the rows of `table` that `region` reads, for a controller.
        func start<Section, Item>(
            observing region: DatabaseRegion, table: String,
            for controller: FetchedResultsController<Section, Item>
        ) {
            state.withLock {
                $0.region = region
                $0.table = table.lowercased()
                $0.onChange = { [weak controller] event in controller?.handle(event) }
            }
        }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
            state.withLock { $0.region.isModified(byEventsOfKind: eventKind) }
        }

        func databaseDidChange(with event: DatabaseEvent) {
            let (table, onChange) = state.withLock { ($0.table, $0.onChange) }
            guard event.tableName.lowercased() == table else { return }
            onChange?(.changed(rowID: event.rowID))
        }

        func databaseDidCommit(_ db: Database) {
            state.withLock { $0.onChange }?(.committed(db))
        }

        func databaseDidRollback(_ db: Database) {
            state.withLock { $0.onChange }?(.rolledBack)
        }
    }
#endif
