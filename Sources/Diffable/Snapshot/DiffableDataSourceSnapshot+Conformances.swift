// Beyond Apple: Equatable, Hashable and Codable, for tests and state restoration.

extension DiffableDataSourceSnapshot: Equatable {
    /// Two snapshots are equal when they have the same sections in the same order, each with the
    /// same items in the same order. Reload and reconfigure marks are not compared, as in UIKit,
    /// where they are pending requests rather than state.
    ///
    /// - Complexity: O(n + s); stored hash values are compared before identifiers, so unequal
    ///   snapshots usually differ without a call to `==` on an identifier.
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs._sectionStarts == rhs._sectionStarts
            && lhs._sections.hashes == rhs._sections.hashes
            && lhs._items.hashes == rhs._items.hashes
            && lhs._sections.elements == rhs._sections.elements
            && lhs._items.elements == rhs._items.elements
    }
}

extension DiffableDataSourceSnapshot: Hashable {
    /// Hashes the sections with their item counts and the items, consistently with `==`.
    ///
    /// - Complexity: O(n + s).
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(_sectionStarts)
        hasher.combine(_sections.elements)
        hasher.combine(_items.elements)
    }
}

extension DiffableDataSourceSnapshot: Codable
where SectionIdentifierType: Codable, ItemIdentifierType: Codable {
    private enum CodingKeys: String, CodingKey {
        case sections, reloadedSections, reloadedItems, reconfiguredItems
    }

    private struct EncodedSection: Codable {
        var identifier: SectionIdentifierType
        var items: [ItemIdentifierType]
    }

    /// Encodes the sections with their items, and any reload or reconfigure marks.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let sections = _sections.elements.indices.map { section in
            EncodedSection(
                identifier: _sections.elements[section],
                items: Array(_items.elements[_sectionStarts[section]..<_sectionStarts[section + 1]]))
        }
        try container.encode(sections, forKey: .sections)
        if !_reloadedSections.isEmpty {
            try container.encode(reloadedSectionIdentifiers, forKey: .reloadedSections)
        }
        if !_reloadedItems.isEmpty { try container.encode(reloadedItemIdentifiers, forKey: .reloadedItems) }
        if !_reconfiguredItems.isEmpty {
            try container.encode(reconfiguredItemIdentifiers, forKey: .reconfiguredItems)
        }
    }

    /// Decodes a snapshot, validating it as the checked members do: a duplicate or unknown
    /// identifier throws `DecodingError.dataCorrupted` whose debug description is the
    /// ``SnapshotError``'s.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let sections = try container.decode([EncodedSection].self, forKey: .sections)
        var snapshot = Self()
        func corrupted(_ error: Error) -> DecodingError {
            DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath, debugDescription: error.description,
                    underlyingError: error))
        }
        do {
            try snapshot.checkedAppendSections(sections.map(\.identifier))
            for section in sections {
                let skipped = try snapshot.appendItemsDroppingDuplicates(
                    section.items, toSection: section.identifier)
                if let duplicate = skipped.first { throw Error.duplicateItem(duplicate, call: "init(from:)") }
            }
            try snapshot.checkedReloadSections(
                container.decodeIfPresent([SectionIdentifierType].self, forKey: .reloadedSections) ?? [])
            try snapshot.checkedReloadItems(
                container.decodeIfPresent([ItemIdentifierType].self, forKey: .reloadedItems) ?? [])
            try snapshot.checkedReconfigureItems(
                container.decodeIfPresent([ItemIdentifierType].self, forKey: .reconfiguredItems) ?? [])
        } catch let error as Error {
            throw corrupted(error)
        }
        self = snapshot
    }
}
