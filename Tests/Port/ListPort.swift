// A list written the way Apple's "Implementing Modern Collection Views" sample and the seeds
// write one, ported by deleting the `UI` prefix and naming the view class: `PortCollectionView`
// and `PortListCell`, which each test target points at its own view (the validating, terminal
// or browser one) in `ListPort+<View>.swift`, beside a `PortPerson` that taps, swipes and reads
// the view as a person would. This same file is compiled into the three test targets (each holds
// a symbolic link to it), so the port compiles against every view and behaves the same on each.
// Shown in Documentation/Views.md ("Porting a UIKit list").

import Diffable
import DiffableCells
import Foundation
import Testing

/// A fruit of the list, as the sample's `Emoji`.
struct PortFruit: Hashable, Sendable {
    var name: String
    var emoji: String
}

/// A custom content configuration, as the sample's `CustomContentConfiguration`: a title and a
/// count, the count in bold while the cell is selected. Each view draws it its own way (the
/// conformances in `ListPort+<View>.swift`).
struct CountConfiguration: ContentConfiguration, Hashable {
    var title = ""
    var count = 0
    var isEmphasized = false

    func updated(for state: CellConfigurationState) -> Self {
        var updated = self
        updated.isEmphasized = state.isSelected
        return updated
    }
}

// MARK: - The view controller, as written for UIKit

@MainActor
final class ListPortViewController: CollectionViewDelegate {
    enum Section: Int, CaseIterable {
        case summary, favorites, all
    }

    var collectionView: PortCollectionView! = nil
    var dataSource: CollectionViewDiffableDataSource<Section, String>! = nil
    private(set) var fruits: [String: PortFruit] = [:]
    private(set) var events: [String] = []

    func viewDidLoad() {
        for (emoji, name) in [("🍎", "Apple"), ("🍐", "Pear"), ("🍋", "Lemon"), ("🍌", "Banana")] {
            fruits[name] = PortFruit(name: name, emoji: emoji)
        }
        configureHierarchy()
        configureDataSource()
        applyInitialSnapshot()
    }

    func createLayout() -> CollectionLayoutListConfiguration {
        var configuration = CollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
            guard let self, let name = dataSource.itemIdentifier(for: indexPath), fruits[name] != nil else {
                return nil
            }
            let favorite = ContextualAction(style: .normal, title: "Favorite") {
                [weak self] _, _, completion in
                self?.moveToFavorites(name)
                completion(true)
            }
            favorite.backgroundColor = .yellow
            let delete = ContextualAction(style: .destructive, title: "Delete") {
                [weak self] _, _, completion in
                self?.delete(name)
                completion(true)
            }
            return SwipeActionsConfiguration(actions: [delete, favorite])
        }
        return configuration
    }

    func configureHierarchy() {
        collectionView = makePortCollectionView(listConfiguration: createLayout())
        collectionView.delegate = self
    }

    func configureDataSource() {
        let cellRegistration = PortCollectionView.CellRegistration<PortListCell, String> {
            [weak self] cell, _, name in
            guard let self, let fruit = fruits[name] else { return }
            var content = cell.defaultContentConfiguration()
            content.text = fruit.name
            content.image = fruit.emoji
            cell.contentConfiguration = content
            cell.accessories = [
                .delete(displayed: .whenEditing), .disclosureIndicator(displayed: .whenNotEditing),
            ]
            cell.configurationUpdateHandler = { cell, state in
                var background = BackgroundConfiguration.listPlainCell().updated(for: state)
                background.backgroundColor = state.isSelected ? .blue : nil
                cell.backgroundConfiguration = background
            }
        }
        let summaryRegistration = PortCollectionView.CellRegistration<PortListCell, String> {
            [weak self] cell, _, _ in
            var content = CountConfiguration()
            content.title = "Fruits"
            content.count = self?.fruits.count ?? 0
            cell.contentConfiguration = content
        }
        let headerRegistration = PortCollectionView.SupplementaryRegistration<PortListCell>(
            elementKind: PortCollectionView.elementKindSectionHeader
        ) { header, _, indexPath in
            var content = header.defaultContentConfiguration()
            content.text = ["Summary", "Favorites", "All"][indexPath.section]
            header.contentConfiguration = content
        }
        dataSource = CollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
            collectionView, indexPath, name in
            if name == "summary" {
                return collectionView.dequeueConfiguredReusableCell(
                    using: summaryRegistration, for: indexPath, item: name)
            }
            return collectionView.dequeueConfiguredReusableCell(
                using: cellRegistration, for: indexPath, item: name)
        }
        dataSource.supplementaryViewProvider = { [weak self] _, _, indexPath in
            self?.collectionView.dequeueConfiguredReusableSupplementary(
                using: headerRegistration, for: indexPath)
        }
    }

    func applyInitialSnapshot() {
        var snapshot = DiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(["summary"], toSection: .summary)
        snapshot.appendItems(["Apple"], toSection: .favorites)
        snapshot.appendItems(["Pear", "Lemon", "Banana"], toSection: .all)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func moveToFavorites(_ name: String) {
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([name])
        snapshot.appendItems([name], toSection: .favorites)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func delete(_ name: String) {
        fruits[name] = nil
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([name])
        snapshot.reconfigureItems(["summary"])
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func collectionView(_ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("selected \(dataSource.itemIdentifier(for: indexPath) ?? "?")")
    }

    func collectionView(
        _ collectionView: any DiffableCollectionView,
        contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        guard let indexPath = indexPaths.first, let name = dataSource.itemIdentifier(for: indexPath),
            fruits[name] != nil
        else { return nil }
        return ContextMenuConfiguration(identifier: name as NSString, previewProvider: nil) { _ in
            Menu(children: [
                Action(title: "Favorite", image: "★") { [weak self] _ in self?.moveToFavorites(name) },
                Action(title: "Delete", image: "🗑", attributes: .destructive) { [weak self] _ in
                    self?.delete(name)
                },
            ])
        }
    }
}

// MARK: - What the port does, on every view

@MainActor
@Suite("A UIKit list, ported (Tests/Port/ListPort.swift)")
struct ListPortTests {
    @Test func itBehavesAsTheUIKitListDoes() {
        let controller = ListPortViewController()
        controller.viewDidLoad()
        let person = PortPerson(controller.collectionView)
        let at = { (item: Int, section: ListPortViewController.Section) in
            IndexPath(item: item, section: section.rawValue)
        }
        #expect(person.texts(inSection: 2) == ["Pear", "Lemon", "Banana"])
        #expect(person.headerText(inSection: 1) == "Favorites")
        #expect(person.summary == "Fruits 4", "the custom content configuration")

        person.tap(at(0, .all))
        #expect(controller.events == ["selected Pear"])
        #expect(
            person.backgroundColor(at: at(0, .all)) == .blue, "the update handler styles the selected cell")
        #expect(person.backgroundColor(at: at(1, .all)) == nil)

        #expect(person.swipe("Favorite", at: at(0, .all)))
        #expect(person.texts(inSection: 1) == ["Apple", "Pear"])
        #expect(person.texts(inSection: 2) == ["Lemon", "Banana"])

        #expect(person.chooseInContextMenu("Delete", at: at(0, .all)))
        #expect(person.texts(inSection: 2) == ["Banana"])
        #expect(person.summary == "Fruits 3", "the summary was reconfigured")
        #expect(!person.chooseInContextMenu("Delete", at: at(0, .summary)), "the summary has no menu")

        #expect(!person.showsAccessory(.delete, at: at(0, .all)))
        collectionView(controller).isEditing = true
        #expect(person.showsAccessory(.delete, at: at(0, .all)), "shown while editing")
        #expect(!person.showsAccessory(.disclosureIndicator, at: at(0, .all)))

        collectionView(controller).scrollToItem(at: at(0, .all), at: .centeredVertically, animated: true)
        #expect(person.scrolledTo == at(0, .all))
    }

    private func collectionView(_ controller: ListPortViewController) -> PortCollectionView {
        controller.collectionView
    }
}
