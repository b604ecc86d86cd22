import Diffable
import DiffableTerminal
import Foundation

/// A basketball player: a value whose identity is its UUID, so editing the name or number keeps
/// the row (the classic first diffable data source tutorial's model).
public struct Player: Hashable, Sendable {
    /// The player's identity.
    public let id: UUID
    /// The name shown.
    public var name: String
    /// The jersey number.
    public var number: Int
    /// Where the player plays.
    public var position: String

    /// Players are equal when they are the same player (same `id`), whatever else changed.
    public static func == (a: Player, b: Player) -> Bool { a.id == b.id }
    /// Hashes the identity only, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The two sections of the roster.
public enum Team: String, CaseIterable, Hashable, Sendable {
    case startingFive = "Starting five"
    case bench = "Bench"
}

/// The roster's data source, as a UIKit app's `UITableViewDiffableDataSource` subclass: titled
/// sections with a head count, every player deletable and movable between sections.
public final class RosterDataSource: TableViewDiffableDataSource<Team, Player> {
    /// Told of each deletion and move the person makes, with the roster after it.
    var didChange: (@MainActor (_ message: String) -> Void)?

    /// The team's name.
    public override func tableView(_ tableView: any DiffableTableView, titleForHeaderInSection section: Int)
        -> String?
    {
        sectionIdentifier(for: section)?.rawValue
    }

    /// The team's head count, asked again after every change.
    public override func tableView(_ tableView: any DiffableTableView, titleForFooterInSection section: Int)
        -> String?
    {
        guard let team = sectionIdentifier(for: section) else { return nil }
        let count = snapshot().numberOfItems(inSection: team)
        return count == 1 ? "1 player" : "\(count) players"
    }

    /// Every player can be released.
    public override func tableView(_ tableView: any DiffableTableView, canEditRowAt indexPath: IndexPath)
        -> Bool
    {
        true
    }

    /// Every player can be moved, between the teams too.
    public override func tableView(_ tableView: any DiffableTableView, canMoveRowAt indexPath: IndexPath)
        -> Bool
    {
        true
    }

    /// Releases the player: a snapshot without them, applied.
    public override func tableView(
        _ tableView: any DiffableTableView, commit editingStyle: TableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete, let player = itemIdentifier(for: indexPath) else { return }
        var snapshot = snapshot()
        snapshot.deleteItems([player])
        apply(snapshot)
        didChange?("Released \(player.name)")
    }

    /// Commits the move (`super`), then says where the player went.
    public override func tableView(
        _ tableView: any DiffableTableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        let player = itemIdentifier(for: sourceIndexPath)
        super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
        guard let player, let team = snapshot().sectionIdentifier(containingItem: player) else { return }
        didChange?("\(player.name) to \(team.rawValue.lowercased())")
    }
}

/// `diffable-gallery --roster`: the classic first diffable tutorial, a basketball roster, on the
/// terminal table view. `e` enters and leaves editing mode, where `m` moves a player (between the
/// starting five and the bench too) and `d` releases one; `d` releases the focused player outside
/// editing mode too, as a swipe would.
@MainActor
public final class Roster {
    /// The table of players.
    public let tableView: TerminalTableView
    /// The roster's data source.
    public let dataSource: RosterDataSource
    /// Runs the table on the terminal.
    public let application: TerminalApplication

    /// Builds the roster on a terminal.
    public init(device: any TerminalDevice) {
        let size = device.size
        tableView = TerminalTableView(style: .insetGrouped, width: size.width, height: size.height - 1)
        let registration = TerminalTableView.CellRegistration<TerminalListCell, Player> { cell, _, player in
            var content = ListContentConfiguration.valueCell()
            content.text =
                "#\(player.number)".padding(toLength: 4, withPad: " ", startingAt: 0) + " " + player.name
            content.secondaryText = player.position
            cell.contentConfiguration = content
        }
        dataSource = RosterDataSource(tableView: tableView) { view, indexPath, player in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: player)
        }
        dataSource.defaultRowAnimation = .left
        application = TerminalApplication(device: device, tableView: tableView)
        application.helpItems = ["e edit"]
        dataSource.didChange = { [weak self] message in self?.application.statusMessage = message }
        application.keyHandler = { [weak self] key in
            guard let self, key == .character("e") else { return false }
            self.tableView.setEditing(!self.tableView.isEditing, animated: true)
            self.application.helpItems = [self.tableView.isEditing ? "e done" : "e edit"]
            return true
        }
        dataSource.apply(Self.initialSnapshot(), animatingDifferences: false)
    }

    /// Runs the roster until the person quits.
    public func run() async {
        await application.run()
    }

    static func initialSnapshot() -> DiffableDataSourceSnapshot<Team, Player> {
        func player(_ number: Int, _ name: String, _ position: String) -> Player {
            // Fixed identifiers, so every run (and every test) builds the same roster.
            let id = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
            return Player(id: id, name: name, number: number, position: position)
        }
        var snapshot = DiffableDataSourceSnapshot<Team, Player>()
        snapshot.appendSections(Team.allCases)
        snapshot.appendItems(
            [
                player(3, "Ava Brooks", "Point guard"), player(11, "Mia Chen", "Shooting guard"),
                player(23, "Zoe Park", "Small forward"), player(32, "Lena Ortiz", "Power forward"),
                player(50, "Ruth Okafor", "Center"),
            ], toSection: .startingFive)
        snapshot.appendItems(
            [
                player(5, "Ivy Walsh", "Guard"), player(14, "Nora Diaz", "Forward"),
                player(21, "June Kim", "Forward"), player(44, "Tess Moreau", "Center"),
            ], toSection: .bench)
        return snapshot
    }
}
