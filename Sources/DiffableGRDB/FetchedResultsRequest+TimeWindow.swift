#if GRDB
    import DiffableStore
    public import Foundation
    public import GRDB

    extension FetchedResultsRequest {
        /// Which rows a request shows as time passes: a row is shown from `opensAfter` after the
        /// time in its `column` until `closesAfter` after it. The controller reads the rows at
        /// its clock's time, finds from the rows themselves the next time one enters or leaves,
        /// and reads the rows that crossed then, as an ordinary change.
        ///
        /// ```swift
        /// // Added in the last week (a REAL column of seconds since 1970):
        /// FetchedResultsRequest.TimeWindow(
        ///     column: Column("addedAt"), closesAfter: 7 * 86_400, storage: .secondsSince1970)
        /// // Published once their time comes:
        /// FetchedResultsRequest.TimeWindow(column: Column("publishAt"), opensAfter: 0)
        /// ```
        public struct TimeWindow: Sendable {
            /// How the time column stores a time.
            public enum Storage: Sendable {
                /// A number of seconds since 1970 (`REAL` or `INTEGER`).
                case secondsSince1970
                /// As GRDB stores a `Date` (text, `YYYY-MM-DD HH:MM:SS.SSS` in UTC).
                case date
            }

            /// The time each row's window is measured from.
            public var column: SQLExpression
            /// How long after its time a row is first shown; `nil` for shown from the start.
            public var opensAfter: TimeInterval?
            /// How long after its time a row stops being shown; `nil` for never.
            public var closesAfter: TimeInterval?
            public var storage: Storage

            /// A window measured from `column`.
            public init(
                column: some SQLExpressible, opensAfter: TimeInterval? = nil,
                closesAfter: TimeInterval? = nil,
                storage: Storage = .date
            ) {
                self.column = column.sqlExpression
                self.opensAfter = opensAfter
                self.closesAfter = closesAfter
                self.storage = storage
            }

            /// The time SQL shows outside a read, so that equal requests build equal SQL.
            static var referenceDate: Date { Date(timeIntervalSince1970: 0) }

            var edges: _TimeEdges { _TimeEdges(opensAfter: opensAfter, closesAfter: closesAfter) }

            /// The rows shown at `now`.
            func condition(at now: Date) -> SQLExpression? {
                let conditions = edges.bounds(at: now).map { isAfter, time in
                    isAfter ? column > value(time) : column <= value(time)
                }
                return conditions.isEmpty ? nil : conditions.joined(operator: .and)
            }

            /// A time as the column stores it.
            func value(_ date: Date) -> DatabaseValue {
                switch storage {
                case .secondsSince1970: date.timeIntervalSince1970.databaseValue
                case .date: date.databaseValue
                }
            }

            /// A stored time, read back.
            func date(_ value: DatabaseValue) -> Date? {
                switch storage {
                case .secondsSince1970: Double.fromDatabaseValue(value).map(Date.init(timeIntervalSince1970:))
                case .date: Date.fromDatabaseValue(value)
                }
            }
        }

        /// The request read at `now`.
        func at(_ now: Date) -> Self {
            var request = self
            request.now = now
            return request
        }

        package var timeEdges: _TimeEdges? { timeWindow?.edges }

        package func rowIDs(_ reader: any _FeedReader, crossingFrom start: Date, to end: Date, limit: Int)
            async throws(FetchedResultsError) -> Set<Int64>
        {
            try await Self.reader(reader).read(exact: true) { db in
                try self.rowIDs(db, crossingFrom: start, to: end, limit: limit)
            }
        }

        package func nextBoundary(_ reader: any _FeedReader, after now: Date)
            async throws(FetchedResultsError)
            -> Date?
        {
            try await Self.reader(reader).read(exact: true) { db in try self.nextBoundary(db, after: now) }
        }

        /// The rows (passing the filter) whose time plus an edge of the window lies after `start`
        /// and at or before `end`: those that entered or left meanwhile.
        ///
        /// - Complexity: An index range per edge with an index on the time column.
        func rowIDs(_ db: Database, crossingFrom start: Date, to end: Date, limit: Int) throws -> Set<Int64> {
            guard let window = timeWindow else { return [] }
            var rowIDs = Set<Int64>()
            let filterClause: SQL = filter.map { "AND (\($0))" } ?? ""
            for (after, through) in window.edges.crossings(from: start, to: end) {
                let from = window.value(after)
                let through = window.value(through)
                let statement = try _StatementRows(
                    db,
                    """
                    SELECT rowid FROM \(identifier: table)
                    WHERE \(window.column) > \(from) AND \(window.column) <= \(through) \(filterClause) LIMIT \(limit)
                    """)
                while try statement.step() { rowIDs.insert(statement.int64(column: 0)) }
            }
            return rowIDs
        }

        /// The first time after `now` at which a row passing the filter enters or leaves: for
        /// each edge, the earliest row time after `now - edge`, plus the edge.
        ///
        /// - Complexity: One index seek per edge with an index on the time column.
        func nextBoundary(_ db: Database, after now: Date) throws -> Date? {
            guard let window = timeWindow else { return nil }
            let filterClause: SQL = filter.map { "AND (\($0))" } ?? ""
            var next: Date?
            for (time, offset) in window.edges.searches(after: now) {
                let after = window.value(time)
                let statement = try _StatementRows(
                    db,
                    "SELECT min(\(window.column)) FROM \(identifier: table) WHERE \(window.column) > \(after) \(filterClause)"
                )
                guard try statement.step(), let time = window.date(statement.value(column: 0)) else {
                    continue
                }
                let boundary = time.addingTimeInterval(offset)
                next = min(next ?? boundary, boundary)
            }
            return next
        }
    }
#endif
