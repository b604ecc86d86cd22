#if GRDB
    public import DiffableStore
    public import GRDB

    extension FetchedResultsController
    where SectionIdentifierType: DatabaseValueConvertible, ItemIdentifierType: DatabaseValueConvertible {
        /// Creates a controller of a request's rows, following the database's change feed
        /// (`ChangeFeed/feed(for:)`); nothing is read until
        /// `FetchedResultsController/performFetch()`.
        ///
        /// - Parameters:
        ///   - database: A `DatabasePool` (or a `DatabaseQueue`).
        ///   - request: The rows to show.
        ///   - incrementalChangeLimit: Changes to more rows are read by reading every row; `nil`
        ///     for the larger of 256 and a sixteenth of the rows shown.
        ///   - clock: The clock a request with a time window is read at.
        ///   - onError: Called, on any thread, when the rows cannot be shown.
        public convenience init(
            database: some DatabaseWriter,
            request: FetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>,
            incrementalChangeLimit: Int? = nil, clock: any WallClock = SystemWallClock(),
            onError: @escaping @Sendable (FetchedResultsError) -> Void = { _ in }
        ) {
            self.init(
                feed: .feed(for: database), rows: request, incrementalChangeLimit: incrementalChangeLimit,
                clock: clock, onError: onError)
        }

        /// The controller of a request's rows that everyone who asks for an equal request shares:
        /// fetched the first time, and kept while anyone holds it (it stops when the last one
        /// lets it go). A thousand pages showing one list cost one controller, one read and one
        /// edit per change, and one snapshot in memory.
        ///
        /// Requests are equal when their SQL and arguments are, for the same identifier types and
        /// the same clock.
        /// Each subscriber hears of the controller's failures and recoveries through its own
        /// `FetchedResultsController/errors()` sequence.
        ///
        /// - Throws: `FetchedResultsError` when the rows cannot be read.
        public static func shared(
            database: some DatabaseWriter,
            request: FetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>,
            clock: any WallClock = SystemWallClock()
        ) async throws(FetchedResultsError) -> FetchedResultsController {
            let feed = ChangeFeed.feed(for: database)
            // The request's SQL, built by GRDB in a read (it may look at the schema).
            let (sql, arguments) = try await _withDeadline(feed.timeout, "building the request") {
                () async throws(FetchedResultsError) in
                do {
                    return try await database.read { db in
                        var (sql, arguments) = try request.fetchAll.build(db)
                        // Key paths change how changes are read, not what is shown.
                        for keyPath in request.keyPaths {
                            let (matches, values) = try SQL(keyPath.matches).build(db)
                            sql += " -- \(keyPath.table).\(keyPath.column) = \(matches)"
                            arguments += values
                        }
                        return (sql, arguments)
                    }
                } catch {
                    throw FetchedResultsError(grdb: error)
                }
            }
            let key = SharedKey(
                sql: sql, arguments: arguments, section: ObjectIdentifier(SectionIdentifierType.self),
                item: ObjectIdentifier(ItemIdentifierType.self), clock: _sharingIdentity(of: clock),
                window: request.window)
            return try await feed.shared(key: key) { () async throws(FetchedResultsError) in
                let controller = FetchedResultsController(database: database, request: request, clock: clock)
                try await controller.performFetch()
                return controller
            }
        }

        /// The rows shown.
        public var request: FetchedResultsRequest<SectionIdentifierType, ItemIdentifierType> {
            rows as! FetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>
        }

        /// The database observed.
        public var database: any DatabaseWriter {
            (feed.source as! _SQLiteChangeSource).database
        }
    }

    /// What makes two requests one shared controller.
    private struct SharedKey: Hashable, Sendable {
        var sql: String
        var arguments: StatementArguments
        var section: ObjectIdentifier
        var item: ObjectIdentifier
        var clock: String
        var window: _Window?
    }
#endif
