import Diffable
import Foundation
import Testing

@testable import DiffableTerminal

/// A count in brackets, drawn by a content view of its own: a custom content configuration.
private struct BadgeConfiguration: TerminalContentConfiguration, Hashable {
    var title: String
    var count: Int

    func makeContentView() -> any TerminalCellContentView { BadgeView(configuration: self) }
    func updated(for state: CellConfigurationState) -> BadgeConfiguration { self }
}

@MainActor
private final class BadgeView: TerminalCellContentView {
    var configuration: any ContentConfiguration
    static var made = 0

    init(configuration: BadgeConfiguration) {
        self.configuration = configuration
        Self.made += 1
    }

    func draw(in buffer: inout ScreenBuffer, frame: ScreenRect, style: TextStyle) {
        guard let badge = configuration as? BadgeConfiguration else { return }
        buffer.write(
            "\(badge.title) [\(badge.count)]", x: frame.x, y: frame.y, style: style, maxWidth: frame.width)
    }
}

@MainActor
@Suite("Cell configuration: state, update handler, content and background, in the terminal")
struct CellConfigurationTests {
    /// The iOS 15 way to style a selected cell: the handler sees each state and sets the
    /// content and the background for it.
    @Test func theUpdateHandlerStylesTheSelectedCell() {
        let view = TerminalCollectionView(
            layout: .list(using: CollectionLayoutListConfiguration(appearance: .plain)), width: 20, height: 4)
        var states: [String: [Bool]] = [:]
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> {
            cell, _, name in
            cell.configurationUpdateHandler = { cell, state in
                states[name, default: []].append(state.isSelected)
                var content = ListContentConfiguration.cell().updated(for: state)
                content.text = state.isSelected ? "✓ \(name)" : name
                cell.contentConfiguration = content
                var background = BackgroundConfiguration.listPlainCell().updated(for: state)
                background.backgroundColor = state.isSelected ? .blue : nil
                cell.backgroundConfiguration = background
            }
        }

        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
            view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        dataSource.apply(listSnapshot([["Apple", "Pear"]]), animatingDifferences: false)
        #expect(view.render().text.hasPrefix("Apple\nPear"), "called before the first drawing")
        view.handle(.down)
        view.handle(.enter)
        let screen = view.render()
        #expect(screen.text.hasPrefix("Apple\n✓ Pear"))
        #expect(screen.styledText.contains("bg=blue]✓ Pear"), "\(screen.styledText)")
        #expect(states["Pear"]?.last == true && states["Apple"]?.contains(true) == false)
        let calls = states["Pear"]?.count ?? 0
        _ = view.render()
        #expect(states["Pear"]?.count == calls, "not called again while the state stays")
    }

    @Test func aCustomContentConfigurationDrawsThroughItsContentView() {
        let view = TerminalCollectionView(
            layout: .list(using: CollectionLayoutListConfiguration(appearance: .plain)), width: 20, height: 3)
        let registration = TerminalCollectionView.CellRegistration<TerminalListCell, String> {
            cell, _, name in
            cell.contentConfiguration = BadgeConfiguration(title: name, count: name.count)
            cell.accessories = [.disclosureIndicator()]
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
            view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        BadgeView.made = 0
        dataSource.apply(listSnapshot([["Fig", "Apple"]]), animatingDifferences: false)
        let lines = view.render().text.split(separator: "\n")
        #expect(
            lines[0].hasPrefix("Fig [3]") && lines[0].hasSuffix("›"), "between the edge and the accessories")
        #expect(lines[1].hasPrefix("Apple [5]"))
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems(["Fig"])
        dataSource.apply(snapshot, animatingDifferences: false)
        _ = view.render()
        #expect(BadgeView.made == 2, "a cell keeps its content view while the type stays")
    }
}
