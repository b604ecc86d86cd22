// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Diffable",
    products: [
        .library(name: "Diffable", targets: ["Diffable"]),
        .library(name: "DiffableTesting", targets: ["DiffableTesting"]),
        .library(name: "DiffableTerminal", targets: ["DiffableTerminal"]),
        .executable(name: "diffable-gallery", targets: ["diffable-gallery"]),
    ],
    targets: [
        .target(name: "Diffable"),
        .target(name: "DiffableTesting", dependencies: ["Diffable"]),
        .target(name: "DiffableTerminal", dependencies: ["Diffable"]),
        // The gallery's model and screens, a library so tests can drive it headless.
        .target(name: "DiffableGallery", dependencies: ["DiffableTerminal"]),
        .executableTarget(name: "diffable-gallery", dependencies: ["DiffableGallery"]),
        .testTarget(name: "DiffableTests", dependencies: ["Diffable", "DiffableTesting"]),
        .testTarget(
            name: "DiffableTerminalTests",
            dependencies: ["DiffableTerminal", "DiffableGallery", "DiffableTesting"],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
