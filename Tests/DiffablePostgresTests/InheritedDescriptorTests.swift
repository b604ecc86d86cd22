#if Postgres
    import Foundation
    import StoreTestSupport
    import Testing

    /// Regression test for the suite's stall: a PostgreSQL server a test started or restarted
    /// kept the descriptors of every socket the test process had open at that moment (SwiftNIO's
    /// sockets are not close-on-exec), so a WebSocket the web tests closed never reached its end
    /// and its test waited forever, every thread idle.
    @Suite("Programs the tests start")
    struct InheritedDescriptorTests {
        @Test func aProgramTheTestsStartInheritsNoDescriptor() async throws {
            // A socket as SwiftNIO opens one: without close-on-exec. Moved above the lowest free
            // descriptor, which the child's listing of its folder takes (3, when the test
            // process had nothing else open).
            let opened = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #expect(opened >= 3)
            let socket = fcntl(opened, F_DUPFD, 200)
            close(opened)
            #expect(socket >= 200)
            defer { close(socket) }
            #expect(fcntl(socket, F_GETFD) & FD_CLOEXEC == 0)
            let output = NSTemporaryDirectory() + "diffable-fds-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: output) }
            let status = try await runProgram(["/bin/ls", "/proc/self/fd"], outputPath: output)
            #expect(status == 0)
            let descriptors = readText(ofFile: output)
                .split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
            #expect(!descriptors.contains(socket), "the child has \(descriptors)")
            #expect(
                descriptors == [0, 1, 2, 3], "its three streams and the folder it lists, not \(descriptors)")
        }

        @Test func theExitStatusAndASignalAreReported() async throws {
            let output = NSTemporaryDirectory() + "diffable-status-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: output) }
            #expect(try await runProgram(["/bin/sh", "-c", "exit 3"], outputPath: output) == 3)
            #expect(try await runProgram(["/bin/sh", "-c", "kill -9 $$"], outputPath: output) == 128 + 9)
        }
    }
#endif
