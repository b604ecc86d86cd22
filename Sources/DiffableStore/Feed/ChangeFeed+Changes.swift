import Diffable

/// The feed's changes as a stream of batches, for values that follow the database without a
/// request of their own (counts, the record a detail shows).
extension ChangeFeed {
    /// The changes of the database, batch by batch, from now until the stream is dropped: what a
    /// value that follows the database (counts, the record a detail shows) reads itself again on.
    /// Each batch comes from the same read as the controllers' changes, and is told with theirs
    /// (when every subscriber has the read).
    ///
    /// - Parameter tables: The tables whose changes the stream follows, which the feed follows
    ///   too (installing what records their changes) while the stream lives; `nil` for every
    ///   table the feed follows for its controllers.
    public func changes(of tables: Set<String>? = nil) -> AsyncStream<ChangeBatch> {
        stream(of: tables) { $0 }
    }

    /// The changes of the database, batch by batch, each with what `read` made of it inside the
    /// feed's read: a value that follows the database (counts, the records the details show)
    /// reads itself again while the controllers read their rows, and its news reaches the main
    /// actor with theirs, so that a view draws the list, the counts and the detail of one commit
    /// in one frame.
    ///
    /// `read` runs after the controllers have taken the read (a count may be a controller's
    /// snapshot's), within the feed's ``timeout``; while it runs, the feed's next read waits, so
    /// keep it to what each batch needs.
    ///
    /// - Parameters:
    ///   - tables: The tables whose changes the stream follows: see ``changes(of:)``.
    ///   - read: Reads what the batch changed, on any thread.
    public func changes<Value: Sendable>(
        of tables: Set<String>? = nil, reading read: @escaping @Sendable (ChangeBatch) async -> Value
    ) -> AsyncStream<(batch: ChangeBatch, value: Value)> {
        stream(of: tables) { batch in (batch, await read(batch)) }
    }

    private func stream<Element: Sendable>(
        of tables: Set<String>?, making make: @escaping @Sendable (ChangeBatch) async -> Element
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        // The stream holds the listener (through `onTermination`), and the listener the feed,
        // which holds the listener weakly: the feed runs while the stream is alive.
        let listener = _BatchListener(
            feed: self, continuation: continuation, make: make,
            tables: tables.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.lowercased(), []) }) })
        continuation.onTermination = { _ in listener.feed.unsubscribe(ObjectIdentifier(listener)) }
        // From now: the subscription waits on the database, and a commit the feed reads meanwhile
        // would come before its first position; it starts after the feed's latest read instead.
        let now = latestPosition
        Task {
            do { try await subscribe(listener, after: now) { _ in } } catch { continuation.finish() }
        }
        return stream
    }
}

/// A ``ChangeFeed/changes(of:)`` stream, as a subscriber of its tables.
private final class _BatchListener<Element: Sendable>: _FeedSubscriber {
    let feed: ChangeFeed
    let continuation: AsyncStream<Element>.Continuation
    let make: @Sendable (ChangeBatch) async -> Element
    let tables: [String: Set<String>]?
    var isDue: Bool { false }
    var takesReadsLast: Bool { true }

    init(
        feed: ChangeFeed, continuation: AsyncStream<Element>.Continuation,
        make: @escaping @Sendable (ChangeBatch) async -> Element, tables: [String: Set<String>]?
    ) {
        self.feed = feed
        self.continuation = continuation
        self.make = make
        self.tables = tables
    }

    func feed(_ batch: ChangeBatch, reader: any _FeedReader) async {
        let element = await make(batch)
        _FeedStepNews.tell { [continuation] in continuation.yield(element) }
    }

    func feedFailed(_ error: FetchedResultsError) {}

    func feedRecovered() {}
}
