extension ChangeFeed {
    /// What the feed is doing: one value, so that no combination of flags can disagree.
    public enum Phase: Sendable, Equatable {
        /// No one listens: nothing is watched, polled or read.
        case stopped
        /// Watching; nothing to read.
        case idle
        /// Reading what changed.
        case reading
        /// Reading, and something changed since the read began: another read follows it.
        case readingAndNeedsRead
    }
}
