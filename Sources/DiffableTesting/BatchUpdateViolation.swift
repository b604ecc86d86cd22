import Foundation

/// A broken rule of `UICollectionView.performBatchUpdates(_:completion:)`, found by
/// ``validate(_:oldItemCounts:newItemCounts:)`` or ``replay(_:on:insertingFrom:)``.
///
/// Where UIKit has an assertion text for the rule, ``message`` uses its wording, with index paths
/// written as `item 3 of section 1`:
///
/// ```swift
/// do {
///     try validate(update, oldItemCounts: [3, 5], newItemCounts: [3, 5])
/// } catch {
///     print(error.rule)  // .deleteAndMoveSameIndexPath
///     print(error)  // attempt to perform a delete and a move from the same index path (item 3 of section 1)
/// }
/// ```
public struct BatchUpdateViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules a batch update can break.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// An index path does not have exactly two indexes (section and item).
        case malformedIndexPath
        /// A section index lies outside the sections before the update (deletes, reloads, move
        /// sources, and the sections of deleted and moved items) or after it (inserts, move
        /// targets, and the sections of inserted, moved, reloaded and reconfigured items).
        case sectionOutOfRange
        /// An item index lies outside its section, before the update for deletes and move sources,
        /// after it for inserts, move targets, reloads and reconfigures.
        case itemOutOfRange
        /// One operation is listed twice, or one final index path is both reloaded and
        /// reconfigured. (UIKit drops exact duplicate moves silently; a generated update has none.)
        case duplicateOperation
        /// One source is moved to two targets, or two sources are moved to one target.
        case conflictingMoves
        /// A section is both deleted and reloaded.
        case deleteAndReloadSameSection
        /// A section is both deleted and moved.
        case deleteAndMoveSameSection
        /// A new section index is both inserted and the target of a move.
        case insertAndMoveToSameSection
        /// A section is both moved and reloaded (a diff deletes and inserts it instead).
        case sectionMovedAndReloaded
        /// An old index path is both deleted and moved.
        case deleteAndMoveSameIndexPath
        /// A new index path is both inserted and the target of a move.
        case insertAndMoveToSameIndexPath
        /// An item moves out of a section that is deleted or reloaded.
        case moveFromDeletedSection
        /// An item moves into a section that is inserted or reloaded.
        case moveIntoInsertedSection
        /// An item is deleted from or inserted into a section that is itself deleted, inserted or
        /// reloaded: the section operation already covers its items.
        case itemOperationInsideSectionOperation
        /// The number of sections after the update is not the number before, plus inserted, minus
        /// deleted.
        case invalidSectionCount
        /// The number of items in a surviving section after the update is not the number before,
        /// plus inserted, minus deleted, plus moved in, minus moved out.
        case invalidItemCount
        /// A reload or reconfigure names the final index path of an item that did not survive the
        /// update: one that is inserted, or lies in an inserted or reloaded section.
        case reloadOfNonSurvivingItem
        /// Replaying the update leaves one identifier at two positions, so the result cannot be a
        /// snapshot (and cannot equal the new one).
        case duplicateIdentifierInResult
    }

    /// The rule the update breaks.
    public var rule: Rule
    /// What is wrong, naming the indexes involved, in UIKit's wording where UIKit has one.
    public var message: String

    /// Creates a violation of `rule`.
    public init(rule: Rule, message: String) {
        self.rule = rule
        self.message = message
    }

    /// The ``message``.
    public var description: String { message }
}

extension BatchUpdateViolation {
    @usableFromInline init(_ rule: Rule, _ message: String) {
        self.init(rule: rule, message: message)
    }
}

/// An index path written for a violation message: `item 3 of section 1`.
@usableFromInline func _describePath(_ path: IndexPath) -> String {
    guard path.count == 2 else { return "\(Array(path))" }
    return "item \(path.item) of section \(path.section)"
}
