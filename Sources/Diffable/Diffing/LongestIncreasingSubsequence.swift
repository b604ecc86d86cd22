/// Marks a longest strictly increasing subsequence of `values`: the elements that keep their
/// relative order and so need not move.
///
/// Patience sorting with predecessor links. A value larger than the current longest run's tail is
/// appended in O(1) without a binary search, which is the common case when most elements keep
/// their order.
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
    // tails[k] = position of the smallest tail of an increasing run of length k + 1, and
    // tailValues[k] its value, kept apart so the search reads one small contiguous array.
    let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let tailValues = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer {
        tails.deallocate()
        tailValues.deallocate()
        previous.deallocate()
    }
    var length = 0
    var finger = 0  // where the previous value went: runs of in-order values extend it in O(1)
    for position in 0..<count {
        let value = values[position]
        var slot: Int
        if length == 0 || tailValues[length &- 1] < value {
            slot = length
        } else if length == 1 || tailValues[length &- 2] < value {
            // Replaces the last tail: the usual next step after an outlier was appended (a value
            // that moved backwards), which the finger, just past it, misses.
            slot = length &- 1
        } else if finger < length && (finger == 0 || tailValues[finger &- 1] < value)
            && value <= tailValues[finger]
        {
            slot = finger
        } else {
            // The first run whose tail is >= value: a binary search over the tails. (Written
            // without branches, it still compiles to one per step, so it stays plain.)
            var base = 0
            var size = length
            while size > 1 {
                let half = size &>> 1
                base = tailValues[base &+ half &- 1] < value ? base &+ half : base
                size &-= half
            }
            slot = tailValues[base] < value ? base &+ 1 : base
        }
        previous[position] = slot == 0 ? -1 : tails[slot &- 1]
        tails[slot] = Int32(truncatingIfNeeded: position)
        tailValues[slot] = value
        if slot == length { length &+= 1 }
        finger = slot &+ 1
    }
    var position = Int(tails[length &- 1])
    while position >= 0 {
        inSubsequence[position] = true
        position = Int(previous[position])
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
