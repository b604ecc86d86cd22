// swift-tools-version: 6.1
// Benchmarks for Diffable, kept out of the library's package so its users never fetch them.
//
//   swift run -c release --package-path Benchmarks diffable-compare   # the comparison table
//   swift run -c release --package-path Benchmarks diffable-apply     # data source: main-actor time
//   swift run -c release --package-path Benchmarks diffable-scroll    # terminal view: frame time, bytes
//   swift run -c release --package-path Benchmarks diffable-edits     # single edits against Array
//   swift run -c release --package-path Benchmarks diffable-store     # the store on SQLite
//   swift run -c release --package-path Benchmarks diffable-postgres  # the store on PostgreSQL
//   swift run -c release --package-path Benchmarks recipes-latency    # the Recipes app: key to frame
//   swift run -c release --package-path Benchmarks recipes-load       # recipes serve: many pages, writes
//   Benchmarks/web/run.sh                                             # the browser view in Chromium
//   swift package --package-path Benchmarks benchmark                 # ordo-one/benchmark suite
import PackageDescription

let package = Package(
    name: "DiffableBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Diffable", path: "..", traits: ["GRDB", "Web", "Postgres"]),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(name: "Recipes", path: "../Examples/Recipes"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // What the executables' command lines share.
        .target(
            name: "BenchmarkOptions",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .target(
            name: "BenchmarkScenarios",
            dependencies: [
                .product(name: "Diffable", package: "Diffable"),
                .product(name: "DiffableTesting", package: "Diffable"),
            ]
        ),
        .executableTarget(
            name: "diffable-compare",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"), "BenchmarkScenarios",
            ]),
        .executableTarget(
            name: "diffable-apply",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"), "BenchmarkScenarios",
                "CMallocInfo",
                .product(name: "DiffableTesting", package: "Diffable"),
            ]
        ),
        .executableTarget(
            name: "diffable-edits",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"), "BenchmarkScenarios",
                .product(name: "Diffable", package: "Diffable"),
            ]),
        .target(name: "CMallocInfo"),
        .executableTarget(
            name: "diffable-store",
            dependencies: [
                "BenchmarkOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "BenchmarkScenarios", "CMallocInfo", .product(name: "DiffableGRDB", package: "Diffable"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .executableTarget(
            name: "diffable-postgres",
            dependencies: [
                "BenchmarkOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "BenchmarkScenarios", .product(name: "DiffablePostgres", package: "Diffable"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "recipes-latency",
            dependencies: [
                "BenchmarkOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "RecipesCore", package: "Recipes"),
                .product(name: "RecipesTerminal", package: "Recipes"),
                .product(name: "RecipeStore", package: "Recipes"),
                .product(name: "DiffableTerminal", package: "Diffable"),
            ]),
        // The server under many pages: it starts itself as the server, and the pages are its
        // WebSocket clients.
        .executableTarget(
            name: "recipes-load",
            dependencies: [
                "BenchmarkOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "RecipesWeb", package: "Recipes"),
                .product(name: "RecipeStore", package: "Recipes"),
                .product(name: "RecipeKit", package: "Recipes"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                // The floor server writes on its channels' event loops, as DiffableWeb does.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "diffable-scroll",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "DiffableTerminal", package: "Diffable"),
            ]
        ),
        // The server of the browser benchmark (Benchmarks/web drives Chromium against it).
        .executableTarget(
            name: "diffable-web-bench",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "DiffableWeb", package: "Diffable"),
                .product(name: "DiffableTesting", package: "Diffable"),
            ]),
        .executableTarget(
            name: "DiffableBenchmarks",
            dependencies: ["BenchmarkScenarios", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/DiffableBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
