import Diffable
import Foundation

extension FetchedResultsController {
    /// Brings a windowed request's rows up to date and shows its window: the changed rows are
    /// read and placed among the rows held (`nil`: everything held is read again), the rows
    /// beyond the edges are read by their order's index only when the margin runs out, and the
    /// window's update is the diff of two windows, O(limit).
    ///
    /// - Complexity: O(h + k) in memory for h rows held and k changed, plus the reads: the k rows
    ///   with their successors, a count of the rows before the window when a change may have
    ///   moved it (only for a window with an offset: O(offset) with an index), and an index range
    ///   when a margin runs out.
    func showWindow(
        _ window: _Window, reader: any _FeedReader, changed: Set<Int64>?, changes: [_RowChange] = [],
        now: Date
    ) async throws(FetchedResultsError) {
        let (stored, moved, countsRows, knownCount) = model.withLock {
            ($0.held, $0.movedWindow, $0.countsRows, $0.rowCount)
        }
        var held = stored ?? _HeldRows(window: moved ?? window)
        var counts = 0
        var mayChangeCount = knownCount == nil
        var countChange = 0
        var shownRead: [ItemIdentifierType] = []
        if let changed, !held.rows.isEmpty || held.reachesEnd {
            let read = changed.isEmpty ? [] : try await rows.readRows(reader, rowIDs: changed, now: now)
            let anchor = held.rows.first?.rowID
            if held.place(read, changed: changed) {
                if let change = try await positionChange(
                    changes, anchor: anchor, held: held, reader: reader, now: now)
                {
                    held.start += change.before
                    countChange = change.count
                } else {
                    mayChangeCount = true
                    if held.start > 0 {
                        held.start = try await rows.countRows(
                            reader, before: held.rows.first?.rowID, now: now)
                        counts += 1
                    }
                }
            }
            shownRead = read.map(\.item)
        } else {
            held = _HeldRows(window: held.window)
            mayChangeCount = true
        }
        if let moved { held.move(to: moved) }
        // Reads happen in one state of the database, so the run's count of rows before it is
        // exact and two reads cover any window; a third would mean the backend disagrees with
        // itself.
        var reads = 0
        while let next = held.nextRead() {
            reads += 1
            guard reads <= 3 else {
                throw .read(
                    _WindowReadError(
                        description: "\(next) after \(reads - 1) reads: the rows read do not line up"))
            }
            let read = try await rows.readWindow(reader, next, now: now)
            held.add(read, for: next)
            if case .before(_, let count) = next, read.count < count {
                held.start = try await rows.countRows(reader, before: held.rows.first?.rowID, now: now)
                counts += 1
            }
        }
        held.trim()
        var rowCount = knownCount.map { $0 + countChange }
        if countsRows, mayChangeCount {
            if held.start == 0, held.reachesEnd {
                rowCount = held.rows.count
            } else {
                rowCount = try await rows.countRows(reader, before: nil, now: now)
                counts += 1
            }
        }
        let fetched = try held.fetchedRows()
        let readItems = shownRead.filter(fetched.snapshot.contains(item:))
        if !readItems.isEmpty {
            for readRecords in recordReaders.withLock({ $0 }) { await readRecords(readItems, reader) }
        }
        let movedAgain = model.withLock { model in
            model.held = held
            model.rowCount = countsRows ? rowCount : nil
            if model.movedWindow == moved { model.movedWindow = nil }
            model.statistics.heldRows = held.rows.count
            model.statistics.rowCounts += counts
            model.show(fetched, isWholeRead: changed == nil)
            model.setError(nil)
            // Moved again during the read: the next read shows that window too.
            if model.movedWindow != nil { model.isDue = true }
            return model.movedWindow != nil
        }
        if movedAgain { feed.wake() }
    }

    /// How a commit's changes moved the run of rows held among all the rows, from the change
    /// record (``_OrderKey``): the rows that came and went before the run's first row, and in
    /// all. `nil` when the record cannot say.
    private func positionChange(
        _ changes: [_RowChange], anchor: Int64?, held: _HeldRows<SectionIdentifierType, ItemIdentifierType>,
        reader: any _FeedReader, now: Date
    ) async throws(FetchedResultsError) -> (before: Int, count: Int)? {
        guard let orderKey = rows.orderKey, let anchor, let newAnchor = held.rows.first?.rowID,
            !changes.isEmpty,
            let newValues = try await rows.orderValues(reader, rowID: newAnchor, now: now)
        else { return nil }
        // The first row held before the commit, as it was then: from the record when it changed.
        var oldValues = newValues
        if let change = changes.first(where: { $0.key.values == [.integer(anchor)] }) {
            guard let values = orderKey.values(in: change.oldValues) else { return nil }
            oldValues = values
        } else if anchor != newAnchor {
            guard let values = try await rows.orderValues(reader, rowID: anchor, now: now) else { return nil }
            oldValues = values
        }
        return orderKey.positionChange(
            of: changes, oldAnchor: (anchor, oldValues), newAnchor: (newAnchor, newValues))
    }

    /// Whether the next read must show the window even if none of its rows changed: it moved, or
    /// its rows are to be counted.
    var windowIsDue: Bool {
        model.withLock { $0.movedWindow != nil || ($0.countsRows && $0.rowCount == nil) }
    }

    /// Shows the request's `fetchLimit` rows from the `offset`-th on, keeping them exact as
    /// before: a window that follows where a person looks in a list too long to hold (infinite
    /// scroll that stays live). The rows already held are kept, and those missing are read by the
    /// ordering's index at the feed's next read; the new window then reaches ``snapshots()`` and
    /// every data source driven, as any change does. A window far from the one shown is read by
    /// position (`LIMIT … OFFSET …`). A request without `fetchLimit` shows every row from
    /// `offset` on.
    ///
    /// - Complexity: O(1) here; the read that follows is O(m log n) for the m rows not held, or
    ///   O(offset) through the index for a window far from the one shown.
    public func moveWindow(toOffset offset: Int) {
        guard let window = rows.window else {
            preconditionFailure(
                "FetchedResultsController.moveWindow(toOffset: \(offset)): the request has no fetchLimit or fetchOffset"
            )
        }
        model.withLock { model in
            let current = model.movedWindow ?? model.held?.window ?? window
            model.movedWindow = _Window(limit: current.limit, offset: offset)
            model.isDue = true
        }
        feed.wake()
    }

    /// Whether a windowed request keeps the number of all the rows it shows
    /// (``WindowPosition/numberOfRows``): a count through the ordering's index when a change
    /// may have added or removed a row beyond the rows held. `false` by default; setting it
    /// `true` counts at the feed's next read.
    public var countsRows: Bool {
        get { model.withLock { $0.countsRows } }
        set {
            let starts = model.withLock { model in
                let starts = newValue && !model.countsRows
                model.countsRows = newValue
                if starts { model.isDue = true }
                return starts
            }
            if starts { feed.wake() }
        }
    }

    /// Where the rows shown sit among all the rows of a windowed request.
    public struct WindowPosition: Sendable, Hashable {
        /// The position of the first row shown among all the rows the request shows: the
        /// window's offset.
        public var offset: Int
        /// How many rows the request shows in all (the rows beyond the window too), when
        /// ``FetchedResultsController/countsRows`` is on and they have been counted; else `nil`.
        public var numberOfRows: Int?

        public init(offset: Int, numberOfRows: Int?) {
            self.offset = offset
            self.numberOfRows = numberOfRows
        }
    }

    /// Where the rows shown (``snapshot``) sit among all the request's rows; `nil` for a request
    /// without `fetchLimit` or `fetchOffset`, or before the first fetch.
    public var windowPosition: WindowPosition? {
        model.withLock { $0.windowPosition }
    }
}

extension _StoreModel {
    /// Where the rows shown sit among all the rows of a windowed request.
    var windowPosition: FetchedResultsController<SectionIdentifierType, ItemIdentifierType>.WindowPosition? {
        guard let held, fetched != nil else { return nil }
        return .init(offset: held.window.offset, numberOfRows: rowCount)
    }
}

/// A window's reads that do not line up: a backend's bug, reported rather than looped on.
struct _WindowReadError: Error, CustomStringConvertible {
    var description: String
}
