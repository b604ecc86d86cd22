extension ScreenDiffRenderer {
    /// A vertical shift of a band of rows that the terminal can do itself: DECSTBM to make the
    /// band the scroll region, SU or SD to move its content, and `ESC[r` to reset the region.
    ///
    /// The band is rows `top..<bottom`; its content moves up by `shift` rows (down when `shift`
    /// is negative), and the rows it leaves behind become blank — plain, as the renderer scrolls
    /// with the style reset. Rows move whole, so wide characters stay whole.
    package struct Scroll: Hashable, Sendable {
        /// The band's first row, zero-based.
        package var top: Int
        /// The row after the band's last one.
        package var bottom: Int
        /// How many rows the band's content moves up; negative when it moves down.
        package var shift: Int

        /// The scroll of rows `top..<bottom` by `shift` rows up (down when negative).
        ///
        /// - Precondition: The band has at least two rows, and `shift` is not 0 and leaves at
        ///   least one of its rows on screen.
        package init(top: Int, bottom: Int, shift: Int) {
            precondition(
                top >= 0 && bottom - top >= 2 && shift != 0 && abs(shift) < bottom - top,
                "ScreenDiffRenderer.Scroll(top: \(top), bottom: \(bottom), shift: \(shift)): invalid band")
            self.top = top
            self.bottom = bottom
            self.shift = shift
        }

        /// DECSTBM for the band (one-based), SU or SD, and the reset of the scroll region. The
        /// style must be plain, so that the new blank rows are; terminals home the cursor.
        var escapeSequence: String {
            let count = abs(shift)
            let amount = count == 1 ? "" : "\(count)"
            return "\u{1B}[\(top + 1);\(bottom)r\u{1B}[\(amount)\(shift > 0 ? "S" : "T")\u{1B}[r"
        }

        /// The cells of a frame `width` columns wide (row by row) as the terminal shows them
        /// after the scroll.
        ///
        /// - Complexity: O(`width` × (`bottom` − `top`)).
        func applied(to cells: [ScreenCell], width: Int) -> [ScreenCell] {
            assert(bottom * width <= cells.count)
            var result = cells
            for y in top..<bottom {
                let source = y + shift
                let target = y * width..<(y + 1) * width
                if source >= top && source < bottom {
                    result.replaceSubrange(target, with: cells[source * width..<(source + 1) * width])
                } else {
                    result.replaceSubrange(target, with: repeatElement(ScreenCell.blank, count: width))
                }
            }
            return result
        }

        /// The scroll that saves the most output when the terminal shows `old` and should show
        /// `new`, or `nil` when no scroll is estimated to save bytes.
        ///
        /// Rows are compared whole, by hash. For every shift *k* and every band, the estimate
        /// adds the cost of drawing each row of `new` that the scroll brings into place, and
        /// subtracts it for each row that was in place and no longer is; a band's estimate
        /// less the bytes of the scroll sequences is its saving. A fixed header or footer that
        /// did not change is therefore left out of the band. For each shift, prefix sums find
        /// the best band in one pass over the rows.
        ///
        /// - Precondition: `old` and `new` have the same size.
        /// - Complexity: O(*w* × *h* + *h*²), *w* × *h* the frames' size; O(*w* × *h*) and with no
        ///   hashing when fewer than two rows changed.
        package static func best(from old: ScreenBuffer, to new: ScreenBuffer) -> Scroll? {
            precondition(
                old.width == new.width && old.height == new.height,
                "ScreenDiffRenderer.Scroll.best: old is \(old.width)×\(old.height), new \(new.width)×\(new.height)"
            )
            let width = new.width
            let height = new.height
            guard width > 0, height >= 2 else { return nil }
            var changedRows = 0
            for y in 0..<height
            where old.cells[y * width..<(y + 1) * width] != new.cells[y * width..<(y + 1) * width] {
                changedRows += 1
            }
            guard changedRows >= 2 else { return nil }

            let oldHashes = rowHashes(old)
            let newHashes = rowHashes(new)
            let blankHash = rowHash(repeatElement(ScreenCell.blank, count: width))
            let weights = (0..<height).map { y in drawingCost(of: new.cells[y * width..<(y + 1) * width]) }
            var best: Scroll?
            var bestSaving = 0
            // Moving content down is moving it up on the screen turned upside down.
            for isDown in [false, true] {
                let oldRows = isDown ? Array(oldHashes.reversed()) : oldHashes
                let newRows = isDown ? Array(newHashes.reversed()) : newHashes
                let rowWeights = isDown ? Array(weights.reversed()) : weights
                /// What a row gains from the scroll: its drawing cost when it comes into place,
                /// minus that when it was in place before.
                func gain(_ y: Int, after: Int) -> Int {
                    let matchesAfter = newRows[y] == after
                    let matchesBefore = newRows[y] == oldRows[y]
                    return matchesAfter == matchesBefore ? 0 : matchesAfter ? rowWeights[y] : -rowWeights[y]
                }
                // blankGains[y]: the gain of rows 0..<y when all become blank.
                var blankGains = [0]
                blankGains.reserveCapacity(height + 1)
                for y in 0..<height { blankGains.append(blankGains[y] + gain(y, after: blankHash)) }
                var shiftedGains = [Int](repeating: 0, count: height + 1)
                for shift in 1..<height {
                    // shiftedGains[y]: the gain of rows 0..<y when they show the row `shift` below.
                    for y in 0..<height - shift {
                        shiftedGains[y + 1] = shiftedGains[y] + gain(y, after: oldRows[y + shift])
                    }
                    // The band top..<bottom: rows top..<bottom - shift move, the rest become blank.
                    var lowest = Int.max
                    var lowestTop = 0
                    for bottom in shift + 1...height {
                        let top = bottom - shift - 1
                        if shiftedGains[top] <= lowest {
                            lowest = shiftedGains[top]
                            lowestTop = top
                        }
                        let rowGain =
                            shiftedGains[bottom - shift] - lowest + blankGains[bottom]
                            - blankGains[bottom - shift]
                        guard rowGain > bestSaving else { continue }
                        let scroll =
                            isDown
                            ? Scroll(top: height - bottom, bottom: height - lowestTop, shift: -shift)
                            : Scroll(top: lowestTop, bottom: bottom, shift: shift)
                        let saving = rowGain - scroll.overhead
                        if saving > bestSaving {
                            best = scroll
                            bestSaving = saving
                        }
                    }
                }
            }
            return best
        }

        /// The bytes the scroll adds: its sequences, a style reset before them at most, and a
        /// cursor move after them that would not be needed otherwise.
        private var overhead: Int {
            escapeSequence.utf8.count + 4 + 6
        }

        /// The hash of every row of `buffer`, top to bottom.
        private static func rowHashes(_ buffer: ScreenBuffer) -> [Int] {
            (0..<buffer.height).map { y in rowHash(buffer.cells[y * buffer.width..<(y + 1) * buffer.width]) }
        }

        /// The hash of the row of `cells`.
        private static func rowHash(_ cells: some Sequence<ScreenCell>) -> Int {
            var hasher = Hasher()
            for cell in cells { hasher.combine(cell) }
            return hasher.finalize()
        }

        /// Roughly how many bytes drawing the row of `cells` takes when it differs from what
        /// the screen shows: a cursor move, its graphemes up to the last non-blank cell, a
        /// style change wherever the style changes.
        private static func drawingCost(of cells: ArraySlice<ScreenCell>) -> Int {
            var cost = 6
            var style = TextStyle.plain
            var blanks = 0
            for cell in cells where !cell.isContinuation {
                if cell == .blank {
                    blanks += 1
                    continue
                }
                cost += min(blanks, 8) + cell.grapheme.utf8.count
                blanks = 0
                if cell.style != style {
                    cost += 6
                    style = cell.style
                }
            }
            return cost
        }
    }
}
