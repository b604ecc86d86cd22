// swift-tools-version: 6.1
// The replay of a million seeded random snapshot pairs against the oracle: an ordinary executable,
// built in release without the fuzzer, apart from the fuzz targets (`..`), which are all built
// with it in one call.
//
//   swift run -c release --package-path Fuzz/Replay --scratch-path .build-replay diffable-replay 1000000
//
// `.ci/fuzz` runs it.
import PackageDescription

let package = Package(
    name: "DiffableReplay",
    dependencies: [
        .package(name: "Diffable", path: "../.."),
        .package(name: "DiffableFuzz", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "diffable-replay",
            dependencies: [
                .product(name: "Diffable", package: "Diffable"),
                .product(name: "DiffableTesting", package: "Diffable"),
                .product(name: "FuzzSupport", package: "DiffableFuzz"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
