// recipes: the diffable data source sample app in the terminal, on SQLite or PostgreSQL, and its
// command line. `--postgres URL` in place of `--database PATH` works with every command.
//
//   recipes [--database PATH] [--no-mouse]     the app (q or Ctrl-C quits)
//   recipes [--database PATH] import FILE      add the recipes of a JSON file, all or none
//   recipes [--database PATH] export [FILE]    write every recipe as JSON (to standard output)
//   recipes [--database PATH] generate N       add N made-up recipes, for scale
//   recipes [--database PATH] check            the integrity of the database, and the counts
//   recipes [--database PATH] serve [--port P] [--host H]   the app in the browser

import DiffableTerminal
import Foundation
import RecipeKit
import RecipeStore
import RecipesTerminal
import RecipesWeb

let usage = """
    usage: recipes [--database PATH | --postgres URL] [--no-mouse]
           recipes [--database PATH] import FILE.json
           recipes [--database PATH] export [FILE.json]
           recipes [--database PATH] generate N
           recipes [--database PATH] check
           recipes [--database PATH] serve [--port PORT] [--host HOST]

    The database is \(RecipeDatabase.defaultPath()) unless --database says otherwise, or
    PostgreSQL at --postgres postgres://user:password@host:port/database (with
    wal_level=logical), which several servers may share; a new one starts with forty recipes. serve shows the app in a browser, at the URL it
    prints (port 8080 and host 127.0.0.1 unless told otherwise; another host needs the token
    in that URL).
    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("recipes: \(message)\n".utf8))
    exit(status)
}

var path = RecipeDatabase.defaultPath()
var postgresURL: String?
var capturesMouse = true
var command: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--database":
        guard let value = arguments.popFirst() else { fail("--database needs a path\n\(usage)", status: 2) }
        path = value
    case "--postgres":
        guard let value = arguments.popFirst() else { fail("--postgres needs a URL\n\(usage)", status: 2) }
        postgresURL = value
    case "--no-mouse": capturesMouse = false
    case "-h", "--help":
        print(usage)
        exit(0)
    default: command.append(argument)
    }
}

/// A URL as it may be shown: without its password.
func withoutPassword(_ url: String) -> String {
    guard var components = URLComponents(string: url), components.password != nil else { return url }
    components.password = nil
    return components.string ?? url
}

let database: any RecipeStorage
do {
    if let postgresURL {
        database = try await PostgresRecipeDatabase(url: postgresURL)
    } else {
        database = try RecipeDatabase(path: path)
    }
} catch {
    fail("cannot open \(postgresURL.map(withoutPassword) ?? path): \(error)")
}
let location = database.location

switch command.first {
case nil:
    let terminal = Terminal()
    terminal.capturesMouse = capturesMouse
    do {
        try terminal.enter()
    } catch {
        fail("the app needs an interactive terminal (\(error)); see --help for the commands")
    }
    let app = RecipesApp(device: terminal, database: database)
    await app.run()
    terminal.restore()
case "import":
    guard command.count == 2 else { fail("import takes one file\n\(usage)", status: 2) }
    let file = command[1]
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    do {
        let count = try await database.importFile(Array(data), now: Date())
        print("Imported \(count) recipe\(count == 1 ? "" : "s") into \(location).")
    } catch let error as RecipeFileError {
        fail("\(file): \(error); nothing was imported")
    } catch {
        fail("\(file): \(error); nothing was imported")
    }
case "export":
    guard command.count <= 2 else { fail("export takes at most one file\n\(usage)", status: 2) }
    let output: FileHandle
    if command.count == 2 {
        guard FileManager.default.createFile(atPath: command[1], contents: nil),
            let handle = FileHandle(forWritingAtPath: command[1])
        else { fail("cannot write \(command[1])") }
        output = handle
    } else {
        output = FileHandle.standardOutput
    }
    do { try await database.export(to: output) } catch { fail("export failed: \(error)") }
case "generate":
    guard command.count == 2, let count = Int(command[1]), count >= 0 else {
        fail("generate takes a number of recipes\n\(usage)", status: 2)
    }
    let start = Date()
    do {
        let first = try await database.counts(now: Date()).all + 1
        try await database.generate(count: count, startingAt: first, now: Date()) { done in
            FileHandle.standardError.write(Data("\r\(done.formatted()) of \(count.formatted())".utf8))
        }
    } catch {
        fail("generate failed, nothing was added: \(error)")
    }
    let seconds = Date().timeIntervalSince(start)
    FileHandle.standardError.write(Data("\r".utf8))
    print("Added \(count.formatted()) recipes in \(String(format: "%.1f", seconds)) s.")
case "check":
    do {
        let result = try await database.integrityCheck()
        let counts = try await database.counts(now: Date())
        print("integrity_check: \(result.joined(separator: "; "))")
        print(
            "recipes: \(counts.all), favorites: \(counts.favorites), collections: \(counts.collections.count)"
        )
        if result != ["ok"] { exit(1) }
    } catch {
        fail("check failed: \(error)")
    }
case "serve":
    var host = "127.0.0.1"
    var port = 8080
    var options = command.dropFirst()
    while let option = options.popFirst() {
        switch option {
        case "--port":
            guard let value = options.popFirst().flatMap(Int.init), (0...65_535).contains(value) else {
                fail("--port needs a port number\n\(usage)", status: 2)
            }
            port = value
        case "--host":
            guard let value = options.popFirst() else { fail("--host needs an address\n\(usage)", status: 2) }
            host = value
        default: fail("unknown option \(option) for serve\n\(usage)", status: 2)
        }
    }
    do {
        try await serveRecipes(database: database, host: host, port: port) { url in
            // Unbuffered, so that a script waiting for this line sees it at once.
            FileHandle.standardOutput.write(Data("Serving Recipes at \(url)\n".utf8))
        }
    } catch {
        fail("cannot serve on \(host):\(port): \(error)")
    }
default:
    fail("unknown command \(command[0])\n\(usage)", status: 2)
}
