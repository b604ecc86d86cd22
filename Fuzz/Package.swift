// swift-tools-version: 6.1
// Coverage-guided fuzz targets for Diffable (libFuzzer); kept out of the library's package so its
// users never build them. The replay of a million random snapshot pairs is a package of its own
// (Replay/), built without the fuzzer, so that this one builds all its targets in one call.
//
// Every fuzz target is an executable that hands its `LLVMFuzzerTestOneInput` to libFuzzer's
// driver, built with the fuzzer and the address sanitizer (and -enable-testing, for the
// `@testable import` of the section snapshot's invariant check):
//
//   swift build -c release --package-path Fuzz --scratch-path .build-fuzz \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
//   .build-fuzz/release/fuzz-keys Fuzz/Corpus/fuzz-keys -max_total_time=60
//
// `.ci/fuzz` builds and runs both.
import PackageDescription

/// A fuzz target: one executable, named for what it feeds with the fuzzer's bytes.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzDriver", "FuzzSupport"] + products.map { .product(name: $0, package: "Diffable") }
    )
}

let package = Package(
    name: "DiffableFuzz",
    products: [
        // What the replay (Replay/) shares with the targets: the inputs' decoding, the random pairs.
        .library(name: "FuzzSupport", targets: ["FuzzSupport"])
    ],
    dependencies: [
        // No traits: the targets take the values, the views and the web session, never a store or
        // the server (a release build of the server under the sanitizers took six minutes of CI).
        .package(name: "Diffable", path: ".."),
        // The Recipes app's import file parser (its RecipeKit target needs no database).
        .package(name: "Recipes", path: "../Examples/Recipes", traits: []),
    ],
    targets: [
        // libFuzzer's driver, declared for Swift; only the fuzz targets link it.
        .target(name: "LibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["LibFuzzer"]),
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "Diffable", package: "Diffable"),
                .product(name: "DiffableTesting", package: "Diffable"),
            ]),
        fuzzTarget("fuzz-decode", ["Diffable"]),
        fuzzTarget("fuzz-snapshot-edits", ["Diffable"]),
        fuzzTarget("fuzz-outline-edits", ["Diffable"]),
        fuzzTarget("fuzz-batch-update", ["Diffable", "DiffableTesting"]),
        fuzzTarget("fuzz-diff", ["Diffable", "DiffableTesting"]),
        fuzzTarget("fuzz-keys", ["DiffableTerminal"]),
        fuzzTarget("fuzz-web-messages", ["Diffable", "DiffableTerminal", "DiffableWeb"]),
        .executableTarget(
            name: "fuzz-recipe-import",
            dependencies: ["FuzzDriver", "FuzzSupport", .product(name: "RecipeKit", package: "Recipes")]),
    ],
    swiftLanguageModes: [.v6]
)
