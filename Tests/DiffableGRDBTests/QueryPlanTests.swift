#if GRDB
    @testable import DiffableGRDB
    import Foundation
    import GRDB
    import Testing

    /// The queries a request runs use the index that covers its ordering, so that placing a
    /// changed row is a seek, not a sort of every row after it.
    @Suite("Query plans")
    struct QueryPlanTests {
        /// SQLite's plan for a query, one line per step.
        static func plan(_ db: Database, _ sql: SQL) throws -> [String] {
            let (text, arguments) = try sql.build(db)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + text, arguments: arguments).map {
                $0["detail"]
            }
        }

        @Test func aConstantSectionIsNotSortedBy() throws {
            let database = try DatabaseQueue()
            try database.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE recipe(id INTEGER PRIMARY KEY, title TEXT, isFavorite INTEGER);
                        CREATE INDEX recipe_byTitle ON recipe(title);
                        CREATE INDEX recipe_favorites ON recipe(isFavorite, title);
                        """)
                for (filter, index) in [
                    (nil, "recipe_byTitle"), (Column("isFavorite") == true, "recipe_favorites"),
                ]
                    as [(SQLExpression?, String)]
                {
                    let request = FetchedResultsRequest<String, Int64>(
                        table: "recipe", item: Column("id"), section: "".databaseValue,
                        content: [Column("isFavorite")], filter: filter,
                        ordering: [.ascending(Column("title"))])
                    var queries = request.successorQueries(values: ["Soup".databaseValue], rowID: 7)
                    queries.append(request.fetchAll)
                    queries.append(request.fetchRows([1, 2]))
                    for query in queries.dropLast() {
                        let plan = try Self.plan(db, query)
                        #expect(plan.contains { $0.contains(index) }, "\(plan)")
                        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
                    }
                    #expect(request.sortTerms.count == 1, "the constant section is not a sort term")
                }
            }
        }

        @Test func aColumnSectionIsSortedByFirst() {
            let request = FetchedResultsRequest<String, Int64>(
                table: "recipe", item: Column("id"), section: Column("collection"),
                ordering: [.ascending(Column("title"))])
            #expect(request.sortTerms.count == 2)
        }
    }
#endif
