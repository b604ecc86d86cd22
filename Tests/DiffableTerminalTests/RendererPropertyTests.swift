import DiffableTerminal
import TestTraits
import Testing

/// The renderer's oracle: replaying its output on a terminal (the VT emulator) that shows the
/// previous frame must show the new frame exactly, whatever the frames. Seeded; set
/// `DIFFABLE_SEED` to replay a printed seed.
@Suite("Renderer properties", .computeBound)
struct RendererPropertyTests {
    /// How many random frame sequences each test checks.
    private static let sequenceCount = 300
    /// How many frames each sequence has.
    private static let framesPerSequence = 6

    @Test(arguments: [true, false])
    func replayingTheOutputOnTheLastFrameGivesTheNewFrame(autoWrap: Bool) {
        var failures = 0
        for seed in SeededRandom.seeds(count: Self.sequenceCount) {
            if let problem = Self.replay(seed: seed, autoWrap: autoWrap, scrolling: false).problem {
                Issue.record("DIFFABLE_SEED=\(seed) (auto-wrap \(autoWrap ? "on" : "off")): \(problem)")
                failures += 1
                if failures == 3 { break }
            }
        }
    }

    /// Frames where a band of rows moved (a list scrolled between a fixed header and footer,
    /// by one row or by many, up or down, with a few other cells changed) exercise the scroll
    /// path: DECSTBM, SU or SD, and the cell diff against the scrolled screen.
    @Test(arguments: [true, false])
    func replayingScrolledFramesOnTheLastFrameGivesTheNewFrame(autoWrap: Bool) {
        var failures = 0
        var scrolls = 0
        var scrolledFrames = 0
        for seed in SeededRandom.seeds(count: Self.sequenceCount) {
            let result = Self.replay(seed: seed, autoWrap: autoWrap, scrolling: true)
            scrolls += result.scrolls
            scrolledFrames += result.scrolledFrames
            if let problem = result.problem {
                Issue.record("DIFFABLE_SEED=\(seed) (auto-wrap \(autoWrap ? "on" : "off")): \(problem)")
                failures += 1
                if failures == 3 { break }
            }
        }
        // Not every shifted frame is worth a scroll (a one-row band, a tiny screen, new rows
        // that are mostly blank), but most must be, or this test checks little.
        #expect(scrolls * 2 > scrolledFrames, "\(scrolls) scrolls in \(scrolledFrames) scrolled frames")
    }

    @Test func renderingTheSameFrameAgainWritesNothing() {
        for seed in SeededRandom.seeds(count: 50) {
            var random = SeededRandom(seed: seed)
            let (width, height) = RandomFrames.size(using: &random)
            let frame = RandomFrames.frame(width: width, height: height, using: &random)
            var renderer = ScreenDiffRenderer()
            _ = renderer.render(frame)
            #expect(renderer.render(frame) == "", "DIFFABLE_SEED=\(seed)")
        }
    }

    @Test func smallEditsCostLessThanAFullRepaint() {
        for seed in SeededRandom.seeds(count: 50) {
            var random = SeededRandom(seed: seed)
            var frame = RandomFrames.frame(width: 80, height: 24, using: &random)
            frame.write(String(repeating: "x", count: 80), x: 0, y: 0)
            var renderer = ScreenDiffRenderer()
            let full = renderer.render(frame).utf8.count
            frame.write(
                RandomFrames.text(length: 10, using: &random), x: Int.random(in: 0..<70, using: &random), y: 0
            )
            let update = renderer.render(frame).utf8.count
            #expect(update < full, "DIFFABLE_SEED=\(seed): update \(update) bytes, full repaint \(full)")
        }
    }

    /// Renders a random sequence of frames from `seed` onto an emulator that starts with
    /// garbage on screen, and describes the first way the emulator's screen differs from the
    /// frame, or the scroll region is not reset at the end of a frame, or `nil`; with
    /// `scrolling`, most frames are the last one with a band of rows shifted. Also counts the
    /// frames that shifted a band and the frames whose output scrolled.
    private static func replay(
        seed: UInt64, autoWrap: Bool, scrolling: Bool
    ) -> (problem: String?, scrolledFrames: Int, scrolls: Int) {
        var scrolledFrames = 0
        var scrolls = 0
        var random = SeededRandom(seed: seed)
        var (width, height) = RandomFrames.size(using: &random)
        var emulator = VTEmulator(
            width: width, height: height, fill: ["?", " ", "#"].randomElement(using: &random)!,
            cursorX: Int.random(in: 0..<width, using: &random),
            cursorY: Int.random(in: 0..<height, using: &random),
            pen: RandomFrames.styles.randomElement(using: &random)!, autoWrap: autoWrap)
        var renderer = ScreenDiffRenderer()
        var frame = RandomFrames.frame(width: width, height: height, using: &random)
        var previous: ScreenBuffer?
        for step in 0..<framesPerSequence {
            if step > 0 && scrolling && Int.random(in: 0..<4, using: &random) != 0 {
                frame = RandomFrames.scrolled(frame, using: &random)
                scrolledFrames += 1
            } else if step > 0 {
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<12:
                    RandomFrames.edit(
                        &frame, operations: Int.random(in: 1...4, using: &random), using: &random)
                case 12..<16:
                    frame = RandomFrames.frame(width: width, height: height, using: &random)
                case 16..<18:
                    (width, height) = RandomFrames.size(using: &random)
                    emulator.resize(width: width, height: height)
                    frame = RandomFrames.frame(width: width, height: height, using: &random)
                default:
                    renderer.invalidate()
                }
            }
            frame._checkInvariants()
            let output = renderer.render(frame)
            if output.contains("S\u{1B}[r") || output.contains("T\u{1B}[r") { scrolls += 1 }
            emulator.feed(output)
            let mismatches = emulator.mismatches(with: frame)
            if !mismatches.isEmpty || !emulator.problems.isEmpty || emulator.pen != .plain
                || !emulator.hasFullScrollRegion || renderer.lastFrameByteCount != output.utf8.count
            {
                let problem = """
                    frame \(step) (\(width)×\(height)): \(mismatches.joined(separator: "; "))
                    problems: \(emulator.problems)
                    pen at the end: \(emulator.pen)
                    previous frame:
                    \(previous.map(String.init(describing:)) ?? "none")
                    frame:
                    \(frame)
                    scroll region: \(emulator.scrollTop)..<\(emulator.scrollBottom)
                    output: \(output.debugDescription)
                    """
                return (problem, scrolledFrames, scrolls)
            }
            previous = frame
        }
        return (nil, scrolledFrames, scrolls)
    }
}
