import DiffableCells
import Foundation

/// Headers and footers, displayed with their sections: every section's before the first
/// ``ValidatingView/scroll(showing:)``, then those of the sections with a cell in its window.
extension ValidatingView {
    /// Where a header or footer is.
    struct SupplementaryPlace: Hashable, Comparable {
        var isHeader: Bool
        var section: Int

        /// By section, a header before its footer: the order the delegate hears of them.
        static func < (a: Self, b: Self) -> Bool {
            (a.section, a.isHeader ? 0 : 1) < (b.section, b.isHeader ? 0 : 1)
        }
    }

    /// Moves the headers and footers held to their sections' new places, as `newSection` gives
    /// them; those of sections that left (`nil`) stop being displayed.
    ///
    /// - Complexity: O(h) for the h headers and footers held.
    func endSupplementaries(movingTo newSection: (Int) -> Int?) {
        var kept: [SupplementaryPlace: Cell] = [:]
        for (place, view) in supplementaries.sorted(by: { $0.key < $1.key }) {
            if let section = newSection(place.section) {
                kept[SupplementaryPlace(isHeader: place.isHeader, section: section)] = view
            } else {
                didEndDisplayingSupplementary(view, isHeader: place.isHeader, section: place.section)
            }
        }
        supplementaries = kept
    }

    /// Displays the headers and footers of the sections shown, and ends those of sections no
    /// longer shown.
    ///
    /// - Complexity: O(n) for the n cells.
    func updateSupplementaryDisplay() {
        var shown: Set<Int> = []
        for (section, slots) in sections.enumerated()
        where displayWindow == nil || slots.contains(where: \.isDisplayed) {
            shown.insert(section)
        }
        for (place, view) in supplementaries.sorted(by: { $0.key < $1.key })
        where !shown.contains(place.section) {
            supplementaries[place] = nil
            didEndDisplayingSupplementary(view, isHeader: place.isHeader, section: place.section)
        }
        for section in shown.sorted() {
            for isHeader in [true, false] {
                let place = SupplementaryPlace(isHeader: isHeader, section: section)
                guard supplementaries[place] == nil,
                    let view = pullSupplementary(isHeader: isHeader, section: section)
                else { continue }
                supplementaries[place] = view
                willDisplaySupplementary(view, isHeader: isHeader, section: section)
            }
        }
    }
}
