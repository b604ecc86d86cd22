import Foundation
import Testing

@testable import Diffable

private typealias Outline = DiffableDataSourceSectionSnapshot<String>
private typealias OutlineError = SectionSnapshotError<String>

/// Food (expanded) ─ Fruit (collapsed) ─ Apple, Pear
///                 └ Bread
/// Drinks (collapsed) ─ Tea
private func sampleOutline() -> Outline {
    var outline = Outline()
    outline.append(["Food", "Drinks"])
    outline.append(["Fruit", "Bread"], to: "Food")
    outline.append(["Apple", "Pear"], to: "Fruit")
    outline.append(["Tea"], to: "Drinks")
    outline.expand(["Food"])
    outline._checkInvariants()
    return outline
}

/// Each item with its level, for comparing shapes in one `#expect`.
private func levels(_ outline: Outline) -> [String] {
    outline.items.map { String(repeating: ".", count: outline.level(of: $0)) + $0 }
}

@Suite("DiffableDataSourceSectionSnapshot")
struct SectionSnapshotTests {
    // MARK: Creating

    @Test func emptySectionSnapshotHasNoItems() {
        let outline = Outline()
        #expect(outline.items.isEmpty)
        #expect(outline.rootItems.isEmpty)
        #expect(outline.visibleItems.isEmpty)
        #expect(outline.expandedItems.isEmpty)
        #expect(!outline.contains("Food"))
        #expect(outline.index(of: "Food") == nil)
        outline._checkInvariants()
    }

    @Test func copyInitializerCopiesItemsHierarchyAndExpansion() {
        let original = sampleOutline()
        var copy = Outline(original)
        #expect(copy == original)
        copy.collapse(["Food"])
        copy.append(["Cake"], to: "Bread")
        #expect(original.isExpanded("Food"))
        #expect(!original.contains("Cake"))
        #expect(copy != original)
    }

    // MARK: Appending

    @Test func appendWithoutParentAddsRootItemsAtTheEnd() {
        var outline = Outline()
        outline.append(["A", "B"])
        outline.append(["C"])
        #expect(outline.items == ["A", "B", "C"])
        #expect(outline.rootItems == ["A", "B", "C"])
        #expect(outline.items.allSatisfy { outline.level(of: $0) == 0 && outline.parent(of: $0) == nil })
    }

    @Test func appendToParentGoesAfterTheParentsWholeSubtree() {
        var outline = sampleOutline()
        outline.append(["Cheese"], to: "Food")
        #expect(
            levels(outline) == ["Food", ".Fruit", "..Apple", "..Pear", ".Bread", ".Cheese", "Drinks", ".Tea"])
        #expect(outline.parent(of: "Cheese") == "Food")
        #expect(outline.level(of: "Cheese") == 1)
    }

    @Test func appendToLeafMakesItAParent() {
        var outline = sampleOutline()
        outline.append(["Rye", "Spelt"], to: "Bread")
        #expect(outline.parent(of: "Rye") == "Bread")
        #expect(outline.level(of: "Spelt") == 2)
        #expect(outline.snapshot(of: "Bread").items == ["Rye", "Spelt"])
    }

    @Test func appendOfNoItemsIsANoOpEvenForAnUnknownParent() {
        var outline = sampleOutline()
        outline.append([], to: "Nowhere")
        outline.append([])
        #expect(outline == sampleOutline())
    }

    @Test func newItemsStartCollapsed() {
        var outline = Outline()
        outline.append(["A"])
        outline.append(["B"], to: "A")
        #expect(!outline.isExpanded("A"))
        #expect(!outline.isExpanded("B"))
        #expect(outline.expandedItems.isEmpty)
        #expect(outline.visibleItems == ["A"])
    }

    @Test func appendSnapshotKeepsItsHierarchyAndExpansionState() {
        var outline = sampleOutline()
        var dairy = Outline()
        dairy.append(["Dairy"])
        dairy.append(["Milk", "Cheese"], to: "Dairy")
        dairy.expand(["Dairy"])
        outline.append(dairy, to: "Food")
        #expect(
            levels(outline) == [
                "Food", ".Fruit", "..Apple", "..Pear", ".Bread", ".Dairy", "..Milk", "..Cheese", "Drinks",
                ".Tea",
            ])
        #expect(outline.isExpanded("Dairy"))
        #expect(outline.visibleItems == ["Food", "Fruit", "Bread", "Dairy", "Milk", "Cheese", "Drinks"])

        var roots = Outline()
        roots.append(dairy)
        #expect(roots == dairy)
    }

    // MARK: Inserting

    @Test func insertBeforeAddsSiblingsWithTheAnchorsParent() {
        var outline = sampleOutline()
        outline.insert(["Banana", "Cherry"], before: "Pear")
        #expect(
            levels(outline) == [
                "Food", ".Fruit", "..Apple", "..Banana", "..Cherry", "..Pear", ".Bread", "Drinks", ".Tea",
            ])
        #expect(outline.parent(of: "Banana") == "Fruit")
        outline.insert(["Sweets"], before: "Food")
        #expect(outline.rootItems == ["Sweets", "Food", "Drinks"])
        #expect(outline.index(of: "Food") == 1)
    }

    @Test func insertAfterAParentGoesAfterItsWholeSubtree() {
        var outline = sampleOutline()
        outline.insert(["Veg"], after: "Fruit")
        #expect(
            levels(outline) == ["Food", ".Fruit", "..Apple", "..Pear", ".Veg", ".Bread", "Drinks", ".Tea"])
        outline.insert(["Snacks"], after: "Food")
        #expect(outline.rootItems == ["Food", "Snacks", "Drinks"])
        #expect(outline.index(of: "Snacks") == 6)
        #expect(outline.level(of: "Snacks") == 0)
    }

    @Test func insertAfterALeafGoesRightAfterIt() {
        var outline = sampleOutline()
        outline.insert(["Banana"], after: "Apple")
        #expect(outline.items == ["Food", "Fruit", "Apple", "Banana", "Pear", "Bread", "Drinks", "Tea"])
        outline.insert(["Coffee"], after: "Tea")
        #expect(outline.items.last == "Coffee")
        #expect(outline.parent(of: "Coffee") == "Drinks")
    }

    @Test func insertSnapshotKeepsItsHierarchyAndExpansionState() {
        var nuts = Outline()
        nuts.append(["Nuts"])
        nuts.append(["Almond"], to: "Nuts")
        nuts.append(["Salted"], to: "Almond")
        nuts.expand(["Nuts", "Almond"])

        var before = sampleOutline()
        before.insert(nuts, before: "Pear")
        #expect(
            levels(before) == [
                "Food", ".Fruit", "..Apple", "..Nuts", "...Almond", "....Salted", "..Pear", ".Bread",
                "Drinks",
                ".Tea",
            ])
        #expect(before.isExpanded("Nuts") && before.isExpanded("Almond"))
        #expect(!before.isVisible("Nuts"))  // Fruit is collapsed.
        #expect(before.snapshot(of: "Nuts", includingParent: true) == nuts)

        var after = sampleOutline()
        after.insert(nuts, after: "Food")
        #expect(after.rootItems == ["Food", "Nuts", "Drinks"])
        #expect(after.snapshot(of: "Nuts", includingParent: true) == nuts)
        #expect(after.isVisible("Salted"))
    }

    @Test func insertOfAnEmptySnapshotIsANoOp() {
        var outline = sampleOutline()
        outline.insert(Outline(), before: "Nowhere")
        outline.insert(Outline(), after: "Apple")
        outline.append(Outline(), to: "Tea")
        #expect(outline == sampleOutline())
    }

    // MARK: Deleting

    @Test func deleteIsRecursive() {
        var outline = sampleOutline()
        outline.delete(["Fruit"])
        #expect(outline.items == ["Food", "Bread", "Drinks", "Tea"])
        #expect(!outline.contains("Apple"))
        #expect(!outline.contains("Pear"))
        #expect(outline.index(of: "Drinks") == 2)
        #expect(outline.parent(of: "Tea") == "Drinks")
    }

    @Test func deleteAcceptsAnItemTogetherWithItsDescendantsAndRepeats() {
        var outline = sampleOutline()
        outline.delete(["Pear", "Food", "Apple", "Food"])
        #expect(outline.items == ["Drinks", "Tea"])
        #expect(outline.rootItems == ["Drinks"])
    }

    @Test func deleteKeepsTheExpansionStateOfTheRest() {
        var outline = sampleOutline()
        outline.expand(["Drinks"])
        outline.delete(["Bread"])
        #expect(outline.expandedItems == ["Food", "Drinks"])
        #expect(outline.visibleItems == ["Food", "Fruit", "Drinks", "Tea"])
    }

    @Test func deleteAllRemovesItemsHierarchyAndExpansion() {
        var outline = sampleOutline()
        outline.deleteAll()
        #expect(outline == Outline())
        #expect(outline.items.isEmpty)
        outline.append(["Food"])
        #expect(!outline.isExpanded("Food"))
    }

    // MARK: Replacing children

    @Test func replaceChildrenSwapsTheWholeSubtreeAndKeepsTheParentsState() {
        var outline = sampleOutline()
        var breakfast = Outline()
        breakfast.append(["Eggs", "Bread"])  // "Bread" was a child already: it may come back.
        breakfast.append(["Toast"], to: "Bread")
        breakfast.expand(["Bread"])
        outline.replace(childrenOf: "Food", using: breakfast)
        #expect(levels(outline) == ["Food", ".Eggs", ".Bread", "..Toast", "Drinks", ".Tea"])
        #expect(!outline.contains("Fruit"))
        #expect(!outline.contains("Apple"))
        #expect(outline.isExpanded("Food"))
        #expect(outline.isExpanded("Bread"))
        #expect(outline.visibleItems == ["Food", "Eggs", "Bread", "Toast", "Drinks"])
    }

    @Test func replaceChildrenWithAnEmptySnapshotRemovesThem() {
        var outline = sampleOutline()
        outline.replace(childrenOf: "Fruit", using: Outline())
        #expect(outline.items == ["Food", "Fruit", "Bread", "Drinks", "Tea"])
        outline.replace(childrenOf: "Tea", using: Outline())
        #expect(outline.items == ["Food", "Fruit", "Bread", "Drinks", "Tea"])
    }

    @Test func replaceChildrenOfALeafAddsChildren() {
        var outline = sampleOutline()
        var teas = Outline()
        teas.append(["Green", "Black"])
        outline.replace(childrenOf: "Tea", using: teas)
        #expect(levels(outline).suffix(4) == ["Drinks", ".Tea", "..Green", "..Black"])
    }

    // MARK: Expanding and collapsing

    @Test func expandAndCollapseIgnoreUnknownItems() {
        var outline = sampleOutline()
        outline.expand(["Nowhere", "Fruit"])
        #expect(outline.expandedItems == ["Food", "Fruit"])
        outline.collapse(["Food", "Ghost"])
        #expect(outline.expandedItems == ["Fruit"])
    }

    @Test func expandingALeafMarksItExpanded() {
        var outline = sampleOutline()
        outline.expand(["Tea"])
        #expect(outline.isExpanded("Tea"))
        #expect(outline.expandedItems == ["Food", "Tea"])
        #expect(outline.visibleItems == sampleOutline().visibleItems)
    }

    @Test func visibleItemsSkipEverythingUnderACollapsedGrandparent() {
        var outline = sampleOutline()
        outline.expand(["Fruit"])
        outline.collapse(["Food"])
        #expect(outline.visibleItems == ["Food", "Drinks"])
        #expect(!outline.isVisible("Fruit"))
        #expect(!outline.isVisible("Apple"))
        #expect(outline.isExpanded("Fruit"))  // Kept, only hidden.
        outline.expand(["Food"])
        #expect(outline.visibleItems == ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
        #expect(outline.isVisible("Apple"))
    }

    @Test func rootItemsAreAlwaysVisible() {
        let outline = sampleOutline()
        #expect(outline.rootItems.allSatisfy(outline.isVisible))
        #expect(outline.isVisible("Fruit"))
        #expect(!outline.isVisible("Apple"))
        #expect(!outline.isVisible("Tea"))
    }

    // MARK: Queries

    @Test func indexIsThePositionInDepthFirstOrder() {
        let outline = sampleOutline()
        #expect(outline.items == ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea"])
        for (position, item) in outline.items.enumerated() {
            #expect(outline.index(of: item) == position)
            #expect(outline.contains(item))
        }
        #expect(outline.index(of: "Nowhere") == nil)
    }

    @Test func levelAndParentDescribeTheTree() {
        let outline = sampleOutline()
        #expect(outline.level(of: "Food") == 0)
        #expect(outline.level(of: "Fruit") == 1)
        #expect(outline.level(of: "Pear") == 2)
        #expect(outline.parent(of: "Food") == nil)
        #expect(outline.parent(of: "Pear") == "Fruit")
        #expect(outline.parent(of: "Bread") == "Food")
        #expect(outline.rootItems == ["Food", "Drinks"])
        #expect(outline.expandedItems == ["Food"])
    }

    @Test func snapshotOfAParentReRootsItsDescendants() {
        var outline = sampleOutline()
        outline.expand(["Fruit"])
        let food = outline.snapshot(of: "Food")
        #expect(levels(food) == ["Fruit", ".Apple", ".Pear", "Bread"])
        #expect(food.rootItems == ["Fruit", "Bread"])
        #expect(food.isExpanded("Fruit"))
        #expect(food.index(of: "Bread") == 3)
        food._checkInvariants()

        let withParent = outline.snapshot(of: "Fruit", includingParent: true)
        #expect(levels(withParent) == ["Fruit", ".Apple", ".Pear"])
        #expect(withParent.isExpanded("Fruit"))
        withParent._checkInvariants()
    }

    @Test func snapshotOfALeafIsEmptyUnlessItIncludesTheParent() {
        let outline = sampleOutline()
        #expect(outline.snapshot(of: "Apple") == Outline())
        #expect(outline.snapshot(of: "Apple", includingParent: true).items == ["Apple"])
    }

    // MARK: Value semantics and conformances

    @Test func equalityComparesItemsTreeAndExpansion() {
        var flat = Outline()
        flat.append(["A", "B"])
        var nested = Outline()
        nested.append(["A"])
        nested.append(["B"], to: "A")
        #expect(flat.items == nested.items)
        #expect(flat != nested)

        var expanded = flat
        expanded.expand(["A"])
        #expect(expanded != flat)
        expanded.collapse(["A"])
        #expect(expanded == flat)
        #expect(expanded.hashValue == flat.hashValue)

        var reordered = Outline()
        reordered.append(["B", "A"])
        #expect(reordered != flat)
    }

    @Test func equalSnapshotsBuiltDifferentlyHashAlike() {
        var built = Outline()
        built.append(["Drinks"])
        built.append(["Tea"], to: "Drinks")
        built.insert(["Food"], before: "Drinks")
        built.append(["Fruit", "Bread"], to: "Food")
        built.insert(["Apple", "Pear"], after: "Bread")
        built.delete(["Apple", "Pear"])
        built.append(["Apple", "Pear"], to: "Fruit")
        built.expand(["Food"])
        #expect(built == sampleOutline())
        #expect(Set([built, sampleOutline()]).count == 1)
    }

    @Test func visualDescriptionDrawsTheOutline() {
        var outline = sampleOutline()
        outline.expand(["Fruit"])
        outline.collapse(["Food"])
        #expect(
            outline.visualDescription() == """
                <DiffableDataSourceSectionSnapshot: 7 items
                -* Food
                  +  Fruit
                    -  Apple
                    -  Pear
                  -  Bread
                -* Drinks
                  -  Tea
                >
                """)
        outline.expand(["Food"])
        #expect(
            outline.visualDescription() == """
                <DiffableDataSourceSectionSnapshot: 7 items
                +* Food
                  +* Fruit
                    -* Apple
                    -* Pear
                  -* Bread
                -* Drinks
                  -  Tea
                >
                """)
        #expect(outline.description == outline.visualDescription())
    }

    @Test func visualDescriptionOfEmptyAndSingleItemSnapshots() {
        #expect(Outline().visualDescription() == "<DiffableDataSourceSectionSnapshot: 0 items\n>")
        var one = DiffableDataSourceSectionSnapshot<Int>()
        one.append([42])
        #expect(one.visualDescription() == "<DiffableDataSourceSectionSnapshot: 1 item\n-* 42\n>")
    }

    @Test func debugDescriptionNamesTheTypeAndQuotesItems() {
        var outline = Outline()
        outline.append(["A"])
        outline.append(["B"], to: "A")
        #expect(
            outline.debugDescription
                == "<DiffableDataSourceSectionSnapshot<String>: 2 items\n-* \"A\"\n  -  \"B\"\n>")
    }

    @Test func codableRoundTripKeepsTreeAndExpansion() throws {
        var outline = sampleOutline()
        outline.expand(["Fruit", "Tea"])
        let data = try JSONEncoder().encode(outline)
        let decoded = try JSONDecoder().decode(Outline.self, from: data)
        #expect(decoded == outline)
        decoded._checkInvariants()
    }

    @Test func encodesNestedNodes() throws {
        var outline = Outline()
        outline.append(["A", "C"])
        outline.append(["B"], to: "A")
        outline.expand(["A"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(outline), as: UTF8.self)
        #expect(
            json
                == #"[{"children":[{"children":[],"expanded":false,"item":"B"}],"expanded":true,"item":"A"},"#
                + #"{"children":[],"expanded":false,"item":"C"}]"#)
    }

    @Test func decodingDefaultsToCollapsedLeaves() throws {
        let json = #"[{"item": "A", "children": [{"item": "B"}]}, {"item": "C", "expanded": true}]"#
        let decoded = try JSONDecoder().decode(Outline.self, from: Data(json.utf8))
        var expected = Outline()
        expected.append(["A", "C"])
        expected.append(["B"], to: "A")
        expected.expand(["C"])
        #expect(decoded == expected)
    }

    @Test func decodingADuplicateItemThrowsNamingIt() {
        let json = #"[{"item": "A", "children": [{"item": "Twice"}]}, {"item": "Twice"}]"#
        #expect {
            try JSONDecoder().decode(Outline.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("\"Twice\"")
        }
    }
}

@Suite("Checked section snapshot mutations")
struct CheckedSectionSnapshotTests {
    @Test func checkedAppendRejectsAnUnknownParentAndLeavesTheValueUnchanged() {
        var outline = sampleOutline()
        #expect(throws: OutlineError.parentNotFound("Nowhere", call: "append(_:to:)")) {
            try outline.checkedAppend(["X"], to: "Nowhere")
        }
        #expect(outline == sampleOutline())
    }

    @Test func checkedAppendRejectsAnItemAlreadyPresent() {
        var outline = sampleOutline()
        #expect(throws: OutlineError.duplicateItem("Pear", call: "append(_:to:)")) {
            try outline.checkedAppend(["X", "Y", "Pear", "Z"], to: "Drinks")
        }
        #expect(outline == sampleOutline())
        #expect(!outline.contains("X"))
        outline._checkInvariants()
    }

    @Test func checkedAppendRejectsAnItemPassedTwice() {
        var outline = sampleOutline()
        #expect(throws: OutlineError.duplicateItem("X", call: "append(_:to:)")) {
            try outline.checkedAppend(["X", "Y", "X"])
        }
        #expect(outline == sampleOutline())
        outline._checkInvariants()
    }

    @Test func checkedAppendOfASnapshotRejectsOverlap() {
        var outline = sampleOutline()
        var other = Outline()
        other.append(["New"])
        other.append(["Tea"], to: "New")
        #expect(throws: OutlineError.duplicateItem("Tea", call: "append(_:to:)")) {
            try outline.checkedAppend(other)
        }
        #expect(throws: OutlineError.parentNotFound("Nowhere", call: "append(_:to:)")) {
            try outline.checkedAppend(other, to: "Nowhere")
        }
        #expect(outline == sampleOutline())
    }

    @Test func checkedInsertRejectsAnUnknownAnchor() {
        var outline = sampleOutline()
        #expect(throws: OutlineError.itemNotFound("Nowhere", call: "insert(_:before:)")) {
            try outline.checkedInsert(["X"], before: "Nowhere")
        }
        #expect(throws: OutlineError.itemNotFound("Nowhere", call: "insert(_:after:)")) {
            try outline.checkedInsert(["X"], after: "Nowhere")
        }
        var other = Outline()
        other.append(["X"])
        #expect(throws: OutlineError.itemNotFound("Nowhere", call: "insert(_:before:)")) {
            try outline.checkedInsert(other, before: "Nowhere")
        }
        #expect(throws: OutlineError.itemNotFound("Nowhere", call: "insert(_:after:)")) {
            try outline.checkedInsert(other, after: "Nowhere")
        }
        #expect(outline == sampleOutline())
    }

    @Test func checkedInsertRejectsDuplicatesIncludingTheAnchor() {
        var outline = sampleOutline()
        #expect(throws: OutlineError.duplicateItem("Apple", call: "insert(_:before:)")) {
            try outline.checkedInsert(["Apple"], before: "Apple")
        }
        #expect(throws: OutlineError.duplicateItem("Q", call: "insert(_:after:)")) {
            try outline.checkedInsert(["Q", "Q"], after: "Fruit")
        }
        var other = Outline()
        other.append(["X"])
        other.append(["Food"], to: "X")
        #expect(throws: OutlineError.duplicateItem("Food", call: "insert(_:after:)")) {
            try outline.checkedInsert(other, after: "Tea")
        }
        #expect(throws: OutlineError.duplicateItem("Food", call: "insert(_:before:)")) {
            try outline.checkedInsert(other, before: "Tea")
        }
        #expect(outline == sampleOutline())
        outline._checkInvariants()
    }

    @Test func checkedDeleteRejectsAnUnknownItemBeforeDeletingAnything() {
        var outline = sampleOutline()
        #expect(throws: OutlineError.itemNotFound("Nowhere", call: "delete(_:)")) {
            try outline.checkedDelete(["Apple", "Nowhere", "Food"])
        }
        #expect(outline == sampleOutline())
    }

    @Test func checkedReplaceRejectsAnUnknownParentOrAnItemOutsideTheSubtree() {
        var outline = sampleOutline()
        var children = Outline()
        children.append(["Apple", "Tea"])
        #expect(throws: OutlineError.parentNotFound("Nowhere", call: "replace(childrenOf:using:)")) {
            try outline.checkedReplace(childrenOf: "Nowhere", using: children)
        }
        // "Apple" is a descendant of "Food" and may return, "Tea" is not.
        #expect(throws: OutlineError.duplicateItem("Tea", call: "replace(childrenOf:using:)")) {
            try outline.checkedReplace(childrenOf: "Food", using: children)
        }
        var containsParent = Outline()
        containsParent.append(["Food"])
        #expect(throws: OutlineError.duplicateItem("Food", call: "replace(childrenOf:using:)")) {
            try outline.checkedReplace(childrenOf: "Food", using: containsParent)
        }
        #expect(outline == sampleOutline())
        outline._checkInvariants()
    }

    @Test func checkedTwinsDoWhatTheirAppleMembersDo() throws {
        var checked = Outline()
        var trapping = Outline()
        var nested = Outline()
        nested.append(["N"])
        nested.append(["N1"], to: "N")
        try checked.checkedAppend(["A", "B"])
        trapping.append(["A", "B"])
        try checked.checkedAppend(["A1"], to: "A")
        trapping.append(["A1"], to: "A")
        try checked.checkedInsert(["A0"], before: "A1")
        trapping.insert(["A0"], before: "A1")
        try checked.checkedInsert(["A2"], after: "A1")
        trapping.insert(["A2"], after: "A1")
        try checked.checkedInsert(nested, after: "A")
        trapping.insert(nested, after: "A")
        try checked.checkedDelete(["A0"])
        trapping.delete(["A0"])
        var children = Outline()
        children.append(["B1"])
        try checked.checkedReplace(childrenOf: "B", using: children)
        trapping.replace(childrenOf: "B", using: children)
        #expect(checked == trapping)
        #expect(levels(checked) == ["A", ".A1", ".A2", "N", ".N1", "B", ".B1"])
    }

    @Test func appendDroppingDuplicatesSkipsPresentAndRepeatedItems() throws {
        var outline = sampleOutline()
        let skipped = try outline.appendDroppingDuplicates(
            ["Pear", "Cake", "Cake", "Pie", "Food"], to: "Bread")
        #expect(skipped == ["Pear", "Cake", "Food"])
        #expect(outline.snapshot(of: "Bread").items == ["Cake", "Pie"])
        #expect(try outline.appendDroppingDuplicates(["Tea"]) == ["Tea"])
        outline._checkInvariants()
    }

    @Test func appendDroppingDuplicatesThrowsOnlyForAnUnknownParent() {
        var outline = sampleOutline()
        #expect(throws: OutlineError.parentNotFound("Nowhere", call: "appendDroppingDuplicates(_:to:)")) {
            try outline.appendDroppingDuplicates([], to: "Nowhere")
        }
        #expect(outline == sampleOutline())
    }

    @Test func errorMessagesNameTheCallAndTheItem() {
        #expect(
            OutlineError.parentNotFound("P", call: "append(_:to:)").description
                == #"append(_:to:): Parent item identifier does not exist in section snapshot: "P""#)
        #expect(
            OutlineError.itemNotFound("I", call: "insert(_:before:)").description
                == #"insert(_:before:): Item identifier to insert before does not exist in section snapshot: "I""#
        )
        #expect(
            OutlineError.itemNotFound("I", call: "insert(_:after:)").description
                == #"insert(_:after:): Item identifier to insert after does not exist in section snapshot: "I""#
        )
        #expect(
            OutlineError.itemNotFound("I", call: "parent(of:)").description
                == #"parent(of:): Child item identifier does not exist in section snapshot: "I""#)
        #expect(
            OutlineError.itemNotFound("I", call: "delete(_:)").description
                == #"delete(_:): Item identifier does not exist in section snapshot: "I""#)
        #expect(
            SectionSnapshotError<Int>.duplicateItem(7, call: "append(_:to:)").description
                == "append(_:to:): Item identifier already exists in section snapshot or is passed more than once: 7. Identifiers in a section snapshot must be unique."
        )
        let error = OutlineError.duplicateItem("D", call: "insert(_:after:)")
        #expect(error.item == "D")
        #expect(error.call == "insert(_:after:)")
    }
}

// MARK: - Cost fences

@Suite("Section snapshot cost fences", .disabled(if: invariantChecksEnabled))
struct SectionSnapshotCostTests {
    private func items(_ values: Range<Int>) -> [CountingIdentifier] {
        values.map(CountingIdentifier.init)
    }

    /// Counts the hash calls `body` makes.
    private func hashes(_ body: () -> Void) -> Int {
        CountingIdentifier.count(body).hashes
    }

    @Test func appendingKItemsHashesEachOnce() {
        var outline = DiffableDataSourceSectionSnapshot<CountingIdentifier>()
        #expect(hashes { outline.append(items(0..<1_000)) } == 1_000)
        #expect(hashes { outline.append(items(1_000..<1_500), to: items(10..<11)[0]) } == 501)
        #expect(hashes { outline.append(items(1_500..<1_600), to: items(1_200..<1_201)[0]) } == 101)
    }

    @Test func queriesHashTheArgumentOnce() {
        var outline = DiffableDataSourceSectionSnapshot<CountingIdentifier>()
        outline.append(items(0..<100))
        outline.append(items(100..<200), to: items(5..<6)[0])
        outline.expand(items(5..<6))
        let item = items(150..<151)[0]
        #expect(hashes { _ = outline.contains(item) } == 1)
        #expect(hashes { _ = outline.index(of: item) } == 1)
        #expect(hashes { _ = outline.level(of: item) } == 1)
        #expect(hashes { _ = outline.parent(of: item) } == 1)
        #expect(hashes { _ = outline.isExpanded(item) } == 1)
        #expect(hashes { _ = outline.isVisible(item) } == 1)
        #expect(hashes { _ = outline.snapshot(of: items(5..<6)[0], includingParent: true) } == 1)
        #expect(
            hashes { _ = (outline.items, outline.rootItems, outline.visibleItems, outline.expandedItems) }
                == 0)
    }

    @Test func mutationsNeverRehashStoredItems() {
        var outline = DiffableDataSourceSectionSnapshot<CountingIdentifier>()
        outline.append(items(0..<1_000))
        let anchor = items(500..<501)[0]
        #expect(hashes { outline.insert(items(1_000..<1_010), before: anchor) } == 11)
        #expect(hashes { outline.insert(items(1_010..<1_020), after: anchor) } == 11)
        #expect(hashes { outline.expand(items(0..<10)) } == 10)
        #expect(hashes { outline.collapse(items(0..<10)) } == 10)
        #expect(hashes { outline.delete(items(100..<200)) } == 100)

        var other = DiffableDataSourceSectionSnapshot<CountingIdentifier>()
        other.append(items(2_000..<2_100))
        other.append(items(2_100..<2_200), to: items(2_000..<2_001)[0])
        #expect(hashes { outline.insert(other, after: anchor) } == 1)
        var children = DiffableDataSourceSectionSnapshot<CountingIdentifier>()
        children.append(items(4_000..<4_100))
        #expect(hashes { outline.replace(childrenOf: anchor, using: children) } == 1)
        #expect(
            hashes { _ = try? outline.appendDroppingDuplicates(items(0..<5) + items(3_000..<3_005)) } == 10)
        #expect(hashes { outline.deleteAll() } == 0)
    }

    @Test func equalityHashingAndCopiesNeverHashItems() {
        var outline = DiffableDataSourceSectionSnapshot<CountingIdentifier>()
        outline.append(items(0..<100))
        outline.append(items(100..<200), to: items(3..<4)[0])
        let copy = DiffableDataSourceSectionSnapshot(outline)
        var equal = false
        #expect(hashes { equal = copy == outline } == 0)
        #expect(equal)
        #expect(hashes { _ = outline.hashValue } == 0)
        #expect(hashes { _ = outline.snapshot(of: items(3..<4)[0]) } == 1)
        #expect(hashes { _ = outline.visualDescription() } == 0)
    }
}
