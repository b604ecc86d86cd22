#if GRDB
    public import GRDB

    /// Why a ``FetchedResultsController`` could not show what its request asks for. The controller
    /// keeps the last snapshot it showed; nothing is written to the database.
    public enum FetchedResultsError: Error, Sendable, CustomStringConvertible {
        /// Two rows shown have the same item identifier: a join that repeats a row, or an item
        /// expression that is not unique. Snapshots need unique identifiers.
        case duplicateItem(any Hashable & Sendable)
        /// The rows of one section are not together in the order; a section expression whose value
        /// does not sort with it (a different collation) can do this.
        case duplicateSection(any Hashable & Sendable)
        /// SQLite refused: a missing table or column, a file that is locked, unreadable or not a
        /// database.
        case database(DatabaseError)
        /// Any other error from reading the database, such as a value that does not convert to the
        /// identifier type.
        case read(any Error)

        /// Wraps an error thrown while reading.
        init(_ error: any Error) {
            switch error {
            case let error as FetchedResultsError: self = error
            case let error as DatabaseError: self = .database(error)
            default: self = .read(error)
            }
        }

        public var description: String {
            switch self {
            case .duplicateItem(let item):
                "FetchedResultsController: item identifier \(item) is shown by more than one row; item identifiers must be unique (a JOIN that repeats rows?)"
            case .duplicateSection(let section):
                "FetchedResultsController: the rows of section \(section) are not together in the order; sections must sort by their value"
            case .database(let error):
                "FetchedResultsController: \(error)"
            case .read(let error):
                "FetchedResultsController: could not read the rows: \(error)"
            }
        }
    }
#endif
