/// A content configuration a terminal cell can draw: `UIContentConfiguration`'s
/// `makeContentView()`, for the terminal. A custom configuration conforms to draw itself in a
/// ``TerminalListCell`` (after the outline indentation and the editing controls, before the
/// accessories) or any ``TerminalCell``.
public protocol TerminalContentConfiguration: ContentConfiguration {
    /// A new view that draws this configuration.
    @MainActor func makeContentView() -> any TerminalCellContentView
}

/// What draws a content configuration into a terminal cell's rectangle: `UIContentView`. The cell
/// keeps its view while its configurations are of one type, and sets each new one on it.
@MainActor
public protocol TerminalCellContentView: AnyObject {
    /// The configuration drawn.
    var configuration: any ContentConfiguration { get set }
    /// Draws the configuration into `frame`, over a background already filled with `style` (the
    /// cell's look for its state: focused, selected…), which the text should keep.
    func draw(in buffer: inout ScreenBuffer, frame: ScreenRect, style: TextStyle)
}
