// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Diffable",
    products: [
        .library(name: "Diffable", targets: ["Diffable"]),
        .library(name: "DiffableTesting", targets: ["DiffableTesting"]),
    ],
    targets: [
        .target(name: "Diffable"),
        .target(name: "DiffableTesting", dependencies: ["Diffable"]),
        .testTarget(name: "DiffableTests", dependencies: ["Diffable", "DiffableTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
