#if GRDB
    import DiffableStore
    import GRDB

    extension FetchedResultsRequest {
        /// The partition as the feed routes changes by it.
        package var route: _Route? {
            guard let partition else { return nil }
            let value: _StoreValue =
                switch partition.value.storage {
                case .null: .null
                case .int64(let integer): .integer(integer)
                case .double(let real): .real(real)
                case .string(let text): .text(text)
                case .blob(let data): .blob(Array(data))
                }
            return _Route.key(value).map { _Route(table: table, column: partition.column, key: $0) }
        }
    }
#endif
