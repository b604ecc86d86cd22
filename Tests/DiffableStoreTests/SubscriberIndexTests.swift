import Diffable
import Testing

@testable import DiffableStore

/// How the feed finds the subscribers a read concerns: by table, and by the value of a routed
/// column before and after each change, with values a database may compare equal under one key.
@Suite("The feed's subscriber index")
struct SubscriberIndexTests {
    final class Subscriber {}

    @Test func valuesADatabaseComparesEqualShareAKey() {
        #expect(_Route.key(.integer(5)) == _Route.key(.real(5.0)))
        #expect(_Route.key(.integer(5)) == _Route.key(.text("5")))
        #expect(_Route.key(.text("General")) == _Route.key(.text("general")))
        #expect(_Route.key(.text("t")) == _Route.key(.integer(1)))
        #expect(_Route.key(.text("false")) == _Route.key(.integer(0)))
        #expect(_Route.key(.real(5.5)) != _Route.key(.integer(5)))
        #expect(_Route.key(.null) == nil)
    }

    @Test func aChangeReachesTheSubscribersOfItsTableAndOfItsValuesBeforeAndAfter() {
        let (five, seven, nine, plain, everything) = (
            Subscriber(), Subscriber(), Subscriber(), Subscriber(), Subscriber()
        )
        func id(_ subscriber: Subscriber) -> ObjectIdentifier { ObjectIdentifier(subscriber) }
        var index = _SubscriberIndex()
        for (subscriber, channel) in [(five, 5), (seven, 7), (nine, 9)] {
            index.insert(
                id(subscriber), tables: ["message": ["channel"]],
                route: _Route(table: "message", column: "channel", key: "\(channel)"), mayBeDue: false)
        }
        index.insert(id(plain), tables: ["message": []], route: nil, mayBeDue: false)
        index.insert(id(everything), tables: nil, route: nil, mayBeDue: false)
        let key = _RowKey(rowID: 1)
        let move = _RowChange(
            position: 1, table: "message", kind: .update, key: key, values: ["channel": .integer(9)],
            oldValues: ["channel": .integer(7)])
        #expect(index.concerned(by: [move]) == [id(seven), id(nine), id(plain), id(everything)])
        let insert = _RowChange(
            position: 2, table: "message", kind: .insert, key: key, values: ["channel": .text("5")])
        #expect(index.concerned(by: [insert]) == [id(five), id(plain), id(everything)])
        // An update that does not say the value before: every routed subscriber of the column.
        let unsaid = _RowChange(
            position: 3, table: "message", kind: .update, key: key, values: ["channel": .integer(5)])
        #expect(index.concerned(by: [unsaid]) == Set([five, seven, nine, plain, everything].map(id)))
        let elsewhere = _RowChange(position: 4, table: "other", rowID: 1)
        #expect(index.concerned(by: [elsewhere]) == [id(everything)])
        #expect(index.concerned(by: nil) == nil)
        index.remove(
            id(seven), tables: ["message": ["channel"]],
            route: _Route(table: "message", column: "channel", key: "7"), mayBeDue: false)
        #expect(index.concerned(by: [move]) == [id(nine), id(plain), id(everything)])
    }
}
