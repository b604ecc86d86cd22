// recipes: the diffable data source sample app in the terminal, on SQLite, and its command line.
//
//   recipes [--database PATH] [--no-mouse]     the app (q or Ctrl-C quits)
//   recipes [--database PATH] import FILE      add the recipes of a JSON file, all or none
//   recipes [--database PATH] export [FILE]    write every recipe as JSON (to standard output)
//   recipes [--database PATH] generate N       add N made-up recipes, for scale
//   recipes [--database PATH] check            PRAGMA integrity_check, and the counts

import DiffableTerminal
import Foundation
import RecipeKit
import RecipeStore
import RecipesTerminal

let usage = """
    usage: recipes [--database PATH] [--no-mouse]
           recipes [--database PATH] import FILE.json
           recipes [--database PATH] export [FILE.json]
           recipes [--database PATH] generate N
           recipes [--database PATH] check

    The database is \(RecipeDatabase.defaultPath()) unless --database says otherwise;
    a new one starts with forty recipes.
    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("recipes: \(message)\n".utf8))
    exit(status)
}

var path = RecipeDatabase.defaultPath()
var capturesMouse = true
var command: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--database":
        guard let value = arguments.popFirst() else { fail("--database needs a path\n\(usage)", status: 2) }
        path = value
    case "--no-mouse": capturesMouse = false
    case "-h", "--help":
        print(usage)
        exit(0)
    default: command.append(argument)
    }
}

let database: RecipeDatabase
do {
    database = try RecipeDatabase(path: path)
} catch {
    fail("cannot open \(path): \(error)")
}

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
        let count = try database.importFile(Array(data))
        print("Imported \(count) recipe\(count == 1 ? "" : "s") into \(path).")
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
    do { try database.export(to: output) } catch { fail("export failed: \(error)") }
case "generate":
    guard command.count == 2, let count = Int(command[1]), count >= 0 else {
        fail("generate takes a number of recipes\n\(usage)", status: 2)
    }
    let start = Date()
    do {
        let first = try database.counts().all + 1
        try database.generate(count: count, startingAt: first) { done in
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
        let result = try database.integrityCheck()
        let counts = try database.counts()
        print("integrity_check: \(result.joined(separator: "; "))")
        print(
            "recipes: \(counts.all), favorites: \(counts.favorites), collections: \(counts.collections.count)"
        )
        if result != ["ok"] { exit(1) }
    } catch {
        fail("check failed: \(error)")
    }
default:
    fail("unknown command \(command[0])\n\(usage)", status: 2)
}
