#if Postgres
    public import DiffableStore
    public import PostgresNIO

    extension FetchedResultsController
    where SectionIdentifierType: PostgresDecodable, ItemIdentifierType: PostgresDecodable {
        /// Creates a controller of a request's rows in a PostgreSQL database, following the
        /// database's change feed (`ChangeFeed/feed(for:)`); nothing is read until
        /// `FetchedResultsController/performFetch()`.
        ///
        /// - Parameters:
        ///   - store: The database.
        ///   - request: The rows to show.
        ///   - incrementalChangeLimit: Changes to more rows are read by reading every row; `nil`
        ///     for the larger of 256 and a sixteenth of the rows shown.
        ///   - clock: The clock a request with a time window is read at.
        ///   - onError: Called, on any thread, when the rows cannot be shown.
        public convenience init(
            store: PostgresStore,
            request: PostgresFetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>,
            incrementalChangeLimit: Int? = nil, clock: any WallClock = SystemWallClock(),
            onError: @escaping @Sendable (FetchedResultsError) -> Void = { _ in }
        ) {
            self.init(
                feed: .feed(for: store), rows: request, incrementalChangeLimit: incrementalChangeLimit,
                clock: clock, onError: onError)
        }

        /// The controller of a request's rows that everyone who asks for an equal request shares:
        /// fetched the first time, and kept while anyone holds it (it stops when the last one
        /// lets it go). Each subscriber hears of the controller's failures and recoveries through
        /// its own `FetchedResultsController/errors()` sequence.
        ///
        /// - Throws: `FetchedResultsError` when the rows cannot be read.
        public static func shared(
            store: PostgresStore,
            request: PostgresFetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>,
            clock: any WallClock = SystemWallClock()
        ) async throws(FetchedResultsError) -> FetchedResultsController {
            let key = SharedKey(request: request, clock: _sharingIdentity(of: clock))
            return try await ChangeFeed.feed(for: store).shared(key: key) {
                () async throws(FetchedResultsError) in
                let controller = FetchedResultsController(store: store, request: request, clock: clock)
                try await controller.performFetch()
                return controller
            }
        }

        /// The rows shown.
        public var postgresRequest: PostgresFetchedResultsRequest<SectionIdentifierType, ItemIdentifierType> {
            rows as! PostgresFetchedResultsRequest<SectionIdentifierType, ItemIdentifierType>
        }
    }

    /// What makes two requests one shared controller: the request, and the clock it is read at.
    private struct SharedKey<
        Section: PostgresDecodable & Hashable & Sendable, Item: PostgresDecodable & Hashable & Sendable
    >: Hashable, Sendable {
        var request: PostgresFetchedResultsRequest<Section, Item>
        var clock: String
    }
#endif
