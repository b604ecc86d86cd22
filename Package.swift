// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Diffable",
    products: [
        .library(name: "Diffable", targets: ["Diffable"]),
        .library(name: "DiffableTesting", targets: ["DiffableTesting"]),
        .library(name: "DiffableCells", targets: ["DiffableCells"]),
        .library(name: "DiffableTerminal", targets: ["DiffableTerminal"]),
        .executable(name: "diffable-gallery", targets: ["diffable-gallery"]),
        .library(name: "DiffableStore", targets: ["DiffableStore"]),
        .library(name: "DiffableGRDB", targets: ["DiffableGRDB"]),
        .library(name: "DiffablePostgres", targets: ["DiffablePostgres"]),
        .library(name: "DiffableWeb", targets: ["DiffableWeb"]),
        .executable(name: "diffable-web-demo", targets: ["diffable-web-demo"]),
    ],
    // Off by default, so that library users who do not use the store never fetch GRDB.
    traits: [
        .trait(
            name: "GRDB", description: "DiffableGRDB: snapshots from a live SQLite database, through GRDB."),
        .trait(
            name: "Postgres",
            description:
                "DiffablePostgres: snapshots from a live PostgreSQL database, through postgres-nio and logical decoding."
        ),
        .trait(
            name: "Web",
            description:
                "DiffableWeb's server: a collection view in the browser over WebSocket, on Hummingbird."),
        .trait(
            name: "Demos",
            description:
                "The demo executables, diffable-gallery and diffable-web-demo (with Web), with their command lines on swift-argument-parser."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Without Hummingbird's default `ConfigurationSupport`: DiffableWeb reads no
        // swift-configuration, and a user's build should not compile it.
        .package(
            url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1",
            traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Hummingbird's own; named here for the live tests' server (`LiveServer`).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "Diffable"),
        .target(name: "DiffableTesting", dependencies: ["Diffable", "DiffableCells"]),
        // UIKit's cell and list vocabulary (content configurations, accessories, swipe actions,
        // text styles), shared by the terminal, the browser and the apps drawn on both.
        .target(name: "DiffableCells", dependencies: ["Diffable"]),
        .target(name: "DiffableTerminal", dependencies: ["Diffable", "DiffableCells"]),
        // The gallery's model and screens, a library so tests can drive it headless.
        .target(name: "DiffableGallery", dependencies: ["DiffableTerminal"]),
        .executableTarget(
            name: "diffable-gallery",
            dependencies: [
                "DiffableGallery",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["Demos"])),
            ]),
        // Live queries whatever the database: the change feed, the controllers, the exact edits.
        .target(name: "DiffableStore", dependencies: ["Diffable", "DiffableCells"]),
        .target(
            name: "DiffableGRDB",
            dependencies: [
                "Diffable", "DiffableStore",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
                // The raw SQLite API, to read rows without decoding what does not change.
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
            ]),
        .target(
            name: "DiffablePostgres",
            dependencies: [
                "Diffable", "DiffableStore",
                .product(
                    name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
            ]),
        // Writes to a database from another process, for the store's tests.
        .executableTarget(
            name: "diffable-store-writer",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"]))],
            path: "Tests/StoreWriter"),
        // Follows a PostgreSQL database from another process, for the store's tests.
        .executableTarget(
            name: "diffable-postgres-follower", dependencies: ["DiffablePostgres"],
            path: "Tests/PostgresFollower"),
        // The browser view: the view, its cells and its messages build without the trait (the fuzz
        // target and the sanitizer runs use them); the server on Hummingbird needs `Web`.
        .target(
            name: "DiffableWeb",
            dependencies: [
                "Diffable", "DiffableCells",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Web"])),
                .product(
                    name: "HummingbirdWebSocket", package: "hummingbird-websocket",
                    condition: .when(traits: ["Web"])),
                // The frame type and the channel: the pages' texts are written on its event loop.
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Web"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Web"])),
            ],
            resources: [.copy("Client")]),
        // Example pages (a large list, an outline, a grid) for people and the browser tests.
        .executableTarget(
            name: "diffable-web-demo",
            dependencies: [
                "DiffableWeb", "DiffableTesting", "DiffableGRDB",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["Demos"])),
            ]),
        // The trait of the tests that compute for seconds without suspending.
        .target(name: "TestTraits", path: "Tests/TestTraits"),
        .testTarget(name: "DiffableTests", dependencies: ["Diffable", "DiffableTesting", "TestTraits"]),
        .testTarget(
            name: "DiffableStoreTests", dependencies: ["DiffableStore", "DiffableTesting", "TestTraits"]),
        // What the store tests of every backend share.
        .target(
            name: "StoreTestSupport", dependencies: ["Diffable", "DiffableStore", "DiffableTesting"],
            path: "Tests/StoreTestSupport"),
        .testTarget(
            name: "DiffableGRDBTests",
            dependencies: [
                "DiffableGRDB", "DiffableStore", "DiffableTesting", "StoreTestSupport", "DiffableTerminal",
                "diffable-store-writer", "TestTraits",
            ]),
        .testTarget(
            name: "DiffablePostgresTests",
            dependencies: [
                "DiffablePostgres", "DiffableStore", "DiffableTesting", "StoreTestSupport",
                "diffable-postgres-follower",
            ]),
        .testTarget(
            name: "DiffableTerminalTests",
            dependencies: ["DiffableTerminal", "DiffableGallery", "DiffableTesting", "TestTraits"],
            exclude: ["Golden"]),
        .testTarget(
            name: "DiffableWebTests",
            dependencies: [
                "DiffableWeb", "DiffableTesting",
                // The live tests' clients (`LiveServer`): WSClient and URLSession, not
                // HummingbirdTesting, whose AsyncHTTPClient and HTTP/2 they would not use.
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Web"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Web"])),
                .product(
                    name: "HummingbirdWSClient", package: "hummingbird-websocket",
                    condition: .when(traits: ["Web"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Web"])),
                // A test channel for the socket writer.
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["Web"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Web"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["Web"])),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// CI's sanitizer runs (.ci/run) set DIFFABLE_SANITIZE to `thread` or `address`: this package's
// modules are compiled with that sanitizer and its executables and tests link its runtime, in the
// plain build's folder, so the dependencies compiled there (NIO, GRDB, Hummingbird, postgres-nio)
// are used as they are. `swift build --sanitize` would compile them all again for each sanitizer,
// nine of its eleven minutes here. DIFFABLE_SYMBOL_GRAPHS names a folder for the symbol graphs of
// this package's modules, which DocC reads. Neither is ever set for a package that depends on this one.
if let sanitizer = Context.environment["DIFFABLE_SANITIZE"] {
    for target in package.targets {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
if let folder = Context.environment["DIFFABLE_SYMBOL_GRAPHS"] {
    for target in package.targets where target.type == .regular {
        target.swiftSettings =
            (target.swiftSettings ?? []) + [
                .unsafeFlags(["-emit-symbol-graph", "-emit-symbol-graph-dir", folder])
            ]
    }
}
