/// The size of a terminal, in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// A size of `width` columns and `height` rows.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size terminals start with, and the last-resort guess: 80×24.
    public static let standard = TerminalSize(width: 80, height: 24)

    /// `80×24`.
    public var description: String { "\(width)×\(height)" }
}

/// A terminal a text UI runs on: it reports its size and key presses, and shows frames.
///
/// Two implementations: ``Terminal``, the process's real terminal, and ``HeadlessTerminal``, an
/// in-memory one of a fixed size for tests. A UI is written against this protocol, so the same
/// code draws on screen and in a test. A typical loop:
///
/// ```swift
/// func run(on device: some TerminalDevice) {
///     while true {
///         if device.didResize { layout(for: device.size) }
///         device.present(draw(size: device.size))
///         for key in device.readKeys(timeout: .milliseconds(500)) {
///             if key == .control("c") { return }
///             handle(key)
///         }
///     }
/// }
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public protocol TerminalDevice: AnyObject {
    /// The terminal's size now.
    var size: TerminalSize { get }

    /// Whether the terminal was resized since this was last read; reading it clears it.
    var didResize: Bool { get }

    /// Waits up to `timeout` for input and returns the keys it decodes.
    ///
    /// - Parameter timeout: How long to wait for the first byte; `nil` waits until input or a
    ///   resize arrives.
    /// - Returns: The keys read; empty when the time ran out or the terminal was resized.
    func readKeys(timeout: Duration?) -> [Key]

    /// Shows `frame`, which should be ``size`` big.
    func present(_ frame: ScreenBuffer)

    /// Gives the terminal back to the shell and stops the process until the shell continues it,
    /// as Ctrl-Z does for a program that is not in raw mode; then takes the terminal again. The
    /// next ``present(_:)`` repaints the whole screen, and ``didResize`` is `true`, since the
    /// window may have changed size meanwhile. A device that cannot stop does nothing; that is
    /// what the default implementation does.
    func suspend()
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TerminalDevice {
    /// Does nothing: the device cannot stop.
    public func suspend() {}
}
