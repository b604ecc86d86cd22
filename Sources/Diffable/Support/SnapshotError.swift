/// Why a checked snapshot mutation was refused.
///
/// Every mutating member of ``DiffableDataSourceSnapshot`` that Apple's snapshot traps on has a
/// `checked` twin (``DiffableDataSourceSnapshot/checkedAppendItems(_:toSection:)`` and so on) that
/// throws this error instead and leaves the snapshot unchanged. Use the checked twins for data that
/// comes from outside the app (a server, a file), where a duplicate identifier is an input error
/// rather than a programming mistake. The trapping members crash with the same ``description``.
public enum SnapshotError<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    Error, Hashable, CustomStringConvertible
{
    /// Items were added to a snapshot that has no sections.
    case noSections(call: String)
    /// A section identifier that the call needs is not in the snapshot.
    case sectionNotFound(SectionIdentifierType, call: String)
    /// An item identifier that the call needs is not in the snapshot.
    case itemNotFound(ItemIdentifierType, call: String)
    /// The same item identifier appears more than once in the identifiers passed to one call.
    case duplicateItem(ItemIdentifierType, call: String)
    /// A section identifier is already in the snapshot, or appears twice in one call.
    case duplicateSection(SectionIdentifierType, call: String)

    /// The name of the call that failed, such as `appendItems(_:toSection:)`.
    public var call: String {
        switch self {
        case .noSections(let call), .sectionNotFound(_, let call), .itemNotFound(_, let call),
            .duplicateItem(_, let call), .duplicateSection(_, let call):
            return call
        }
    }

    /// A message naming the call and the offending identifier, worded after UIKit's.
    public var description: String {
        switch self {
        case .noSections(let call):
            return "\(call): There are currently no sections in the data source. Please add a section first."
        case .sectionNotFound(let section, let call):
            return "\(call): section identifier \(_quoted(section)) does not exist in the snapshot."
        case .itemNotFound(let item, let call):
            return "\(call): item identifier \(_quoted(item)) does not exist in the snapshot."
        case .duplicateItem(let item, let call):
            return
                "\(call): item identifier \(_quoted(item)) appears more than once. Identifiers in a snapshot must be unique."
        case .duplicateSection(let section, let call):
            return
                "\(call): section identifier \(_quoted(section)) already exists in the snapshot. Identifiers in a snapshot must be unique."
        }
    }
}

/// `"text"` for strings, the plain description for everything else.
@inlinable func _quoted(_ value: some Any) -> String {
    if let string = value as? String { return "\"\(string)\"" }
    return String(describing: value)
}

/// Runs a checked mutation and turns its error into a trap with the error's message.
///
/// `fatalError` (not `precondition`) so the message survives `-O` builds.
@inlinable @inline(__always)
func _trapOnError<E: Error & CustomStringConvertible, R>(_ body: () throws(E) -> R) -> R {
    do {
        return try body()
    } catch {
        fatalError(error.description)
    }
}
