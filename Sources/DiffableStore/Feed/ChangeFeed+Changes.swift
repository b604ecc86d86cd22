import Diffable

/// The feed's changes as a stream of batches, for values that follow the database without a
/// request of their own (counts, the record a detail shows).
extension ChangeFeed {
    /// The changes of the database, batch by batch, from now until the stream is dropped: what a
    /// value that follows the database (counts, the record a detail shows) reads itself again on.
    /// Each batch comes from the same read as the controllers' changes.
    ///
    /// - Parameter tables: The tables whose changes the stream follows, which the feed follows
    ///   too (installing what records their changes) while the stream lives; `nil` for every
    ///   table the feed follows for its controllers.
    public func changes(of tables: Set<String>? = nil) -> AsyncStream<ChangeBatch> {
        let (stream, continuation) = AsyncStream<ChangeBatch>.makeStream(bufferingPolicy: .unbounded)
        // The stream holds the listener (through `onTermination`), and the listener the feed,
        // which holds the listener weakly: the feed runs while the stream is alive.
        let listener = _BatchListener(
            feed: self, continuation: continuation,
            tables: tables.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.lowercased(), []) }) })
        continuation.onTermination = { _ in listener.feed.unsubscribe(ObjectIdentifier(listener)) }
        Task {
            do { try await subscribe(listener) { _ in } } catch { continuation.finish() }
        }
        return stream
    }
}

/// A ``ChangeFeed/changes(of:)`` stream, as a subscriber of its tables.
private final class _BatchListener: _FeedSubscriber {
    let feed: ChangeFeed
    let continuation: AsyncStream<ChangeBatch>.Continuation
    let tables: [String: Set<String>]?
    var isDue: Bool { false }

    init(
        feed: ChangeFeed, continuation: AsyncStream<ChangeBatch>.Continuation, tables: [String: Set<String>]?
    ) {
        self.feed = feed
        self.continuation = continuation
        self.tables = tables
    }

    func feed(_ batch: ChangeBatch, reader: any _FeedReader) async {
        continuation.yield(batch)
    }

    func feedFailed(_ error: FetchedResultsError) {}

    func feedRecovered() {}
}
