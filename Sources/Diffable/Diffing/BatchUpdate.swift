import Foundation

/// One batch of changes to a list or collection view, in the index conventions of
/// `UICollectionView.performBatchUpdates(_:completion:)`.
///
/// This is the contract between the diff and every view: the data source computes it with
/// ``init(from:to:)`` (or the content-aware ``init(from:to:isContentEqual:)``) and hands it to the
/// view, which applies it exactly as UIKit applies a batch:
///
/// - ``deletedSections``, ``reloadedSections`` and ``deletedItems`` are positions in the **old**
///   state; ``insertedSections`` and ``insertedItems`` are positions in the **new** state; moves go
///   from an old position to a new one.
/// - ``reloadedItems`` and ``reconfiguredItems`` are **final** index paths, applied in a second pass
///   after the structural changes, so a reload never meets a move.
///
/// Every update this library computes satisfies the rules UIKit enforces: no index path is both
/// deleted and moved or reloaded; no new index path is both inserted and moved to; no item moves
/// out of a deleted section or into an inserted one (such items are deleted and inserted); no item
/// operation lies inside an inserted, deleted or reloaded section (the section operation covers
/// its items); no section is both moved and reloaded (it is deleted and inserted instead); and the
/// count of every section adds up. `DiffableTesting` ships a replay oracle that checks all of this.
public struct BatchUpdate: Hashable, Sendable, CustomStringConvertible {
    /// A move from an old position to a new one.
    public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
        /// The position in the old state.
        public var from: Position
        /// The position in the new state.
        public var to: Position

        /// Creates a move.
        public init(from: Position, to: Position) {
            self.from = from
            self.to = to
        }
    }

    /// Old section indices to delete, ascending.
    public var deletedSections: [Int]
    /// New section indices to insert, ascending.
    public var insertedSections: [Int]
    /// Sections to move, old index to new index.
    public var movedSections: [Move<Int>]
    /// Old section indices to reload (every cell and supplementary view of the section), ascending:
    /// the sections marked with `reloadSections` and those whose items were all replaced.
    public var reloadedSections: [Int]
    /// Old index paths of items to delete.
    public var deletedItems: [IndexPath]
    /// New index paths of items to insert.
    public var insertedItems: [IndexPath]
    /// Items to move, old index path to new index path.
    public var movedItems: [Move<IndexPath>]
    /// Final index paths of items whose cells are replaced, applied after the structural pass.
    public var reloadedItems: [IndexPath]
    /// Final index paths of items whose cells are updated in place, applied after the structural
    /// pass.
    public var reconfiguredItems: [IndexPath]

    /// Creates a batch update from its parts.
    public init(
        deletedSections: [Int] = [], insertedSections: [Int] = [], movedSections: [Move<Int>] = [],
        reloadedSections: [Int] = [], deletedItems: [IndexPath] = [], insertedItems: [IndexPath] = [],
        movedItems: [Move<IndexPath>] = [], reloadedItems: [IndexPath] = [],
        reconfiguredItems: [IndexPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.reloadedSections = reloadedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
    }

    // The three below name every field, rather than go through `_Field`'s key paths: every update
    // a view performs asks them, and a key path costs a lookup of its own.

    /// Whether the update changes nothing.
    public var isEmpty: Bool { !hasStructuralChanges && reloadedItems.isEmpty && reconfiguredItems.isEmpty }

    /// Whether the update has structural changes (anything but item reloads and reconfigures).
    public var hasStructuralChanges: Bool {
        !(deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
            && reloadedSections.isEmpty && deletedItems.isEmpty && insertedItems.isEmpty
            && movedItems.isEmpty)
    }

    /// The number of individual operations in the update.
    public var operationCount: Int {
        deletedSections.count + insertedSections.count + movedSections.count + reloadedSections.count
            + deletedItems.count + insertedItems.count + movedItems.count + reloadedItems.count
            + reconfiguredItems.count
    }

    /// The update written out for a person, one line per kind of change.
    ///
    /// ```
    /// BatchUpdate(5 changes)
    ///   delete sections: 2
    ///   move sections: 0→1
    ///   insert items: [1, 0], [1, 1]
    ///   move items: [0, 3]→[1, 2]
    /// ```
    public var description: String {
        guard !isEmpty else { return "BatchUpdate(no changes)" }
        var lines = ["BatchUpdate(\(operationCount) \(operationCount == 1 ? "change" : "changes"))"]
        for field in _Field.allCases {
            let parts = field.describe(in: self)
            guard !parts.isEmpty else { continue }
            let shown = parts.prefix(20).joined(separator: ", ")
            lines.append(
                "  \(field.label): \(shown)\(parts.count > 20 ? ", … \(parts.count - 20) more" : "")")
        }
        return lines.joined(separator: "\n")
    }
}
