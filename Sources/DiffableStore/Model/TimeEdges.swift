import Foundation

/// The arithmetic of a request's time window, whichever backend runs it: a row is shown from
/// `opensAfter` after its time until `closesAfter` after it.
package struct _TimeEdges: Sendable, Hashable {
    package var opensAfter: TimeInterval?
    package var closesAfter: TimeInterval?

    package init(opensAfter: TimeInterval?, closesAfter: TimeInterval?) {
        self.opensAfter = opensAfter
        self.closesAfter = closesAfter
    }

    /// The offsets after a row's time at which it enters or leaves; empty when rows never do.
    package var offsets: [TimeInterval] { [opensAfter, closesAfter].compactMap { $0 } }

    /// The bounds on a row's time that keep it shown at `now`: after `now - closesAfter`
    /// (`isAfter`), and at or before `now - opensAfter`.
    package func bounds(at now: Date) -> [(isAfter: Bool, time: Date)] {
        var bounds: [(Bool, Date)] = []
        if let closesAfter { bounds.append((true, now.addingTimeInterval(-closesAfter))) }
        if let opensAfter { bounds.append((false, now.addingTimeInterval(-opensAfter))) }
        return bounds
    }

    /// For each offset, the row times after `after` and at or before `through` that make a row
    /// enter or leave after `start` and up to `end`.
    package func crossings(from start: Date, to end: Date) -> [(after: Date, through: Date)] {
        offsets.map { (start.addingTimeInterval(-$0), end.addingTimeInterval(-$0)) }
    }

    /// For each offset, the row times after which to look for the next row that enters or leaves
    /// after `now`, and the offset to add to the earliest such time found.
    package func searches(after now: Date) -> [(after: Date, offset: TimeInterval)] {
        offsets.map { (now.addingTimeInterval(-$0), $0) }
    }
}
