#if Postgres
    import NIOCore
    public import PostgresNIO

    /// Which rows a request shows: SQL with its values interpolated, written as a `PostgresQuery`
    /// is (`"channel = \(channel)"` binds `channel`).
    ///
    /// Unlike a `PostgresQuery`, whose binds cannot be read back or joined to another's, a
    /// condition keeps its values. So the change feed can evaluate the conditions of many
    /// requests of one table — a list per person, a search per page — on a commit's rows in one
    /// statement, and hand each request only the rows its condition holds for, where each would
    /// otherwise read the changed rows under its own filter.
    ///
    /// A `PostgresQuery` made elsewhere becomes a condition with ``init(_:)``; its values stay
    /// sealed, so such a request reads for itself.
    public struct PostgresCondition: Sendable, Hashable, ExpressibleByStringInterpolation {
        /// The SQL, `$1`, `$2`… standing for the values interpolated, in order.
        public private(set) var sql: String
        /// The values the placeholders stand for; `nil` for a condition made from a query.
        private var values: [Value]?
        /// The query a condition was made from.
        private var sealed: PostgresQuery?

        /// A condition made from a query: its values cannot be read, so it is evaluated alone.
        public init(_ query: PostgresQuery) {
            sql = query.sql
            sealed = query
        }

        public init(stringLiteral value: String) {
            sql = value
            values = []
        }

        public init(stringInterpolation: StringInterpolation) {
            sql = stringInterpolation.sql
            values = stringInterpolation.values
        }

        /// The condition as a query, its placeholders from `$1`.
        public var query: PostgresQuery {
            sealed ?? PostgresQuery(unsafeSQL: sql, binds: binds)
        }

        /// Its values, to bind to `$1`, `$2`…
        var binds: PostgresBindings {
            if let sealed { return sealed.binds }
            var binds = PostgresBindings(capacity: values?.count ?? 0)
            for value in values ?? [] { value.bind(to: &binds) }
            return binds
        }

        /// Whether its values can be bound after other statements' (``sql(placeholdersFrom:appendingValuesTo:)``).
        var isOpen: Bool { values != nil }

        /// How many values it binds.
        var valueCount: Int { values?.count ?? sealed?.binds.count ?? 0 }

        /// The SQL with its placeholders numbered from `first` (`$first` for its first value),
        /// for a statement that binds other values before them; its values go to `binds`.
        ///
        /// - Precondition: ``isOpen``.
        func sql(placeholdersFrom first: Int, appendingValuesTo binds: inout PostgresBindings) -> String {
            precondition(isOpen, "PostgresCondition: a condition made from a query keeps its values sealed")
            for value in values! { value.bind(to: &binds) }
            // Without values, a `$` followed by digits is the SQL's own text.
            guard first != 1, !values!.isEmpty else { return sql }
            var renumbered = ""
            var rest = Substring(sql)
            // Every `$` and digits is a placeholder interpolation wrote: it refuses them in the
            // literal text around the values.
            while let dollar = rest.firstIndex(of: "$") {
                renumbered += rest[..<dollar]
                let digits = rest[rest.index(after: dollar)...].prefix(while: \.isNumber)
                if let number = Int(digits) {
                    renumbered += "$\(number + first - 1)"
                } else {
                    renumbered += "$"
                }
                rest = rest[digits.endIndex...]
            }
            return renumbered + rest
        }

        /// A value bound to a placeholder, as PostgreSQL receives it.
        struct Value: Sendable, Hashable, PostgresDynamicTypeEncodable {
            var psqlType: PostgresDataType
            var psqlFormat: PostgresFormat
            /// Its bytes; `nil` for `NULL`.
            var bytes: ByteBuffer?

            init<Encodable: PostgresDynamicTypeEncodable>(_ value: Encodable) {
                psqlType = value.psqlType
                psqlFormat = value.psqlFormat
                var buffer = ByteBuffer()
                value.encode(into: &buffer, context: .default)
                bytes = buffer
            }

            init(null type: PostgresDataType) {
                psqlType = type
                psqlFormat = .binary
                bytes = nil
            }

            func encode<JSONEncoder: PostgresJSONEncoder>(
                into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
            ) {
                if var bytes { byteBuffer.writeBuffer(&bytes) }
            }

            func bind(to binds: inout PostgresBindings) {
                if bytes == nil { binds.appendNull() } else { binds.append(self) }
            }
        }

        /// Builds a condition: literal SQL, and values each bound to a placeholder.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var sql = ""
            var values: [Value] = []

            public init(literalCapacity: Int, interpolationCount: Int) {
                sql.reserveCapacity(literalCapacity + 3 * interpolationCount)
            }

            public mutating func appendLiteral(_ literal: String) {
                appendSQL(literal)
            }

            /// Binds `value` to the next placeholder.
            public mutating func appendInterpolation<Encodable: PostgresDynamicTypeEncodable>(
                _ value: Encodable
            ) {
                values.append(Value(value))
                sql += "$\(values.count)"
            }

            /// Binds `value`, or `NULL`, to the next placeholder.
            public mutating func appendInterpolation<Encodable: PostgresDynamicTypeEncodable>(
                _ value: Encodable?
            ) {
                if let value { values.append(Value(value)) } else { values.append(Value(null: .null)) }
                sql += "$\(values.count)"
            }

            /// Writes `interpolated` into the SQL as it is: a column or table name, never a value.
            public mutating func appendInterpolation(unescaped interpolated: String) {
                appendSQL(interpolated)
            }

            /// Appends SQL text, which must not hold a placeholder: only interpolation writes them,
            /// and each is renumbered when the condition goes after others in one statement.
            private mutating func appendSQL(_ text: String) {
                precondition(
                    !Self.hasPlaceholder(text),
                    "PostgresCondition: \"\(text)\" has a placeholder ($ and a digit); interpolate the value instead"
                )
                sql += text
            }

            /// Whether `text` has `$` followed by a digit.
            static func hasPlaceholder(_ text: String) -> Bool {
                var previous: Character?
                for character in text {
                    if previous == "$", character.isNumber { return true }
                    previous = character
                }
                return false
            }
        }
    }
#endif
