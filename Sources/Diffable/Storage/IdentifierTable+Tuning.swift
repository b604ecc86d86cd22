// The numbers that size an identifier table's index and choose how it is edited, each with why it
// has its value. The measured ones come from `diffable-edits` (release, 100,000 to 1,000,000
// identifiers); the commits that set them give the figures.

/// Tuning constants of `_IdentifierTable`'s index. Not nested in the generic table, so that reading
/// one needs no generic metadata.
@usableFromInline enum _IndexTuning {
    /// Slots in the smallest index: 8 slots of 8 bytes are one 64-byte cache line.
    @inlinable @inline(__always) static var minimumSlotCount: Int { 8 }

    /// The most identifiers an index of `slotCount` slots holds, three quarters of it: linear
    /// probing's expected miss grows as 1/(1 - load)², about 8 adjacent slots at 3/4 and 50 at 9/10.
    @inlinable @inline(__always) static func capacity(slotCount: Int) -> Int {
        slotCount &- slotCount / 4
    }

    /// The least room, in identifiers, that an append grows the table to (an index of 16 slots),
    /// so that a short list's first few appends do not each rebuild the index.
    @inlinable @inline(__always) static var initialCapacity: Int { 8 }

    /// A table that must grow at least multiplies its capacity by this, so that a run of appends
    /// (one per section, say) costs O(1) amortized per identifier instead of a copy each.
    @inlinable @inline(__always) static var growthFactor: Int { 2 }

    /// An index with this many times the slots its identifiers need is rebuilt smaller: every sweep
    /// passes over every slot, but shrinking costs a rebuild, so only a large excess is worth one.
    @inlinable @inline(__always) static var shrinkFactor: Int { 4 }

    /// The cost of probing for one entry, in entries written by a rebuild: a probe is a chain of
    /// dependent random reads, while a rebuild's random writes overlap one another (measured).
    @inlinable @inline(__always) static var probeCost: Int { 8 }

    /// How many slots a sweep passes over for the cost of one entry written by a rebuild: it reads
    /// and writes them in order, which the processor streams (measured).
    @inlinable @inline(__always) static var slotsPerRebuiltEntry: Int { 16 }

    /// The most runs of removals renumbered by sweeps, one each: at 3/8 to 3/4 full, 6 to 12
    /// sweeps cost a rebuild, so the cost model rarely sweeps more, and 8 is where counting stops.
    @inlinable @inline(__always) static var maximumSweeps: Int { 8 }

    /// What one sweep that renumbers by a step function costs (any number of steps: many places
    /// inserted into, many runs removed), in sweeps that add one delta.
    @inlinable @inline(__always) static var steppedSweepCost: Int { 3 }

    /// A rotation renumbers its range in a sweep rather than by a probe per identifier when the
    /// range has at least 1/8 as many identifiers as the index has slots: a probe cost about nine
    /// slots of that sweep (measured).
    @inlinable @inline(__always) static var slotsPerRotatedEntry: Int { 8 }
}
