import Foundation

/// The fewest section moves a batch update from `old` to `new` can have, computed directly from
/// the definition, independently of the library's diff.
///
/// A section present in both snapshots (a *survivor*) either stays or moves, except that one
/// `new` marks with `reloadSections` cannot move: UIKit forbids moving and reloading one section,
/// so a marked survivor is reloaded in place when it can stay, and replaced (deleted and inserted)
/// otherwise. Unmarked survivors that stay must keep their old relative order, so at least all
/// but a longest increasing subsequence of their old indices (taken in new order) move; and that
/// many suffice, replacing every marked survivor that does not fit between the ones that stay:
///
///     moves = unmarked survivors − LIS(old indices of the unmarked survivors, in new order)
///
/// This is "survivors − LIS − marked survivors outside the LIS" with the subsequence chosen to
/// leave out marked survivors whenever that saves a move.
///
/// ```swift
/// // old: A B C; new: C A B — C moves to the front: 1 move.
/// // The same with C marked for reload: C is deleted and inserted instead: 0 moves.
/// // old: A B; new: B A with A marked: A is replaced, B stays: 0 moves.
/// ```
///
/// - Complexity: O(s log s), where s is the number of sections; one hash of every section
///   identifier.
@inlinable public func minimalSectionMoveCount<SectionIdentifierType, ItemIdentifierType>(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
) -> Int {
    var oldIndex: [SectionIdentifierType: Int] = [:]
    for (index, section) in old.sectionIdentifiers.enumerated() { oldIndex[section] = index }
    let marked = Set(new.reloadedSectionIdentifiers)
    let unmarkedSurvivors = new.sectionIdentifiers.compactMap { section in
        marked.contains(section) ? nil : oldIndex[section]
    }
    return unmarkedSurvivors.count - _lengthOfLongestIncreasingSubsequence(unmarkedSurvivors)
}

/// The fewest item moves a batch update from `old` to `new` can have, computed directly from the
/// definition, independently of the library's diff.
///
/// Only items in *live* sections can move: sections present in both snapshots that `new` does not
/// mark with `reloadSections` (a marked section's items are replaced with it, whether it is
/// reloaded in place or deleted and inserted). Items entering or leaving other sections are
/// deleted and inserted, and a moved section carries its items without item moves. So
///
/// - for each live section, of the items that are in it in both snapshots, all but a longest
///   increasing subsequence of their old positions (taken in new order) move; and
/// - every item that goes from one live section to another moves.
///
/// ```swift
/// // A: 1 2 3 4 5 → A: 5 1 2 3 4 — 1 move (5), not 4.
/// // A: 1 2, B: 3 → A: 2, B: 3 1 — 1 move (1 changes section).
/// ```
///
/// - Complexity: O(n log n + s), where n is the number of items and s the number of sections;
///   one hash of every identifier.
@inlinable public func minimalItemMoveCount<SectionIdentifierType, ItemIdentifierType>(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
) -> Int {
    let marked = Set(new.reloadedSectionIdentifiers)
    let newSections = Set(new.sectionIdentifiers)
    func isLive(_ section: SectionIdentifierType) -> Bool {
        newSections.contains(section) && !marked.contains(section) && old.contains(section: section)
    }
    // Where every item of a live old section was: its section and its index within it.
    var oldPlace: [ItemIdentifierType: (section: SectionIdentifierType, index: Int)] = [:]
    for section in old.sectionIdentifiers where isLive(section) {
        for (index, item) in old.itemIdentifiers(inSection: section).enumerated() {
            oldPlace[item] = (section, index)
        }
    }
    var moves = 0
    for section in new.sectionIdentifiers where isLive(section) {
        var stayingOldIndices: [Int] = []
        for item in new.itemIdentifiers(inSection: section) {
            guard let place = oldPlace[item] else { continue }
            if place.section == section {
                stayingOldIndices.append(place.index)
            } else {
                moves += 1
            }
        }
        moves += stayingOldIndices.count - _lengthOfLongestIncreasingSubsequence(stayingOldIndices)
    }
    return moves
}

/// The length of a longest strictly increasing subsequence, by patience sorting: `tails[k]` is
/// the smallest value that ends an increasing subsequence of length k + 1.
///
/// - Complexity: O(n log n), where n is `values.count`.
@usableFromInline func _lengthOfLongestIncreasingSubsequence(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
}
