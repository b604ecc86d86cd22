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
    /// The table's primary key must be one integer column, `key`: the change feed follows rows by
    /// it. With an index on the section and ordering expressions, placing a changed row costs a
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
        public var filter: PostgresQuery?
        /// The order of the rows within a section; the key breaks ties.
        public var ordering: [SortTerm]
        /// Whether sections come in ascending order of their value.
        public var sectionsAscending: Bool

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
        ///   - ordering: The order of the rows within a section.
        ///   - sectionsAscending: Whether sections come in ascending order of their value.
        public init(
            table: String, key: String = "id", item: String, section: String, content: [String] = [],
            filter: PostgresQuery? = nil, ordering: [SortTerm] = [], sectionsAscending: Bool = true
        ) {
            self.table = table
            self.key = key
            self.item = item
            self.section = section
            self.content = content
            self.filter = filter
            self.ordering = ordering
            self.sectionsAscending = sectionsAscending
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
        var orderClause: String {
            let terms =
                sortTerms.map { "\($0.expression) \($0.isAscending ? "ASC" : "DESC")" } + ["\(key) ASC"]
            return "ORDER BY " + terms.joined(separator: ", ")
        }

        /// ` AND (filter)`, or nothing; the filter's binds come first in every query.
        var filterCondition: String {
            filter.map { " AND (\($0.sql))" } ?? ""
        }

        /// The filter's binds, which every query starts with.
        var bindings: PostgresBindings {
            filter?.binds ?? PostgresBindings()
        }

        /// Every row shown, in order.
        var fetchAll: PostgresQuery {
            PostgresQuery(
                unsafeSQL: "SELECT \(selection) FROM \(from) WHERE TRUE\(filterCondition) \(orderClause)",
                binds: bindings)
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

        /// The item of the first row shown after the row whose ordering values are `values` and
        /// whose key is `rowID`, found one ordering level at a time: rows equal on the first k
        /// terms and after it on the next. Each level is an index seek when an index covers the
        /// ordering.
        ///
        /// - Returns: The queries, from the innermost level (same values, larger key) out.
        func successorQueries(values: [PostgresCell], rowID: Int64) -> [PostgresQuery] {
            var queries: [PostgresQuery] = []
            let terms = sortTerms
            for level in stride(from: terms.count, through: 0, by: -1) {
                var binds = bindings
                func bind(_ cell: PostgresCell) -> String {
                    binds.append(
                        PostgresData(type: cell.dataType, formatCode: cell.format, value: cell.bytes))
                    return "$\(binds.count)"
                }
                var conditions: [String] = []
                for (term, value) in zip(terms.prefix(level), values) {
                    conditions.append(
                        value.bytes == nil
                            ? "\(term.expression) IS NULL" : "\(term.expression) = \(bind(value))")
                }
                if level == terms.count {
                    binds.append(rowID)
                    conditions.append("\(key) > $\(binds.count)")
                } else {
                    let term = terms[level]
                    let value = values[level]
                    let expression = term.expression
                    let after =
                        switch (term.isAscending, value.bytes == nil) {
                        case (true, true): "FALSE"
                        case (true, false): "(\(expression) > \(bind(value)) OR \(expression) IS NULL)"
                        case (false, true): "\(expression) IS NOT NULL"
                        case (false, false): "\(expression) < \(bind(value))"
                        }
                    conditions.append(after)
                }
                queries.append(
                    PostgresQuery(
                        unsafeSQL:
                            "SELECT \(item) FROM \(from) WHERE \(conditions.joined(separator: " AND "))\(filterCondition) \(orderClause) LIMIT 1",
                        binds: binds))
            }
            return queries
        }
    }
#endif
