// What the store tests of every backend share: a data source on a validating view, an error log,
// waiting for a condition, and starting a program that inherits nothing.
public import Diffable
public import DiffableStore
public import DiffableTesting
import Foundation
public import Testing

/// A data source and the view it drives.
@MainActor
public struct DrivenView {
    public let view = ValidatingCollectionView()
    public let dataSource: CollectionViewDiffableDataSource<String, Int64>

    public init() {
        let registration = CellRegistration<ValidatingCollectionView.Cell, Int64> { cell, _, id in
            cell.text = "\(id)"
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, indexPath, id in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
        }
    }

    /// The items reconfigured since the view's records were last cleared.
    public func reconfiguredItems() -> Set<Int64> {
        Set(
            view.cellConfigurations.filter { $0.kind == .reconfigured }.compactMap {
                dataSource.itemIdentifier(for: $0.indexPath)
            })
    }
}

/// Collects a controller's errors: those its `onError` hears, or those of its `errors()`
/// sequence (every subscriber of a shared controller has its own).
public final class ErrorLog: Sendable {
    private let errors = _Lock<[FetchedResultsError]>([])
    private let recoveries = _Lock(0)

    public init() {}

    public func append(_ error: FetchedResultsError) { errors.withLock { $0.append(error) } }

    /// The errors so far.
    public var all: [FetchedResultsError] { errors.withLock { $0 } }

    /// How many times the controller followed read again after an error.
    public var recoveryCount: Int { recoveries.withLock { $0 } }

    /// Follows a controller's `errors()` from now until it stops.
    @discardableResult
    public func follow<Section, Item>(_ controller: FetchedResultsController<Section, Item>) -> Task<
        Void, Never
    > {
        let errors = controller.errors()
        return Task {
            for await error in errors {
                if let error { append(error) } else { recoveries.withLock { $0 += 1 } }
            }
        }
    }
}

/// Collects what a feed reports.
public final class Diagnostics: Sendable {
    public init() {}
    private let messages = _Lock<[String]>([])
    public func append(_ message: String) { messages.withLock { $0.append(message) } }
    public var all: [String] { messages.withLock { $0 } }
}

/// How many times longer the waits of `eventually` are in a build under a sanitizer
/// (`DIFFABLE_SANITIZER`, set by `.ci/run`): every instruction there costs 5 to 15 times as much,
/// and on two cores a deadline set for a plain build was missed while the change was on its way.
/// The deadlines are there to fail a test whose change never comes, not to time one that does.
public let sanitizerWaitFactor = ProcessInfo.processInfo.environment["DIFFABLE_SANITIZER"] == nil ? 1 : 4

/// Waits, on the main actor, until `condition` holds; fails the test after `timeout` (longer
/// under a sanitizer: `sanitizerWaitFactor`).
@MainActor
public func eventually(
    timeout: Duration = .seconds(10), _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) async rethrows {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout * sanitizerWaitFactor
    // The condition is looked at once more after the deadline: a look that came late because the
    // actor was busy elsewhere does not fail a condition that holds.
    while true {
        if try condition() { return }
        if clock.now >= deadline { break }
        try? await Task.sleep(for: .milliseconds(2))
    }
    Issue.record(comment() ?? "condition not met in time", sourceLocation: sourceLocation)
}

/// Waits, on the main actor, until an asynchronous `condition` holds; fails the test after
/// `timeout` (longer under a sanitizer: `sanitizerWaitFactor`).
@MainActor
public func eventuallyAsync(
    timeout: Duration = .seconds(10), _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async rethrows {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout * sanitizerWaitFactor
    // The condition is looked at once more after the deadline: a look that came late because the
    // actor was busy elsewhere does not fail a condition that holds.
    while true {
        if try await condition() { return }
        if clock.now >= deadline { break }
        try? await Task.sleep(for: .milliseconds(10))
    }
    Issue.record(comment() ?? "condition not met in time", sourceLocation: sourceLocation)
}

/// The view's items, by section.
@MainActor
public func shownItems(_ view: ValidatingCollectionView) -> [[Int64]] {
    view.itemIdentifiers(as: Int64.self)
}

/// What a snapshot shows, by section.
public func items(of snapshot: DiffableDataSourceSnapshot<String, Int64>) -> [[Int64]] {
    snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
}

/// The items a view reconfigures for a change: those shown before and after, in sections that
/// exist before and after, whose content changed (`before` and `after` are every row's content by
/// id).
///
/// - Parameters:
///   - shown: The snapshot before the change.
///   - expected: The items after it, by section; `sections` are their sections.
public func reconfiguredItems<Content: Equatable>(
    shown: DiffableDataSourceSnapshot<String, Int64>, expected: [[Int64]], sections: [String],
    before: [Int64: Content], after: [Int64: Content]
) -> Set<Int64> {
    Set(
        expected.joined().filter { id in
            guard before[id] != after[id], let old = shown.sectionIdentifier(containingItem: id) else {
                return false
            }
            let new = sections[expected.firstIndex { $0.contains(id) }!]
            return sections.contains(old) && shown.contains(section: new)
        })
}

/// Runs a program to its end, with standard input from `/dev/null` and its output (both streams)
/// to `outputPath`; returns its exit status (128 + the signal when one ended it). A thread of its
/// own waits for the program (``waitingOnAThreadOfItsOwn(_:)``).
///
/// The child inherits no other descriptor of this process. The sockets SwiftNIO opens (the web
/// server's, postgres-nio's) are not close-on-exec, so a child started with `system` or
/// Foundation's `Process` keeps them open; a long-lived one — a PostgreSQL server a test starts or
/// restarts — then holds the tests' connections open after they close, and a peer waiting for the
/// end of one (a WebSocket's close) waits forever. That was the suite's stall.
public func runProgram(_ arguments: [String], outputPath: String) async throws -> Int32 {
    try await waitingOnAThreadOfItsOwn { try spawnAndWait(arguments, outputPath: outputPath) }
}

/// Runs `wait` — a call that blocks its thread until another process does something: ends,
/// prints — on a new thread, and returns what it returned. The caller's thread is free meanwhile:
/// the main actor, which runs the tests' views and web sessions, and the cooperative pool (two
/// threads on a 2-core machine). A wait for a child on either stalled every test of the process
/// while a loaded machine ran the child slowly (`initdb` taking tens of seconds).
public func waitingOnAThreadOfItsOwn<T: Sendable>(
    _ wait: @escaping @Sendable () throws -> T
) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result(catching: wait)) }
    }
}

/// Waits for a program started with Foundation's `Process` to end (after a `SIGKILL`, a
/// `terminate()`), on a thread of its own.
public func waitForExit(of process: Process) async {
    _ = try? await waitingOnAThreadOfItsOwn { process.waitUntilExit() }
}

/// What a program started with Foundation's `Process` has written to `pipe` and not yet been
/// read, waiting for it to write something if it has not: read on a thread of its own.
public func availableText(of pipe: Pipe) async -> String {
    let handle = pipe.fileHandleForReading
    let data = (try? await waitingOnAThreadOfItsOwn { handle.availableData }) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

private func spawnAndWait(_ arguments: [String], outputPath: String) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Every descriptor open now, and any opened meanwhile below the highest: glibc's posix_spawn
    // ignores a close of one already closed. (Swift does not import `addclosefrom_np`.)
    let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap {
        Int32($0)
    }
    for descriptor in 3...max(open.max() ?? 3, 3) + 64 {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in environment { free(variable) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environment)
    guard spawned == 0 else {
        throw CocoaError(
            .executableLoad,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))"
            ])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
}

/// The text of a file, read with `read(2)`: `String(contentsOfFile:)` leaks its buffer on Linux
/// (FoundationEssentials' `readBytesFromFile`, reported by LeakSanitizer), and the tests read a
/// program's output after every `psql`.
public func readText(ofFile path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
