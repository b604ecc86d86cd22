import Foundation

/// A column of a subscriber's table in which every row it shows has one value (a request's
/// `partition`, `channel = 5`): a change whose row had another value before and after cannot
/// concern it, and the feed does not hand it the change.
package struct _Route: Sendable, Hashable {
    /// Lowercased.
    package var table: String
    /// Lowercased.
    package var column: String
    /// ``key(_:)`` of the value.
    package var key: String

    package init(table: String, column: String, key: String) {
        self.table = table.lowercased()
        self.column = column.lowercased()
        self.key = key
    }

    /// The value as a route key: numbers by their value (SQLite compares `5`, `5.0` and `'5'`
    /// equal in a numeric column), booleans as 1 and 0, text lowercased (a `NOCASE` column
    /// compares `'A'` and `'a'` equal). Values a database may compare equal share a key, so a key routes to every
    /// subscriber a change may concern, perhaps a few more; `nil` for `NULL`, which equals
    /// nothing.
    package static func key(_ value: _StoreValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let integer): return String(integer)
        case .real(let real): return number(real)
        case .text(let text):
            if let real = Double(text.trimmingCharacters(in: .whitespaces)) { return number(real) }
            // PostgreSQL's text form of a boolean, and what an app writes for one.
            switch text.lowercased() {
            case "t", "true": return "1"
            case "f", "false": return "0"
            case let lowercased: return lowercased
            }
        case .blob(let bytes): return "x" + bytes.map { String($0, radix: 16) }.joined(separator: ".")
        }
    }

    private static func number(_ real: Double) -> String {
        if real == real.rounded(), abs(real) < 9.2e18 { return String(Int64(real)) }
        return String(real)
    }
}

/// The feed's subscribers by what concerns them, so that a read hands a batch only to those whose
/// tables it touches — and, for a routed subscriber, whose value the changed rows had — instead
/// of asking every subscriber.
package struct _SubscriberIndex: Sendable {
    /// Subscribers of every table.
    private var everyTable: Set<ObjectIdentifier> = []
    /// Subscribers of each table, but for the routed subscribers of their route's table.
    private var byTable: [String: Set<ObjectIdentifier>] = [:]
    /// Routed subscribers: table, column, value key.
    private var routed: [String: [String: [String: Set<ObjectIdentifier>]]] = [:]
    /// Routed subscribers by table and column, whatever their value: for a change that does not
    /// say its values.
    private var routedColumns: [String: [String: Set<ObjectIdentifier>]] = [:]
    /// Subscribers that may be due with nothing changed (a time window, a window that moves).
    private var dueWithoutChanges: Set<ObjectIdentifier> = []

    package init() {}

    package mutating func insert(
        _ id: ObjectIdentifier, tables: [String: Set<String>]?, route: _Route?, mayBeDue: Bool
    ) {
        update(id, tables: tables, route: route, mayBeDue: mayBeDue, inserting: true)
    }

    package mutating func remove(
        _ id: ObjectIdentifier, tables: [String: Set<String>]?, route: _Route?, mayBeDue: Bool
    ) {
        update(id, tables: tables, route: route, mayBeDue: mayBeDue, inserting: false)
    }

    private mutating func update(
        _ id: ObjectIdentifier, tables: [String: Set<String>]?, route: _Route?, mayBeDue: Bool,
        inserting: Bool
    ) {
        func apply(_ set: inout Set<ObjectIdentifier>) {
            if inserting { set.insert(id) } else { set.remove(id) }
        }
        if mayBeDue { apply(&dueWithoutChanges) }
        guard let tables else { return apply(&everyTable) }
        for table in tables.keys where table != route?.table { apply(&byTable[table, default: []]) }
        if let route {
            apply(&routed[route.table, default: [:]][route.column, default: [:]][route.key, default: []])
            apply(&routedColumns[route.table, default: [:]][route.column, default: []])
        }
    }

    /// The subscribers a read's changes may concern; `nil` for every one (the read cannot name
    /// its changes).
    ///
    /// - Complexity: O(c × r) for c changes and r routed columns of their tables, plus the
    ///   subscribers found.
    package func concerned(by changes: [_RowChange]?) -> Set<ObjectIdentifier>? {
        guard let changes else { return nil }
        var found = everyTable.union(dueWithoutChanges)
        var touched: Set<String> = []
        for change in changes {
            if touched.insert(change.table).inserted, let subscribers = byTable[change.table] {
                found.formUnion(subscribers)
            }
            guard let columns = routed[change.table] else { continue }
            for (column, byKey) in columns {
                guard let values = Self.values(of: column, in: change) else {
                    found.formUnion(routedColumns[change.table]?[column] ?? [])
                    continue
                }
                for value in values {
                    if let key = _Route.key(value), let subscribers = byKey[key] {
                        found.formUnion(subscribers)
                    }
                }
            }
        }
        return found
    }

    /// The values a change's row had in `column` before and after it, when the change says all
    /// of them (both for an update); `nil` otherwise.
    private static func values(of column: String, in change: _RowChange) -> [_StoreValue]? {
        switch change.kind {
        case .insert: change.values[column].map { [$0] }
        case .delete: change.oldValues[column].map { [$0] }
        case .update:
            change.values[column].flatMap { new in change.oldValues[column].map { [$0, new] } }
        case .unknown: nil
        }
    }
}
