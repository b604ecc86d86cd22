/// Why a checked section snapshot mutation was refused.
///
/// Every mutating member of ``DiffableDataSourceSectionSnapshot`` that Apple's section snapshot
/// traps on has a `checked` twin
/// (`checkedAppend(_:to:)`, `checkedInsert(_:before:)` and so on) that throws this
/// error instead and leaves the section snapshot unchanged. Use the checked twins for data that
/// comes from outside the app (a server, a file), where a duplicate identifier is an input error
/// rather than a programming mistake. The trapping members crash with the same ``description``.
///
/// ``call`` is the name of the Apple member that failed, such as `append(_:to:)`, for the trapping
/// member and its checked twin alike.
public enum SectionSnapshotError<ItemIdentifierType: Hashable & Sendable>:
    Error, Hashable, CustomStringConvertible
{
    /// An item identifier that the call needs (an anchor, an item to delete or to query) is not in
    /// the section snapshot.
    case itemNotFound(ItemIdentifierType, call: String)
    /// The parent item identifier passed to the call is not in the section snapshot.
    case parentNotFound(ItemIdentifierType, call: String)
    /// An item identifier to add is already in the section snapshot, or appears more than once in
    /// the identifiers passed to one call.
    case duplicateItem(ItemIdentifierType, call: String)

    /// The name of the call that failed, such as `append(_:to:)`.
    public var call: String {
        switch self {
        case .itemNotFound(_, let call), .parentNotFound(_, let call), .duplicateItem(_, let call):
            return call
        }
    }

    /// The item identifier the error is about.
    public var item: ItemIdentifierType {
        switch self {
        case .itemNotFound(let item, _), .parentNotFound(let item, _), .duplicateItem(let item, _):
            return item
        }
    }

    /// A message naming the call and the offending identifier, worded after UIKit's.
    public var description: String {
        switch self {
        case .itemNotFound(let item, let call):
            let role: String
            if call.hasSuffix("before:)") {
                role = "Item identifier to insert before"
            } else if call.hasSuffix("after:)") {
                role = "Item identifier to insert after"
            } else if call == "parent(of:)" {
                role = "Child item identifier"
            } else {
                role = "Item identifier"
            }
            return "\(call): \(role) does not exist in section snapshot: \(_quoted(item))"
        case .parentNotFound(let item, let call):
            return "\(call): Parent item identifier does not exist in section snapshot: \(_quoted(item))"
        case .duplicateItem(let item, let call):
            return
                "\(call): Item identifier already exists in section snapshot or is passed more than once: \(_quoted(item)). Identifiers in a section snapshot must be unique."
        }
    }
}
