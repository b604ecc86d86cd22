import DiffableTerminal
import Testing

@Suite("Headless terminal")
struct HeadlessTerminalTests {
    @Test func itShowsABlankScreenOfItsSizeBeforeTheFirstFrame() {
        let terminal = HeadlessTerminal(width: 20, height: 3)
        #expect(terminal.size == TerminalSize(width: 20, height: 3))
        #expect(terminal.screen == ScreenBuffer(width: 20, height: 3))
        #expect(terminal.frames.isEmpty)
        #expect(!terminal.didResize)
    }

    @Test func presentedFramesAreKeptInOrderAndTheLastIsTheScreen() {
        let terminal = HeadlessTerminal(width: 10, height: 2)
        var frame = ScreenBuffer(width: 10, height: 2)
        frame.write("one", x: 0, y: 0)
        terminal.present(frame)
        frame.write("two", x: 0, y: 1)
        terminal.present(frame)
        #expect(terminal.frames.map(\.text) == ["one\n", "one\ntwo"])
        #expect(terminal.screen.text == "one\ntwo")
    }

    @Test func itReportsWhatARealTerminalWouldBeSent() {
        let terminal = HeadlessTerminal(width: 10, height: 2)
        var frame = ScreenBuffer(width: 10, height: 2)
        frame.write("one", x: 0, y: 0)
        terminal.present(frame)
        let first = terminal.lastFrameOutput.utf8.count
        frame.write("!", x: 3, y: 0)
        terminal.present(frame)
        #expect(terminal.lastFrameOutput == "!")
        #expect(terminal.totalOutputByteCount == first + 1)
        terminal.present(frame)
        #expect(terminal.lastFrameOutput == "")
    }

    @Test func resizeChangesTheSizeAndSetsDidResizeOnce() {
        let terminal = HeadlessTerminal(width: 80, height: 24)
        terminal.resize(width: 100, height: 30)
        #expect(terminal.size == TerminalSize(width: 100, height: 30))
        #expect(terminal.didResize)
        #expect(!terminal.didResize)
        #expect(terminal.screen.width == 100)
    }

    @Test func sentKeysAreReadOnceInOrderWithoutWaiting() {
        let terminal = HeadlessTerminal(width: 80, height: 24)
        terminal.send(.down, .down)
        terminal.send([.enter])
        #expect(terminal.readKeys(timeout: nil) == [.down, .down, .enter])
        #expect(terminal.readKeys(timeout: nil) == [])
        #expect(terminal.readKeys(timeout: .seconds(100)) == [])
    }

    @Test func sentBytesAreDecodedAsATerminalWouldSendThem() {
        let terminal = HeadlessTerminal(width: 80, height: 24)
        terminal.send(bytes: Array("q\u{1B}[B\u{3}漢".utf8))
        terminal.send(bytes: [0x1B])
        #expect(
            terminal.readKeys(timeout: .zero) == [
                .character("q"), .down, .control("c"), .character("漢"), .escape,
            ])
    }

    @Test func aUIWrittenAgainstTheProtocolRunsOnIt() {
        /// A tiny UI: a list with a movable highlight, quit with q.
        func run(on device: some TerminalDevice) {
            var selected = 0
            while true {
                var frame = ScreenBuffer(width: device.size.width, height: device.size.height)
                for row in 0..<3 {
                    frame.write(
                        pad("Item \(row + 1)", toWidth: frame.width), x: 0, y: row,
                        style: row == selected ? TextStyle(inverse: true) : .plain)
                }
                device.present(frame)
                let keys = device.readKeys(timeout: .milliseconds(100))
                if keys.isEmpty || keys.contains(.character("q")) { return }
                for key in keys {
                    if key == .down { selected = min(selected + 1, 2) }
                    if key == .up { selected = max(selected - 1, 0) }
                }
            }
        }
        let terminal = HeadlessTerminal(width: 12, height: 4)
        terminal.send(.down, .down, .up)
        run(on: terminal)
        #expect(
            terminal.screen.styledText == """
                Item 1
                [inverse]Item 2      [/]
                Item 3

                """)
        #expect(terminal.frames.count == 2)
    }
}

@Suite("Without color (NO_COLOR)")
struct NoColorTests {
    /// A screen with colors and attributes: a red favorite, an inverse selected row, dim text.
    func frame() -> ScreenBuffer {
        var frame = ScreenBuffer(width: 24, height: 3)
        frame.write("♥ Banana Bread", x: 0, y: 0, style: TextStyle(foreground: .red, bold: true))
        frame.write("Apple Pie", x: 0, y: 1, style: TextStyle(background: .blue, inverse: true))
        frame.write("Prep 10 min", x: 0, y: 2, style: TextStyle(foreground: .brightBlack, dim: true))
        return frame
    }

    /// The SGR parameters of every `ESC [ … m` in `output`.
    func sgrParameters(_ output: String) -> [Int] {
        var parameters: [Int] = []
        var rest = Substring(output)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { $0.isLetter }) else { break }
            if rest[end] == "m" { parameters += rest[..<end].split(separator: ";").compactMap { Int($0) } }
            rest = rest[rest.index(after: end)...]
        }
        return parameters
    }

    @Test func noColorSendsTheSameTextAndAttributesWithoutAnyColor() {
        let colored = HeadlessTerminal(width: 24, height: 3)
        colored.present(frame())
        let monochrome = HeadlessTerminal(width: 24, height: 3)
        monochrome.usesColor = false
        monochrome.present(frame())
        let isColor = { (parameter: Int) in (30...49).contains(parameter) || (90...107).contains(parameter) }
        #expect(
            sgrParameters(colored.lastFrameOutput).contains(where: isColor), "the colored frame has colors")
        #expect(!sgrParameters(monochrome.lastFrameOutput).contains(where: isColor))
        // What color said is still there: the text, bold, the inverse row, dim.
        let parameters = Set(sgrParameters(monochrome.lastFrameOutput))
        #expect(parameters.isSuperset(of: [1, 2, 7]))
        #expect(monochrome.lastFrameOutput.contains("♥ Banana Bread"))
        // Changing a style's colors alone sends nothing.
        var recolored = frame()
        recolored.write("♥ Banana Bread", x: 0, y: 0, style: TextStyle(foreground: .green, bold: true))
        monochrome.present(recolored)
        #expect(monochrome.lastFrameOutput.isEmpty)
    }

    @Test func noColorIsAskedForByANonEmptyVariable() {
        #expect(Terminal.wantsColor(noColor: nil))
        #expect(Terminal.wantsColor(noColor: ""))
        #expect(!Terminal.wantsColor(noColor: "1"))
    }
}
