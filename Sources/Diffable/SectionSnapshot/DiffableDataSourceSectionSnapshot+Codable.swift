// The coded form is the outline as nested nodes, root items first:
//
//     [{"item": "Food", "expanded": true, "children": [{"item": "Apple", "expanded": false, "children": []}]},
//      {"item": "Drinks", "expanded": false, "children": []}]
//
// Decoding accepts a node without "expanded" (collapsed) or without "children" (a leaf).

/// The keys of one node of the coded outline.
private enum _OutlineNodeKey: String, CodingKey {
    case item
    case expanded
    case children
}

extension DiffableDataSourceSectionSnapshot: Encodable where ItemIdentifierType: Encodable {
    /// Encodes the outline as an array of root nodes, each `{item, expanded, children}`.
    ///
    /// - Complexity: O(n), where n is the number of items (plus the cost of encoding each item).
    ///   The nesting depth of the output is the depth of the outline.
    public func encode(to encoder: any Encoder) throws {
        var roots = encoder.unkeyedContainer()
        try _encodeNodes(in: 0..<_items.count, into: &roots)
    }

    /// Encodes the sibling subtrees that make up `range`.
    private func _encodeNodes(in range: Range<Int>, into container: inout any UnkeyedEncodingContainer) throws
    {
        var position = range.lowerBound
        while position < range.upperBound {
            let end = Int(_subtreeEnds[position])
            var node = container.nestedContainer(keyedBy: _OutlineNodeKey.self)
            try node.encode(_items.elements[position], forKey: .item)
            try node.encode(_expanded[position], forKey: .expanded)
            var children = node.nestedUnkeyedContainer(forKey: .children)
            try _encodeNodes(in: (position + 1)..<end, into: &children)
            position = end
        }
    }
}

extension DiffableDataSourceSectionSnapshot: Decodable where ItemIdentifierType: Decodable {
    /// Decodes an outline written by ``encode(to:)``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if an item identifier occurs more than once, or any
    ///   error the decoder throws.
    /// - Complexity: O(n), where n is the number of items (plus the cost of decoding each item);
    ///   hashes each item once.
    public init(from decoder: any Decoder) throws {
        var roots = try decoder.unkeyedContainer()
        var elements: [ItemIdentifierType] = []
        var parents: [Int32] = []
        var expanded: [Bool] = []
        try Self._decodeNodes(
            from: &roots, parent: -1, elements: &elements, parents: &parents, expanded: &expanded)

        self.init()
        do {
            _ = try _appendToTable(elements, hashes: nil, droppingDuplicates: false, call: "init(from:)")
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
        let (levels, subtreeEnds) = Self._levelsAndSubtreeEnds(parents: parents)
        _parents = parents
        _levels = levels
        _subtreeEnds = subtreeEnds
        _expanded = expanded
        #if DIFFABLE_INVARIANT_CHECKS
            _checkInvariants()
        #endif
    }

    /// Decodes sibling nodes, appending each node and then its subtree in pre-order.
    private static func _decodeNodes(
        from container: inout any UnkeyedDecodingContainer, parent: Int32,
        elements: inout [ItemIdentifierType], parents: inout [Int32], expanded: inout [Bool]
    ) throws {
        while !container.isAtEnd {
            let node = try container.nestedContainer(keyedBy: _OutlineNodeKey.self)
            let position = Int32(elements.count)
            elements.append(try node.decode(ItemIdentifierType.self, forKey: .item))
            parents.append(parent)
            expanded.append(try node.decodeIfPresent(Bool.self, forKey: .expanded) ?? false)
            if node.contains(.children) {
                var children = try node.nestedUnkeyedContainer(forKey: .children)
                try _decodeNodes(
                    from: &children, parent: position, elements: &elements, parents: &parents,
                    expanded: &expanded)
            }
        }
    }
}
