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
    func showWindow(_ window: _Window, reader: any _FeedReader, changed: Set<Int64>?, now: Date)
        async throws(FetchedResultsError)
    {
        var held = model.withLock { $0.held } ?? _HeldRows(window: window)
        var shownRead: [ItemIdentifierType] = []
        if let changed, !held.rows.isEmpty || held.reachesEnd {
            let read = try await rows.readRows(reader, rowIDs: changed, now: now)
            if held.place(read, changed: changed) {
                held.start = try await rows.countRows(reader, before: held.rows.first?.rowID, now: now)
            }
            shownRead = read.map(\.item)
        } else {
            held = _HeldRows(window: window)
        }
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
            }
        }
        held.trim()
        let fetched = try held.fetchedRows()
        let readItems = shownRead.filter(fetched.snapshot.contains(item:))
        if !readItems.isEmpty {
            for readRecords in recordReaders.withLock({ $0 }) { await readRecords(readItems, reader) }
        }
        model.withLock { model in
            model.held = held
            model.statistics.heldRows = held.rows.count
            model.show(fetched, isWholeRead: changed == nil)
            model.setError(nil)
        }
    }
}

/// A window's reads that do not line up: a backend's bug, reported rather than looped on.
struct _WindowReadError: Error, CustomStringConvertible {
    var description: String
}
