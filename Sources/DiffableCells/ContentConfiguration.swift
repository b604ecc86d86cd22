/// What a cell shows, for a state: `UIContentConfiguration`. ``ListContentConfiguration`` is one;
/// a custom one says how each view draws it (in the terminal, a content view that draws into the
/// cell's rectangle; in the browser, safe content the page shows, never markup) by conforming to
/// the view module's protocol as well (`TerminalContentConfiguration`, `WebContentConfiguration`).
public protocol ContentConfiguration {
    /// The configuration styled for a state (selected, highlighted, disabled…).
    func updated(for state: CellConfigurationState) -> Self
}

extension ListContentConfiguration: ContentConfiguration {
    /// The configuration itself: the views draw the selection and the focus over any content,
    /// so a list cell's look needs no change for them. A `configurationUpdateHandler` styles it
    /// otherwise.
    public func updated(for state: CellConfigurationState) -> ListContentConfiguration { self }
}

/// How a cell's background looks: `UIBackgroundConfiguration`. The terminal fills the cell with
/// the colour; the browser paints the row with it.
public struct BackgroundConfiguration: Hashable, Sendable {
    /// The background's colour; `nil` for the view's own.
    public var backgroundColor: TerminalColor?

    /// A background with no colour of its own.
    public init() {}

    /// A clear background: `UIBackgroundConfiguration.clear()`.
    public static func clear() -> Self { Self() }
    /// A plain list's cell: `listPlainCell()`.
    public static func listPlainCell() -> Self { Self() }
    /// A grouped list's cell: `listGroupedCell()`.
    public static func listGroupedCell() -> Self { Self() }
    /// A sidebar's cell: `listSidebarCell()`.
    public static func listSidebarCell() -> Self { Self() }

    /// The configuration for a state: itself (a `configurationUpdateHandler` picks colours by
    /// state).
    public func updated(for state: CellConfigurationState) -> Self { self }
}

/// When a cell updates its configuration (calls its `configurationUpdateHandler`): before it is
/// first drawn for an item, when it is configured again, when its state changes, and when asked
/// (`setNeedsUpdateConfiguration()`). Each view's cell class keeps one.
package struct ConfigurationUpdates {
    /// The state of the last update: the cell's `configurationState`.
    package private(set) var state = CellConfigurationState()
    /// Whether the next check updates, whatever the state.
    package var isNeeded = true
    /// The cell's configuration count at the last update.
    private var configuredAt = -1

    package init() {}

    /// Whether to update for `state`, the cell having been configured `count` times; when so,
    /// records it as done.
    package mutating func shouldUpdate(for state: CellConfigurationState, configurationCount count: Int)
        -> Bool
    {
        guard isNeeded || state != self.state || configuredAt != count else { return false }
        isNeeded = false
        self.state = state
        configuredAt = count
        return true
    }
}

/// A cell with a configuration update handler, whichever view draws it: the views call
/// ``updateConfigurationIfNeeded(for:)`` before they draw or send the cell.
@MainActor
package protocol UpdatingConfiguration: AnyObject {
    /// How many times a registration configured the cell.
    var configurationCount: Int { get }
    /// When the cell last updated its configuration.
    var configurationUpdates: ConfigurationUpdates { get set }
    /// Updates the cell for a state (calls its handler).
    func updateConfiguration(using state: CellConfigurationState)
}

extension UpdatingConfiguration {
    /// Updates the configuration if the state changed, the cell was configured again, or an
    /// update was asked for.
    package func updateConfigurationIfNeeded(for state: CellConfigurationState) {
        if configurationUpdates.shouldUpdate(for: state, configurationCount: configurationCount) {
            updateConfiguration(using: state)
        }
    }
}
