import Diffable

/// Values made from keys, the last few kept: what the pages in one state are sent alike (a batch
/// of the same texts, the bytes of the same text) is made once, and the other pages, whose keys
/// are the same values, usually the same storage, find it. A few are kept, most recent first:
/// pages in two or three states (a detail still loading beside one drawn) take turns. Shared by
/// the writers of many pages, on any thread.
final class RecentlyMade<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let made = _Lock<[(key: Key, value: Value)]>([])

    init(capacity: Int = 4) {
        self.capacity = capacity
    }

    /// The value made for a key equal to `key`, if one is kept; else `make(key)`, kept.
    ///
    /// - Complexity: O(c) comparisons for the c kept (each O(1) for keys of the same storage),
    ///   plus `make` when none is equal.
    func value(for key: Key, making make: (Key) -> Value) -> Value {
        if let kept = made.withLock({ $0 }).first(where: { $0.key == key }) { return kept.value }
        let value = make(key)
        made.withLock { made in
            if made.count == capacity { made.removeLast() }
            made.insert((key, value), at: 0)
        }
        return value
    }
}
