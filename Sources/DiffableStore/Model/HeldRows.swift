import Diffable

/// A window of a request's rows: `limit` rows from the `offset`-th on, in the request's order.
package struct _Window: Sendable, Hashable {
    package var limit: Int
    package var offset: Int

    package init(limit: Int, offset: Int) {
        precondition(limit >= 0, "FetchedResultsRequest: fetchLimit is \(limit), below zero")
        precondition(offset >= 0, "FetchedResultsRequest: fetchOffset is \(offset), below zero")
        self.limit = limit
        self.offset = offset
    }

    /// The window of a request's `fetchLimit` and `fetchOffset`; `nil` when it shows every row.
    /// A limit of 0 is no limit, as `NSFetchRequest`'s is; an offset alone shows every row after
    /// it.
    package init?(fetchLimit: Int?, fetchOffset: Int) {
        let limit = fetchLimit == 0 ? nil : fetchLimit
        guard limit != nil || fetchOffset != 0 else { return nil }
        self.init(limit: limit ?? Int.max / 4, offset: fetchOffset)
    }

    /// How many rows are held beyond each edge of the window, so that a row that leaves is
    /// replaced from memory: a quarter of the window, and at least 8, at most 64.
    package var margin: Int { Swift.min(64, Swift.max(8, limit / 4)) }
}

/// What a window reads so that the rows it holds cover it.
package enum _WindowRead: Sendable, Equatable {
    /// The rows from position `offset`, `count` of them; what is held is replaced.
    case at(offset: Int, count: Int)
    /// The `count` rows right before the row with this row id, in order.
    case before(rowID: Int64, count: Int)
    /// The `count` rows right after the row with this row id, in order.
    case after(rowID: Int64, count: Int)
}

/// A row held for a window: shown, or kept beyond one of its edges.
package struct _HeldRow<SectionIdentifierType: Sendable, ItemIdentifierType: Sendable>: Sendable {
    package var rowID: Int64
    package var item: ItemIdentifierType
    package var section: SectionIdentifierType
    package var fingerprint: Int

    package init(rowID: Int64, item: ItemIdentifierType, section: SectionIdentifierType, fingerprint: Int) {
        self.rowID = rowID
        self.item = item
        self.section = section
        self.fingerprint = fingerprint
    }
}

/// What a windowed controller holds instead of every row: a run of consecutive rows of the
/// request's order that covers the window and a margin on each side, and the position of its
/// first row. A commit removes the changed rows and puts back those it reads whose successor is
/// held (or that come last, when the run reaches the end): the run stays consecutive, so the
/// window is the run's rows from `offset - start` on.
package struct _HeldRows<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable
{
    package typealias Row = _HeldRow<SectionIdentifierType, ItemIdentifierType>

    package private(set) var window: _Window
    /// Consecutive rows of the request's order.
    package private(set) var rows: [Row] = []
    /// The position of the first row among all the rows the request shows.
    package var start = 0
    /// Whether the last row held is the request's last row.
    package private(set) var reachesEnd = false

    package init(window: _Window) {
        self.window = window
    }

    /// Shows another window of the same request: the rows held stay when they are near it (the
    /// reads that follow extend them by the ordering's index), and are let go when it is far.
    package mutating func move(to newWindow: _Window) {
        window = newWindow
        let margin = newWindow.margin
        let wanted = Swift.max(0, newWindow.offset - margin)..<(newWindow.offset + newWindow.limit + margin)
        guard !wanted.overlaps(start..<(start + rows.count)) else { return }
        // Reading from the far edge of the run by keyset would read every row in between: the
        // next read is the window's, by position.
        rows = []
        start = 0
        reachesEnd = false
    }

    /// Replaces the run with rows read at position `offset`: all there are when fewer than
    /// `count`.
    package mutating func reset(_ read: [Row], offset: Int, count: Int) {
        rows = read
        start = offset
        reachesEnd = read.count < count
    }

    /// Puts rows read before the first row (or after the last) into the run.
    package mutating func add(_ read: [Row], for request: _WindowRead) {
        switch request {
        case .at(let offset, let count): reset(read, offset: offset, count: count)
        case .before:
            rows.insert(contentsOf: read, at: 0)
            start -= read.count
        case .after(_, let count):
            rows.append(contentsOf: read)
            if read.count < count { reachesEnd = true }
        }
    }

    /// Makes a commit's change in the run: the rows among `changed` leave it, and those of `read`
    /// (the changed rows shown after it, in order, with their successors) that fall inside the run
    /// come back at their places. A row whose successor is neither held nor read lies outside
    /// the run, before or after it.
    ///
    /// - Returns: Whether a changed row may have entered or left the request, or moved between
    ///   the rows held and those beyond them: the number of rows before the run (when it does not
    ///   start at the first row) and the number of rows in all may then have changed.
    /// - Complexity: O(h + k) for h rows held and k changed.
    package mutating func place(
        _ read: [_ReadRow<SectionIdentifierType, ItemIdentifierType>], changed: Set<Int64>
    ) -> Bool {
        let wasHeld = Set(rows.lazy.map(\.rowID).filter(changed.contains))
        rows.removeAll { changed.contains($0.rowID) }
        let held = Set(rows.map(\.item))
        // From the last read row to the first: each is inside when the row after it is.
        var inside = [Bool](repeating: false, count: read.count)
        for index in read.indices.reversed() {
            guard let successor = read[index].successor else {
                inside[index] = reachesEnd
                continue
            }
            if index + 1 < read.count, read[index + 1].item == successor {
                inside[index] = inside[index + 1]
            } else {
                inside[index] = held.contains(successor)
            }
        }
        // Rebuilt in one pass: each chain of read rows goes before the held row that follows it.
        var before: [ItemIdentifierType: [Row]] = [:]
        var atEnd: [Row] = []
        var chain: [Row] = []
        for index in read.indices where inside[index] {
            let row = read[index]
            chain.append(
                Row(rowID: row.rowID, item: row.item, section: row.section, fingerprint: row.fingerprint))
            let continues =
                index + 1 < read.count && inside[index + 1] && read[index + 1].item == row.successor
            guard !continues else { continue }
            if let successor = row.successor, held.contains(successor) {
                before[successor, default: []].append(contentsOf: chain)
            } else {
                atEnd.append(contentsOf: chain)
            }
            chain = []
        }
        var placed: [Row] = []
        placed.reserveCapacity(rows.count + read.count)
        for row in rows {
            if let group = before[row.item] { placed.append(contentsOf: group) }
            placed.append(row)
        }
        placed.append(contentsOf: atEnd)
        rows = placed
        let placedIDs = Set(read.indices.filter { inside[$0] }.map { read[$0].rowID })
        return changed.contains { !wasHeld.contains($0) || !placedIDs.contains($0) }
    }

    /// The next read the run needs to cover the window with a margin on each side, or `nil`
    /// once it does (or once there is nothing more to read).
    package func nextRead() -> _WindowRead? {
        let margin = window.margin
        let wanted = Swift.max(0, window.offset - margin)
        let windowEnd = window.offset + window.limit
        guard let first = rows.first, let last = rows.last else {
            // Nothing held: what the window needs, unless the rows end before it.
            if reachesEnd && start <= window.offset { return nil }
            return .at(offset: wanted, count: windowEnd + margin - wanted)
        }
        if start > window.offset { return .before(rowID: first.rowID, count: start - wanted) }
        if !reachesEnd, start + rows.count < windowEnd {
            return .after(rowID: last.rowID, count: windowEnd + margin - start - rows.count)
        }
        return nil
    }

    /// Lets go of rows far beyond the window's edges (more than two margins away), keeping one
    /// margin.
    package mutating func trim() {
        let margin = window.margin
        let keptEnd = window.offset + window.limit + margin
        if start + rows.count > keptEnd + margin {
            rows.removeLast(start + rows.count - keptEnd)
            reachesEnd = false
        }
        let keptStart = window.offset - margin
        if start < keptStart - margin {
            let dropped = Swift.min(rows.count, keptStart - start)
            rows.removeFirst(dropped)
            start += dropped
        }
    }

    /// The rows the window shows.
    package var shown: ArraySlice<Row> {
        let from = Swift.min(rows.count, Swift.max(0, window.offset - start))
        return rows[from..<Swift.min(rows.count, from + window.limit)]
    }

    /// The window as a snapshot, with its row index.
    ///
    /// - Throws: ``FetchedResultsError/duplicateItem(_:)`` when two rows show one item.
    package func fetchedRows() throws(FetchedResultsError) -> _FetchedRows<
        SectionIdentifierType, ItemIdentifierType
    > {
        var builder = _FetchedRowsBuilder<SectionIdentifierType, ItemIdentifierType>()
        var section: SectionIdentifierType?
        for row in shown {
            if row.section != section {
                try builder.startSection(row.section)
                section = row.section
            }
            builder.append(rowID: row.rowID, item: row.item, fingerprint: row.fingerprint)
        }
        return try builder.finish()
    }
}
