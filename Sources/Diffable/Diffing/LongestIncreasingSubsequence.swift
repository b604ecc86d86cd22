/// Marks a longest strictly increasing subsequence of `values`: the elements that keep their
/// relative order and so need not move.
///
/// Patience sorting with predecessor links. The pile for each value is rarely found by a binary
/// search: a value larger than the longest pile's tail is appended (the common case when most
/// elements keep their order), one just below it replaces that tail (the step after an outlier was
/// appended), and one that fits just after where the previous value went extends that pile. For
/// the rest, mostly items that moved backwards, in a long input whose values are dense (old
/// positions), the pile of the nearest smaller value already placed is a lower bound (tails only
/// ever decrease) and the answer is almost always the pile just after it; a search that doubles
/// its step from there settles it.
///
/// - Parameters:
///   - values: Distinct values (old positions, in new order).
///   - inSubsequence: Receives `true` at the positions that belong to the subsequence; must have
///     `values.count` elements, all `false`.
/// - Returns: The length of the subsequence.
/// - Complexity: O(n log n) worst case, O(n) when the values are already increasing, where n is
///   `values.count`.
@discardableResult
@inlinable func _markLongestIncreasingSubsequence(
    _ values: UnsafeBufferPointer<Int32>, into inSubsequence: UnsafeMutableBufferPointer<Bool>
) -> Int {
    let count = values.count
    guard count > 0 else { return 0 }
    // Hints pay for their bookkeeping only when a binary search over the piles is long.
    var smallest = values[0]
    var span = 0
    if count >= 4096 {
        var largest = values[0]
        for value in values {
            smallest = Swift.min(smallest, value)
            largest = Swift.max(largest, value)
        }
        span = Int(largest) &- Int(smallest) &+ 1
    }
    let hinted = span > 0 && span <= 4 &* count
    // tails[k] = position of the smallest tail of an increasing run of length k + 1, and
    // tailValues[k] its value, kept apart so the search reads one small contiguous array;
    // pileOf[v - smallest] = the pile value v was placed on, or -1 before it is placed.
    let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let tailValues = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let pileOf = UnsafeMutableBufferPointer<Int32>.allocate(capacity: hinted ? span : 0)
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
    var finger = 0  // the pile after the previous value's: runs of in-order values extend it in O(1)
    for position in 0..<count {
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
            var low = -1
            if hinted {
                var below = Int(value) &- Int(smallest) &- 1
                let stop = Swift.max(below &- 8, -1)
                while below > stop && pileOf[below] < 0 { below &-= 1 }
                if below > stop { low = Int(pileOf[below]) &+ 1 }
            }
            if low < 0 {
                slot = search(value, 0, length)
            } else {
                var high = low
                var step = 1
                while high < length && tailValues[high] < value {
                    low = high &+ 1
                    high &+= step
                    step &<<= 1
                }
                slot = search(value, low, Swift.min(high, length))
            }
        }
        previous[position] = slot == 0 ? -1 : tails[slot &- 1]
        tails[slot] = Int32(truncatingIfNeeded: position)
        tailValues[slot] = value
        if hinted { pileOf[Int(value) &- Int(smallest)] = Int32(truncatingIfNeeded: slot) }
        if slot == length { length &+= 1 }
        finger = slot &+ 1
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
