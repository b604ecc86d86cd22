// swift-tools-version: 6.1
// Recipes: the diffable data source sample app, in the terminal, on the store. A package of its
// own, so that the library's users never fetch GRDB.
//
//   swift run --package-path Examples/Recipes recipes                # the app
//   swift run --package-path Examples/Recipes recipes --help         # import, export, generate
//   swift test --package-path Examples/Recipes
import PackageDescription

let package = Package(
    name: "Recipes",
    products: [
        .executable(name: "recipes", targets: ["recipes"]),
        .library(name: "RecipeKit", targets: ["RecipeKit"]),
        .library(name: "RecipeStore", targets: ["RecipeStore"]),
        .library(name: "RecipesCore", targets: ["RecipesCore"]),
        .library(name: "RecipesTerminal", targets: ["RecipesTerminal"]),
    ],
    dependencies: [
        .package(name: "Diffable", path: "../..", traits: ["GRDB"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The recipe value, its validation, the import file's parser, the seed recipes and the
        // synthetic ones: no database, so the fuzzer can take the parser alone.
        .target(name: "RecipeKit", resources: [.copy("Resources/seed-recipes.json")]),
        // The database: schema and migrations, writes, the requests each sidebar choice shows.
        .target(
            name: "RecipeStore",
            dependencies: [
                "RecipeKit", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "DiffableGRDB", package: "Diffable"),
            ]),
        // What one person's app holds, whatever draws it: the data sources, the list shown, the
        // selection, the counts, the writes.
        .target(
            name: "RecipesCore",
            dependencies: [
                "RecipeStore", .product(name: "Diffable", package: "Diffable"),
                .product(name: "DiffableGRDB", package: "Diffable"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The app's screens, a library so tests and the latency benchmark drive it headless.
        .target(
            name: "RecipesTerminal",
            dependencies: ["RecipesCore", .product(name: "DiffableTerminal", package: "Diffable")]),
        .executableTarget(name: "recipes", dependencies: ["RecipesTerminal"]),
        .testTarget(
            name: "RecipesTests",
            dependencies: [
                "RecipesCore", "RecipesTerminal", "recipes",
                .product(name: "DiffableTesting", package: "Diffable"),
            ],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
