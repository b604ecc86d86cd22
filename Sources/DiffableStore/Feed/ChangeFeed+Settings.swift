import Diffable

/// What a feed's user can see of it and tune: its phase and counts, how often it polls, its
/// deadline, and where it reports what it ignored.
extension ChangeFeed {
    /// What the feed is doing now.
    public var phase: Phase { state.withLock { $0.phase } }

    /// The number of subscribers (controllers and ``changes(of:)`` streams) following it.
    public var subscriberCount: Int {
        state.withLock { $0.subscriptions.values.filter { $0.subscriber != nil }.count }
    }

    /// How many reads the feed has made (each reads every change since the one before, for
    /// every subscriber at once).
    public var readCount: Int { state.withLock { $0.readCount } }

    /// How many of the poll's looks at the source have ended: a test that changes ``timeout``
    /// waits for the look under way, which keeps the deadline it started with.
    package var pollCount: Int { state.withLock { $0.pollCount } }

    /// How often the feed looks for changes its watchers may have missed, right after a change.
    /// Default 50 ms. While nothing changes, the look backs off to ``maximumPollInterval``, so an
    /// idle feed costs next to nothing; its watchers still wake it at once.
    public var pollInterval: Duration {
        get { state.withLock { $0.pollInterval } }
        set {
            state.withLock {
                $0.pollInterval = newValue
                $0.maximumPollInterval = max($0.maximumPollInterval, newValue)
                $0.pollDelay = newValue
            }
        }
    }

    /// The longest the feed waits between two looks while nothing changes. Default 1 s, or
    /// ``pollInterval`` if longer.
    public var maximumPollInterval: Duration {
        get { state.withLock { $0.maximumPollInterval } }
        set { state.withLock { $0.maximumPollInterval = max(newValue, $0.pollInterval) } }
    }

    /// How long each of the feed's calls to the database may take — following a table, a read
    /// of what changed with every subscriber's rows, a poll — before it is given up (its
    /// connection closed, its statement interrupted) and its subscribers are told
    /// ``FetchedResultsError/timedOut(_:after:)``. They keep what they show; the next read (the
    /// poll keeps looking) catches them up. Default 30 s.
    public var timeout: Duration {
        get { state.withLock { $0.timeout } }
        set { state.withLock { $0.timeout = newValue } }
    }

    /// The most conditions the feed evaluates in one statement (`_RowCondition`): well under
    /// SQLite's 2,000 and PostgreSQL's 1,664 result columns. Default 500; tests lower it to
    /// show many statements with a few lists.
    package var conditionsPerStatement: Int {
        get { state.withLock { $0.conditionsPerStatement } }
        set { state.withLock { $0.conditionsPerStatement = max(newValue, 1) } }
    }

    /// Told, on any thread, of what the feed ignored and why: a log row that names a table or a
    /// row it does not know, a read that failed. Default: nothing.
    public var diagnosticHandler: @Sendable (String) -> Void {
        get { state.withLock { $0.diagnosticHandler } }
        set { state.withLock { $0.diagnosticHandler = newValue } }
    }

    /// Reports something the feed or its source ignored.
    package func diagnose(_ message: String) {
        state.withLock { $0.diagnosticHandler }(message)
    }
}
