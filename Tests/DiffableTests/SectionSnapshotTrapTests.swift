import Testing

@testable import Diffable

/// The standard error an exit test captured, as text.
private func standardError(_ result: ExitTest.Result?) -> String {
    guard let result else { return "" }
    return String(decoding: result.standardErrorContent, as: UTF8.self)
}

/// Records an issue unless the trap message names every one of `parts`.
private func expectMessage(
    _ result: ExitTest.Result?, contains parts: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    let message = standardError(result)
    for part in parts {
        #expect(
            message.contains(part), "trap message lacks \(part): \(message)", sourceLocation: sourceLocation)
    }
}

/// Every documented trap of `DiffableDataSourceSectionSnapshot`, run in a child process; the message
/// must name the call and the identifier.
@Suite("Section snapshot traps")
struct SectionSnapshotTrapTests {
    // MARK: Mutations

    @Test func appendToAnUnknownParentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A"])
            outline.append(["B"], to: "ghost-parent")
        }
        expectMessage(
            result,
            contains: ["append(_:to:)", "Parent item identifier does not exist", "\"ghost-parent\""])
    }

    @Test func appendOfAnItemAlreadyPresentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A", "present-item"])
            outline.append(["B", "present-item"], to: "A")
        }
        expectMessage(result, contains: ["append(_:to:)", "\"present-item\"", "must be unique"])
    }

    @Test func appendOfAnItemPassedTwiceTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            outline.append([1, 40_404, 2, 40_404])
        }
        expectMessage(result, contains: ["append(_:to:)", "40404"])
    }

    @Test func appendOfAnOverlappingSnapshotTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["shared-item"])
            var other = DiffableDataSourceSectionSnapshot<String>()
            other.append(["X"])
            other.append(["shared-item"], to: "X")
            outline.append(other)
        }
        expectMessage(result, contains: ["append(_:to:)", "\"shared-item\""])
    }

    @Test func insertBeforeAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A"])
            outline.insert(["B"], before: "ghost-anchor")
        }
        expectMessage(
            result,
            contains: [
                "insert(_:before:)", "Item identifier to insert before does not exist", "\"ghost-anchor\"",
            ])
    }

    @Test func insertAfterAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A"])
            outline.insert(["B"], after: "ghost-anchor")
        }
        expectMessage(
            result,
            contains: [
                "insert(_:after:)", "Item identifier to insert after does not exist", "\"ghost-anchor\"",
            ])
    }

    @Test func insertOfADuplicateTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A", "B"])
            outline.insert(["again"], after: "A")
            outline.insert(["again"], before: "B")
        }
        expectMessage(result, contains: ["insert(_:before:)", "\"again\""])
    }

    @Test func insertSnapshotBeforeAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A"])
            var other = DiffableDataSourceSectionSnapshot<String>()
            other.append(["X"])
            outline.insert(other, before: "ghost-anchor")
        }
        expectMessage(result, contains: ["insert(_:before:)", "\"ghost-anchor\""])
    }

    @Test func insertSnapshotAfterWithADuplicateTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A", "shared-item"])
            var other = DiffableDataSourceSectionSnapshot<String>()
            other.append(["X", "shared-item"])
            outline.insert(other, after: "A")
        }
        expectMessage(result, contains: ["insert(_:after:)", "\"shared-item\""])
    }

    @Test func deleteOfAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A"])
            outline.delete(["A", "ghost-item"])
        }
        expectMessage(result, contains: ["delete(_:)", "Item identifier does not exist", "\"ghost-item\""])
    }

    @Test func replaceChildrenOfAnUnknownParentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A"])
            outline.replace(childrenOf: "ghost-parent", using: DiffableDataSourceSectionSnapshot())
        }
        expectMessage(
            result,
            contains: [
                "replace(childrenOf:using:)", "Parent item identifier does not exist", "\"ghost-parent\"",
            ])
    }

    @Test func replaceChildrenWithAnItemOutsideTheSubtreeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A", "elsewhere"])
            var children = DiffableDataSourceSectionSnapshot<String>()
            children.append(["elsewhere"])
            outline.replace(childrenOf: "A", using: children)
        }
        expectMessage(result, contains: ["replace(childrenOf:using:)", "\"elsewhere\""])
    }

    // MARK: Queries

    @Test func isExpandedOfAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DiffableDataSourceSectionSnapshot<String>().isExpanded("ghost-item")
        }
        expectMessage(result, contains: ["isExpanded(_:)", "\"ghost-item\""])
    }

    @Test func isVisibleOfAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DiffableDataSourceSectionSnapshot<String>().isVisible("ghost-item")
        }
        expectMessage(result, contains: ["isVisible(_:)", "\"ghost-item\""])
    }

    @Test func levelOfAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DiffableDataSourceSectionSnapshot<String>().level(of: "ghost-item")
        }
        expectMessage(result, contains: ["level(of:)", "\"ghost-item\""])
    }

    @Test func parentOfAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DiffableDataSourceSectionSnapshot<String>().parent(of: "ghost-item")
        }
        expectMessage(
            result, contains: ["parent(of:)", "Child item identifier does not exist", "\"ghost-item\""])
    }

    @Test func snapshotOfAnUnknownParentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DiffableDataSourceSectionSnapshot<String>().snapshot(
                of: "ghost-parent", includingParent: true)
        }
        expectMessage(
            result,
            contains: [
                "snapshot(of:includingParent:)", "Parent item identifier does not exist", "\"ghost-parent\"",
            ])
    }
}
