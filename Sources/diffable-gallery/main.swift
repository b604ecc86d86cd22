// diffable-gallery: every layout and interaction of DiffableTerminal, on generated data.
//
//   swift run --traits Demos diffable-gallery            # on this terminal
//   swift run --traits Demos diffable-gallery --rows 500 # a smaller last section
//   swift run --traits Demos diffable-gallery --no-mouse # leave the mouse to the terminal
//   swift run --traits Demos diffable-gallery --roster   # the table view: a roster to edit
#if Demos
    import ArgumentParser
    import DiffableGallery
    import DiffableTerminal
    import Foundation

    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diffable-gallery",
            abstract: "Every layout and interaction of DiffableTerminal, on generated data.")

        @Option(help: "How many rows the last section has.")
        var rows = 1_000_000

        @Flag(help: "Leave the mouse to the terminal (to select text).")
        var noMouse = false

        @Flag(help: "Show the table view instead: a basketball roster to edit.")
        var roster = false

        func validate() throws {
            guard rows >= 0 else { throw ValidationError("the number of rows cannot be negative") }
        }
    }

    let options = Options.parseOrExit()
    let terminal = Terminal()
    terminal.capturesMouse = !options.noMouse
    do {
        try terminal.enter()
    } catch {
        FileHandle.standardError.write(
            Data("diffable-gallery needs an interactive terminal: \(error)\n".utf8))
        exit(1)
    }
    if options.roster {
        await Roster(device: terminal).run()
    } else {
        await Gallery(device: terminal, rowCount: options.rows).run()
    }
    terminal.restore()
#else
    import Foundation

    FileHandle.standardError.write(
        Data("diffable-gallery needs the Demos trait: swift run --traits Demos diffable-gallery\n".utf8))
    exit(2)
#endif
