import Diffable

/// The row changes of one database, read once for every live query of the process: one watcher
/// of this process's commits, one of other processes', one poll, one read per change.
///
/// Every ``FetchedResultsController`` on a database subscribes to its feed (DiffableGRDB makes
/// one per database connection pool, on first use); so can any value that follows the
/// database, through ``changes(of:)``. When something changed, the feed reads, in one consistent
/// read, which rows of which tables changed since each subscriber's position, and hands each
/// subscriber those rows concern — found through an index by table, and by value for a
/// partitioned request — its rows and the reader to read them with. A backend differs only in where the
/// changes come from: SQLite's come from a change log that triggers keep in the database itself,
/// so commits by any writer, in this process or another, arrive as rows.
///
/// Equal requests share one controller (DiffableGRDB's `shared(database:request:)`): a thousand
/// pages that show one list cost one read and one edit per change. A feed nobody listens to
/// stops.
public final class ChangeFeed: Sendable {
    /// A subscriber and what it follows, as it said when it subscribed: a reference, so that a
    /// read takes the feed's subscriptions without copying them.
    final class Subscription: Sendable {
        weak let subscriber: (any _FeedSubscriber)?
        let tables: [String: Set<String>]?
        let route: _Route?
        let mayBeDue: Bool
        let condition: (any _RowCondition)?
        let takesReadsLast: Bool

        init(_ subscriber: any _FeedSubscriber, tables: [String: Set<String>]?) {
            self.subscriber = subscriber
            self.tables = tables
            route = subscriber.route
            mayBeDue = subscriber.mayBeDue
            condition = subscriber.condition
            takesReadsLast = subscriber.takesReadsLast
        }
    }

    /// The feed's state, behind ``state``'s lock; internal (not private) for the feed's
    /// extensions in other files (its settings, `ChangeFeed+Settings.swift`).
    struct State {
        var phase = Phase.stopped
        var subscriptions: [ObjectIdentifier: Subscription] = [:]
        /// The position of the state each subscriber shows: it has every change up to here.
        var positions: [ObjectIdentifier: Int64] = [:]
        /// The subscriptions by what concerns them.
        var index = _SubscriberIndex()
        /// Subscribers between starting the feed and following it: the feed does not stop under
        /// them.
        var arriving = 0
        var poll: Task<Void, Never>?
        var pollInterval: Duration
        var maximumPollInterval: Duration
        /// How long the poll waits next: ``pollInterval`` after a change, doubling up to
        /// ``maximumPollInterval`` while nothing changes.
        var pollDelay: Duration
        var diagnosticHandler: @Sendable (String) -> Void = { _ in }
        var timeout = Duration.seconds(30)
        var conditionsPerStatement = 500
        /// Why the database could not be read, from the first failure until a read succeeds:
        /// subscribers hear of a failure once, not at every poll.
        var failure: FetchedResultsError?
        /// Reads made, for tests and diagnostics.
        var readCount = 0
        /// Reads since the subscriptions were last pruned.
        var readsSincePruning = 0
        /// Looks at the source that ended (answered, failed or timed out), for tests.
        var pollCount = 0

        mutating func add(_ subscription: Subscription, at position: Int64, for id: ObjectIdentifier) {
            remove(id)
            subscriptions[id] = subscription
            positions[id] = position
            index.insert(
                id, tables: subscription.tables, route: subscription.route,
                mayBeDue: subscription.mayBeDue)
        }

        mutating func remove(_ id: ObjectIdentifier) {
            guard let subscription = subscriptions.removeValue(forKey: id) else { return }
            positions[id] = nil
            index.remove(
                id, tables: subscription.tables, route: subscription.route,
                mayBeDue: subscription.mayBeDue)
        }
    }

    package let source: any _ChangeSource
    let state: _Lock<State>
    private let sharedControllers = _SharedControllers()

    /// A feed over a backend's source of changes, polling it every `pollInterval` besides its
    /// own watchers.
    package init(source: any _ChangeSource, pollInterval: Duration) {
        self.source = source
        state = _Lock(
            State(
                pollInterval: pollInterval, maximumPollInterval: max(pollInterval, .seconds(1)),
                pollDelay: pollInterval))
    }

    deinit {
        let poll = state.withLock { state -> Task<Void, Never>? in
            defer { state.poll = nil }
            return state.phase == .stopped ? nil : state.poll
        }
        if let poll {
            poll.cancel()
            source.stop()
        }
    }

    // MARK: Subscribing

    /// Adds a subscriber: starts the feed if it was stopped, makes sure its tables' changes are
    /// recorded, calls `firstRead` with a reader of the database's current state, and follows
    /// the changes from that state on — or from `earliest`, a position the feed had read, when
    /// that is earlier (a stream made before its subscription was in place). Each step has the
    /// feed's ``timeout``.
    package func subscribe(
        _ subscriber: any _FeedSubscriber, after earliest: Int64? = nil,
        firstRead: @escaping @Sendable (any _FeedReader) async throws(FetchedResultsError) -> Void
    ) async throws(FetchedResultsError) {
        try startIfStopped()
        let tables = subscriber.tables
        do {
            for (table, columns) in (tables ?? [:]).sorted(by: { $0.key < $1.key }) {
                try await withTimeout("following table \(table)") {
                    [source] () async throws(FetchedResultsError) in
                    try await source.follow(table: table, columns: columns)
                }
            }
            let position = try await withTimeout("the first read") {
                [source] () async throws(FetchedResultsError) in
                try await source.read(after: nil) { read, reader async throws(FetchedResultsError) in
                    try await firstRead(reader)
                    return read.position ?? 0
                }
            }
            state.withLock {
                $0.arriving -= 1
                $0.add(
                    Subscription(subscriber, tables: tables), at: min(position, earliest ?? position),
                    for: ObjectIdentifier(subscriber))
            }
        } catch {
            state.withLock { $0.arriving -= 1 }
            stopIfUnused()
            throw error
        }
        // Changes committed between that read and now were perhaps read without it: look again.
        wake()
    }

    /// The position of the latest change the feed has handed its subscribers, or `nil` before it
    /// has any: what a subscriber made now may start after.
    var latestPosition: Int64? { state.withLock { $0.positions.values.max() } }

    /// Runs `body` with a reader of the database's current state, with the feed's ``timeout``:
    /// what a subscriber learns before it subscribes (the tables its request reads). The feed
    /// runs meanwhile: a last subscriber leaving must not stop its source under the read.
    package func readCurrentState<T: Sendable>(
        _ body: @escaping @Sendable (any _FeedReader) async throws(FetchedResultsError) -> T
    ) async throws(FetchedResultsError) -> T {
        try startIfStopped()
        defer {
            state.withLock { $0.arriving -= 1 }
            stopIfUnused(pruning: false)
        }
        return try await withTimeout("look at the schema") { [source] () async throws(FetchedResultsError) in
            try await source.read(after: nil) { _, reader async throws(FetchedResultsError) in
                try await body(reader)
            }
        }
    }

    /// Runs one of the source's calls with the feed's ``timeout``; at the deadline the source is
    /// interrupted, so that its next call starts afresh.
    private func withTimeout<T: Sendable>(
        _ what: String, _ operation: @escaping @Sendable () async throws(FetchedResultsError) -> T
    ) async throws(FetchedResultsError) -> T {
        try await _withDeadline(
            timeout, "the change feed's \(what)", onTimeout: { [source] in source.interrupt() }, operation)
    }

    /// Removes a subscriber; the feed stops when it was the last.
    package func unsubscribe(_ id: ObjectIdentifier) {
        state.withLock { $0.remove(id) }
        stopIfUnused(pruning: false)
    }

    // MARK: Sharing controllers

    /// The controller for `key`, shared by everyone who asks for an equal key while any of them
    /// holds it: made (and fetched) by `make` the first time, or while none is alive.
    package func shared<Controller: AnyObject & Sendable>(
        key: some Hashable & Sendable,
        make: @escaping @Sendable () async throws(FetchedResultsError) -> Controller
    ) async throws(FetchedResultsError) -> Controller {
        try await sharedControllers.controller(for: key, make: make)
    }

    // MARK: Reading

    /// Something may have changed: reads now, or once the read under way ends.
    package func wake() {
        let start = state.withLock { state -> Bool in
            state.pollDelay = state.pollInterval
            switch state.phase {
            case .idle:
                state.phase = .reading
                return true
            case .reading:
                state.phase = .readingAndNeedsRead
                return false
            case .readingAndNeedsRead, .stopped:
                return false
            }
        }
        if start { Task.detached(priority: .userInitiated) { await self.readUntilIdle() } }
    }

    /// Reads while there is something to read, then goes idle (or stops, with no one left).
    private func readUntilIdle() async {
        while true {
            await readOnce()
            let again = state.withLock { state -> Bool in
                switch state.phase {
                case .readingAndNeedsRead:
                    state.phase = .reading
                    return true
                default:
                    if state.phase == .reading { state.phase = .idle }
                    return false
                }
            }
            if !again { break }
        }
        stopIfUnused()
    }

    /// One read: every change after the position of the subscriber furthest behind, each
    /// subscriber handed those after its own.
    /// The subscribers a read's changes may concern are found through the index: the others are
    /// not asked, and only their positions move.
    ///
    /// The conditions of concerned subscribers of one table are evaluated together first
    /// (``_RowCondition``), so that those whose rows the changes do not touch read nothing.
    ///
    /// What the subscribers tell their listeners (a view's drive, a snapshot sequence, a
    /// ``changes(of:)`` stream) is held until every one of them has the read, then told at once
    /// (``_FeedStepNews``).
    ///
    /// - Complexity: O(c + a) for c changes and a subscribers concerned, plus O(s) integer
    ///   updates for the s subscribers' positions.
    private func readOnce() async {
        let (subscriptions, positions, index) = state.withLock { state in
            state.readCount += 1
            state.readsSincePruning += 1
            return (state.subscriptions, state.positions, state.index)
        }
        guard let from = positions.values.min() else { return }
        // What the subscribers tell their listeners is told once all of them have the read (or
        // the read failed: those that took it have news all the same).
        let news = _FeedStepNews()
        let read = await _FeedStepNews.$current.withValue(news) {
            () async -> Result<Int64?, FetchedResultsError> in
            do throws(FetchedResultsError) {
                return .success(try await readEverySubscriber(subscriptions, positions, index, after: from))
            } catch {
                return .failure(error)
            }
        }
        news.tell()
        let position: Int64?
        switch read {
        case .success(let read): position = read
        case .failure(let error):
            // Stopped while it read: nothing failed, and nobody is left to tell.
            if Task.isCancelled { return }
            failed(error)
            return
        }
        let recovered = state.withLock { state -> Bool in
            defer { state.failure = nil }
            return state.failure != nil
        }
        if recovered {
            for subscription in subscriptions.values { subscription.subscriber?.feedRecovered() }
        }
        guard let position else { return }
        let lowest = state.withLock { state -> Int64? in
            for id in positions.keys where state.positions[id] != nil { state.positions[id] = position }
            return state.positions.values.min()
        }
        if let lowest { source.acknowledge(lowest) }
    }

    /// Reads every change after `from`, and hands each concerned subscriber those after its own
    /// position, with the reader; returns the position read up to.
    private func readEverySubscriber(
        _ subscriptions: [ObjectIdentifier: Subscription], _ positions: [ObjectIdentifier: Int64],
        _ index: _SubscriberIndex, after from: Int64
    ) async throws(FetchedResultsError) -> Int64? {
        let perStatement = state.withLock { $0.conditionsPerStatement }
        return try await withTimeout("read") { [source] () async throws(FetchedResultsError) in
            try await source.read(after: from) { read, reader async in
                var concerned = index.concerned(by: read.changes) ?? Set(subscriptions.keys)
                // Subscribers behind the changes the read has (a trimmed log) read everything.
                if let completeAfter = read.completeAfter, from < completeAfter {
                    concerned.formUnion(positions.filter { $0.value < completeAfter }.keys)
                }
                let meeting = await Self.rowsMeetingConditions(
                    of: concerned.compactMap { id in subscriptions[id]?.condition.map { (id, $0) } },
                    changes: read.changes, reader: reader, perStatement: perStatement)
                // Streams of changes after the controllers: what they read may be a list's.
                let last = concerned.filter { subscriptions[$0]?.takesReadsLast == true }
                // Subscribers that follow the same tables from the same position (a search per
                // page) take the same batch: made once.
                var batches: [BatchKey: ChangeBatch?] = [:]
                for id in Array(concerned.subtracting(last)) + last {
                    guard let subscription = subscriptions[id], let at = positions[id],
                        let subscriber = subscription.subscriber
                    else { continue }
                    let key = BatchKey(tables: subscription.tables, position: at)
                    let made: ChangeBatch?
                    if let cached = batches[key] {
                        made = cached
                    } else {
                        made = Self.batch(read, tables: subscription.tables, after: at)
                        batches[key] = made
                    }
                    guard
                        var batch = made
                            ?? (subscription.mayBeDue && subscriber.isDue
                                ? ChangeBatch(rowIDs: [:], position: read.position ?? at) : nil)
                    else { continue }
                    batch.rowsMeetingCondition = meeting[id]
                    await subscriber.feed(batch, reader: reader)
                }
                return read.position
            }
        }
    }

    /// The database could not be read or polled: subscribers hear of it, once until a read
    /// succeeds, and keep what they show.
    private func failed(_ error: FetchedResultsError) {
        diagnose("the change feed could not read: \(error)")
        let subscribers = state.withLock { state -> [any _FeedSubscriber] in
            guard state.failure == nil else { return [] }
            state.failure = error
            return state.subscriptions.values.compactMap(\.subscriber)
        }
        for subscriber in subscribers { subscriber.feedFailed(error) }
    }

    // MARK: Starting and stopping

    /// Starts the feed for an arriving subscriber, unless it runs.
    private func startIfStopped() throws(FetchedResultsError) {
        try state.withLock { state throws(FetchedResultsError) in
            if state.phase == .stopped {
                try source.start { [weak self] in self?.wake() }
                state.phase = .idle
                // Holds the feed until it stops (its last subscriber leaves).
                state.poll = Task.detached(priority: .utility) { await self.pollUntilStopped() }
            }
            state.arriving += 1
        }
    }

    /// Looks at the source while the feed runs, every ``pollInterval`` after a change and less
    /// and less often while nothing changes: a change the watchers missed (a commit whose last
    /// step did not write a file) is read at the latest then.
    private func pollUntilStopped() async {
        while !Task.isCancelled {
            let delay = state.withLock { $0.pollDelay }
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            let changed: Bool
            do {
                defer { state.withLock { $0.pollCount += 1 } }
                changed = try await withTimeout("poll") { [source] () async throws(FetchedResultsError) in
                    try await source.poll()
                }
            } catch {
                if Task.isCancelled { return }
                failed(error)
                continue
            }
            // Answering again after a failure: a read tells the subscribers they are current.
            if changed || state.withLock({ $0.failure != nil }) {
                wake()
            } else {
                state.withLock { $0.pollDelay = min($0.pollDelay * 2, $0.maximumPollInterval) }
            }
        }
    }

    /// How many subscriptions are pruned at every read, and how many reads apart beyond that.
    static let pruningInterval = 64

    /// Stops the feed when no one follows it and no read is under way; with `pruning`, first
    /// forgets the subscribers that went away without unsubscribing. Pruning looks at every
    /// subscription (O(s)), so past ``pruningInterval`` of them it is done once in that many
    /// reads: a read per new list made ten thousand lists cost O(s²) weak loads (a quarter of
    /// the CPU of making them).
    private func stopIfUnused(pruning: Bool = true) {
        let stopped = state.withLock { state -> Bool in
            if pruning,
                state.subscriptions.count <= Self.pruningInterval
                    || state.readsSincePruning >= Self.pruningInterval
            {
                state.readsSincePruning = 0
                for (id, subscription) in state.subscriptions where subscription.subscriber == nil {
                    state.remove(id)
                }
            }
            guard state.subscriptions.isEmpty, state.arriving == 0, state.phase == .idle else { return false }
            state.phase = .stopped
            state.poll?.cancel()
            state.poll = nil
            return true
        }
        if stopped { source.stop() }
    }
}
