#if GRDB && canImport(Glibc)
    import Foundation
    import Synchronization
    import Testing

    @testable import DiffableGRDB

    @Suite("File watcher")
    struct FileWatcherTests {
        @Test func writingAFileInTheDirectoryCallsBack() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let counter = Counter()
            let watcher = try #require(_FileWatcher(directory: directory.path) { counter.add() })
            defer { watcher.stop() }
            try Data("x".utf8).write(to: directory.appendingPathComponent("file"))
            for _ in 0..<300 where counter.value == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(counter.value > 0)
        }

        final class Counter: Sendable {
            private let count = Atomic(0)
            func add() { count.add(1, ordering: .relaxed) }
            var value: Int { count.load(ordering: .relaxed) }
        }
    }
#endif
