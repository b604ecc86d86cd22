import Foundation

/// A reorder the person made in the view: committed at once, as the view has already moved the
/// row, and carried into every state still on its way to the view, so that ``latest`` (and
/// `snapshot()`) reflects it by the time the façade's `didReorder` runs, as UIKit's does.
extension _DataSourceEngine {
    /// A reorder worked out but not yet committed, so that the façade can hand its transaction to
    /// `willReorder` first.
    struct Reorder {
        /// The drop, by identity.
        let drop: _Drop<SectionIdentifierType, ItemIdentifierType>
        /// What the view shows after it moved the row: the committed state with that one row moved.
        let shown: State
        /// The latest state before the drop.
        let initial: State
        /// The latest state after it: the drop made in it, outlines kept.
        let final: State
        /// Whether the view must be updated from `shown` to reach `final`: the rows followed an
        /// outline (an expanded parent's children move with it) and no apply on its way will
        /// bring the view there.
        let needsUpdate: Bool
    }

    /// Works out the reorder of the item at `source` (an index path of the committed state) to
    /// `destination` (a final index path), or returns `nil` when there is nothing to move.
    ///
    /// - Complexity: O(d) for a move of d places between flat sections with no update on its way;
    ///   O(n) for each state it is carried into otherwise.
    func reorder(itemAt source: IndexPath, to destination: IndexPath) -> Reorder? {
        guard source != destination, let item = itemIdentifier(at: source),
            let section = sectionIdentifier(at: destination.section)
        else { return nil }
        // The rows of the destination section without the item, and the item's place among them.
        let start = committed.snapshot._sectionStarts[destination.section]
        var count = committed.snapshot._sectionStarts[destination.section + 1] - start
        let skipped = source.section == destination.section ? source.item : count
        if skipped < count { count -= 1 }
        func row(_ index: Int) -> ItemIdentifierType? {
            guard index >= 0 && index < count else { return nil }
            return committed.snapshot._item(at: start + (index < skipped ? index : index + 1))
        }
        let position = min(max(destination.item, 0), count)
        let drop = _Drop(item: item, section: section, before: row(position), after: row(position - 1))
        var shown = committed
        shown.snapshot._move(drop)
        let source = committed.snapshot._sections.elements[source.section]
        let touchesOutline =
            committed.sectionSnapshots[source] != nil || committed.sectionSnapshots[section] != nil
        guard touchesOutline || ahead != nil else {
            return Reorder(drop: drop, shown: shown, initial: committed, final: shown, needsUpdate: false)
        }
        let outlined = committed.applying(drop)
        shown.sectionSnapshots = outlined.sectionSnapshots
        guard ahead == nil else {
            return Reorder(
                drop: drop, shown: shown, initial: latest, final: latest.applying(drop), needsUpdate: false)
        }
        let rowsFollowed = [source, section].contains {
            outlined.snapshot.itemIdentifiers(inSection: $0) != shown.snapshot.itemIdentifiers(inSection: $0)
        }
        return Reorder(
            drop: drop, shown: shown, initial: committed, final: outlined, needsUpdate: rowsFollowed)
    }

    /// Commits a reorder: the view's rows become the committed state, and the drop is made in the
    /// latest state and in every request still on its way. A diff under way was made from the
    /// committed state before the drop: it starts again. When the rows must follow an outline, a
    /// request brings the view to the final state.
    func commit(_ reorder: Reorder) {
        committed = reorder.shown
        let drop = reorder.drop
        if ahead != nil {
            ahead = reorder.final
            waiting.updateTargets { $0 = $0.applying(drop) }
            if case .diffing(let request, _, let task) = phase {
                task.cancel()
                request.target = request.target.applying(drop)
                phase = .idle
                waiting.prepend(request)
            }
        } else if reorder.needsUpdate {
            ahead = reorder.final
            requestCount += 1
            waiting.append(
                Request(
                    number: requestCount, target: reorder.final, presentation: .batchUpdate(animated: true),
                    completions: []))
        }
        startWaitingRequests()
    }
}
