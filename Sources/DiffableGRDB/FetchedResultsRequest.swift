#if GRDB
    import Diffable
    import Foundation
    public import GRDB

    /// What a `FetchedResultsController` shows: which rows of a table, in which order, grouped in
    /// which sections, identified how, and which columns make up each row's content.
    ///
    /// The role of `NSFetchRequest` with a `sectionNameKeyPath`, in GRDB's terms:
    ///
    /// ```swift
    /// let request = FetchedResultsRequest<String, Int64>(
    ///     table: "recipe",
    ///     item: Column("id"),
    ///     section: Column("collection"),
    ///     content: [Column("title"), Column("minutes"), Column("isFavorite")],
    ///     filter: Column("isArchived") == false,
    ///     ordering: [.ascending(Column("title"))])
    /// ```
    ///
    /// Rows are ordered by their section first (ascending unless `sectionsAscending` is `false`),
    /// then by `ordering`, then by `rowid`, so the order is total and every section's rows are
    /// together, as `NSFetchedResultsController` asks of its first sort descriptor. Only item identifiers (and
    /// section identifiers) go into snapshots; the content columns decide which rows are
    /// reconfigured when they change. A `RecordCache` fetches whole records for cells.
    ///
    /// The filter, sections, content and ordering may read other tables — correlated subqueries
    /// (`EXISTS`, `IN`), views, full-text tables. The controller asks SQLite which tables the
    /// request reads and follows each one: a commit to one re-places the rows it leads to when
    /// `keyPaths` says how, and reads every row again when not.
    ///
    /// The table must be a rowid table (not `WITHOUT ROWID`): its row changes are followed by
    /// rowid. The tables it reads may be any.
    /// With an index on the section and ordering expressions, placing a changed row costs a few index
    /// seeks; without one, a scan.
    public struct FetchedResultsRequest<
        SectionIdentifierType: DatabaseValueConvertible & Hashable & Sendable,
        ItemIdentifierType: DatabaseValueConvertible & Hashable & Sendable
    >: Sendable {
        /// One term of the ordering.
        public struct SortTerm: Sendable {
            /// The expression rows are ordered by.
            public var expression: SQLExpression
            /// Whether smaller values come first.
            public var isAscending: Bool
            /// The name of the column when the expression is a plain column of the table.
            var columnName: String?

            /// Smaller values first; `NULL` first, as SQLite orders it.
            public static func ascending(_ expression: some SQLExpressible) -> Self {
                Self(
                    expression: expression.sqlExpression, isAscending: true,
                    columnName: (expression as? any ColumnExpression)?.name)
            }

            /// Larger values first; `NULL` last.
            public static func descending(_ expression: some SQLExpressible) -> Self {
                Self(
                    expression: expression.sqlExpression, isAscending: false,
                    columnName: (expression as? any ColumnExpression)?.name)
            }
        }

        /// A key path from the rows of a table the request reads (in its filter, sections,
        /// content or ordering) to the rows it lists: a commit to that table re-places only the
        /// rows its changed rows lead to, before and after the change.
        ///
        /// ```swift
        /// // recipe rows listed; a recipeCollection row leads to the recipe whose id is its recipeId
        /// .init(table: "recipeCollection", column: "recipeId", matches: Column("id"))
        /// // ingredient rows listed; a recipe row leads to the ingredients whose recipeId is its id
        /// .init(table: "recipe", column: "id", matches: Column("recipeId"))
        /// ```
        public struct KeyPath: Sendable {
            /// The table read (a full-text table stands for its content table).
            public var table: String
            /// Its column whose value leads to listed rows (`rowid` for a row's rowid).
            public var column: String
            /// The expression of a listed row that equals it: an index on it makes the lookup a seek.
            public var matches: SQLExpression

            /// A key path from `table`'s `column` to the listed rows whose `matches` equals it.
            public init(table: String, column: String, matches: some SQLExpressible) {
                self.table = table
                self.column = column
                self.matches = matches.sqlExpression
            }
        }

        /// A column in which every row shown has one value — a list per channel, per person,
        /// per collection: `channel = 5`, added to the filter. A commit reaches the controller
        /// only when a row it changed had that value before or after, so ten thousand such lists
        /// on one table cost a commit what the lists it touches cost.
        public struct Partition: Sendable {
            /// A column of the request's table.
            public var column: String
            /// The value every row shown has in it.
            public var value: DatabaseValue

            public init(column: String, value: some DatabaseValueConvertible) {
                self.column = column
                self.value = value.databaseValue
            }
        }

        /// The rows whose entry in a full-text table matches a pattern: a search. The full-text
        /// table is an FTS5 table whose content is the request's table (`content=` it, with
        /// `content_rowid=` its rowid or its `INTEGER PRIMARY KEY`), kept in step with it by the
        /// application's triggers, as SQLite's documentation shows.
        ///
        /// ```swift
        /// .init(table: "recipeSearch", pattern: #""chick"* "curry"*"#, limit: 1_000)
        /// ```
        ///
        /// Many searches on one table cost a commit little: the feed evaluates the patterns of
        /// every list on the rows the commit changed, in a scratch full-text table of those rows
        /// alone, and only the lists that show a changed row or may show one read anything.
        public struct FullTextMatch: Sendable, Hashable {
            /// The FTS5 table searched.
            public var table: String
            /// What rows match, in FTS5's query syntax.
            public var pattern: String
            /// The most matches shown: the first ones by rowid, which the full-text index gives
            /// without reading the others; `nil` for every match. With a limit, a match that
            /// enters may push another out, so each change a list may show reads its rows again
            /// (at most `limit`; counted in `statistics.wholeReadsForLimitedMatches`).
            public var limit: Int?

            /// The rows of the request's table whose entry in `table` matches `pattern`: the
            /// first `limit` of them by rowid, or all.
            public init(table: String, pattern: String, limit: Int? = nil) {
                precondition(
                    limit.map { $0 > 0 } ?? true,
                    "FetchedResultsRequest.FullTextMatch(table: \(table), limit: \(limit ?? 0)): the limit must be positive"
                )
                self.table = table
                self.pattern = pattern
                self.limit = limit
            }
        }

        /// The table the rows come from.
        public var table: String
        /// The expression that identifies each row's item: unique among the rows shown.
        public var item: SQLExpression
        /// The expression whose value is each row's section.
        public var section: SQLExpression
        /// The expressions that make up a row's content; when one changes, the row is reconfigured.
        public var content: [SQLExpression]
        /// Which rows are shown; `nil` for all.
        public var filter: SQLExpression?
        /// Which rows are shown, besides the filter: those a full-text search finds; `nil` for
        /// all.
        public var match: FullTextMatch?
        /// The order of the rows within a section; `rowid` breaks ties.
        public var ordering: [SortTerm]
        /// Whether sections come in ascending order of their value.
        public var sectionsAscending: Bool
        /// How the rows of the other tables the request reads lead to the rows it lists. A table
        /// read without one is followed too, and each commit to it reads every row again.
        public var keyPaths: [KeyPath]
        /// Which rows are shown as time passes, besides the filter: rows enter and leave at the
        /// times their time column gives, as changes, with nothing written.
        public var timeWindow: TimeWindow?
        /// The column in which every row shown has one value; `nil` for rows of any.
        public var partition: Partition?
        /// The most rows shown — the first `fetchLimit` after `fetchOffset` — kept exact as rows
        /// enter, leave and move; `nil` for every row. The controller then holds the rows shown
        /// and a margin on each side, not the whole table. 0 is no limit, as in `NSFetchRequest`.
        public var fetchLimit: Int?
        /// How many rows of the order are skipped before the first one shown.
        public var fetchOffset: Int
        /// Where the rows shown start: the ordering values of the row they come after — its
        /// section unless the section is a constant, then one value per ordering term (or the
        /// first terms' only), then optionally its rowid. With `fetchLimit`, "the n rows after
        /// this one", kept live: a keyset page. `nil` to start at the first row.
        public var fetchAfter: [DatabaseValue]?
        /// The time the window is read at; `nil` outside a read (the SQL then shows a fixed
        /// time, so that equal requests build equal SQL).
        var now: Date?
        /// Whether `section` is a value rather than an expression of the row: then every row is in
        /// one section, and ordering by it would only keep SQLite from walking an index in order.
        var sectionIsConstant: Bool
        /// The name of the section's column when it is a plain column of the table.
        var sectionColumn: String?

        /// Creates a request.
        ///
        /// - Parameters:
        ///   - table: A rowid table; the change feed installs its change log triggers.
        ///   - item: The item identifier of each row, such as its primary key.
        ///   - section: The section identifier of each row; a constant puts every row in one section.
        ///   - content: What a cell shows, by which a changed row is recognised.
        ///   - filter: Which rows are shown.
        ///   - match: The rows a full-text search finds, besides the filter.
        ///   - ordering: The order of the rows within a section.
        ///   - sectionsAscending: Whether sections come in ascending order of their value.
        ///   - keyPaths: How the rows of the other tables the request reads lead to its rows.
        ///   - timeWindow: Which rows are shown as time passes.
        ///   - partition: The column in which every row shown has one value.
        ///   - fetchLimit: The most rows shown; `nil` for every row.
        ///   - fetchOffset: How many rows are skipped before the first one shown.
        ///   - fetchAfter: The ordering values of the row the rows shown come after.
        public init(
            table: String, item: some SQLExpressible, section: some SQLExpressible,
            content: [any SQLExpressible] = [], filter: (any SQLExpressible)? = nil,
            match: FullTextMatch? = nil,
            ordering: [SortTerm] = [], sectionsAscending: Bool = true, keyPaths: [KeyPath] = [],
            timeWindow: TimeWindow? = nil, partition: Partition? = nil, fetchLimit: Int? = nil,
            fetchOffset: Int = 0, fetchAfter: [any DatabaseValueConvertible]? = nil
        ) {
            self.table = table
            self.item = item.sqlExpression
            self.section = section.sqlExpression
            self.sectionIsConstant = section is any DatabaseValueConvertible
            self.sectionColumn = (section as? any ColumnExpression)?.name
            self.content = content.map(\.sqlExpression)
            self.filter = filter?.sqlExpression
            self.match = match
            self.ordering = ordering
            self.sectionsAscending = sectionsAscending
            self.keyPaths = keyPaths
            self.timeWindow = timeWindow
            self.partition = partition
            self.fetchLimit = fetchLimit
            self.fetchOffset = fetchOffset
            self.fetchAfter = fetchAfter?.map(\.databaseValue)
        }

        /// Every term rows are ordered by, the section first unless it is a constant.
        var sortTerms: [SortTerm] {
            sectionIsConstant
                ? ordering
                : [SortTerm(expression: section, isAscending: sectionsAscending, columnName: sectionColumn)]
                    + ordering
        }

        // MARK: SQL

        /// The columns every query selects, in this order: rowid, item, section, then content.
        var selection: SQL {
            var columns: SQL = "rowid, \(item), \(section)"
            for expression in content { columns += ", \(expression)" }
            return columns
        }

        /// The filter, the full-text match and the time window at ``now``, or `nil` for every row.
        var condition: SQLExpression? {
            let conditions = [conditionWithoutMatch, match?.condition].compactMap { $0 }
            return conditions.isEmpty ? nil : conditions.joined(operator: .and)
        }

        /// The ``condition`` but its full-text match, which the feed evaluates apart.
        var conditionWithoutMatch: SQLExpression? {
            var conditions = [filter, timeWindow?.condition(at: now ?? TimeWindow.referenceDate)].compactMap {
                $0
            }
            if let partition {
                let equal: SQL = "\(identifier: partition.column) = \(partition.value)"
                conditions.append(equal.sqlExpression)
            }
            if let fetchAfter, !fetchAfter.isEmpty {
                let terms = sortTerms
                precondition(
                    fetchAfter.count <= terms.count + 1,
                    "FetchedResultsRequest: fetchAfter has \(fetchAfter.count) values; the order has \(terms.count) terms and the rowid"
                )
                let rowID = fetchAfter.count > terms.count ? fetchAfter.last : nil
                let levels = levels(of: Array(fetchAfter.prefix(terms.count)), rowID: rowID, after: true)
                let after: SQL = "(" + levels.map { "(\($0))" as SQL }.joined(separator: " OR ") + ")"
                conditions.append(after.sqlExpression)
            }
            return conditions.isEmpty ? nil : conditions.joined(operator: .and)
        }

        /// `WHERE` and the condition, or nothing.
        var whereClause: SQL {
            condition.map { "WHERE \($0)" } ?? ""
        }

        /// The ordering, with `rowid` last.
        var orderClause: SQL { order(reversed: false) }

        /// The ordering, with `rowid` last; `reversed` for the rows before a row, nearest first.
        func order(reversed: Bool) -> SQL {
            var terms: [SQL] = sortTerms.map {
                $0.isAscending != reversed ? "\($0.expression) ASC" : "\($0.expression) DESC"
            }
            terms.append(reversed ? "rowid DESC" : "rowid ASC")
            return "ORDER BY " + terms.joined(separator: ", ")
        }

        /// Every row shown, in order.
        var fetchAll: SQL {
            "SELECT \(selection) FROM \(identifier: table) \(whereClause) \(orderClause)"
        }

        /// The rows among the given rowids that are shown, in order, with the values of
        /// ``sortTerms`` after the content columns.
        func fetchRows(_ rowIDs: [Int64]) -> SQL {
            var columns = selection
            for term in sortTerms { columns += ", \(term.expression)" }
            let filterClause: SQL = condition.map { "AND (\($0))" } ?? ""
            return
                "SELECT \(columns) FROM \(identifier: table) WHERE rowid IN \(rowIDs) \(filterClause) \(orderClause)"
        }

        /// The item of the first row shown after the row whose ordering values are `values` and
        /// whose rowid is `rowID`, one query per ordering level (see ``levels(of:rowID:after:)``).
        func successorQueries(values: [DatabaseValue], rowID: Int64) -> [SQL] {
            let filterClause: SQL = condition.map { "AND (\($0))" } ?? ""
            return levels(of: values, rowID: rowID, after: true).map { condition in
                "SELECT \(item) FROM \(identifier: table) WHERE \(condition) \(filterClause) \(orderClause) LIMIT 1"
            }
        }

        /// The rows after (or before) the row whose ordering values are `values` and whose rowid
        /// is `rowID`, as disjoint conditions, one ordering level each, from the nearest rows out:
        /// rows equal on every term with a larger rowid, then rows equal on the first k terms and
        /// after it on the next. Each level is an index range when an index covers the ordering.
        ///
        /// `values` may be the first terms' only; without a rowid, rows equal on them are neither.
        func levels(of values: [DatabaseValue], rowID: (any SQLExpressible)?, after: Bool) -> [SQL] {
            var levels: [SQL] = []
            let terms = sortTerms
            for level in stride(from: values.count, through: 0, by: -1) {
                var conditions: [SQL] = []
                for (term, value) in zip(terms.prefix(level), values) {
                    conditions.append(
                        value.isNull ? "\(term.expression) IS NULL" : "\(term.expression) = \(value)")
                }
                if level == values.count {
                    guard let rowID else { continue }
                    conditions.append(after ? "rowid > \(rowID)" : "rowid < \(rowID)")
                    levels.append(conditions.joined(separator: " AND "))
                } else {
                    for beyond in Self.beyond(terms[level], values[level], after: after) {
                        levels.append((conditions + [beyond]).joined(separator: " AND "))
                    }
                }
            }
            return levels
        }

        /// The rows that come after (or before) `value` on `term`, with SQLite's order of `NULL`
        /// (first when ascending, last when descending), nearest first: smaller values and then
        /// `NULL` are two conditions, since `x < v OR x IS NULL` is no index range (SQLite then
        /// walks the index from its start).
        static func beyond(_ term: SortTerm, _ value: DatabaseValue, after: Bool) -> [SQL] {
            // Before a value in one direction is after it in the other.
            switch (term.isAscending == after, value.isNull) {
            case (true, true): ["\(term.expression) IS NOT NULL"]
            case (true, false): ["\(term.expression) > \(value)"]
            case (false, true): []
            case (false, false): ["\(term.expression) < \(value)", "\(term.expression) IS NULL"]
            }
        }
    }

#endif
