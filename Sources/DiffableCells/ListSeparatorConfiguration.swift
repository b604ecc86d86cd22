import Diffable
import Foundation

/// Insets from each edge: `NSDirectionalEdgeInsets`. The terminal counts them in character cells
/// (leading and trailing) and rows.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    /// No inset.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// How the lines between a list's rows look: `UIListSeparatorConfiguration`. A list's
/// ``CollectionLayoutListConfiguration/separatorConfiguration`` applies to every row, and its
/// ``CollectionLayoutListConfiguration/itemSeparatorHandler`` may change it row by row.
///
/// The line between two rows is the upper row's bottom separator and the lower row's top
/// separator: it is drawn unless either is hidden, with the upper row's insets and colour.
public struct ListSeparatorConfiguration: Hashable, Sendable {
    /// Whether a separator is drawn: `UIListSeparatorConfiguration.Visibility`.
    public enum Visibility: Hashable, Sendable {
        /// As the list's appearance draws it (every line between rows).
        case automatic
        /// Drawn.
        case visible
        /// Not drawn.
        case hidden
    }

    /// The line above a row.
    public var topSeparatorVisibility: Visibility = .automatic
    /// The line below a row.
    public var bottomSeparatorVisibility: Visibility = .automatic
    /// How far the line above a row stays from the edges (leading and trailing count).
    public var topSeparatorInsets: DirectionalEdgeInsets = Self.automaticInsets
    /// How far the line below a row stays from the edges (leading and trailing count).
    public var bottomSeparatorInsets: DirectionalEdgeInsets = Self.automaticInsets
    /// The line's colour; `nil` for the list's (a dim line in the terminal).
    public var color: TerminalColor?
    /// The line's colour between rows selected together; `nil` for ``color``.
    public var multipleSelectionColor: TerminalColor?

    /// The insets the list's appearance gives: none, in these views.
    public static let automaticInsets = DirectionalEdgeInsets.zero

    /// The separators a list of this appearance draws.
    public init(listAppearance: CollectionLayoutListConfiguration.Appearance) {}

    /// Whether the line below the row with this configuration, above the row with `next`, is
    /// drawn.
    package func drawsLine(above next: ListSeparatorConfiguration) -> Bool {
        bottomSeparatorVisibility != .hidden && next.topSeparatorVisibility != .hidden
    }
}
