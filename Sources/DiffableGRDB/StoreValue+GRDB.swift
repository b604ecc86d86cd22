#if GRDB
    import DiffableStore
    import GRDB

    extension _StoreValue {
        /// A value GRDB read or was given.
        init(_ value: DatabaseValue) {
            self =
                switch value.storage {
                case .null: .null
                case .int64(let integer): .integer(integer)
                case .double(let real): .real(real)
                case .string(let text): .text(text)
                case .blob(let data): .blob(Array(data))
                }
        }
    }
#endif
