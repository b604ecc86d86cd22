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
func _markLongestIncreasingSubsequence(
    _ values: UnsafeBufferPointer<Int32>, into inSubsequence: UnsafeMutableBufferPointer<Bool>
) -> Int {
    let count = values.count
    guard count > 0 else { return 0 }
    // tails[k] = position of the smallest tail of an increasing run of length k + 1.
    let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer {
        tails.deallocate()
        previous.deallocate()
    }
    var length = 0
    for position in 0..<count {
        let value = values[position]
        if length == 0 || values[Int(tails[length &- 1])] < value {
            previous[position] = length == 0 ? -1 : tails[length &- 1]
            tails[length] = Int32(truncatingIfNeeded: position)
            length &+= 1
            continue
        }
        // The first run whose tail is >= value.
        var low = 0
        var high = length &- 1
        while low < high {
            let middle = (low &+ high) &>> 1
            if values[Int(tails[middle])] < value { low = middle &+ 1 } else { high = middle }
        }
        previous[position] = low == 0 ? -1 : tails[low &- 1]
        tails[low] = Int32(truncatingIfNeeded: position)
    }
    var position = Int(tails[length &- 1])
    while position >= 0 {
        inSubsequence[position] = true
        position = Int(previous[position])
    }
    return length
}

/// The same over an array, for small inputs such as section lists.
func _longestIncreasingSubsequenceMask(_ values: [Int32]) -> [Bool] {
    var mask = [Bool](repeating: false, count: values.count)
    values.withUnsafeBufferPointer { values in
        mask.withUnsafeMutableBufferPointer { mask in
            _ = _markLongestIncreasingSubsequence(values, into: mask)
        }
    }
    return mask
}
