import Foundation

extension BatchUpdate {
    /// The kinds of change a batch update holds, one for each of its stored properties, in the order
    /// its description lists them.
    ///
    /// This is the one place that lists ``BatchUpdate``'s fields: counting, describing and
    /// renumbering switch over these cases, so a field that one of them does not handle does not
    /// compile, and a test checks that every stored property has its case.
    enum _Field: CaseIterable {
        case deletedSections, insertedSections, movedSections, reloadedSections
        case deletedItems, insertedItems, movedItems, reloadedItems, reconfiguredItems

        /// What the description calls this kind of change.
        var label: String {
            switch self {
            case .deletedSections: "delete sections"
            case .insertedSections: "insert sections"
            case .movedSections: "move sections"
            case .reloadedSections: "reload sections"
            case .deletedItems: "delete items"
            case .insertedItems: "insert items"
            case .movedItems: "move items"
            case .reloadedItems: "reload items"
            case .reconfiguredItems: "reconfigure items"
            }
        }

        /// Where the changes of this kind are stored, by the type of their positions.
        enum Storage {
            case sections(WritableKeyPath<BatchUpdate, [Int]>)
            case sectionMoves(WritableKeyPath<BatchUpdate, [Move<Int>]>)
            case items(WritableKeyPath<BatchUpdate, [IndexPath]>)
            case itemMoves(WritableKeyPath<BatchUpdate, [Move<IndexPath>]>)
        }

        var storage: Storage {
            switch self {
            case .deletedSections: .sections(\.deletedSections)
            case .insertedSections: .sections(\.insertedSections)
            case .movedSections: .sectionMoves(\.movedSections)
            case .reloadedSections: .sections(\.reloadedSections)
            case .deletedItems: .items(\.deletedItems)
            case .insertedItems: .items(\.insertedItems)
            case .movedItems: .itemMoves(\.movedItems)
            case .reloadedItems: .items(\.reloadedItems)
            case .reconfiguredItems: .items(\.reconfiguredItems)
            }
        }

        /// The changes of this kind in `update`, written out: `2`, `0→1`, `[1, 0]`, `[0, 3]→[1, 2]`.
        func describe(in update: BatchUpdate) -> [String] {
            func path(_ p: IndexPath) -> String { "[\(p.map(String.init).joined(separator: ", "))]" }
            return switch storage {
            case .sections(let field): update[keyPath: field].map(String.init)
            case .sectionMoves(let field): update[keyPath: field].map { "\($0.from)→\($0.to)" }
            case .items(let field): update[keyPath: field].map(path)
            case .itemMoves(let field): update[keyPath: field].map { "\(path($0.from))→\(path($0.to))" }
            }
        }

        /// Renumbers the changes of this kind in `update`: each section index through `section`,
        /// each index path through `indexPath`.
        func renumber(
            _ update: inout BatchUpdate, section: (Int) -> Int, indexPath: (IndexPath) -> IndexPath
        ) {
            switch storage {
            case .sections(let field):
                update[keyPath: field] = update[keyPath: field].map(section)
            case .sectionMoves(let field):
                update[keyPath: field] = update[keyPath: field].map {
                    Move(from: section($0.from), to: section($0.to))
                }
            case .items(let field):
                update[keyPath: field] = update[keyPath: field].map(indexPath)
            case .itemMoves(let field):
                update[keyPath: field] = update[keyPath: field].map {
                    Move(from: indexPath($0.from), to: indexPath($0.to))
                }
            }
        }
    }

    /// The update with every section index and index path renumbered.
    ///
    /// - Complexity: O(k) for the k operations.
    @usableFromInline func _renumbered(section: (Int) -> Int, indexPath: (IndexPath) -> IndexPath)
        -> BatchUpdate
    {
        var renumbered = self
        for field in _Field.allCases { field.renumber(&renumbered, section: section, indexPath: indexPath) }
        return renumbered
    }
}
