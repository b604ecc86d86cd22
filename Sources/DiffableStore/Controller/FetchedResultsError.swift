/// Why a ``FetchedResultsController`` could not show what its request asks for. The controller
/// keeps the last snapshot it showed and tries again at the next change; nothing is written to
/// the database on its behalf but the change log.
public enum FetchedResultsError: Error, Sendable, CustomStringConvertible {
    /// Two rows shown have the same item identifier: a join that repeats a row, or an item
    /// expression that is not unique. Snapshots need unique identifiers.
    case duplicateItem(any Hashable & Sendable)
    /// The rows of one section are not together in the order; a section expression whose value
    /// does not sort with it (a different collation) can do this.
    case duplicateSection(any Hashable & Sendable)
    /// The database refused: a missing table or column, a file that is locked, unreadable or not
    /// a database. The backend's own error (GRDB's `DatabaseError` for SQLite).
    case database(any Error & Sendable)
    /// The change feed cannot follow a table's rows: its change log is missing and cannot be
    /// made (a read-only file, a table without row ids), or the log is not the feed's.
    case changeLogUnavailable(table: String, reason: String)
    /// Any other error from reading the database, such as a value that does not convert to the
    /// identifier type.
    case read(any Error & Sendable)
    /// The database did not answer within its deadline (a server that stopped, a lock held by
    /// another writer): the work was stopped, and nothing it would have read was kept.
    case timedOut(String, after: Duration)
    /// The task that waited for the database was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .duplicateItem(let item):
            "FetchedResultsController: item identifier \(item) is shown by more than one row; item identifiers must be unique (a JOIN that repeats rows?)"
        case .duplicateSection(let section):
            "FetchedResultsController: the rows of section \(section) are not together in the order; sections must sort by their value"
        case .database(let error):
            "FetchedResultsController: \(error)"
        case .changeLogUnavailable(let table, let reason):
            "FetchedResultsController: the change feed cannot follow table \(table): \(reason)"
        case .read(let error):
            "FetchedResultsController: could not read the rows: \(error)"
        case .timedOut(let what, let limit):
            "FetchedResultsController: \(what) had no answer from the database in \(limit)"
        case .cancelled:
            "FetchedResultsController: cancelled while waiting for the database"
        }
    }
}
