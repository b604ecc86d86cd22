import Diffable

/// Which rows of its table a subscriber shows — a request's filter with its arguments — in a
/// form its backend can evaluate for many subscribers at once.
///
/// Requests that differ only in their arguments (a search per page, a list per person with a
/// filter that is not one column's value) are told of every change to their table. Without this,
/// each would read the changed rows under its own filter: a statement per request, whatever the
/// change touches. The feed instead evaluates the conditions of the concerned subscribers of one
/// table together — one statement for hundreds of them — and hands each the changed rows its
/// condition holds for; a subscriber that does not show a changed row and whose condition does
/// not hold for it reads nothing.
package protocol _RowCondition: Sendable {
    /// The table whose rows the condition is about, lowercased.
    var conditionTable: String { get }

    /// Whether the feed evaluates the condition even for a subscriber alone on its table: one
    /// that would otherwise read every row for any change to it (a search that keeps its first
    /// matches), where the evaluation tells it that most changes concern it not at all.
    var isEvaluatedAlone: Bool { get }

    /// Which of `rowIDs` each of `conditions` holds for, in the reader's state: one statement
    /// per `perStatement` conditions (more if the backend needs them), whatever their number.
    static func rowIDs(
        _ rowIDs: Set<Int64>, meeting conditions: [Self], reader: any _FeedReader, perStatement: Int
    ) async throws(FetchedResultsError) -> [Set<Int64>]
}

extension _RowCondition {
    package var isEvaluatedAlone: Bool { false }
}

extension _RowCondition where Self: _RowReader {
    /// A request whose rows depend on each other (a search that keeps its first matches) reads
    /// every row for any change it may concern: the evaluation is what says most do not.
    package var isEvaluatedAlone: Bool { dependsOnOtherRows }
}

extension ChangeFeed {
    /// The fewest subscribers of one table whose conditions the feed evaluates together: one
    /// alone reads its rows as it would have after the evaluation (unless its condition
    /// `isEvaluatedAlone`).
    static let conditionGroupMinimum = 2

    /// The most changed rows of one table the feed evaluates conditions on; beyond, each
    /// subscriber reads for itself (and most read everything).
    static let conditionRowLimit = 1024

    /// For the concerned subscribers that have a condition, grouped by table and kind, the
    /// changed rows of their table their condition holds for: one evaluation per group. A group
    /// whose evaluation fails is left out (each of its subscribers reads for itself).
    ///
    /// - Complexity: O(c + s) for c changes and s subscribers, plus one evaluation per group.
    static func rowsMeetingConditions(
        of subscribers: [(id: ObjectIdentifier, condition: any _RowCondition)], changes: [_RowChange]?,
        reader: any _FeedReader, perStatement: Int
    ) async -> [ObjectIdentifier: Set<Int64>] {
        func isEvaluated(_ members: [(id: ObjectIdentifier, condition: any _RowCondition)]) -> Bool {
            members.count >= conditionGroupMinimum || members.contains { $0.condition.isEvaluatedAlone }
        }
        guard let changes, isEvaluated(subscribers) else { return [:] }
        var groups: [GroupKey: [(id: ObjectIdentifier, condition: any _RowCondition)]] = [:]
        for subscriber in subscribers {
            let condition = subscriber.condition
            groups[
                GroupKey(table: condition.conditionTable, kind: ObjectIdentifier(type(of: condition))),
                default: []
            ]
            .append(subscriber)
        }
        var changedRows: [String: Set<Int64>] = [:]
        for change in changes {
            for key in [change.key, change.oldKey] {
                if let rowID = key?.rowID { changedRows[change.table, default: []].insert(rowID) }
            }
        }
        var meeting: [ObjectIdentifier: Set<Int64>] = [:]
        for (key, members) in groups where isEvaluated(members) {
            guard let rowIDs = changedRows[key.table], !rowIDs.isEmpty, rowIDs.count <= conditionRowLimit,
                let found = try? await evaluate(
                    members[0].condition, members.map(\.condition), rowIDs, reader, perStatement)
            else { continue }
            for (member, rows) in zip(members, found) { meeting[member.id] = rows }
        }
        return meeting
    }

    private struct GroupKey: Hashable {
        var table: String
        var kind: ObjectIdentifier
    }

    /// Opens the group's condition type: every member is of the first one's.
    private static func evaluate<Condition: _RowCondition>(
        _ first: Condition, _ conditions: [any _RowCondition], _ rowIDs: Set<Int64>,
        _ reader: any _FeedReader, _ perStatement: Int
    ) async throws(FetchedResultsError) -> [Set<Int64>] {
        try await Condition.rowIDs(
            rowIDs, meeting: conditions.map { $0 as! Condition }, reader: reader, perStatement: perStatement)
    }
}
