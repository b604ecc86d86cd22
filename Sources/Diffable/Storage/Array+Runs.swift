// Runs of positions (ascending, non-overlapping ranges), and the in-place edits of an array that
// the identifier table and the snapshots' parallel arrays share: removing runs or flagged
// positions, inserting at many positions, and rotating a range.

extension Array where Element == Bool {
    /// The runs of positions where the flags are true, ascending, or `nil` when there are more than
    /// `limit`.
    ///
    /// - Complexity: O(n), where n is `count`.
    @inlinable func _runs(limit: Int) -> [Range<Int>]? {
        var runs: [Range<Int>] = []
        var position = firstIndex(of: true) ?? count
        while position < count {
            guard runs.count < limit else { return nil }
            let start = position
            while position < count && self[position] { position &+= 1 }
            runs.append(start..<position)
            while position < count && !self[position] { position &+= 1 }
        }
        return runs
    }
}

extension Array where Element == Range<Int> {
    /// The runs that cover `positions` (ascending, distinct), neighbours merged.
    ///
    /// - Complexity: O(k) for k positions.
    @inlinable init(_covering positions: [Int]) {
        self = []
        for position in positions { _appendRun(position..<position &+ 1) }
    }

    /// Appends `run` to these runs (ascending, non-overlapping ranges of positions, `run` after the
    /// last of them), merged into the last one when it starts where that one ends.
    @inlinable mutating func _appendRun(_ run: Range<Int>) {
        if let last, last.upperBound == run.lowerBound {
            self[count &- 1] = last.lowerBound..<run.upperBound
        } else {
            append(run)
        }
    }

    /// Calls `body` with each position from the end of the first of these runs (ascending,
    /// non-overlapping ranges) up to `end` that no run covers, in order, and with how many
    /// positions the runs cover before it: where the element there lands once the runs are removed.
    ///
    /// - Complexity: O(`end` - f + r), where f is where the first run starts and r is `count`.
    @inlinable @inline(__always) func _forEachKeptPosition(
        upTo end: Int, _ body: (_ position: Int, _ removedBefore: Int) -> Void
    ) {
        var removedBefore = 0
        for (index, run) in enumerated() {
            removedBefore &+= run.count
            let next = index &+ 1 < count ? self[index &+ 1].lowerBound : end
            for position in run.upperBound..<next { body(position, removedBefore) }
        }
    }
}

extension Array {
    /// Removes the elements in `runs` (ascending, non-overlapping ranges of positions), keeping the
    /// order of the rest: each run is moved out to a side buffer, and the elements up to the next
    /// run slide over in one block move, so every element after the first run moves once, in as
    /// many block moves as there are runs. Block moves, not a move per element: in code that is
    /// not specialized for the element type (a store generic over its identifiers), a move per
    /// element is a call through the type's value witnesses.
    ///
    /// - Complexity: O(n - f), where n is `count` and f the first position removed.
    @inlinable mutating func _removeAll(inRuns runs: [Range<Int>]) {
        guard let first = runs.first?.lowerBound else { return }
        let removed = runs.reduce(0) { $0 &+ $1.count }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let saved = UnsafeMutablePointer<Element>.allocate(capacity: removed)
            defer { saved.deallocate() }
            var savedCount = 0
            var write = first
            for (index, run) in runs.enumerated() {
                (saved + savedCount).moveInitialize(from: base + run.lowerBound, count: run.count)
                savedCount &+= run.count
                let next = index &+ 1 < runs.count ? runs[index &+ 1].lowerBound : buffer.count
                // `moveInitialize(from:count:)` allows the source and destination to overlap.
                (base + write).moveInitialize(from: base + run.upperBound, count: next &- run.upperBound)
                write &+= next &- run.upperBound
            }
            // The removed elements fill the end, where `removeLast` releases them.
            (base + write).moveInitialize(from: saved, count: removed)
        }
        removeLast(removed)
    }

    /// Inserts `newElements[j]` just before the element now at `positions[j]` (ascending, `count`
    /// for the end; several at one position keep their order), in one pass: the elements from the
    /// first position on are merged with the new ones once, those before it stay where they are.
    ///
    /// - Complexity: O(n - f + k), where n is `count`, f the first position and k the number of new
    ///   elements.
    @inlinable mutating func _insert(_ newElements: [Element], at positions: [Int]) {
        assert(newElements.count == positions.count)
        guard let first = positions.first else { return }
        var tail: [Element] = []
        tail.reserveCapacity(count &- first &+ newElements.count)
        var from = first
        for (offset, position) in positions.enumerated() {
            tail.append(contentsOf: self[from..<position])
            tail.append(newElements[offset])
            from = position
        }
        tail.append(contentsOf: self[from...])
        replaceSubrange(first..., with: tail)
    }

    /// Removes the elements at the positions where `remove` is true, keeping the order of the
    /// rest, in one pass from the first of them.
    ///
    /// - Complexity: O(n), where n is `count`.
    @inlinable mutating func _removeAll(where remove: [Bool]) {
        assert(remove.count == count)
        guard let first = remove.firstIndex(of: true) else { return }
        let count = self.count
        var write = first
        withUnsafeMutableBufferPointer { buffer in
            for read in first..<count where !remove[read] {
                buffer.swapAt(read, write)
                write &+= 1
            }
        }
        removeLast(count &- write)
    }

    /// Rotates the elements in `subrange` so that the one at `middle` comes first, in place: the
    /// shorter side is moved out, the longer one slides over with one block move, and the shorter
    /// one is moved back in. Elements are moved, never copied, so a rotation of identifiers that
    /// are reference-counted (strings, enums with payloads) retains and releases nothing, and an
    /// array that is not shared keeps its buffer.
    ///
    /// - Complexity: O(r), where r is `subrange.count`.
    @inlinable mutating func _rotate(subrange: Range<Int>, toStartAt middle: Int) {
        let first = subrange.lowerBound
        let end = subrange.upperBound
        guard first < middle && middle < end else { return }
        let front = end &- middle  // the elements that come to the front
        let back = middle &- first  // the elements that go after them
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let saved = UnsafeMutablePointer<Element>.allocate(capacity: Swift.min(front, back))
            defer { saved.deallocate() }
            // `moveInitialize(from:count:)` allows the source and destination to overlap.
            if front <= back {
                saved.moveInitialize(from: base + middle, count: front)
                (base + first + front).moveInitialize(from: base + first, count: back)
                (base + first).moveInitialize(from: saved, count: front)
            } else {
                saved.moveInitialize(from: base + first, count: back)
                (base + first).moveInitialize(from: base + middle, count: front)
                (base + first + front).moveInitialize(from: saved, count: back)
            }
        }
    }
}
