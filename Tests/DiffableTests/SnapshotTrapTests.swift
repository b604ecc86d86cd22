import Testing

@testable import Diffable

/// Reads the standard error of an exit test as text.
func trapMessage(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// Every documented trap of the snapshot, with the message naming the call and the identifier.
@Suite("Snapshot traps")
struct SnapshotTrapTests {
    @Test func appendItemsWithNoSections() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendItems([1])
        }
        #expect(trapMessage(result).contains("appendItems(_:toSection:): There are currently no sections"))
    }

    @Test func appendItemsToUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1], toSection: "missing-section")
        }
        #expect(
            trapMessage(result).contains(#"appendItems(_:toSection:): section identifier "missing-section""#))
    }

    @Test func duplicateItemsInOneCall() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1, 4242, 4242])
        }
        #expect(
            trapMessage(result).contains(
                "appendItems(_:toSection:): item identifier 4242 appears more than once"))
    }

    @Test func duplicateSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["Twice"])
            snapshot.appendSections(["Twice"])
        }
        #expect(
            trapMessage(result).contains(#"appendSections(_:): section identifier "Twice" already exists"#))
    }

    @Test func insertItemsBeforeUnknownAnchor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.insertItems([1], beforeItem: 777)
        }
        #expect(
            trapMessage(result).contains("insertItems(_:beforeItem:): item identifier 777 does not exist"))
    }

    @Test func insertItemsAfterUnknownAnchor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.insertItems([1], afterItem: 778)
        }
        #expect(trapMessage(result).contains("insertItems(_:afterItem:): item identifier 778 does not exist"))
    }

    @Test func moveUnknownItem() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1])
            snapshot.moveItem(779, afterItem: 1)
        }
        #expect(trapMessage(result).contains("moveItem(_:afterItem:): item identifier 779 does not exist"))
    }

    @Test func moveItemBeforeUnknownAnchor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1])
            snapshot.moveItem(1, beforeItem: 780)
        }
        #expect(trapMessage(result).contains("moveItem(_:beforeItem:): item identifier 780 does not exist"))
    }

    @Test func insertSectionsRelativeToUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.insertSections(["B"], afterSection: "Nowhere")
        }
        #expect(
            trapMessage(result).contains(#"insertSections(_:afterSection:): section identifier "Nowhere""#))
    }

    @Test func insertSectionsBeforeUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.insertSections(["B"], beforeSection: "Nowhere")
        }
        #expect(
            trapMessage(result).contains(#"insertSections(_:beforeSection:): section identifier "Nowhere""#))
    }

    @Test func moveUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.moveSection("Ghost", beforeSection: "A")
        }
        #expect(trapMessage(result).contains(#"moveSection(_:beforeSection:): section identifier "Ghost""#))
    }

    @Test func moveSectionAfterUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.moveSection("A", afterSection: "Ghost")
        }
        #expect(trapMessage(result).contains(#"moveSection(_:afterSection:): section identifier "Ghost""#))
    }

    @Test func reloadUnknownItem() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.reloadItems([31337])
        }
        #expect(trapMessage(result).contains("reloadItems(_:): item identifier 31337 does not exist"))
    }

    @Test func reconfigureUnknownItem() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.reconfigureItems([31338])
        }
        #expect(trapMessage(result).contains("reconfigureItems(_:): item identifier 31338 does not exist"))
    }

    @Test func reloadUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.reloadSections(["Phantom"])
        }
        #expect(
            trapMessage(result).contains(#"reloadSections(_:): section identifier "Phantom" does not exist"#))
    }

    @Test func numberOfItemsInUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let snapshot = DiffableDataSourceSnapshot<String, Int>()
            _ = snapshot.numberOfItems(inSection: "Absent")
        }
        #expect(
            trapMessage(result).contains(
                #"numberOfItems(inSection:): Section identifier "Absent" was not found"#))
    }

    @Test func itemIdentifiersInUnknownSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let snapshot = DiffableDataSourceSnapshot<String, Int>()
            _ = snapshot.itemIdentifiers(inSection: "Absent")
        }
        #expect(
            trapMessage(result).contains(
                #"itemIdentifiers(inSection:): Section identifier "Absent" was not found"#))
    }
}
