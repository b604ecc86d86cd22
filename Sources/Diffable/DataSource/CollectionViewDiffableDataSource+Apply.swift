import Foundation

extension CollectionViewDiffableDataSource {
    /// Shows a snapshot: diffs it against the committed one and hands the view one batch update.
    ///
    /// - Parameters:
    ///   - snapshot: The new state. Its reload and reconfigure marks are honoured, then dropped.
    ///   - animatingDifferences: Whether the view animates; `false` still diffs, keeping cells.
    ///   - completion: Runs on the main actor once the view has finished, exactly once, in call
    ///     order with other applies.
    /// - Complexity: O(n + m + k log k) for the diff (see ``BatchUpdate/init(from:to:)``), off the
    ///   main actor above ``offMainDiffingThreshold`` items.
    @inlinable public final func apply(
        _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        _specialized = _Specialized()
        _enqueue(
            target: snapshot, sectionSnapshot: nil, reload: false, animated: animatingDifferences, completion)
    }

    /// Shows a snapshot and returns when the view has finished.
    @inlinable public final func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
        }
    }

    /// Shows a snapshot by reloading the view: no diff, no animation, every cell recreated.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil)
    {
        _enqueue(target: snapshot, sectionSnapshot: nil, reload: true, animated: false, completion)
    }

    /// Shows a snapshot by reloading the view and returns when it has.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            applySnapshotUsingReloadData(snapshot) { continuation.resume() }
        }
    }

    /// Replaces one section's content with a section snapshot; only its visible items become
    /// rows. A section that is not in the committed snapshot is appended at the end. An item that
    /// is in another section moves here, as with ``DiffableDataSourceSnapshot/appendItems(_:toSection:)``.
    ///
    /// - Complexity: When nothing is on its way to the view (no animation running, no diff under
    ///   way), O(k log k + n) expected with a small constant for n, where k is the number of items
    ///   of the section before and after and n the number of items: the committed items are edited
    ///   in place (those after the section shift once, in the arrays and in the index) and only
    ///   this section is diffed. Otherwise, and when an item comes from another section, as
    ///   ``apply(_:animatingDifferences:completion:)`` with the full snapshot.
    @inlinable public final func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        _specialized = _Specialized()
        _apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// `apply(_:to:animatingDifferences:completion:)` without setting `_specialized`, for applies that
    /// start inside the library.
    @usableFromInline func _apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool, completion: (@MainActor () -> Void)?
    ) {
        let items = snapshot.visibleItems
        guard let index = _latest.indexOfSection(section) else {
            var target = _latest
            target.appendSections([section])
            target.appendItems(items, toSection: section)
            _enqueue(
                target: target, sectionSnapshot: (section, snapshot), reload: false,
                animated: animatingDifferences, completion)
            return
        }
        // Nothing on its way to the view: the committed state is the latest, and this request
        // starts (and commits) before this method returns. The state is then taken out of both, so
        // that the edit is made in place instead of on a copy of every item, and the update is the
        // diff of this one section: the others do not change.
        let idle = _queueHead == _queue.count && _inFlight == nil && !_isDraining
        var target = idle ? _committed : _latest
        let before = idle ? target.itemIdentifiers(inSection: section) : []
        if idle {
            _committed = Snapshot()
            _latest = Snapshot()
        }
        var update: BatchUpdate?
        if target._replaceItems(inSection: index, with: items) {
            if idle {
                func alone(_ items: [ItemIdentifierType]) -> Snapshot {
                    var snapshot = Snapshot()
                    snapshot.appendSections([section])
                    snapshot.appendItems(items, toSection: section)
                    return snapshot
                }
                update = _specialized.diff(alone(before), alone(items), isContentEqual)._placed(
                    inSection: index)
            }
        } else {
            // An item comes from another section: it moves here as `appendItems` moves it, and the
            // update is the diff of the full snapshots.
            if idle {
                _committed = target
                _latest = target
            }
            target.deleteItems(target.itemIdentifiers(inSection: section))
            target.appendItems(items, toSection: section)
        }
        _enqueue(
            target: target, sectionSnapshot: (section, snapshot), reload: false,
            animated: animatingDifferences,
            completion, update: update)
    }

    /// Replaces one section's content with a section snapshot and returns when the view has
    /// finished.
    @inlinable public final func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true
    ) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            apply(snapshot, to: section, animatingDifferences: animatingDifferences) { continuation.resume() }
        }
    }

    /// The section snapshot last applied to a section; for a section filled by a full snapshot, a
    /// flat section snapshot of its items; for an unknown section, an empty one.
    public func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<
        ItemIdentifierType
    > {
        if let stored = _latestSectionSnapshots[section] { return stored }
        var flat = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        if _latest.contains(section: section) {
            flat.append(_latest.itemIdentifiers(inSection: section))
        }
        return flat
    }
}

// MARK: - The update path

extension CollectionViewDiffableDataSource {
    /// One apply on its way to the view: the full state it leads to, computed when it was made.
    struct _Request {
        /// The snapshot to show, with its reload and reconfigure marks.
        var target: Snapshot
        /// The section snapshots that go with it.
        var sectionSnapshots: [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>]
        var reload: Bool
        var animated: Bool
        var completions: [@MainActor () -> Void]
        /// The update from the committed state, when the apply computed it: only for a request
        /// made while nothing was on its way to the view, which starts at once.
        var update: BatchUpdate?
    }

    /// Records an apply: the latest state moves on at once (so ``snapshot()`` reflects every apply
    /// made so far, as UIKit's does), and the request joins the queue to the view.
    @usableFromInline func _enqueue(
        target: Snapshot,
        sectionSnapshot: (SectionIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>)?,
        reload: Bool, animated: Bool, _ completion: (@MainActor () -> Void)?, update: BatchUpdate? = nil
    ) {
        _latest = target.withoutMarks
        if let (section, snapshot) = sectionSnapshot {
            _latestSectionSnapshots[section] = snapshot
        } else {
            _latestSectionSnapshots = _specialized.rebase(_latestSectionSnapshots, _latest)
        }
        let request = _Request(
            target: target, sectionSnapshots: _latestSectionSnapshots, reload: reload, animated: animated,
            completions: completion.map { [$0] } ?? [], update: update)
        if coalescesApplies, let stale = _inFlight, _diffTask != nil {
            // A diff is running for a state this one supersedes: cancel it, keep its completions.
            _diffTask?.cancel()
            _diffTask = nil
            _inFlight = nil
            _queue.insert(stale, at: _queueHead)
        }
        _queue.append(request)
        _drain()
    }

    /// Starts queued requests until one is in flight (an animation or an off-main diff) or the
    /// queue is empty. Never re-entered: a request enqueued while draining is picked up by the
    /// loop already running.
    func _drain() {
        guard !_isDraining else { return }
        _isDraining = true
        defer { _isDraining = false }
        while _inFlight == nil, _queueHead < _queue.count {
            var request = _queue[_queueHead]
            _queueHead += 1
            if coalescesApplies, _queueHead < _queue.count {
                // Every request holds a full state: skip to the newest; the skipped requests'
                // completions run with it, in call order.
                var completions = request.completions
                for skipped in _queue[_queueHead..<(_queue.count - 1)] { completions += skipped.completions }
                request = _queue[_queue.count - 1]
                request.completions = completions + request.completions
                _queueHead = _queue.count
            }
            if _queueHead == _queue.count {
                _queue.removeAll(keepingCapacity: true)
                _queueHead = 0
            }
            _start(request)
        }
    }

    func _start(_ request: _Request) {
        if request.reload {
            _committed = request.target.withoutMarks
            _sectionSnapshots = request.sectionSnapshots  // already rebased on the target when enqueued
            _view?.reloadData()
            _finish(request)
            return
        }
        if let update = request.update {
            _commit(update, request: request)
            return
        }
        let old = _committed
        let target = request.target
        let compare = isContentEqual
        let diff = _specialized.diff
        if old.numberOfItems + target.numberOfItems <= offMainDiffingThreshold {
            _commit(diff(old, target, compare), request: request)
            return
        }
        _inFlight = request
        _generation += 1
        let generation = _generation
        _diffTask = Task { [weak self] in
            let update = await Task.detached(priority: .userInitiated) { diff(old, target, compare) }
                .value
            guard let self, !Task.isCancelled, self._generation == generation, self._diffTask != nil else {
                return
            }
            self._diffTask = nil
            self._inFlight = nil
            self._commit(update, request: request)
            self._drain()
        }
    }

    /// The diff of one apply. Through `_specialized`, public `apply` calls run it specialized for the
    /// caller's identifier types.
    @inlinable nonisolated static func _diff(
        _ old: Snapshot, _ new: Snapshot,
        _ isContentEqual: (@Sendable (ItemIdentifierType, ItemIdentifierType) -> Bool)?
    ) -> BatchUpdate {
        if let isContentEqual { return BatchUpdate(from: old, to: new, isContentEqual: isContentEqual) }
        return BatchUpdate(from: old, to: new)
    }

    /// Commits the request's state, then tells the view. The view re-counts from the committed
    /// state.
    func _commit(_ update: BatchUpdate, request: _Request) {
        _committed = request.target.withoutMarks
        _sectionSnapshots = request.sectionSnapshots  // already rebased on the target when enqueued
        guard let view = _view, !update.isEmpty else {
            _finish(request)
            return
        }
        if request.animated, let threshold = reloadDataThreshold, update.operationCount > threshold {
            view.reloadData()
            _finish(request)
            return
        }
        _inFlight = request
        var finished = false
        view.performBatchUpdates(update, animatingDifferences: request.animated) { [weak self] _ in
            guard !finished else { return }
            finished = true
            self?._finish(request)
        }
    }

    func _finish(_ request: _Request) {
        _inFlight = nil
        for completion in request.completions { completion() }
        _drain()
    }

    /// Rebases section snapshots on a full state, as UIKit does after a full apply: visible
    /// items the section no longer shows are deleted from the outline (with their children), and
    /// the outline is kept when what remains visible is exactly what the section shows; otherwise
    /// (items added or reordered by a full snapshot) it falls back to a flat one.
    ///
    /// - Complexity: O(k) for the k items of each section that has a section snapshot.
    @inlinable nonisolated static func _rebase(
        _ outlines: [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>],
        on state: Snapshot
    ) -> [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>] {
        var rebasedOutlines = outlines
        for (section, outline) in outlines {
            guard state.contains(section: section) else {
                rebasedOutlines[section] = nil
                continue
            }
            let shown = state.itemIdentifiers(inSection: section)
            if outline.visibleItems == shown { continue }
            let stillShown = Set(shown)
            var rebased = outline
            rebased.delete(outline.visibleItems.filter { !stillShown.contains($0) })
            rebasedOutlines[section] = rebased.visibleItems == shown ? rebased : nil
        }
        return rebasedOutlines
    }
}

extension BatchUpdate {
    /// This update, made on snapshots that hold one section alone, with that section numbered
    /// `section`: where it is in the full snapshots.
    func _placed(inSection section: Int) -> BatchUpdate {
        guard section != 0 else { return self }
        func place(_ path: IndexPath) -> IndexPath { _indexPath(section, path[1]) }
        var placed = BatchUpdate()
        placed.deletedSections = deletedSections.map { _ in section }
        placed.insertedSections = insertedSections.map { _ in section }
        placed.reloadedSections = reloadedSections.map { _ in section }
        placed.deletedItems = deletedItems.map(place)
        placed.insertedItems = insertedItems.map(place)
        placed.movedItems = movedItems.map { Move(from: place($0.from), to: place($0.to)) }
        placed.reloadedItems = reloadedItems.map(place)
        placed.reconfiguredItems = reconfiguredItems.map(place)
        return placed
    }
}
