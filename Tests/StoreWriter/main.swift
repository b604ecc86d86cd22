// Writes to a database from another process, for DiffableGRDB's tests:
//
//   diffable-store-writer DATABASE SQL...          runs the statements in one transaction
//   diffable-store-writer DATABASE --hold SQL...   runs them, prints "holding", and never commits
//   diffable-store-writer DATABASE --hold --exclusive SQL...   the same in an exclusive transaction
//
// The second form is killed with SIGKILL by the tests, in the middle of its transaction.
#if GRDB
    import Foundation
    import GRDB

    var arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count >= 2 else {
        FileHandle.standardError.write(Data("usage: diffable-store-writer DATABASE [--hold] SQL...\n".utf8))
        exit(2)
    }
    let path = arguments.removeFirst()
    let holds = arguments.first == "--hold"
    if holds { arguments.removeFirst() }
    let exclusive = arguments.first == "--exclusive"
    if exclusive { arguments.removeFirst() }
    do {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let database = try DatabaseQueue(path: path, configuration: configuration)
        try database.writeWithoutTransaction { db in
            try db.execute(sql: exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE")
            for statement in arguments { try db.execute(sql: statement) }
            if holds {
                FileHandle.standardOutput.write(Data("holding\n".utf8))
                while true { sleep(60) }
            }
            try db.execute(sql: "COMMIT")
        }
    } catch {
        FileHandle.standardError.write(Data("diffable-store-writer: \(error)\n".utf8))
        exit(1)
    }
#else
    print("diffable-store-writer: built without the GRDB trait")
#endif
