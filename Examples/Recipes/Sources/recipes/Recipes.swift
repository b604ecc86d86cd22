// recipes: the diffable data source sample app in the terminal, on SQLite or PostgreSQL, and its
// command line (`recipes --help`).

import ArgumentParser
import DiffableTerminal
import Foundation
import RecipeKit
import RecipeStore
import RecipesTerminal
import RecipesWeb

@main
struct Recipes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apple's Recipes sample for diffable data sources, in the terminal and the browser.",
        discussion: """
            Without a command, runs the app in the terminal (q or Ctrl-C quits). The database is \
            \(RecipeDatabase.defaultPath()) unless --database says otherwise, or PostgreSQL at \
            --postgres (wal_level = logical), which several servers may share; a new one is \
            migrated and starts with forty recipes.
            """,
        subcommands: [Import.self, Export.self, Generate.self, Check.self, Serve.self])

    @OptionGroup var store: StoreOptions

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (to select text).")
    var noMouse = false

    func run() async throws {
        try await Self.runApp(on: try await store.open(), capturesMouse: !noMouse)
    }

    @MainActor
    static func runApp(on database: any RecipeStorage, capturesMouse: Bool) async throws {
        let terminal = Terminal()
        terminal.capturesMouse = capturesMouse
        do {
            try terminal.enter()
        } catch {
            throw failure("the app needs an interactive terminal (\(error)); see --help for the commands")
        }
        let app = RecipesApp(device: terminal, database: database)
        await app.run()
        terminal.restore()
    }
}

/// Which database: a SQLite file or a PostgreSQL URL.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The SQLite database.", valueName: "path"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database instead, as postgres://user:password@host:port/database.",
            valueName: "url"))
    var postgres: String?

    func validate() throws {
        if database != nil, postgres != nil {
            throw ValidationError("give --database or --postgres, not both")
        }
        if let postgres, !(postgres.hasPrefix("postgres://") || postgres.hasPrefix("postgresql://")) {
            throw ValidationError("--postgres needs a postgres://user:password@host:port/database URL")
        }
    }

    /// Opens (and makes, migrates and seeds when new) the database.
    func open() async throws -> any RecipeStorage {
        do {
            if let postgres { return try await PostgresRecipeDatabase(url: postgres) }
            return try RecipeDatabase(path: database ?? RecipeDatabase.defaultPath())
        } catch {
            throw failure("cannot open \(location): \(error)")
        }
    }

    /// The database, for messages: a URL without its password.
    var location: String {
        guard let postgres else { return database ?? RecipeDatabase.defaultPath() }
        guard var components = URLComponents(string: postgres), components.password != nil else {
            return postgres
        }
        components.password = nil
        return components.string ?? postgres
    }
}

/// The subcommands' access to the options given before them (`recipes --database PATH import`).
protocol StoreCommand: AsyncParsableCommand {
    var recipes: Recipes { get }
}

extension StoreCommand {
    var store: StoreOptions { recipes.store }
}

struct Import: StoreCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add the recipes of a JSON file: all of them, or on the first error none.")
    @ParentCommand var recipes: Recipes
    @Argument(help: ArgumentHelp("The file.", valueName: "file.json")) var file: String

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw failure("cannot read \(file)")
        }
        let database = try await store.open()
        do {
            let count = try await database.importFile(Array(data), now: Date())
            print("Imported \(count) recipe\(count == 1 ? "" : "s") into \(store.location).")
        } catch {
            throw failure("\(file): \(error); nothing was imported")
        }
    }
}

struct Export: StoreCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every recipe as an import file, to standard output unless a file is given.")
    @ParentCommand var recipes: Recipes
    @Argument(help: ArgumentHelp("The file.", valueName: "file.json")) var file: String?

    func run() async throws {
        let database = try await store.open()
        let output: FileHandle
        if let file {
            guard FileManager.default.createFile(atPath: file, contents: nil),
                let handle = FileHandle(forWritingAtPath: file)
            else { throw failure("cannot write \(file)") }
            output = handle
        } else {
            output = FileHandle.standardOutput
        }
        do { try await database.export(to: output) } catch { throw failure("export failed: \(error)") }
    }
}

struct Generate: StoreCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add made-up recipes, for scale, in one transaction.")
    @ParentCommand var recipes: Recipes
    @Argument(help: "How many.") var count: Int

    func validate() throws {
        guard count >= 0 else { throw ValidationError("the number of recipes cannot be negative") }
    }

    func run() async throws {
        let database = try await store.open()
        let start = Date()
        let count = count
        do {
            let first = try await database.counts(now: Date()).all + 1
            try await database.generate(count: count, startingAt: first, now: Date()) { done in
                FileHandle.standardError.write(Data("\r\(done.formatted()) of \(count.formatted())".utf8))
            }
        } catch {
            throw failure("generate failed, nothing was added: \(error)")
        }
        let seconds = Date().timeIntervalSince(start)
        FileHandle.standardError.write(Data("\r".utf8))
        print("Added \(count.formatted()) recipes in \(String(format: "%.1f", seconds)) s.")
    }
}

struct Check: StoreCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Check the database (SQLite's integrity_check; on PostgreSQL, the counts), and print the counts.")
    @ParentCommand var recipes: Recipes

    func run() async throws {
        let database = try await store.open()
        let result: [String]
        let counts: RecipeCounts
        do {
            result = try await database.integrityCheck()
            counts = try await database.counts(now: Date())
        } catch {
            throw failure("check failed: \(error)")
        }
        print("integrity_check: \(result.joined(separator: "; "))")
        print(
            "recipes: \(counts.all), favorites: \(counts.favorites), collections: \(counts.collections.count)"
        )
        if result != ["ok"] { throw ExitCode.failure }
    }
}

struct Serve: StoreCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the app to browsers, at the URL it prints.",
        discussion: "An address other than loopback needs the token in that URL.")
    @ParentCommand var recipes: Recipes
    @Option(help: "The port.") var port = 8080
    @Option(help: "The address to listen on.") var host = "127.0.0.1"

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port needs a port number, 0 to 65535")
        }
    }

    func run() async throws {
        useTwoMallocArenas()
        let database = try await store.open()
        do {
            try await serveRecipes(database: database, host: host, port: port) { url in
                // Unbuffered, so that a script waiting for this line sees it at once.
                FileHandle.standardOutput.write(Data("Serving Recipes at \(url)\n".utf8))
            }
        } catch {
            throw failure("cannot serve on \(host):\(port): \(error)")
        }
    }
}

/// Says what went wrong on standard error, as `recipes: message`, and exits with status 1.
func failure(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("recipes: \(message)\n".utf8))
    return .failure
}
