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
    public func apply(
        _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        _enqueue(
            .init(
                kind: .apply(snapshot, animated: animatingDifferences),
                completions: completion.map { [$0] } ?? []))
    }

    /// Shows a snapshot and returns when the view has finished.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
        }
    }

    /// Shows a snapshot by reloading the view: no diff, no animation, every cell recreated.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil)
    {
        _enqueue(.init(kind: .reload(snapshot), completions: completion.map { [$0] } ?? []))
    }

    /// Shows a snapshot by reloading the view and returns when it has.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            applySnapshotUsingReloadData(snapshot) { continuation.resume() }
        }
    }

    /// Replaces one section's content with a section snapshot; only its visible items become
    /// rows. A section that is not in the committed snapshot is appended at the end.
    public func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        _enqueue(
            .init(
                kind: .section(snapshot, section, animated: animatingDifferences),
                completions: completion.map { [$0] } ?? []))
    }

    /// Replaces one section's content with a section snapshot and returns when the view has
    /// finished.
    public func apply(
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
        if let stored = _sectionSnapshots[section] { return stored }
        var flat = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        if _committed.contains(section: section) {
            flat.append(_committed.itemIdentifiers(inSection: section))
        }
        return flat
    }
}

// MARK: - The update path

extension CollectionViewDiffableDataSource {
    struct _Request {
        enum Kind {
            case apply(Snapshot, animated: Bool)
            case reload(Snapshot)
            case section(
                DiffableDataSourceSectionSnapshot<ItemIdentifierType>, SectionIdentifierType, animated: Bool)

            /// Whether the request replaces the whole state (so earlier requests can be skipped).
            var isFullState: Bool {
                if case .section = self { return false }
                return true
            }
        }
        var kind: Kind
        var completions: [@MainActor () -> Void]
    }

    func _enqueue(_ request: _Request) {
        if coalescesApplies, request.kind.isFullState, let stale = _inFlight, _diffTask != nil {
            // A diff is running for a snapshot this one supersedes: cancel it, keep its completions.
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
            if coalescesApplies, let last = _queue[_queueHead...].lastIndex(where: { $0.kind.isFullState }) {
                // Skip to the newest full snapshot; the skipped requests' completions run with it.
                var completions = request.completions
                for skipped in _queue[_queueHead..<last] { completions += skipped.completions }
                request = _queue[last]
                request.completions = completions + request.completions
                _queueHead = last + 1
            }
            if _queueHead == _queue.count {
                _queue.removeAll(keepingCapacity: true)
                _queueHead = 0
            }
            _start(request)
        }
    }

    func _start(_ request: _Request) {
        switch request.kind {
        case .reload(let snapshot):
            _committed = snapshot.withoutMarks
            _rebaseSectionSnapshots()
            _view?.reloadData()
            _finish(request)
        case .apply(let snapshot, let animated):
            _diffAndCommit(target: snapshot, sectionSnapshot: nil, animated: animated, request: request)
        case .section(let sectionSnapshot, let section, let animated):
            var target = _committed
            if target.contains(section: section) {
                target.deleteItems(target.itemIdentifiers(inSection: section))
            } else {
                target.appendSections([section])
            }
            target.appendItems(sectionSnapshot.visibleItems, toSection: section)
            _diffAndCommit(
                target: target, sectionSnapshot: (section, sectionSnapshot), animated: animated,
                request: request)
        }
    }

    func _diffAndCommit(
        target: Snapshot,
        sectionSnapshot: (SectionIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>)?,
        animated: Bool, request: _Request
    ) {
        let old = _committed
        let compare = isContentEqual
        if old.numberOfItems + target.numberOfItems <= offMainDiffingThreshold {
            let update = Self._diff(old, target, compare)
            _commit(
                update, target: target, sectionSnapshot: sectionSnapshot, animated: animated, request: request
            )
            return
        }
        _inFlight = request
        _generation += 1
        let generation = _generation
        _diffTask = Task { [weak self] in
            let update = await Task.detached(priority: .userInitiated) { Self._diff(old, target, compare) }
                .value
            guard let self, !Task.isCancelled, self._generation == generation, self._diffTask != nil else {
                return
            }
            self._diffTask = nil
            self._inFlight = nil
            self._commit(
                update, target: target, sectionSnapshot: sectionSnapshot, animated: animated, request: request
            )
            self._drain()
        }
    }

    nonisolated static func _diff(
        _ old: Snapshot, _ new: Snapshot,
        _ isContentEqual: (@Sendable (ItemIdentifierType, ItemIdentifierType) -> Bool)?
    ) -> BatchUpdate {
        if let isContentEqual { return BatchUpdate(from: old, to: new, isContentEqual: isContentEqual) }
        return BatchUpdate(from: old, to: new)
    }

    /// Commits the new state, then tells the view. The view re-counts from the committed state.
    func _commit(
        _ update: BatchUpdate, target: Snapshot,
        sectionSnapshot: (SectionIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>)?,
        animated: Bool, request: _Request
    ) {
        _committed = target.withoutMarks
        if let (section, snapshot) = sectionSnapshot {
            _sectionSnapshots[section] = snapshot
        }
        _rebaseSectionSnapshots()
        guard let view = _view, !update.isEmpty else {
            _finish(request)
            return
        }
        if animated, let threshold = reloadDataThreshold, update.operationCount > threshold {
            view.reloadData()
            _finish(request)
            return
        }
        _inFlight = request
        var finished = false
        view.performBatchUpdates(update, animatingDifferences: animated) { [weak self] _ in
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

    /// Rebases stored section snapshots on the committed state, as UIKit does after a full apply:
    /// visible items the section no longer shows are deleted from the outline (with their
    /// children), and the outline is kept when what remains visible is exactly what the section
    /// shows; otherwise (items added or reordered by a full snapshot) it falls back to a flat one.
    ///
    /// - Complexity: O(k) for the k items of each section that has a stored section snapshot.
    func _rebaseSectionSnapshots() {
        guard !_sectionSnapshots.isEmpty else { return }
        for (section, outline) in _sectionSnapshots {
            guard _committed.contains(section: section) else {
                _sectionSnapshots[section] = nil
                continue
            }
            let shown = _committed.itemIdentifiers(inSection: section)
            if outline.visibleItems == shown { continue }
            let stillShown = Set(shown)
            var rebased = outline
            rebased.delete(outline.visibleItems.filter { !stillShown.contains($0) })
            _sectionSnapshots[section] = rebased.visibleItems == shown ? rebased : nil
        }
    }
}
