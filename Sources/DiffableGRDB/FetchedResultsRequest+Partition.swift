#if GRDB
    import DiffableStore
    import GRDB

    extension FetchedResultsRequest {
        /// The partition as the feed routes changes by it.
        package var route: _Route? {
            guard let partition else { return nil }
            return _Route.key(_StoreValue(partition.value)).map {
                _Route(table: table, column: partition.column, key: $0)
            }
        }
    }
#endif
