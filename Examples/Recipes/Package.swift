// swift-tools-version: 6.1
// Recipes: the diffable data source sample app, in the terminal and the browser, on SQLite or
// PostgreSQL. A package of its own, so that the library's users never fetch GRDB or postgres-nio.
//
//   swift run --package-path Examples/Recipes recipes                # the app
//   swift run --package-path Examples/Recipes recipes --help         # import, export, generate
//   swift run --package-path Examples/Recipes recipes serve --port 8080   # the app in the browser
//   swift run --package-path Examples/Recipes recipes --postgres postgres://… serve   # on PostgreSQL
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
        .library(name: "RecipesWeb", targets: ["RecipesWeb"]),
    ],
    // The app needs both stores and the web server; a package that takes only RecipeKit (the fuzz
    // targets) turns `App` off, and builds neither GRDB nor postgres-nio nor Hummingbird for it.
    traits: [
        .trait(name: "App", description: "Diffable's SQLite and PostgreSQL stores and its web server."),
        .default(enabledTraits: ["App"]),
    ],
    dependencies: [
        .package(
            name: "Diffable", path: "../..",
            traits: [
                .trait(name: "GRDB", condition: .when(traits: ["App"])),
                .trait(name: "Postgres", condition: .when(traits: ["App"])),
                .trait(name: "Web", condition: .when(traits: ["App"])),
            ]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The recipe value, its validation, the import file's parser, the seed recipes and the
        // synthetic ones: no database, so the fuzzer can take the parser alone.
        .target(name: "RecipeKit", resources: [.copy("Resources/seed-recipes.json")]),
        // The database, SQLite or PostgreSQL: schema and migrations, writes, the requests each
        // sidebar choice shows.
        .target(
            name: "RecipeStore",
            dependencies: [
                "RecipeKit", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "DiffableGRDB", package: "Diffable"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "DiffablePostgres", package: "Diffable"),
            ]),
        // What one person's app holds, whatever draws it: the data sources, the list shown, the
        // selection, the counts, the writes.
        .target(
            name: "RecipesCore",
            dependencies: [
                "RecipeStore", .product(name: "Diffable", package: "Diffable"),
                .product(name: "DiffableStore", package: "Diffable"),
                .product(name: "DiffableCells", package: "Diffable"),
            ]),
        // The app's screens, a library so tests and the latency benchmark drive it headless.
        .target(
            name: "RecipesTerminal",
            dependencies: [
                "RecipesCore", .product(name: "DiffableTerminal", package: "Diffable"),
                .product(name: "DiffableStore", package: "Diffable"),
            ]),
        // The app's page in the browser: the same session, on the web views.
        .target(
            name: "RecipesWeb",
            dependencies: ["RecipesCore", .product(name: "DiffableWeb", package: "Diffable")]),
        .executableTarget(
            name: "recipes",
            dependencies: [
                "RecipesTerminal", "RecipesWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "RecipesTests",
            dependencies: [
                "RecipesCore", "RecipesTerminal", "recipes",
                .product(name: "DiffableTesting", package: "Diffable"),
                .product(name: "DiffableStore", package: "Diffable"),
            ],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
