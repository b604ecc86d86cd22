import ArgumentParser
import BenchmarkOptions

/// The benchmark's command line (the server it starts in a second process has its own, `serve`).
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes-load", abstract: "`recipes serve` under many pages and writes.")

    @Option(help: "The numbers of recipes, separated by commas.")
    var recipes = CommaSeparatedCounts([40, 100_000, 1_000_000])

    @Option(help: "The numbers of pages, separated by commas.")
    var pages = CommaSeparatedCounts([1, 100, 1_000])

    @Option(help: "Writes timed per case.")
    var writes = 20

    @Flag(help: "Skip the baseline without sharing.")
    var noBaseline = false

    @Flag(help: "Every page types a search of its own (writes concern the first page's search).")
    var distinctSearches = false

    func validate() throws {
        guard writes >= 1 else { throw ValidationError("--writes must be at least 1") }
    }
}
