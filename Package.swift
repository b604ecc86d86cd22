// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Diffable",
    products: [
        .library(name: "Diffable", targets: ["Diffable"]),
        .library(name: "DiffableTesting", targets: ["DiffableTesting"]),
        .library(name: "DiffableTerminal", targets: ["DiffableTerminal"]),
        .executable(name: "diffable-gallery", targets: ["diffable-gallery"]),
        .library(name: "DiffableGRDB", targets: ["DiffableGRDB"]),
    ],
    // Off by default, so that library users who do not use the store never fetch GRDB.
    traits: [
        .trait(
            name: "GRDB", description: "DiffableGRDB: snapshots from a live SQLite database, through GRDB.")
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0")
    ],
    targets: [
        .target(name: "Diffable"),
        .target(name: "DiffableTesting", dependencies: ["Diffable"]),
        .target(name: "DiffableTerminal", dependencies: ["Diffable"]),
        // The gallery's model and screens, a library so tests can drive it headless.
        .target(name: "DiffableGallery", dependencies: ["DiffableTerminal"]),
        .executableTarget(name: "diffable-gallery", dependencies: ["DiffableGallery"]),
        .target(
            name: "DiffableGRDB",
            dependencies: [
                "Diffable", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
                // The raw SQLite API, to read rows without decoding what does not change.
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
            ]),
        // Writes to a database from another process, for the store's tests.
        .executableTarget(
            name: "diffable-store-writer",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"]))],
            path: "Tests/StoreWriter"),
        .testTarget(name: "DiffableTests", dependencies: ["Diffable", "DiffableTesting"]),
        .testTarget(
            name: "DiffableGRDBTests",
            dependencies: ["DiffableGRDB", "DiffableTesting", "diffable-store-writer"]),
        .testTarget(
            name: "DiffableTerminalTests",
            dependencies: ["DiffableTerminal", "DiffableGallery", "DiffableTesting"],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
