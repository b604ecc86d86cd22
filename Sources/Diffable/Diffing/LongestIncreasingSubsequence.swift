/// Marks a longest strictly increasing subsequence of `values`: the elements that keep their
/// relative order and so need not move.
///
/// Patience sorting with predecessor links, taken a run at a time. A run is a stretch of
/// consecutive integers (`v, v + 1, v + 2, …`), which is what a block of items that kept their
/// order looks like; patience sorting places such a run in consecutive piles (each next value is
/// one more than the tail it passes and smaller than the next pile's tail, values being distinct),
/// so only a run's first value needs a search and the rest is written straight through.
///
/// The search is rarely a binary search. A first value larger than the longest pile's tail is
/// appended (the common case when most elements keep their order), one just below it replaces
/// that tail (the step after an outlier was appended), one that continues where the previous run
/// ended goes to the next pile. For the rest, mostly items that moved backwards, the pile of the
/// nearest smaller value already placed is a lower bound (tails only ever decrease), and the
/// answer is almost always the pile just after it; a search outward from there settles it.
///
/// - Parameters:
///   - values: Distinct values (old positions, in new order).
///   - inSubsequence: Receives `true` at the positions that belong to the subsequence; must have
///     `values.count` elements, all `false`.
/// - Returns: The length of the subsequence.
/// - Complexity: O(n + r log n) worst case, where n is `values.count` and r the number of runs;
///   O(n) when the values are already increasing.
@discardableResult
@inlinable func _markLongestIncreasingSubsequence(
    _ values: UnsafeBufferPointer<Int32>, into inSubsequence: UnsafeMutableBufferPointer<Bool>
) -> Int {
    let count = values.count
    guard count > 0 else { return 0 }
    var smallest = values[0]
    var largest = values[0]
    for value in values {
        smallest = Swift.min(smallest, value)
        largest = Swift.max(largest, value)
    }
    // The values are positions in a list, so they are usually dense; if not, no hints.
    let span = Int(largest) &- Int(smallest) &+ 1
    let hinted = span <= 4 &* count
    // tails[k] = position of the smallest tail of an increasing run of length k + 1, and
    // tailValues[k] its value, kept apart so the search reads one small contiguous array;
    // pileOf[v - smallest] = the pile value v was placed on, or -1 before it is placed.
    let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let tailValues = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let pileOf = UnsafeMutableBufferPointer<Int32>.allocate(capacity: hinted ? span : 1)
    pileOf.initialize(repeating: -1)
    defer {
        tails.deallocate()
        tailValues.deallocate()
        previous.deallocate()
        pileOf.deallocate()
    }
    /// The first pile in `low..<high` whose tail is >= `value`, or `high`.
    @inline(__always) func search(_ value: Int32, _ low: Int, _ high: Int) -> Int {
        var base = low
        var size = high &- low
        while size > 0 {
            let half = size &>> 1
            if tailValues[base &+ half] < value {
                base &+= half &+ 1
                size &-= half &+ 1
            } else {
                size = half
            }
        }
        return base
    }
    var length = 0
    var finger = 0  // the pile after the previous run's last: in-order runs extend it in O(1)
    var position = 0
    while position < count {
        let value = values[position]
        var slot: Int
        if length == 0 || tailValues[length &- 1] < value {
            slot = length
        } else if length == 1 || tailValues[length &- 2] < value {
            slot = length &- 1
        } else if finger < length && (finger == 0 || tailValues[finger &- 1] < value)
            && value <= tailValues[finger]
        {
            slot = finger
        } else {
            // A lower bound from the nearest smaller value already placed, then a search that
            // doubles its step upwards from it.
            var low = 0
            if hinted {
                var below = Int(value) &- Int(smallest) &- 1
                let stop = Swift.max(below &- 8, -1)
                while below > stop && pileOf[below] < 0 { below &-= 1 }
                if below > stop { low = Int(pileOf[below]) &+ 1 }
            }
            var high = low
            var step = 1
            while high < length && tailValues[high] < value {
                low = high &+ 1
                high &+= step
                step &<<= 1
            }
            slot = search(value, low, Swift.min(high, length))
        }
        previous[position] = slot == 0 ? -1 : tails[slot &- 1]
        tails[slot] = Int32(truncatingIfNeeded: position)
        tailValues[slot] = value
        if hinted { pileOf[Int(value) &- Int(smallest)] = Int32(truncatingIfNeeded: slot) }
        // The rest of the run goes to the following piles, each linked to the value before it.
        var next = value &+ 1
        position &+= 1
        slot &+= 1
        while position < count && values[position] == next {
            previous[position] = Int32(truncatingIfNeeded: position &- 1)
            tails[slot] = Int32(truncatingIfNeeded: position)
            tailValues[slot] = next
            if hinted { pileOf[Int(next) &- Int(smallest)] = Int32(truncatingIfNeeded: slot) }
            next &+= 1
            position &+= 1
            slot &+= 1
        }
        if slot > length { length = slot }
        finger = slot
    }
    var linked = Int(tails[length &- 1])
    while linked >= 0 {
        inSubsequence[linked] = true
        linked = Int(previous[linked])
    }
    return length
}

/// The same over an array, for small inputs such as section lists.
@inlinable func _longestIncreasingSubsequenceMask(_ values: [Int32]) -> [Bool] {
    var mask = [Bool](repeating: false, count: values.count)
    values.withUnsafeBufferPointer { values in
        mask.withUnsafeMutableBufferPointer { mask in
            _ = _markLongestIncreasingSubsequence(values, into: mask)
        }
    }
    return mask
}
