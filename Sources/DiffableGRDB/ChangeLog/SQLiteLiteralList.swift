#if GRDB
    import DiffableStore

    /// How the change log stores values in one text column: SQL literals, as SQLite's `quote()`
    /// writes them, separated by commas (`'recipeid',42,'Baking'`). A trigger can write it
    /// whatever the values' types (JSON cannot hold a blob), and it reads back exactly.
    enum _SQLiteLiteralList {
        /// The SQL expression a trigger evaluates to write `columns` of the row `row` refers to
        /// (`new`, `old`, or a quoted table name), each preceded by its lowercased name; `NULL`
        /// for no columns.
        static func expression(columns: [String], of row: String) -> String {
            guard !columns.isEmpty else { return "NULL" }
            return columns.map { column in
                let name = "'" + column.lowercased().replacingOccurrences(of: "'", with: "''") + "',"
                let literal = "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
                return "\(literal) || quote(\(row).\(column.quotedDatabaseIdentifier))"
            }.joined(separator: " || ',' || ")
        }

        /// A list of names, as the log's table of followed tables stores them.
        static func text(_ names: [String]) -> String {
            names.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ",")
        }

        /// The values of a list; `nil` when it is not one.
        ///
        /// - Complexity: O(n) in the characters.
        static func values(_ text: String) -> [_StoreValue]? {
            var values: [_StoreValue] = []
            var scalars = Substring(text).unicodeScalars[...]
            while !scalars.isEmpty {
                guard let value = literal(&scalars) else { return nil }
                values.append(value)
                guard let comma = scalars.first else { break }
                guard comma == "," else { return nil }
                scalars.removeFirst()
            }
            return values
        }

        /// The names of a list of names.
        static func names(_ text: String) -> [String]? {
            values(text)?.map { value -> String? in
                if case .text(let name) = value { return name }
                return nil
            }.reduce(into: [String]?([])) { names, name in
                guard let name else {
                    names = nil
                    return
                }
                names?.append(name)
            }
        }

        /// Name-value pairs, by name.
        static func pairs(_ text: String?) -> [String: _StoreValue]? {
            guard let text else { return [:] }
            guard let values = values(text), values.count % 2 == 0 else { return nil }
            var pairs: [String: _StoreValue] = [:]
            for index in stride(from: 0, to: values.count, by: 2) {
                guard case .text(let name) = values[index] else { return nil }
                pairs[name] = values[index + 1]
            }
            return pairs
        }

        private static func literal(_ scalars: inout Substring.UnicodeScalarView.SubSequence) -> _StoreValue?
        {
            guard let first = scalars.first else { return nil }
            switch first {
            case "'":
                scalars.removeFirst()
                var text = String.UnicodeScalarView()
                while let scalar = scalars.popFirst() {
                    if scalar == "'" {
                        guard scalars.first == "'" else { return .text(String(text)) }
                        scalars.removeFirst()
                    }
                    text.append(scalar)
                }
                return nil
            case "X", "x":
                scalars.removeFirst()
                guard scalars.popFirst() == "'" else { return nil }
                var bytes: [UInt8] = []
                var high: UInt8?
                while let scalar = scalars.popFirst(), scalar != "'" {
                    guard let digit = UInt8(String(scalar), radix: 16) else { return nil }
                    if let pending = high {
                        bytes.append(pending << 4 | digit)
                        high = nil
                    } else {
                        high = digit
                    }
                }
                return high == nil ? .blob(bytes) : nil
            default:
                var token = ""
                while let scalar = scalars.first, scalar != "," {
                    token.unicodeScalars.append(scalar)
                    scalars.removeFirst()
                }
                if token == "NULL" { return .null }
                if let integer = Int64(token) { return .integer(integer) }
                switch token {
                case "Inf": return .real(.infinity)
                case "-Inf": return .real(-.infinity)
                default: return Double(token).map(_StoreValue.real)
                }
            }
        }
    }
#endif
