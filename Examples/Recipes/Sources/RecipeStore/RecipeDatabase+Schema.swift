import DiffableGRDB
import Foundation
import GRDB
import RecipeKit

extension RecipeDatabase {
    /// The schema's history, one migration per change; a database is brought up to date when it
    /// is opened.
    ///
    /// - `recipe`: one row per recipe; `ingredients`, `directions` and `collections` are JSON
    ///   lists (the first collection is the one search results group it under). `revision` grows
    ///   with every edit the app makes: the lists' content columns are `isFavorite` and
    ///   `revision`, one narrow column the three covering indexes carry instead of every column
    ///   a cell shows, so that a row refreshes when its recipe was edited. Nothing depends on it
    ///   for which rows a list shows: a writer that does not bump it (`sqlite3`) moves, adds and
    ///   removes rows all the same, and only a cell whose title changed in place keeps its old
    ///   text until the next edit. The indexes let each list read its rows in order without
    ///   touching the table.
    /// - `recipeCollection`: which recipe is in which collection, for the collection lists.
    /// - `collection` and `tally`: the sidebar's counts, kept by triggers, so that showing them
    ///   never counts a million rows.
    /// - `recipeSearch`: a full-text index of the titles (FTS5, prefix-indexed), kept by triggers.
    /// - The change log of `recipe` and `recipeCollection` (``SQLiteChangeLog``): every commit
    ///   to them, by this app or any other writer, reaches every open list as the rows it
    ///   changed; a membership's change records its `recipeId`, which leads the collection lists
    ///   to the recipe. A database made before the log gets it here, and one made with an
    ///   earlier version's log has it brought up to date.
    static func migrator(seeding: Bool, now: Date) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: recipes, collections, counts, search") { db in
            try db.execute(sql: schema)
        }
        migrator.registerMigration("v1: seed recipes") { db in
            guard seeding else { return }
            let count = try Int.fetchOne(db, sql: "SELECT recipeCount FROM tally") ?? 0
            guard count == 0 else { return }
            for recipe in Recipe.seedRecipes(now: now) {
                _ = try insert(recipe, db)
            }
        }
        migrator.registerMigration("v2: change log") { db in
            try SQLiteChangeLog.install(for: "recipe", in: db)
        }
        migrator.registerMigration("v3: change log of memberships") { db in
            try SQLiteChangeLog.install(for: "recipe", in: db)
            try SQLiteChangeLog.install(for: "recipeCollection", columns: ["recipeId"], in: db)
        }
        return migrator
    }

    static let schema = """
        CREATE TABLE recipe(
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            emoji TEXT NOT NULL,
            prepMinutes INTEGER NOT NULL,
            cookMinutes INTEGER NOT NULL,
            servings INTEGER NOT NULL,
            ingredients TEXT NOT NULL,
            directions TEXT NOT NULL,
            collections TEXT NOT NULL,
            isFavorite INTEGER NOT NULL DEFAULT 0,
            addedAt REAL NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX recipe_byTitle ON recipe(title COLLATE NOCASE, isFavorite, revision);
        CREATE INDEX recipe_favorites ON recipe(isFavorite, title COLLATE NOCASE, revision);
        CREATE INDEX recipe_byAdded ON recipe(addedAt, isFavorite, revision);

        CREATE TABLE recipeCollection(
            name TEXT NOT NULL,
            recipeId INTEGER NOT NULL,
            PRIMARY KEY(name, recipeId)) WITHOUT ROWID;
        CREATE INDEX recipeCollection_byRecipe ON recipeCollection(recipeId);

        CREATE TABLE collection(
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            recipeCount INTEGER NOT NULL);
        CREATE TABLE tally(
            id INTEGER PRIMARY KEY CHECK (id = 1),
            recipeCount INTEGER NOT NULL,
            favoriteCount INTEGER NOT NULL);
        INSERT INTO tally VALUES (1, 0, 0);

        CREATE TRIGGER recipeCollection_counted AFTER INSERT ON recipeCollection BEGIN
            INSERT INTO collection(name, recipeCount) VALUES (new.name, 1)
                ON CONFLICT(name) DO UPDATE SET recipeCount = recipeCount + 1;
        END;
        CREATE TRIGGER recipeCollection_uncounted AFTER DELETE ON recipeCollection BEGIN
            UPDATE collection SET recipeCount = recipeCount - 1 WHERE name = old.name;
            DELETE FROM collection WHERE name = old.name AND recipeCount <= 0;
        END;
        CREATE TRIGGER recipe_counted AFTER INSERT ON recipe BEGIN
            UPDATE tally SET recipeCount = recipeCount + 1, favoriteCount = favoriteCount + new.isFavorite;
        END;
        CREATE TRIGGER recipe_uncounted AFTER DELETE ON recipe BEGIN
            UPDATE tally SET recipeCount = recipeCount - 1, favoriteCount = favoriteCount - old.isFavorite;
            DELETE FROM recipeCollection WHERE recipeId = old.id;
        END;
        CREATE TRIGGER recipe_favoriteCounted AFTER UPDATE OF isFavorite ON recipe BEGIN
            UPDATE tally SET favoriteCount = favoriteCount - old.isFavorite + new.isFavorite;
        END;

        CREATE VIRTUAL TABLE recipeSearch USING fts5(
            title, content='recipe', content_rowid='id', prefix='1 2 3',
            tokenize='unicode61 remove_diacritics 2');
        CREATE TRIGGER recipe_indexed AFTER INSERT ON recipe BEGIN
            INSERT INTO recipeSearch(rowid, title) VALUES (new.id, new.title);
        END;
        CREATE TRIGGER recipe_unindexed AFTER DELETE ON recipe BEGIN
            INSERT INTO recipeSearch(recipeSearch, rowid, title) VALUES ('delete', old.id, old.title);
        END;
        CREATE TRIGGER recipe_reindexed AFTER UPDATE OF title ON recipe BEGIN
            INSERT INTO recipeSearch(recipeSearch, rowid, title) VALUES ('delete', old.id, old.title);
            INSERT INTO recipeSearch(rowid, title) VALUES (new.id, new.title);
        END;
        """
}
