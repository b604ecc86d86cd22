#if Postgres
    import Foundation
    public import PostgresNIO

    /// What a `FetchedResultsController` on PostgreSQL shows: which rows of a table, in which
    /// order, grouped in which sections, identified how, and which columns make up each row's
    /// content. The same shape as DiffableGRDB's `FetchedResultsRequest`, in SQL text.
    ///
    /// ```swift
    /// let request = PostgresFetchedResultsRequest<String, Int64>(
    ///     table: "recipe",
    ///     item: "id",
    ///     section: "collection",
    ///     content: ["title", "minutes", "is_favorite"],
    ///     filter: "NOT is_archived",
    ///     ordering: [.ascending("title")])
    /// ```
    ///
    /// Rows are ordered by their section first (ascending unless `sectionsAscending` is `false`),
    /// then by `ordering`, then by the table's key, so the order is total and every section's rows
    /// are together. A constant section (`"'All'"`) puts every row in one section. `NULL`s sort
    /// as PostgreSQL sorts them: last when ascending, first when descending.
    ///
    /// The filter, sections, content and ordering may read other tables (subqueries, views,
    /// joins): the controller asks PostgreSQL which tables the query's plan reads and follows
    /// each one; a commit to one re-places the rows it leads to when `keyPaths` says how, and
    /// reads every row again when not.
    ///
    /// The table's primary key must be one integer column, `key`: the change feed follows its
    /// rows by it. The tables it reads may have any key, or none. With an index on the section and ordering expressions, placing a changed row costs a
    /// few index seeks; without one, a scan.
    public struct PostgresFetchedResultsRequest<
        SectionIdentifierType: PostgresDecodable & Hashable & Sendable,
        ItemIdentifierType: PostgresDecodable & Hashable & Sendable
    >: Sendable, Hashable {
        /// One term of the ordering.
        public struct SortTerm: Sendable, Hashable {
            /// The SQL expression rows are ordered by.
            public var expression: String
            /// Whether smaller values come first.
            public var isAscending: Bool

            /// Smaller values first; `NULL` last, as PostgreSQL orders it.
            public static func ascending(_ expression: String) -> Self {
                Self(expression: expression, isAscending: true)
            }

            /// Larger values first; `NULL` first.
            public static func descending(_ expression: String) -> Self {
                Self(expression: expression, isAscending: false)
            }
        }

        /// A key path from the rows of a table the request reads (in its filter, sections,
        /// content or ordering) to the rows it lists: a commit to that table re-places only the
        /// rows its changed rows lead to, before and after the change.
        ///
        /// ```swift
        /// // recipe rows listed; a recipeCollection row leads to the recipe whose id is its recipeId
        /// .init(table: "recipeCollection", column: "recipeId", matches: "id")
        /// ```
        public struct KeyPath: Sendable, Hashable {
            /// The table read (`schema.table` outside `public`).
            public var table: String
            /// Its column whose value leads to listed rows.
            public var column: String
            /// The SQL expression of a listed row that equals it: an index on it makes the lookup
            /// a seek.
            public var matches: String

            /// A key path from `table`'s `column` to the listed rows whose `matches` equals it.
            public init(table: String, column: String, matches: String) {
                self.table = table
                self.column = column
                self.matches = matches
            }
        }

        /// A column in which every row shown has one value — a list per channel, per person,
        /// per collection: `channel = 5`, added to the filter. A commit reaches the controller
        /// only when a row it changed had that value before or after, so ten thousand such lists
        /// on one table cost a commit what the lists it touches cost.
        public struct Partition: Sendable, Hashable {
            /// A column of the request's table, of an integer, text or boolean type.
            public var column: String
            /// The value every row shown has in it, as a literal: PostgreSQL gives it the
            /// column's type.
            public var value: String

            public init(column: String, value: String) {
                self.column = column
                self.value = value
            }
        }

        /// The table the rows come from (`schema.table` outside `public`).
        public var table: String
        /// The table's primary key: one integer column.
        public var key: String
        /// The SQL expression that identifies each row's item: unique among the rows shown.
        public var item: String
        /// The SQL expression whose value is each row's section.
        public var section: String
        /// The SQL expressions that make up a row's content; when one changes, the row is
        /// reconfigured.
        public var content: [String]
        /// Which rows are shown (a condition, with `$1`, `$2`… for its binds); `nil` for all.
        public var filter: PostgresCondition?
        /// The most rows the filter keeps, the first by key — a search that shows its first
        /// 1,000 matches — or `nil` for every row it holds for. A commit to rows the filter
        /// neither holds for nor shows reads nothing; one to a row it holds for or shows reads
        /// every row again, since one match that enters may push another out.
        public var filterLimit: Int?

        /// Whether the filter keeps only its first rows (`filterLimit` on a filter): which rows
        /// it shows then depends on other rows.
        var keepsFirstRows: Bool { filter != nil && filterLimit != nil }
        /// The order of the rows within a section; the key breaks ties.
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
        /// first terms' only), then optionally its key. With `fetchLimit`, "the n rows after this
        /// one", kept live: a keyset page. `nil` to start at the first row.
        public var fetchAfter: [PostgresData]? {
            get { fetchStart?.map(\.data) }
            set { fetchStart = newValue?.map(StartValue.init) }
        }
        /// `fetchAfter`, comparable.
        var fetchStart: [StartValue]?
        /// The time the window is read at; `nil` outside a read.
        var now: Date?

        /// Creates a request.
        ///
        /// - Parameters:
        ///   - table: A table whose primary key is one integer column.
        ///   - key: That column.
        ///   - item: The item identifier of each row, such as its key.
        ///   - section: The section identifier of each row; a constant puts every row in one
        ///     section.
        ///   - content: What a cell shows, by which a changed row is recognised.
        ///   - filter: Which rows are shown: `"collection = \(name)"` binds `name`.
        ///   - filterLimit: The most rows the filter keeps, the first by key; `nil` for all.
        ///   - ordering: The order of the rows within a section.
        ///   - sectionsAscending: Whether sections come in ascending order of their value.
        ///   - keyPaths: How the rows of the other tables the request reads lead to its rows.
        ///   - timeWindow: Which rows are shown as time passes.
        ///   - partition: The column in which every row shown has one value.
        ///   - fetchLimit: The most rows shown; `nil` for every row.
        ///   - fetchOffset: How many rows are skipped before the first one shown.
        ///   - fetchAfter: The ordering values of the row the rows shown come after.
        public init(
            table: String, key: String = "id", item: String, section: String, content: [String] = [],
            filter: PostgresCondition? = nil, filterLimit: Int? = nil, ordering: [SortTerm] = [],
            sectionsAscending: Bool = true,
            keyPaths: [KeyPath] = [], timeWindow: TimeWindow? = nil, partition: Partition? = nil,
            fetchLimit: Int? = nil, fetchOffset: Int = 0, fetchAfter: [PostgresData]? = nil
        ) {
            self.table = table
            self.key = key
            self.item = item
            self.section = section
            self.content = content
            self.filter = filter
            self.filterLimit = filterLimit
            self.ordering = ordering
            self.sectionsAscending = sectionsAscending
            self.keyPaths = keyPaths
            self.timeWindow = timeWindow
            self.partition = partition
            self.fetchLimit = fetchLimit
            self.fetchOffset = fetchOffset
            self.fetchAfter = fetchAfter
        }

        /// Every term rows are ordered by, the section first unless it is a constant (which
        /// PostgreSQL does not take in `ORDER BY`).
        var sortTerms: [SortTerm] {
            sectionIsConstant
                ? ordering : [SortTerm(expression: section, isAscending: sectionsAscending)] + ordering
        }

        /// Whether the section is a literal: a quoted string or a number.
        var sectionIsConstant: Bool {
            let trimmed = section.trimmingCharacters(in: .whitespaces)
            if trimmed.count >= 2, trimmed.hasPrefix("'"), trimmed.hasSuffix("'"),
                !trimmed.dropFirst().dropLast().replacingOccurrences(of: "''", with: "").contains("'")
            {
                return true
            }
            return Double(trimmed) != nil
        }

        // MARK: SQL

        /// The columns every query selects, in this order: key, item, section, then content.
        var selection: String {
            ([key, item, section] + content).joined(separator: ", ")
        }

        /// The table, quoted.
        var from: String {
            let (schema, name) = _PostgresChangeSource.split(table)
            return "\(_PostgresChangeSource.quote(schema)).\(_PostgresChangeSource.quote(name))"
        }

        /// The ordering, with the key last.
        var orderClause: String { order(reversed: false) }

        /// The ordering, with the key last; `reversed` for the rows before a row, nearest first
        /// (PostgreSQL's default places of `NULL` reverse with each direction).
        func order(reversed: Bool) -> String {
            let terms =
                sortTerms.map { "\($0.expression) \($0.isAscending != reversed ? "ASC" : "DESC")" }
                + ["\(key) \(reversed ? "DESC" : "ASC")"]
            return "ORDER BY " + terms.joined(separator: ", ")
        }

        /// ` AND (filter)`, or nothing; the filter's binds come first in every query. With
        /// `filterLimit`, also the key among the first rows the filter holds for (its placeholders
        /// used twice).
        var filterCondition: String {
            var condition = filter.map { " AND (\($0.sql))" } ?? ""
            if let filter, let filterLimit {
                condition +=
                    " AND \(key) IN (SELECT \(key) FROM \(from) WHERE (\(filter.sql)) ORDER BY \(key) LIMIT \(filterLimit))"
            }
            if let partition {
                let literal = partition.value.replacingOccurrences(of: "'", with: "''")
                condition += " AND \(partition.column) = '\(literal)'"
            }
            var index = filter?.binds.count ?? 0
            if let window = timeWindow {
                for (comparison, _) in window.bounds(at: now ?? TimeWindow.referenceDate) {
                    index += 1
                    condition += " AND \(window.column) \(comparison) $\(index)"
                }
            }
            if let start = fetchStart, !start.isEmpty {
                let terms = sortTerms
                precondition(
                    start.count <= terms.count + 1,
                    "PostgresFetchedResultsRequest: fetchAfter has \(start.count) values; the order has \(terms.count) terms and the key"
                )
                let placeholders = start.indices.map { "$\(index + 1 + $0)" }
                let values = zip(start, placeholders).prefix(terms.count).map {
                    $0.data.value == nil ? nil : $1
                }
                let levels = levels(
                    of: values, key: start.count > terms.count ? placeholders.last : nil, after: true)
                condition += " AND (" + levels.map { "(\($0))" }.joined(separator: " OR ") + ")"
            }
            return condition
        }

        /// The binds every query starts with: the filter's, the time window's, `fetchAfter`'s.
        var bindings: PostgresBindings {
            var binds = filter?.binds ?? PostgresBindings()
            for (_, value) in timeWindow?.bounds(at: now ?? TimeWindow.referenceDate) ?? [] {
                timeWindow!.bind(value, to: &binds)
            }
            for value in fetchStart ?? [] { binds.append(value.data) }
            return binds
        }

        /// The rows after (or before) a row, as disjoint conditions from the nearest rows out:
        /// rows equal on every term with a larger key, then rows equal on the first k terms and
        /// after it on the next. Each is one index range when an index covers the ordering, so an
        /// ascending term's "after" (larger, then `NULL`, which PostgreSQL sorts last) is two.
        ///
        /// - Parameters:
        ///   - values: The row's ordering values as SQL (placeholders), `nil` for `NULL`; the first
        ///     terms' only, for rows after a prefix.
        ///   - key: The row's key as SQL; without it, rows equal on `values` are neither.
        func levels(of values: [String?], key rowKey: String?, after: Bool) -> [String] {
            let terms = sortTerms
            var levels: [String] = []
            for level in stride(from: values.count, through: 0, by: -1) {
                var prefix: [String] = []
                for (term, value) in zip(terms.prefix(level), values) {
                    prefix.append(value.map { "\(term.expression) = \($0)" } ?? "\(term.expression) IS NULL")
                }
                var beyond: [String] = []
                if level == values.count {
                    guard let rowKey else { continue }
                    beyond = ["\(key) \(after ? ">" : "<") \(rowKey)"]
                } else {
                    let expression = terms[level].expression
                    // Before a value in one direction is after it in the other.
                    switch (terms[level].isAscending == after, values[level]) {
                    case (true, nil): beyond = []
                    case (true, let value?): beyond = ["\(expression) > \(value)", "\(expression) IS NULL"]
                    case (false, nil): beyond = ["\(expression) IS NOT NULL"]
                    case (false, let value?): beyond = ["\(expression) < \(value)"]
                    }
                }
                for condition in beyond { levels.append((prefix + [condition]).joined(separator: " AND ")) }
            }
            return levels
        }

        /// Every row shown, in order.
        var fetchAll: PostgresQuery { everyRow(selecting: selection) }

        /// Every row shown, in order, with the columns `selection` names.
        private func everyRow(selecting selection: String) -> PostgresQuery {
            PostgresQuery(
                unsafeSQL: "SELECT \(selection) FROM \(from) WHERE TRUE\(filterCondition) \(orderClause)",
                binds: bindings)
        }

        /// Which columns a whole read selects after the key, by their place in its rows: the item
        /// unless it is the key itself (and an `Int64`), the section unless it is a constant; the
        /// content columns come last.
        struct WholeReadColumns {
            var item: Int?
            var section: Int?
        }

        var wholeReadColumns: WholeReadColumns {
            let itemIsKey =
                ItemIdentifierType.self == Int64.self
                && item.trimmingCharacters(in: .whitespaces) == key.trimmingCharacters(in: .whitespaces)
            let item = itemIsKey ? nil : 1
            return WholeReadColumns(item: item, section: sectionIsConstant ? nil : (item ?? 0) + 1)
        }

        /// Every row shown, in order, with the columns `columns` says.
        func wholeRead(_ columns: WholeReadColumns) -> PostgresQuery {
            let selection =
                [key] + (columns.item == nil ? [] : [item]) + (columns.section == nil ? [] : [section])
                + content
            return everyRow(selecting: selection.joined(separator: ", "))
        }

        /// The rows among the given keys that are shown, in order, with the values of
        /// ``sortTerms`` after the content columns.
        func fetchRows(_ rowIDs: [Int64]) -> PostgresQuery {
            var binds = bindings
            binds.append(rowIDs)
            let columns = ([selection] + sortTerms.map(\.expression)).joined(separator: ", ")
            return PostgresQuery(
                unsafeSQL:
                    "SELECT \(columns) FROM \(from) WHERE \(key) = ANY($\(binds.count))\(filterCondition) \(orderClause)",
                binds: binds)
        }

        /// For each row, the items of the first rows shown after it at each ordering level
        /// (``levels(of:key:after:)``, the row's values taken from a `VALUES` list), in one
        /// statement planned once. A row's successor is its nearest level's item. Each level is an
        /// index seek when an index covers the ordering.
        ///
        /// The rows must agree on which of their ordering values are `NULL` (the conditions
        /// differ): ``readRows(_:rowIDs:)`` groups them.
        ///
        /// - Returns: A query whose rows are the row's index in `rows`, then the item found at
        ///   each level (`NULL` where none is).
        func successorQuery(rows: [(index: Int, values: [PostgresCell], rowID: Int64)]) -> PostgresQuery {
            var binds = bindings
            let nulls = rows[0].values.map { $0.bytes == nil }
            let alias = "diffable_row"
            var tuples: [String] = []
            for row in rows {
                var placeholders: [String] = []
                binds.append(Int32(row.index))
                placeholders.append("$\(binds.count)")
                binds.append(row.rowID)
                placeholders.append("$\(binds.count)")
                for cell in row.values where cell.bytes != nil {
                    binds.append(
                        PostgresData(type: cell.dataType, formatCode: cell.format, value: cell.bytes))
                    placeholders.append("$\(binds.count)")
                }
                tuples.append("(" + placeholders.joined(separator: ", ") + ")")
            }
            var columns = ["i", "k"]
            var valueColumn: [String?] = []
            for (index, isNull) in nulls.enumerated() {
                valueColumn.append(isNull ? nil : "\(alias).v\(index)")
                if !isNull { columns.append("v\(index)") }
            }
            let levels = levels(of: valueColumn, key: "\(alias).k", after: true).map { condition in
                "(SELECT \(item) FROM \(from) WHERE \(condition)\(filterCondition) \(orderClause) LIMIT 1)"
            }
            let sql =
                "SELECT \(alias).i, \(levels.joined(separator: ", ")) FROM (VALUES \(tuples.joined(separator: ", "))) AS \(alias)(\(columns.joined(separator: ", ")))"
            return PostgresQuery(unsafeSQL: sql, binds: binds)
        }
    }

    /// A value of `fetchAfter`, compared by its type, format and bytes, so that requests stay
    /// `Hashable`.
    struct StartValue: Hashable, Sendable {
        var data: PostgresData

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.data.type == rhs.data.type && lhs.data.formatCode == rhs.data.formatCode
                && lhs.data.value == rhs.data.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(data.type)
            hasher.combine(data.value)
        }
    }
#endif
