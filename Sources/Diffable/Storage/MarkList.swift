/// An ordered, duplicate-free list of identifiers marked for reload or reconfigure.
///
/// Marks are few and explicit, so they keep a `Set` of their own beside the order in which they
/// were made; the snapshot's identifier tables are not involved.
@usableFromInline struct _MarkList<Element: Hashable> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var members: Set<Element> = []

    @inlinable init() {}

    @inlinable var isEmpty: Bool { elements.isEmpty }

    /// Adds the identifiers not already marked, keeping the order of first marking.
    @inlinable mutating func formUnion(_ newElements: some Sequence<Element>) {
        for element in newElements where members.insert(element).inserted {
            elements.append(element)
        }
    }

    /// Keeps only the marks for which `isPresent` is true.
    @inlinable mutating func removeAll(where isGone: (Element) -> Bool) {
        guard !elements.isEmpty else { return }
        elements.removeAll { element in
            guard isGone(element) else { return false }
            members.remove(element)
            return true
        }
    }

    @inlinable func contains(_ element: Element) -> Bool { members.contains(element) }
}

extension _MarkList: Sendable where Element: Sendable {}
