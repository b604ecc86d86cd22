extension ScreenBuffer {
    /// Verifies that every wide character is whole, trapping with a message on the first
    /// violation: each non-continuation cell holds one grapheme one or two columns wide; a
    /// two-column grapheme is followed, in the same row, by a continuation cell in its style; and
    /// every continuation cell follows one. Every mutation runs it when the library is built with
    /// `-D DIFFABLE_INVARIANT_CHECKS`; tests may call it directly.
    ///
    /// - Complexity: O(`width` × `height`).
    public func _checkInvariants() {
        precondition(
            cells.count == width * height, "ScreenBuffer: \(cells.count) cells for \(width)×\(height)")
        for y in 0..<height {
            var x = 0
            while x < width {
                let cell = cells[y * width + x]
                precondition(
                    !cell.isContinuation,
                    "ScreenBuffer: continuation at (\(x), \(y)) follows no wide character")
                precondition(
                    cell.grapheme.count == 1,
                    "ScreenBuffer: cell (\(x), \(y)) holds \(cell.grapheme.debugDescription), not one grapheme"
                )
                let cellWidth = displayWidth(of: cell.grapheme)
                precondition(
                    cellWidth == 1 || cellWidth == 2,
                    "ScreenBuffer: cell (\(x), \(y)) holds \(cell.grapheme.debugDescription), \(cellWidth) columns wide"
                )
                if cellWidth == 2 {
                    precondition(
                        x + 1 < width, "ScreenBuffer: wide \(cell.grapheme) in the last column of row \(y)")
                    let continuation = cells[y * width + x + 1]
                    precondition(
                        continuation == ScreenCell(grapheme: "", style: cell.style, isContinuation: true),
                        "ScreenBuffer: wide \(cell.grapheme) at (\(x), \(y)) is followed by \(continuation)")
                }
                x += cellWidth
            }
        }
    }

    /// Runs `_checkInvariants()` when the library is built with `-D DIFFABLE_INVARIANT_CHECKS`.
    @inline(__always)
    func checkInvariantsIfEnabled() {
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }
}
