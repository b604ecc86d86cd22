import Foundation

/// The three ways an app hands the engine a new state. Each moves ``_DataSourceEngine/latest`` at
/// once and starts or queues one request.
extension _DataSourceEngine {
    /// Shows a full snapshot: the stored section snapshots are rebased on it.
    ///
    /// - Complexity: O(k) for the rebase (the items of the sections with section snapshots), plus
    ///   the diff when the request starts at once.
    @usableFromInline func apply(
        _ snapshot: Snapshot, animatingDifferences: Bool, completion: (@MainActor () -> Void)?
    ) {
        let target = State(snapshot: snapshot, sectionSnapshots: rebasedSectionSnapshots(on: snapshot))
        enqueue(target, .batchUpdate(animated: animatingDifferences), completion)
    }

    /// Shows a full snapshot by reloading the view.
    func applyUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)?) {
        let target = State(snapshot: snapshot, sectionSnapshots: rebasedSectionSnapshots(on: snapshot))
        enqueue(target, .reloadData, completion)
    }

    /// Replaces one section's items with a section snapshot's visible items (appending the section
    /// when it is new) and stores the section snapshot.
    ///
    /// When nothing is on its way to the view, the committed state is the latest, and the request
    /// starts before this method returns: then the committed items are edited in place (only those
    /// after the section shift, once) and only this section is diffed, since no other changes. An
    /// item that is in another section moves here, as `appendItems` moves it; then, and whenever
    /// something is on its way to the view, the request takes the general path: a copy of the
    /// latest state, diffed in full.
    ///
    /// - Complexity: O(k log k + n) expected with a small constant for n on the in-place path,
    ///   where k is the number of items of the section before and after and n the number of items;
    ///   otherwise as ``apply(_:animatingDifferences:completion:)``. No call to `hash(into:)` but
    ///   for the section.
    @usableFromInline func apply(
        _ sectionSnapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool,
        completion: (@MainActor () -> Void)?
    ) {
        let items = sectionSnapshot._items.subtable(sectionSnapshot._visiblePositions())
        if case .idle = phase, let index = committed.snapshot.indexOfSection(section) {
            assert(waiting.isEmpty && ahead == nil, "an idle engine has nothing waiting")
            let range =
                committed.snapshot._sectionStarts[index]..<committed.snapshot._sectionStarts[index + 1]
            let before = committed.snapshot._items.subtable(range)
            if committed.snapshot._replaceItems(inSection: index, with: items) {
                committed.sectionSnapshots[section] = sectionSnapshot
                let update = specialized.sectionDiff(before, items, index, isContentEqual)
                presentCommitted(update, animated: animatingDifferences, completion: completion)
                return
            }
        }
        var target = latest
        if let index = target.snapshot.indexOfSection(section) {
            if !target.snapshot._replaceItems(inSection: index, with: items) {
                target.snapshot.deleteItems(target.snapshot.itemIdentifiers(inSection: section))
                target.snapshot.appendItems(items.elements, toSection: section)
                // The items that came from other sections leave their outlines too.
                target.sectionSnapshots = specialized.rebase(target.sectionSnapshots, target.snapshot)
            }
        } else {
            target.snapshot.appendSections([section])
            target.snapshot.appendItems(items.elements, toSection: section)
        }
        target.sectionSnapshots[section] = sectionSnapshot
        enqueue(target, .batchUpdate(animated: animatingDifferences), completion)
    }

    /// Shows a snapshot whose update from another its maker knows (a store that saw which rows
    /// changed, and hands one new snapshot to every data source that shows its rows): `update`
    /// turns `base` into `snapshot`, in UIKit's conventions.
    ///
    /// When nothing is on its way to the view and the committed snapshot is `base` itself (the
    /// same storage, ``DiffableDataSourceSnapshot/_isIdentical(to:)``), `snapshot` becomes the
    /// committed state as it is, sharing its storage, and `update` goes to the view: no copy, no
    /// diff. Otherwise the request waits its turn like any other and uses `update` if the
    /// committed snapshot is `base` by then, or is diffed. Stored section snapshots are rebased.
    ///
    /// - Complexity: O(1) plus the view's work for `update` on the first path; otherwise as
    ///   ``apply(_:animatingDifferences:completion:)``.
    package func apply(
        _ snapshot: Snapshot, update: BatchUpdate, from base: Snapshot, animatingDifferences: Bool,
        completion: (@MainActor () -> Void)?
    ) {
        var target = State(snapshot: snapshot, sectionSnapshots: rebasedSectionSnapshots(on: snapshot))
        guard isIdle, committed.snapshot._isIdentical(to: base) else {
            // Diffed if `base` is not shown by its turn: the update's reconfigures go as marks.
            target.snapshot.addMarks(of: update, from: base)
            enqueue(target, .batchUpdate(animated: animatingDifferences), completion, known: (base, update))
            return
        }
        assert(waiting.isEmpty && ahead == nil, "an idle engine has nothing waiting")
        committed = State(snapshot: snapshot.withoutMarks, sectionSnapshots: target.sectionSnapshots)
        presentCommitted(update, animated: animatingDifferences, completion: completion)
    }

    /// Applies a change its maker knows exactly (a store that saw which rows changed): `edit`
    /// changes a snapshot in place and returns the batch update from the snapshot it was given
    /// to the one it leaves, in UIKit's conventions.
    ///
    /// When nothing is on its way to the view, the committed state is the latest, and the edit is
    /// made on it in place and its update goes to the view as it is: no diff, and no copy unless
    /// another value shares the snapshot's storage. Otherwise the edit is made on a copy of the
    /// latest state, its update is dropped, and the request is diffed when its turn comes, like
    /// any other. Stored section snapshots are rebased.
    ///
    /// - Complexity: What `edit` costs, when nothing is on its way to the view; otherwise a copy of
    ///   the latest state plus the diff.
    package func apply(
        editing edit: (inout Snapshot) -> BatchUpdate, animatingDifferences: Bool,
        completion: (@MainActor () -> Void)?
    ) {
        guard isIdle else {
            var target = latest
            let base = target.snapshot
            // The update is dropped for a diff: its reconfigures go as marks.
            let update = edit(&target.snapshot)
            target.snapshot.addMarks(of: update, from: base)
            target.sectionSnapshots = specialized.rebase(target.sectionSnapshots, target.snapshot)
            enqueue(target, .batchUpdate(animated: animatingDifferences), completion)
            return
        }
        assert(waiting.isEmpty && ahead == nil, "an idle engine has nothing waiting")
        let update = edit(&committed.snapshot)
        committed.snapshot._clearMarks()
        if !committed.sectionSnapshots.isEmpty {
            committed.sectionSnapshots = specialized.rebase(committed.sectionSnapshots, committed.snapshot)
        }
        presentCommitted(update, animated: animatingDifferences, completion: completion)
    }

    /// Hands the view `update` to the state just committed, as a request of its own: the idle
    /// engine's paths that know their update without a diff.
    private func presentCommitted(
        _ update: BatchUpdate, animated: Bool, completion: (@MainActor () -> Void)?
    ) {
        requestCount += 1
        let request = Request(
            number: requestCount, target: committed, presentation: .batchUpdate(animated: animated),
            completions: completion.map { [$0] } ?? [])
        present(update, of: request)
        startWaitingRequests()
    }

    /// The latest section snapshots, rebased on a full snapshot that replaces the latest one.
    private func rebasedSectionSnapshots(on snapshot: Snapshot) -> [SectionIdentifierType: SectionSnapshot] {
        guard latestHasSectionSnapshots else { return [:] }
        // The latest rows themselves with reloads or reconfigures marked: every outline stands.
        if snapshot._hasIdenticalStorage(to: latestSnapshot) { return latest.sectionSnapshots }
        return specialized.rebase(latest.sectionSnapshots, snapshot.withoutMarks)
    }

    /// Records an apply: the latest state moves on at once, and the request waits its turn (or
    /// starts now, when nothing is in flight).
    private func enqueue(
        _ target: State, _ presentation: Request.Presentation, _ completion: (@MainActor () -> Void)?,
        known: (base: Snapshot, update: BatchUpdate)? = nil
    ) {
        requestCount += 1
        let request = Request(
            number: requestCount, target: target, presentation: presentation, known: known,
            completions: completion.map { [$0] } ?? [])
        if isIdle, waiting.isEmpty {
            // Nothing in flight: the request starts now and, unless its diff goes off the main
            // actor, is committed before anything could read the latest state.
            start(request)
            if case .diffing = phase {
                ahead = State(
                    snapshot: target.snapshot.withoutMarks, sectionSnapshots: target.sectionSnapshots)
            }
            startWaitingRequests()
            return
        }
        ahead = State(snapshot: target.snapshot.withoutMarks, sectionSnapshots: target.sectionSnapshots)
        if coalescesApplies, case .diffing(let stale, _, let task) = phase {
            // A diff runs for a state this one supersedes: drop it, keep its completions.
            task.cancel()
            phase = .idle
            waiting.prepend(stale)
        }
        waiting.append(request)
        startWaitingRequests()
    }
}

extension DiffableDataSourceSnapshot {
    /// Marks what `update`, from `base` to this snapshot, reloads and reconfigures: the update's
    /// marks kept on the snapshot, for when the snapshot is diffed instead of shown with it.
    ///
    /// - Complexity: O(m) for the m sections and items the update reloads or reconfigures.
    fileprivate mutating func addMarks(of update: BatchUpdate, from base: Self) {
        let sections = base.sectionIdentifiers
        let reloadedSections = update.reloadedSections.compactMap { $0 < sections.count ? sections[$0] : nil }
        _reloadedSections.formUnion(reloadedSections.filter(_sections.contains))
        _reloadedItems.formUnion(update.reloadedItems.compactMap(itemIdentifier(at:)))
        _reconfiguredItems.formUnion(update.reconfiguredItems.compactMap(itemIdentifier(at:)))
    }
}
