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
    /// rows. A section that is not in the committed snapshot is appended at the end.
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
        var target = _latest
        if target.contains(section: section) {
            target.deleteItems(target.itemIdentifiers(inSection: section))
        } else {
            target.appendSections([section])
        }
        target.appendItems(snapshot.visibleItems, toSection: section)
        _enqueue(
            target: target, sectionSnapshot: (section, snapshot), reload: false,
            animated: animatingDifferences,
            completion)
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
    }

    /// Records an apply: the latest state moves on at once (so ``snapshot()`` reflects every apply
    /// made so far, as UIKit's does), and the request joins the queue to the view.
    @usableFromInline func _enqueue(
        target: Snapshot,
        sectionSnapshot: (SectionIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>)?,
        reload: Bool, animated: Bool, _ completion: (@MainActor () -> Void)?
    ) {
        _latest = target.withoutMarks
        if let (section, snapshot) = sectionSnapshot {
            _latestSectionSnapshots[section] = snapshot
        } else {
            _latestSectionSnapshots = _specialized.rebase(_latestSectionSnapshots, _latest)
        }
        let request = _Request(
            target: target, sectionSnapshots: _latestSectionSnapshots, reload: reload, animated: animated,
            completions: completion.map { [$0] } ?? [])
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
