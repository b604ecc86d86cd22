#if GRDB
    import DiffableStore
    import GRDB

    extension FetchedResultsError {
        /// Wraps an error thrown by GRDB while reading.
        init(grdb error: any Error) {
            switch error {
            case let error as FetchedResultsError: self = error
            case let error as DatabaseError: self = .database(error)
            default: self = .read(error)
            }
        }
    }
#endif
