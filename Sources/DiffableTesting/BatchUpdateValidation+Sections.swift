import Foundation

/// The section-level checks, and the sets later checks consult.
struct _SectionChecks {
    let oldCount: Int
    let newCount: Int
    var deleted = Set<Int>()
    var reloaded = Set<Int>()
    var inserted = Set<Int>()
    /// Old section to new section, for moved sections.
    var moveTargets: [Int: Int] = [:]
    /// New section to old section, for moved sections.
    var moveSources: [Int: Int] = [:]
    /// New indices of reloaded sections, set by ``pairSections()``.
    var reloadedNew = Set<Int>()

    init(oldCount: Int, newCount: Int) {
        self.oldCount = oldCount
        self.newCount = newCount
    }

    mutating func run(_ update: BatchUpdate) throws(BatchUpdateViolation) {
        try Self.record(
            update.deletedSections, in: &deleted, verb: "delete", count: oldCount,
            outOfRange: ", but there are only \(oldCount) sections before the update")
        try Self.record(
            update.reloadedSections, in: &reloaded, verb: "reload", count: oldCount,
            outOfRange: ", but there are only \(oldCount) sections before the update")
        try Self.record(
            update.insertedSections, in: &inserted, verb: "insert", count: newCount,
            outOfRange: " but there are only \(newCount) sections after the update")
        for move in update.movedSections {
            try addMove(move)
        }
        try checkConflicts(update)
        guard newCount == oldCount + inserted.count - deleted.count else {
            throw .init(
                .invalidSectionCount,
                "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(newCount)) must be equal to the number of sections contained in the collection view before the update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(inserted.count) inserted, \(deleted.count) deleted)."
            )
        }
    }

    private mutating func addMove(_ move: BatchUpdate.Move<Int>) throws(BatchUpdateViolation) {
        guard move.from >= 0 && move.from < oldCount else {
            throw .init(
                .sectionOutOfRange,
                "attempt to move section \(move.from), but there are only \(oldCount) sections before the update"
            )
        }
        guard move.to >= 0 && move.to < newCount else {
            throw .init(
                .sectionOutOfRange,
                "attempt to move section \(move.from) to section \(move.to), but there are only \(newCount) sections after the update"
            )
        }
        if let target = moveTargets[move.from] {
            if target == move.to {
                throw .init(
                    .duplicateOperation,
                    "attempt to move section \(move.from) to section \(move.to) more than once")
            }
            throw .init(
                .conflictingMoves, "attempt to move section \(move.from) to both \(target) and \(move.to)")
        }
        if let source = moveSources[move.to] {
            throw .init(
                .conflictingMoves, "attempt to move both section \(source) and \(move.from) to \(move.to)")
        }
        moveTargets[move.from] = move.to
        moveSources[move.to] = move.from
    }

    /// Adds each section index to `set`, throwing for one outside `0..<count` or listed twice;
    /// `outOfRange` ends the message, in UIKit's words for the operation.
    private static func record(
        _ sections: [Int], in set: inout Set<Int>, verb: String, count: Int, outOfRange: String
    ) throws(BatchUpdateViolation) {
        for section in sections {
            guard section >= 0 && section < count else {
                throw .init(.sectionOutOfRange, "attempt to \(verb) section \(section)\(outOfRange)")
            }
            guard set.insert(section).inserted else {
                throw .init(.duplicateOperation, "attempt to \(verb) section \(section) more than once")
            }
        }
    }

    private func checkConflicts(_ update: BatchUpdate) throws(BatchUpdateViolation) {
        for section in update.reloadedSections where deleted.contains(section) {
            throw .init(
                .deleteAndReloadSameSection, "attempt to delete and reload the same section (\(section))")
        }
        for move in update.movedSections {
            if deleted.contains(move.from) {
                throw .init(
                    .deleteAndMoveSameSection,
                    "attempt to perform a delete and a move from the same section (\(move.from))")
            }
            if reloaded.contains(move.from) {
                throw .init(
                    .sectionMovedAndReloaded,
                    "attempt to perform a reload and a move from the same section (\(move.from))")
            }
            if inserted.contains(move.to) {
                throw .init(
                    .insertAndMoveToSameSection,
                    "attempt to perform an insert and a move to the same section (\(move.to))")
            }
        }
    }

    /// Pairs every new section with its source. Old sections that are neither deleted nor moved
    /// keep their order and fill the new indices that are neither inserted nor move targets.
    /// Requires ``run(_:)`` to have passed, which makes the two counts equal.
    mutating func pairSections() -> [_ReplayPlan.NewSection] {
        var result = [_ReplayPlan.NewSection?](repeating: nil, count: newCount)
        for section in inserted { result[section] = .inserted }
        for (to, from) in moveSources { result[to] = .surviving(old: from) }
        var nextOld = 0
        for position in 0..<newCount where result[position] == nil {
            while deleted.contains(nextOld) || moveTargets[nextOld] != nil { nextOld += 1 }
            if reloaded.contains(nextOld) {
                result[position] = .reloaded(old: nextOld)
                reloadedNew.insert(position)
            } else {
                result[position] = .surviving(old: nextOld)
            }
            nextOld += 1
        }
        return result.map { $0! }
    }
}
