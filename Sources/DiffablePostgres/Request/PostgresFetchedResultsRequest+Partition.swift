#if Postgres
    import DiffableStore

    extension PostgresFetchedResultsRequest {
        /// The partition as the feed routes changes by it: the value as the change record gives
        /// it (integers as numbers, everything else as text).
        package var route: _Route? {
            guard let partition else { return nil }
            return _Route.key(.text(partition.value)).map {
                _Route(table: table, column: partition.column, key: $0)
            }
        }
    }
#endif
