#if Postgres
    import Diffable
    import DiffablePostgres
    import StoreTestSupport
    import Foundation

    /// A throwaway PostgreSQL server for the tests: one per test process, made by `initdb` in a
    /// temporary folder, with `wal_level = logical`, on loopback, on a port of its own, and
    /// stopped when the process exits. Each test takes a database of its own on it.
    ///
    /// Connections over TCP need the password (`scram-sha-256`, so a wrong one is refused);
    /// `psql` comes in through the folder's socket.
    final class TestCluster: Sendable {
        static let password = "diffable-test"

        /// The cluster the tests share, made by the first test that asks; a failure to make it
        /// names what is missing.
        static var shared: TestCluster {
            get async { await sharedCluster.value }
        }

        private static let sharedCluster = Task {
            do {
                let cluster = try await TestCluster(walLevel: "logical")
                // At exit, Foundation's Process cannot wait for a child: `system` waits itself.
                atexit {
                    let prefix = getuid() == 0 ? "/usr/sbin/runuser -u postgres -- " : ""
                    for directory in TestCluster.clusters.withLock({ $0 }) {
                        _ = system(
                            "\(prefix)\(TestCluster.binaries)/pg_ctl -D \(directory)/data -m immediate stop >/dev/null 2>&1; rm -rf \(directory)"
                        )
                    }
                }
                return cluster
            } catch {
                fatalError("\(error)")
            }
        }

        /// Folders of the clusters made, removed at exit.
        static let clusters = _Lock<[String]>([])

        let directory: String
        let port: Int
        private let databases = _Lock(0)

        /// The folder of PostgreSQL's programs: `DIFFABLE_POSTGRES_BIN`, or Debian's.
        static let binaries: String = {
            if let path = ProcessInfo.processInfo.environment["DIFFABLE_POSTGRES_BIN"] { return path }
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
            for version in versions.sorted(by: >)
            where FileManager.default.fileExists(atPath: "/usr/lib/postgresql/\(version)/bin/initdb") {
                return "/usr/lib/postgresql/\(version)/bin"
            }
            return "/usr/lib/postgresql/15/bin"
        }()

        /// Makes and starts a cluster.
        init(walLevel: String) async throws {
            guard FileManager.default.fileExists(atPath: Self.binaries + "/initdb") else {
                throw ClusterError(
                    "no PostgreSQL server programs in \(Self.binaries): apt-get install postgresql-15, or set DIFFABLE_POSTGRES_BIN"
                )
            }
            directory = NSTemporaryDirectory() + "diffable-pg-" + UUID().uuidString.prefix(8)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            Self.clusters.withLock { [directory] in $0.append(directory) }
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory)
            let passwordFile = directory + "/password"
            try Self.password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwordFile)
            try Self.check(
                await Self.run(
                    [
                        Self.binaries + "/initdb", "-D", directory + "/data", "-U", "postgres",
                        "--auth-local=trust",
                        "--auth-host=scram-sha-256", "--pwfile=" + passwordFile, "--no-sync",
                    ], asServerUser: true), "initdb")
            var port = 0
            for _ in 0..<20 {
                port = Int.random(in: 20_000..<60_000)
                let settings = [
                    "-c wal_level=\(walLevel)", "-c listen_addresses=127.0.0.1", "-p \(port)",
                    "-k \(directory)", "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off",
                    "-c max_replication_slots=64", "-c max_connections=200",
                ]
                let started = try await Self.run(
                    [
                        Self.binaries + "/pg_ctl", "-D", directory + "/data", "-l", directory + "/log", "-w",
                        "-o",
                        settings.joined(separator: " "), "start",
                    ], asServerUser: true)
                if started.status == 0 { break }
                port = 0
            }
            guard port != 0 else { throw ClusterError("PostgreSQL did not start; see \(directory)/log") }
            self.port = port
        }

        /// A new, empty database, and how to reach it.
        func makeDatabase() async throws -> PostgresStore.Configuration {
            let name = databases.withLock {
                $0 += 1
                return "test_\(ProcessInfo.processInfo.processIdentifier)_\($0)"
            }
            _ = try await psql("postgres", "CREATE DATABASE \(name)")
            // The store's deadlines are for a server that stopped answering: under a sanitizer a
            // connection that answers can take longer than the default ten seconds to be made.
            return PostgresStore.Configuration(
                host: "127.0.0.1", port: port, username: "postgres", password: Self.password, database: name,
                connectTimeout: .seconds(10) * sanitizerWaitFactor,
                statementTimeout: .seconds(30) * sanitizerWaitFactor)
        }

        /// Runs SQL through `psql`, another process; returns what it printed (unaligned, no
        /// headers).
        @discardableResult
        func psql(_ database: String, _ sql: String) async throws -> String {
            let result = try await Self.run(
                [
                    Self.binaries + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", directory,
                    "-p",
                    "\(port)", "-U", "postgres", "-d", database, "-c", sql,
                ], asServerUser: false)
            try Self.check(result, "psql \(sql)")
            return result.output
        }

        /// Stops the server (`fast`: sessions are ended), and starts it again.
        func restart() async throws {
            try Self.check(
                await Self.run(
                    [Self.binaries + "/pg_ctl", "-D", directory + "/data", "-m", "fast", "-w", "restart"],
                    asServerUser: true), "pg_ctl restart")
        }

        /// Stops every process of the server with `SIGSTOP`: a database that stops answering (a
        /// failover, a long lock, a paused VM). Connections stay open; nothing answers.
        func pause() async throws { try await signal("STOP") }

        /// Lets a paused server go on (`SIGCONT`).
        func resume() async throws { try await signal("CONT") }

        /// Sends `signal` to the server and every process it started.
        private func signal(_ signal: String) async throws {
            let pidFile = readText(ofFile: directory + "/data/postmaster.pid")
            guard let postmaster = pidFile.split(separator: "\n").first.map(String.init) else {
                throw ClusterError("no postmaster.pid in \(directory)/data")
            }
            try Self.check(
                await Self.run(
                    ["/bin/sh", "-c", "kill -\(signal) \(postmaster) $(pgrep -P \(postmaster))"],
                    asServerUser: false), "kill -\(signal)")
        }

        /// Stops the server; its folder goes at exit.
        func stop() async throws {
            try Self.check(
                await Self.run(
                    [Self.binaries + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "-w", "stop"],
                    asServerUser: true), "pg_ctl stop")
        }

        struct ClusterError: Error, CustomStringConvertible {
            var description: String
            init(_ description: String) { self.description = description }
        }

        static func check(_ result: (status: Int32, output: String), _ what: String) throws {
            guard result.status == 0 else { throw ClusterError("\(what) failed: \(result.output)") }
        }

        /// Runs a program and waits; as the `postgres` user when the tests run as root, since
        /// PostgreSQL's programs refuse root. The program inherits none of this process's
        /// descriptors (`runProgram`): a server it starts must not hold the tests' sockets.
        static func run(_ arguments: [String], asServerUser: Bool) async throws -> (
            status: Int32, output: String
        ) {
            let outputPath = NSTemporaryDirectory() + "diffable-pg-output-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: outputPath) }
            let command =
                (asServerUser && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : [])
                + arguments
            let status = try await runProgram(command, outputPath: outputPath)
            let text = readText(ofFile: outputPath)
            return (status, text)
        }
    }
#endif
