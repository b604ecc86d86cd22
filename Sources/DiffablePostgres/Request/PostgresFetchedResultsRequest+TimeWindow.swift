#if Postgres
    import DiffableStore
    public import Foundation
    import PostgresNIO

    extension PostgresFetchedResultsRequest {
        /// Which rows a request shows as time passes: a row is shown from `opensAfter` after the
        /// time in its `column` until `closesAfter` after it. The controller reads the rows at
        /// its clock's time, finds from the rows themselves the next time one enters or leaves,
        /// and reads the rows that crossed then, as an ordinary change.
        ///
        /// ```swift
        /// // Added in the last week (a double precision column of seconds since 1970):
        /// PostgresFetchedResultsRequest.TimeWindow(
        ///     column: "addedAt", closesAfter: 7 * 86_400, storage: .secondsSince1970)
        /// ```
        public struct TimeWindow: Sendable, Hashable {
            /// How the time column stores a time.
            public enum Storage: Sendable, Hashable {
                /// A number of seconds since 1970 (`double precision`, `bigint`).
                case secondsSince1970
                /// A `timestamp with time zone`.
                case timestamp
            }

            /// The SQL expression of the time each row's window is measured from.
            public var column: String
            /// How long after its time a row is first shown; `nil` for shown from the start.
            public var opensAfter: TimeInterval?
            /// How long after its time a row stops being shown; `nil` for never.
            public var closesAfter: TimeInterval?
            public var storage: Storage

            /// A window measured from `column`.
            public init(
                column: String, opensAfter: TimeInterval? = nil, closesAfter: TimeInterval? = nil,
                storage: Storage = .timestamp
            ) {
                self.column = column
                self.opensAfter = opensAfter
                self.closesAfter = closesAfter
                self.storage = storage
            }

            /// The time SQL shows outside a read, so that equal requests build equal SQL.
            static var referenceDate: Date { Date(timeIntervalSince1970: 0) }

            var edges: _TimeEdges { _TimeEdges(opensAfter: opensAfter, closesAfter: closesAfter) }

            /// The comparisons that keep the rows shown at `now`.
            func bounds(at now: Date) -> [(comparison: String, value: Date)] {
                edges.bounds(at: now).map { isAfter, time in (isAfter ? ">" : "<=", time) }
            }

            /// Binds a time as the column stores it.
            func bind(_ date: Date, to binds: inout PostgresBindings) {
                switch storage {
                case .secondsSince1970: binds.append(date.timeIntervalSince1970)
                case .timestamp: binds.append(date)
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

        /// The rows (passing the filter) whose time plus an edge of the window lies after `start`
        /// and at or before `end`: those that entered or left meanwhile.
        ///
        /// - Complexity: An index range per edge with an index on the time column.
        package func rowIDs(_ reader: any _FeedReader, crossingFrom start: Date, to end: Date, limit: Int)
            async throws(FetchedResultsError) -> Set<Int64>
        {
            guard let window = timeWindow else { return [] }
            let reader = try Self.reader(reader)
            var rowIDs = Set<Int64>()
            for (after, through) in window.edges.crossings(from: start, to: end) {
                var binds = filter?.binds ?? PostgresBindings()
                window.bind(after, to: &binds)
                window.bind(through, to: &binds)
                let sql =
                    "SELECT \(key) FROM \(from) WHERE \(window.column) > $\(binds.count - 1) AND \(window.column) <= $\(binds.count)"
                    + (filter.map { " AND (\($0.sql))" } ?? "") + " LIMIT \(limit)"
                for row in try await reader.rows(PostgresQuery(unsafeSQL: sql, binds: binds)) {
                    do { rowIDs.insert(try row.decode(Int64.self)) } catch { throw .read(error) }
                }
            }
            return rowIDs
        }

        /// The first time after `now` at which a row passing the filter enters or leaves: for
        /// each edge, the earliest row time after `now - edge`, plus the edge.
        ///
        /// - Complexity: One index seek per edge with an index on the time column.
        package func nextBoundary(_ reader: any _FeedReader, after now: Date)
            async throws(FetchedResultsError)
            -> Date?
        {
            guard let window = timeWindow else { return nil }
            let reader = try Self.reader(reader)
            var next: Date?
            for (after, offset) in window.edges.searches(after: now) {
                var binds = filter?.binds ?? PostgresBindings()
                window.bind(after, to: &binds)
                let sql =
                    "SELECT min(\(window.column)) FROM \(from) WHERE \(window.column) > $\(binds.count)"
                    + (filter.map { " AND (\($0.sql))" } ?? "")
                guard let row = try await reader.rows(PostgresQuery(unsafeSQL: sql, binds: binds)).first
                else {
                    continue
                }
                let time: Date?
                do {
                    switch window.storage {
                    case .secondsSince1970:
                        time = try row.decode(Double?.self).map(Date.init(timeIntervalSince1970:))
                    case .timestamp: time = try row.decode(Date?.self)
                    }
                } catch {
                    throw .read(error)
                }
                guard let time else { continue }
                let boundary = time.addingTimeInterval(offset)
                next = min(next ?? boundary, boundary)
            }
            return next
        }
    }
#endif
